/** Souffle initiative ties at the table (S-R3): shown in the tracker, the players choose who starts. */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

describe('a Souffle initiative tie', () => {
  it('S-R3 equal totals are shown as a tie; a tied player chooses who goes first, and the actions follow that order', async () => {
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
    table.dice.push([12, 7], [12, 7]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    expect(text(bruno.tracker)).toContain("7 Gardien du Waka'Hata Égalité");
    expect(text(bruno.tracker)).toContain('7 Chasseur Égalité');
    // The tied players (and the GM) may pick either of them to start.
    const labels = (seat: typeof alice) =>
      [...seat.tracker.querySelectorAll('[data-action="pdaGoFirst"]')].map((b) => text(b));
    expect(labels(alice)).toEqual(["Gardien du Waka'Hata commence", 'Chasseur commence']);
    expect(labels(bruno)).toEqual(labels(alice));
    expect(labels(gm)).toEqual(labels(alice));
    const hunterFirst = [...bruno.tracker.querySelectorAll('[data-action="pdaGoFirst"]')].find((b) =>
      text(b).startsWith('Chasseur'),
    )!;
    await bruno.click(hunterFirst);
    // Settled: the hunter first, no more buttons, no more tie mark.
    expect(text(alice.tracker)).toMatch(/7 Chasseur .*7 Gardien du Waka'Hata/);
    expect(text(alice.tracker)).not.toContain('Égalité');
    expect(labels(alice)).toEqual([]);
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'prudent');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'prudent');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    expect(text(gm.tracker)).toMatch(
      /7 Chasseur Action courte En cours .*7 Gardien du Waka'Hata Action courte En attente/,
    );
    expect(table.errors()).toEqual([]);
  });
});
