/**
 * Issue 42, point 6: the system hides from the chat log only its own stores, which a GM writes.
 * A player who flags her own message hidden does not hide it from the GM or the table.
 */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, text } from '../table/fantasia-table';

describe('a player’s message flagged hidden', () => {
  it('Alice posts a message flagged hidden from her console: the GM and Bruno still see it', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    await t.alice.client.CONFIG.ChatMessage.documentClass.create({
      content: '<p>Je vole la bourse du marchand</p>',
      flags: { 'passe-d-armes': { hidden: true } },
    });
    await t.table.settle();
    for (const seat of [t.gm, t.bruno]) {
      const shown = seat.messages().filter((m) => !m.hidden && m.style.display !== 'none');
      expect(shown.map((m) => text(m)).join(' ')).toContain('Je vole la bourse du marchand');
    }
  });
});
