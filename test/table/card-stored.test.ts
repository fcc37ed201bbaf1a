/**
 * What a card message keeps as its content: a plain record of the card, in the language of the GM
 * who wrote it, without buttons or tooltips. Every client shows the card it renders itself from the
 * message's data, in its own language, with the buttons of its user.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, itemId, text } from './fantasia-table';

describe('a card message keeps a plain record as its content', () => {
  it('the record has the card title and results, no button; each client shows the full card', async () => {
    const table = await Table.open({ ruleset: 'fantasia', lang: 'fr' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.placeToken('Bretteur', 1, 1);
    await table.placeToken('Brigand', 2, 1);
    const bruno = table.seat('Bruno');
    const sword = itemId(bruno, 'Bretteur', 'Épée fantasque');
    table.dice.push([100, 40]);
    await attackFromSheet(bruno, 'Bretteur', sword, 'Brigand');

    const stored = table.gm.game.messages.contents.at(-1).content as string;
    expect(stored).toContain('Bretteur attaque avec Épée fantasque');
    expect(stored).toContain('<strong>Attaque</strong> — 40 / 65 % Réussite');
    expect(stored).toContain('Brigand choisit sa défense.');
    expect(stored).not.toContain('data-pda-action');
    expect(stored).not.toContain('data-tooltip');

    // The GM, owner of the brigand, is offered its defences on the card the log shows.
    const shown = table.gm.lastMessage();
    expect(text(shown)).toContain('Bretteur attaque avec Épée fantasque');
    expect(table.gm.buttons(shown).map((b) => b.label)).toEqual([
      'Parer — 45 %',
      'Esquiver — 30 %',
      'Ne rien faire',
    ]);
    // Bruno's client renders the same card for him: the brigand's defences are not his to choose.
    expect(text(bruno.lastMessage())).toContain('Bretteur attaque avec Épée fantasque');
    expect(bruno.buttons(bruno.lastMessage())).toEqual([]);
    expect(shown.querySelector('[data-pda-card]')?.classList.contains('pda-card--stored')).toBe(false);
    expect(table.errors()).toEqual([]);
  });
});
