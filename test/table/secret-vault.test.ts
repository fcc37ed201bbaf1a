/**
 * Issue 30: the GMs' vault of exact PNJ intents is one whispered chat message; core's *Clear chat
 * log* deletes every message, the vault included, mid-combat. The active GM's client re-creates
 * it from the copy it held, so the PNJ's declaration survives and still reaches no player.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { declare, fantasiaTable, itemId, startFight, text } from './fantasia-table';

const SECRET = 'contourner-par-la-gauche';

describe('F-R5 the vault of PNJ intents survives the chat log being cleared', () => {
  it('F-R5 the GM clears the chat log mid-declaration: the brigand’s exact intent is kept, still hidden from players', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    await declare(t.gm, t.ids.Brigand!, {
      'intents.0.kind': 'draw',
      'intents.0.weaponId': dagger,
      'intents.0.note': SECRET,
      publicText: 'Le brigand grogne',
    });
    expect(text(t.gm.tracker)).toContain(SECRET);
    // Core's "Clear chat log": every message deleted.
    const ids = t.gm.game.messages.contents.map((m: any) => m.id);
    expect(ids.length).toBeGreaterThan(0);
    await t.gm.client.CONFIG.ChatMessage.documentClass.deleteDocuments(ids);
    for (let i = 0; i < 3; i++) await t.table.settle();
    await t.gm.openTracker();
    expect(text(t.gm.tracker)).toContain(SECRET);
    for (const player of [t.alice, t.bruno])
      expect(JSON.stringify(player.game.messages.contents.map((m: any) => m.toObject()))).not.toContain(
        SECRET,
      );
    // The round goes on with the brigand's exact declaration: the dagger is drawn at its slot.
    const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
    await declare(t.alice, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    expect(text(t.gm.tracker)).toContain('13 Brigand Dégainer / encocher En attente');
    expect(t.table.errors()).toEqual([]);
  });
});
