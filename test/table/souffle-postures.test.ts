/** Souffle postures at the table: défensif (S-P4). */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

describe('a défensif fighter', () => {
  it('S-P4 défensif: no action at all (the shot is refused), but the defence gains +2', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const { gm } = table;
    const alice = table.seat('Alice');
    const bruno = table.seat('Bruno');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    await table.startEncounter(WARRIOR, 'Chasseur');
    for (const s of [gm, alice, bruno]) await s.openTracker();
    table.dice.push([12, 9], [12, 4]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'prudent');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'defensif');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    // One turn for defence and movement only, no pip.
    expect(text(gm.tracker)).toContain('4 Chasseur Défense et déplacement En attente Défensif Round suivant');
    await bruno.target(WARRIOR);
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    const before = bruno.messages().length;
    await bruno.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
    expect(bruno.warnings.at(-1)).toBe(
      "Plus assez d'actions en posture defensif : attaque coûte 1 action(s) courte(s), il en reste 0.",
    );
    expect(bruno.messages().length).toBe(before);
    // The warrior strikes; the défensif hunter dodges at +2 ("significatif": one d12).
    await alice.target('Chasseur');
    const own = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(own.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    table.dice.push([12, 5]);
    await bruno.press('Esquiver');
    const card = text(bruno.lastMessage());
    expect(card).toMatch(/Niveau d'avantage \+2/);
    expect(card).toContain('Posture +2');
    expect(card).toContain('10 − 5 − 3 − 2 = 0');
    expect(table.errors()).toEqual([]);
  });
});
