import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import {
  attackFromSheet,
  CLUB,
  type FighterSpec,
  LONG_BOW,
  LONG_SWORD,
  type Posture,
  rowValue,
  sheetAction,
  souffleCards,
  duel,
  text,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

const fight = (
  aude: Partial<FighterSpec>,
  basile: Partial<FighterSpec>,
  postures: { Aude?: Posture; Basile?: Posture } = {},
): Promise<Table> =>
  duel(aude, basile, postures, { weapon: CLUB, postures: { Aude: 'intrepide', Basile: 'prudent' } });

const card = (table: Table): HTMLElement => souffleCards(table.gm).at(-1)!;
const DEF = 'pda-souffle-defence';

async function prepare(table: Table, aim: 'viser' | 'feinte' | 'desarmer' | 'assommer'): Promise<void> {
  const alice = table.seat('Alice');
  await sheetAction(alice, 'Aude', '[data-action="aim"]');
  await alice.answerDialog({}, aim);
}

/** The GM closes slots until the named fighter's slot is the current one. */
async function untilTurnOf(table: Table, name: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const current = table.gm.tracker.querySelector('.pda-slot.current .pda-name');
    if (text(current) === name) return;
    const end = table.gm.tracker.querySelector<HTMLButtonElement>(
      '.pda-slot.current [data-action="pdaEndSlot"]',
    );
    if (!end) throw new Error(`no slot to close before ${name}'s turn`);
    await table.gm.click(end);
  }
  throw new Error(`${name}'s turn never came`);
}

describe('Souffle, read afresh: aim and manoeuvres', () => {
  it('S-AT7 aiming gives the next attack +1 level and costs a short action', async () => {
    const table = await fight({}, {});
    await prepare(table, 'viser');
    // club: 1 + 1 + 1 = 3, +1 aim = 4 → d4 and d12, the better kept
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 2],
      [12, 9],
    ]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+4/);
    expect(rowValue(card(table), 'Dégâts potentiels')).toBe('10');
    // the aim and the attack used both of the intrépide's short actions
    expect(text(table.gm.tracker)).toContain('Intrépide ●●');
  });

  it('S-AT7 a prudent fighter who aims has no action left to attack this round', async () => {
    const table = await fight({}, {}, { Aude: 'prudent' });
    await prepare(table, 'viser');
    const before = souffleCards(table.gm).length;
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 2],
      [12, 9],
    ]);
    expect(souffleCards(table.gm).length).toBe(before);
    expect(table.seat('Alice').warnings.join(' ')).toContain('Plus assez d');
  });

  it('S-MN1 a feint gives no +1 to the attack but the foe defends at −2 levels', async () => {
    const table = await fight({ weapons: [LONG_SWORD] }, {});
    await prepare(table, 'feinte');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 9]]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+2/);
    table.dice.push([10, 8], [10, 7], [10, 6], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    expect(rowValue(card(table), "Niveau d'avantage", DEF)).toMatch(/^[−-]2/);
    // 12 − 5 − 2 − 1
    expect(rowValue(card(table), 'Dégâts − dé − défense − ½ métier')).toBe('12 − 5 − 2 − 1 = 4');
  });

  it('S-MN1 a feint works only in melee: a bow shot after it leaves the target’s defence alone', async () => {
    const table = await fight({ weapons: [{ ...LONG_BOW, equipped: true }] }, { at: [6, 1] });
    await prepare(table, 'feinte');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', {}, [[12, 9]]);
    const posted = souffleCards(table.gm).filter((m) => m.querySelector('.pda-card--souffle-attack'));
    if (!posted.length) return; // refused outright: also what the rule allows
    table.dice.push([10, 8], [10, 7], [10, 6], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    expect(rowValue(card(table), "Niveau d'avantage", DEF)).toMatch(/^0/);
  });

  it('S-MN3 a blunt blow after aiming to knock out, against a foe at −2, knocks out for as many rounds as the damage', async () => {
    const table = await fight({}, {}, { Basile: 'intrepide' });
    await prepare(table, 'assommer');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 1],
      [12, 6],
    ]);
    table.dice.push([10, 2], [10, 3], [10, 4], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    // 7 − 2 − 2 − 1 = 2 damage taken
    expect(rowValue(card(table), 'Dégâts − dé − défense − ½ métier')).toBe('7 − 2 − 2 − 1 = 2');
    // test: vigueur + geste + acuité (3) − 2 = level 1 → one d10, 5 < 6 fails
    table.dice.push([10, 5]);
    await table.seat('Bruno').press("Test contre l'assommement");
    await table.gm.press('Appliquer', card(table));
    const basile = table.gm.actor('Basile');
    expect(basile.statuses.has('assomme')).toBe(true);
    expect(basile.system.assommeRounds).toBe(2);
    expect(table.errors()).toEqual([]);
  });

  it('S-MN3 a knocked-out fighter can take no action on his turn', async () => {
    const table = await fight({}, {}, { Basile: 'intrepide' });
    await table.gm.actor('Basile').update({ 'system.assommeRounds': 3 });
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="assomme"]');
    expect(table.gm.actor('Basile').statuses.has('assomme')).toBe(true);
    await untilTurnOf(table, 'Basile');
    await table.seat('Bruno').target('Aude');
    const before = souffleCards(table.gm).length;
    // were he conscious: club 1 + 1 + 1 = 3 → d8 and d10
    await attackFromSheet(table.seat('Bruno'), 'Basile', 'Gourdin', {}, [
      [8, 1],
      [10, 6],
    ]);
    expect(souffleCards(table.gm).length).toBe(before);
    expect(table.errors()).toEqual([]);
  });

  it('S-MN3 a sword cannot knock out: no knock-out test, the foe stays conscious', async () => {
    const table = await fight({ weapons: [LONG_SWORD] }, {}, { Basile: 'intrepide' });
    await prepare(table, 'assommer');
    // the knock-out aim keeps Aim's +1: 1 + 1 + 0 + 1 = 3 → d8 and d10
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [
      [8, 1],
      [10, 6],
    ]);
    table.dice.push([10, 2], [10, 3], [10, 4], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    expect(
      table.gm.buttons(card(table)).some((b) => b.enabled && b.label.includes("Test contre l'assommement")),
    ).toBe(false);
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Basile').statuses.has('assomme')).toBe(false);
  });

  it('S-MN3 a foe defending without disadvantage (prudent, level 0) cannot be knocked out', async () => {
    const table = await fight({}, {}, { Basile: 'prudent' });
    await prepare(table, 'assommer');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 1],
      [12, 10],
    ]);
    table.dice.push([10, 2], [10, 3]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    expect(
      table.gm.buttons(card(table)).some((b) => b.enabled && b.label.includes("Test contre l'assommement")),
    ).toBe(false);
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Basile').statuses.has('assomme')).toBe(false);
  });

  it('S-MN3 one luck point keeps the foe conscious after a failed test', async () => {
    const table = await fight({}, { system: { chance: 2 } }, { Basile: 'intrepide' });
    await prepare(table, 'assommer');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 1],
      [12, 6],
    ]);
    table.dice.push([10, 2], [10, 3], [10, 4], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    table.dice.push([10, 5]);
    await table.seat('Bruno').press("Test contre l'assommement");
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Basile').statuses.has('assomme')).toBe(true);
    await table.seat('Bruno').press('point de chance', souffleCards(table.seat('Bruno')).at(-1));
    const basile = table.gm.actor('Basile');
    expect(basile.statuses.has('assomme')).toBe(false);
    expect(basile.system.chance).toBe(1);
  });

  it('S-MN2 a failed disarm test makes the foe drop the weapon (désarmé)', async () => {
    const table = await fight({}, {}, { Basile: 'prudent' });
    await prepare(table, 'desarmer');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 1],
      [12, 10],
    ]);
    table.dice.push([10, 1], [10, 9]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    // 13 − 1 − 2 − 1 = 9 damage; geste + acuité (2) − 9 → far below: any roll fails
    table.dice.push(...Array<[number, number]>(5).fill([10, 5]));
    await table.seat('Bruno').press('Test contre le désarmement');
    const apply = table.gm.buttons(card(table)).find((b) => b.label.includes('Appliquer'));
    if (apply?.enabled) await table.gm.click(apply.el);
    expect(table.gm.actor('Basile').statuses.has('desarme')).toBe(true);
    expect(table.errors()).toEqual([]);
  });
});
