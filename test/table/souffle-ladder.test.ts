/** Souffle's editable advantage table at the table (S-A2). */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

describe('the Souffle advantage table', () => {
  it('S-A2 the GM edits the ladder in the settings menu: level +8 then rolls the new dice at the table', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const { gm } = table;
    const alice = table.seat('Alice');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    // The GM opens the menu from Configure Settings.
    const form = await gm.openSettingsMenu('passe-d-armes.souffleLadderMenu');
    const levels = [...form.querySelectorAll<HTMLInputElement>('.pda-souffle-ladder-level')];
    const eight = levels.find((i) => i.value === '8')!;
    await gm.fill(form.querySelector(`[name="${eight.name.replace('.level', '.dice')}"]`)!, '3d12kh');
    await gm.click(form.querySelector('button[type="submit"]')!);
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([12, 2], [12, 11], [12, 5]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    const card = text(alice.lastMessage());
    expect(card).toContain("Niveau d'avantage +8");
    expect(card).toContain('Dés le meilleur de 3d12 : 2, [11], 5');
    expect(card).toContain('Dégâts potentiels 14');
    expect(table.errors()).toEqual([]);
  });
});
