import { describe, expect, it } from 'vitest';
import {
  attackFromSheet,
  LONG_SWORD,
  sheetAction,
  souffleCards,
  souffleTable,
  startFight,
  text,
} from './souffle-independent-table';

const ALICE = { name: 'Aude', owner: 'Alice', weapons: [LONG_SWORD], at: [1, 1] as const };
const BRUNO = { name: 'Basile', owner: 'Bruno', weapons: [LONG_SWORD], at: [2, 1] as const };

function rowNames(tracker: HTMLElement, selector: string): string[] {
  return [...tracker.querySelectorAll(`${selector} .pda-name`)].map((n) => text(n));
}

describe('Souffle, read afresh: the round', () => {
  it('S-R3 three fighters act in descending initiative order, whatever the order they joined in', async () => {
    const table = await souffleTable([ALICE, BRUNO, { name: 'Brigand', weapons: [LONG_SWORD], at: [3, 1] }]);
    await table.startEncounter('Aude', 'Basile', 'Brigand');
    await table.gm.openTracker();
    // initiative 1 → one d10 each, in the order they joined: 3, 9, 6
    table.dice.push(3, 9, 6);
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
    expect(rowNames(table.gm.tracker, '.pda-declarations')).toEqual(['Basile', 'Brigand', 'Aude']);
    expect(text(table.gm.tracker.querySelector('.pda-round-prompt'))).toContain('Basile');
  });

  it('S-R3 a Guerrier with the lowest roll still acts before everyone else', async () => {
    const table = await souffleTable([
      ALICE,
      { ...BRUNO, system: { disciplines: ['Guerrier'] } },
      { name: 'Brigand', weapons: [LONG_SWORD], at: [3, 1] },
    ]);
    await table.startEncounter('Aude', 'Basile', 'Brigand');
    await table.gm.openTracker();
    table.dice.push(8, 1, 5);
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
    expect(rowNames(table.gm.tracker, '.pda-declarations')).toEqual(['Basile', 'Aude', 'Brigand']);
  });

  it('S-R3 two Guerriers both come first, ordered between themselves by initiative', async () => {
    const table = await souffleTable([
      { ...ALICE, system: { disciplines: ['Guerrier'] } },
      { ...BRUNO, system: { disciplines: ['Guerrier'] } },
      { name: 'Brigand', weapons: [LONG_SWORD], at: [3, 1] },
    ]);
    await table.startEncounter('Aude', 'Basile', 'Brigand');
    await table.gm.openTracker();
    table.dice.push(2, 4, 10);
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
    expect(rowNames(table.gm.tracker, '.pda-declarations')).toEqual(['Basile', 'Aude', 'Brigand']);
  });

  it('S-P4 a défensif fighter cannot start an attack from the sheet: refused, no card', async () => {
    const table = await souffleTable([ALICE, BRUNO]);
    await startFight(table, ['Aude', 'Basile'], [9, 2], { Aude: 'defensif', Basile: 'prudent' });
    const alice = table.seat('Alice');
    await alice.target('Basile');
    const before = souffleCards(table.gm).length;
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [5]);
    expect(souffleCards(table.gm).length).toBe(before);
    expect(table.errors()).toEqual([]);
    expect(alice.warnings.join(' ')).toContain('Plus assez d');
  });

  it('S-P3 a prudent fighter gets one attack a round: the second is refused', async () => {
    const table = await souffleTable([ALICE, BRUNO]);
    await startFight(table, ['Aude', 'Basile'], [9, 2], { Aude: 'prudent', Basile: 'prudent' });
    const alice = table.seat('Alice');
    await alice.target('Basile');
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [4]);
    expect(souffleCards(table.gm).length).toBe(1);
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [4]);
    expect(souffleCards(table.gm).length).toBe(1);
    expect(table.errors()).toEqual([]);
    expect(alice.warnings.join(' ')).toContain('Plus assez d');
  });

  it('S-P2 an intrépide fighter makes two attacks in a round, and a third is refused', async () => {
    const table = await souffleTable([ALICE, BRUNO]);
    await startFight(table, ['Aude', 'Basile'], [9, 2], { Aude: 'intrepide', Basile: 'prudent' });
    const alice = table.seat('Alice');
    await alice.target('Basile');
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [4]);
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [6]);
    expect(souffleCards(table.gm).length).toBe(2);
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [6]);
    expect(souffleCards(table.gm).length).toBe(2);
    expect(table.errors()).toEqual([]);
    expect(alice.warnings.join(' ')).toContain('Plus assez d');
  });

  it('S-R2 a prudent fighter has one short action and cannot grapple (a long action)', async () => {
    const table = await souffleTable([{ ...ALICE, weapons: [] }, BRUNO]);
    await startFight(table, ['Aude', 'Basile'], [9, 2], { Aude: 'prudent', Basile: 'prudent' });
    const alice = table.seat('Alice');
    await alice.target('Basile');
    const before = souffleCards(table.gm).length;
    table.dice.push(4, 1);
    await sheetAction(alice, 'Aude', '[data-action="grapple"]');
    expect(souffleCards(table.gm).length).toBe(before);
    expect(table.gm.actor('Basile').statuses.has('agrippe')).toBe(false);
    expect(table.errors()).toEqual([]);
    expect(alice.warnings.join(' ')).toContain('Plus assez d');
  });

  it('S-P1 a player cannot change posture before acting in the round; the posture stays', async () => {
    const table = await souffleTable([ALICE, BRUNO]);
    await startFight(table, ['Aude', 'Basile'], [9, 2], { Aude: 'prudent', Basile: 'prudent' });
    const bruno = table.seat('Bruno');
    // Aude's turn: Basile has not acted yet
    await sheetAction(bruno, 'Basile', '[data-action="setPosture"][data-posture="intrepide"]');
    expect(table.gm.actor('Basile').system.posture).toBe('prudent');
    expect(table.errors()).toEqual([]);
    expect(bruno.warnings.join(' ')).toContain('La posture ne change');
  });

  it('S-P1 turning intrépide after acting gives no second action in the same round', async () => {
    const table = await souffleTable([ALICE, BRUNO]);
    await startFight(table, ['Aude', 'Basile'], [9, 2], { Aude: 'prudent', Basile: 'prudent' });
    const alice = table.seat('Alice');
    await alice.target('Basile');
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [4]);
    await sheetAction(alice, 'Aude', '[data-action="setPosture"][data-posture="intrepide"]');
    expect(table.gm.actor('Aude').system.posture).toBe('intrepide');
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [4]);
    expect(souffleCards(table.gm).length).toBe(1);
    expect(table.errors()).toEqual([]);
  });

  it('S-P1 a posture changed at the end of one’s own turn gives its actions in the next round', async () => {
    const table = await souffleTable([ALICE, BRUNO]);
    await startFight(table, ['Aude', 'Basile'], [9, 2], { Aude: 'prudent', Basile: 'prudent' });
    const alice = table.seat('Alice');
    await alice.target('Basile');
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [4]);
    // Aude has acted: she may now turn intrépide
    await sheetAction(alice, 'Aude', '[data-action="setPosture"][data-posture="intrepide"]');
    expect(table.gm.actor('Aude').system.posture).toBe('intrepide');
    // finish the round and start the next one
    for (let i = 0; i < 6; i++) {
      const end = table.gm.tracker.querySelector<HTMLButtonElement>('[data-action="pdaEndSlot"]');
      if (!end) break;
      await table.gm.click(end);
    }
    await table.gm.click('[data-action="pdaNextRound"]', table.gm.tracker);
    const start = table.gm.tracker.querySelector('[data-action="pdaStartPasses"]');
    if (start) await table.gm.click(start);
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [4]);
    await attackFromSheet(alice, 'Aude', 'Épée longue', {}, [5]);
    expect(souffleCards(table.gm).length).toBe(3);
    expect(table.errors()).toEqual([]);
  });
});
