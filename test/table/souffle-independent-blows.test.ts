import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import {
  attackFromSheet,
  cardButtons,
  type FighterSpec,
  LONG_BOW,
  LONG_SWORD,
  type Posture,
  rowValue,
  sheetAction,
  souffleCards,
  duel,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

// Aude (Alice) attacks Basile (Bruno). Both: geste/vigueur/acuité 1, métier 1, défense 2,
// souffle 10, PV 10; Aude's long sword attack is level 1 + 1 + 0 = 2 (one d12) for die + 3.
const fight = (
  aude: Partial<FighterSpec>,
  basile: Partial<FighterSpec>,
  postures: { Aude?: Posture; Basile?: Posture } = {},
): Promise<Table> =>
  duel(aude, basile, postures, { weapon: LONG_SWORD, postures: { Aude: 'prudent', Basile: 'prudent' } });

/** The newest card as `seat` sees it in their own chat log (the GM's by default). */
const card = (table: Table, seat: Seat = table.gm): HTMLElement => souffleCards(seat).at(-1)!;

describe('Souffle, read afresh: blows, defence and damage', () => {
  it('S-A1 a defender without advantage rolls two d10 and keeps the worse', async () => {
    const table = await fight({}, {});
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 12]]);
    expect(rowValue(card(table), 'Dégâts potentiels')).toBe('15');
    table.dice.push([10, 9], [10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    // 15 − 4 (worse d10) − 2 (défense) − 1 (½ métier 1, rounded up)
    expect(rowValue(card(table), 'Dégâts − dé − défense − ½ métier')).toBe('15 − 4 − 2 − 1 = 8');
    await table.gm.press('Appliquer', card(table));
    const basile = table.gm.actor('Basile');
    expect(basile.system.souffle.value).toBe(2);
    expect(basile.system.pv.value).toBe(10);
    expect(table.errors()).toEqual([]);
  });

  it('S-P2 an intrépide defender defends at −2: four d10, the worst kept', async () => {
    const table = await fight({}, {}, { Basile: 'intrepide' });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 5]]);
    table.dice.push([10, 9], [10, 8], [10, 7], [10, 3]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    expect(rowValue(card(table), "Niveau d'avantage", 'pda-souffle-defence')).toMatch(/^[−-]2/);
    // 8 − 3 − 2 − 1 = 2
    expect(rowValue(card(table), 'Dégâts − dé − défense − ½ métier')).toBe('8 − 3 − 2 − 1 = 2');
    expect(table.dice.pending).toBe(0);
  });

  it('S-P4 a défensif defender defends at +2, one d12 ("significatif")', async () => {
    const table = await fight({}, {}, { Basile: 'defensif' });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 12]]);
    table.dice.push([12, 11]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    expect(rowValue(card(table), "Niveau d'avantage", 'pda-souffle-defence')).toMatch(/^\+2/);
    expect(rowValue(card(table), 'Dégâts − dé − défense − ½ métier')).toBe('15 − 11 − 2 − 1 = 1');
  });

  it('S-DF2 worn mail adds its defensive levels: a prudent defender in mail rolls one d12', async () => {
    const table = await fight(
      {},
      { armours: [{ name: 'Cotte de mailles', kind: 'armure', defence: 2, gesteMalus: -1 }] },
    );
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 10]]);
    table.dice.push([12, 6]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    expect(rowValue(card(table), "Niveau d'avantage", 'pda-souffle-defence')).toMatch(/^\+2/);
    expect(rowValue(card(table), 'Dégâts − dé − défense − ½ métier')).toBe('13 − 6 − 2 − 1 = 4');
  });

  it('S-A2 an attack at level +1 rolls a single d10 (no métier chosen)', async () => {
    const table = await fight({}, {});
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', { metier: '0' }, [[10, 6]]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+1/);
    expect(rowValue(card(table), 'Dégâts potentiels')).toBe('9');
  });

  it('S-AT2 a kept d10 showing 8 can be forced by 2 souffle at most; forcing costs the attacker souffle', async () => {
    const table = await fight({}, {});
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', { metier: '0' }, [[10, 8]]);
    const labels = cardButtons(table.seat('Alice'), card(table, table.seat('Alice')));
    expect(labels.some((l) => l.includes('Forcer +2'))).toBe(true);
    expect(labels.some((l) => /Forcer \+([3-9]|\d\d)/.test(l))).toBe(false);
    await table.seat('Alice').press('Forcer +2', card(table, table.seat('Alice')));
    expect(rowValue(card(table), 'Dégâts potentiels')).toBe('13');
    expect(table.gm.actor('Aude').system.souffle.value).toBe(8);
  });

  it('S-AT2 forcing is limited by the souffle left, and spending the last point leaves the attacker épuisé', async () => {
    const table = await fight({ system: { souffle: { value: 3, max: 10 } } }, {});
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 2]]);
    const labels = cardButtons(table.seat('Alice'), card(table, table.seat('Alice')));
    expect(labels.some((l) => l.includes('Forcer +3'))).toBe(true);
    expect(labels.some((l) => /Forcer \+([4-9]|\d\d)/.test(l))).toBe(false);
    await table.seat('Alice').press('Forcer +3', card(table, table.seat('Alice')));
    expect(rowValue(card(table), 'Dégâts potentiels')).toBe('8');
    const aude = table.gm.actor('Aude');
    expect(aude.system.souffle.value).toBe(0);
    expect(aude.statuses.has('epuise')).toBe(true);
  });

  it('S-AT2 a ranged attack cannot be forced', async () => {
    const table = await fight({ weapons: [{ ...LONG_BOW, equipped: true }], at: [1, 1] }, { at: [6, 1] });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', {}, [[12, 3]]);
    expect(
      cardButtons(table.seat('Alice'), card(table, table.seat('Alice'))).some((l) => l.includes('Forcer')),
    ).toBe(false);
  });

  it('S-AT4 a ranged hit adds acuité and métier to the die and the bow’s bonus', async () => {
    const table = await fight(
      {
        weapons: [{ ...LONG_BOW, equipped: true }],
        system: { acuite: 3, metiers: [{ name: 'Archer', level: 2 }] },
        at: [1, 1],
      },
      { at: [6, 1] },
    );
    // long bow: +2 → one d12
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', { characteristic: 'acuite' }, [[12, 7]]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+2/);
    // 7 + 1 (bow) + 3 (acuité) + 2 (archer)
    expect(rowValue(card(table), 'Dégâts potentiels')).toBe('13');
  });

  it('S-AT5 a target 45 m away from a métier-1 shooter gains +1 defensive level (one d10)', async () => {
    const table = await fight(
      { weapons: [{ ...LONG_BOW, equipped: true }], at: [0, 1] },
      // 30 squares of 1.5 m = 45 m
      { at: [30, 1] },
    );
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', {}, [[12, 9]]);
    table.dice.push([10, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    expect(rowValue(card(table), "Niveau d'avantage", 'pda-souffle-defence')).toMatch(/^\+1/);
    expect(table.dice.pending).toBe(0);
  });

  it('S-DF1 only a shield parries an arrow: without one the target may only dodge', async () => {
    const table = await fight({ weapons: [{ ...LONG_BOW, equipped: true }], at: [1, 1] }, { at: [6, 1] });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', {}, [[12, 9]]);
    const parry = table
      .seat('Bruno')
      .buttons(card(table, table.seat('Bruno')))
      .find((b) => b.label.includes('Parer'));
    expect(parry === undefined || !parry.enabled).toBe(true);
    expect(
      table
        .seat('Bruno')
        .buttons(card(table, table.seat('Bruno')))
        .some((b) => b.label.includes('Esquiver') && b.enabled),
    ).toBe(true);
  });

  it('S-DF1 a target carrying a shield may parry an arrow', async () => {
    const table = await fight(
      { weapons: [{ ...LONG_BOW, equipped: true }], at: [1, 1] },
      { at: [6, 1], armours: [{ name: 'Rondache', kind: 'bouclier', defence: 1 }] },
    );
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', {}, [[12, 9]]);
    expect(
      table
        .seat('Bruno')
        .buttons(card(table, table.seat('Bruno')))
        .some((b) => b.label.includes('Parer') && b.enabled),
    ).toBe(true);
  });

  it('S-DF3 damage beyond the souffle left spills onto PV, ticks fatigué and records the wound', async () => {
    const table = await fight({}, { system: { souffle: { value: 3, max: 10 } } });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 12]]);
    table.dice.push([10, 4], [10, 9]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    await table.gm.press('Appliquer', card(table));
    const basile = table.gm.actor('Basile');
    // 15 − 4 − 2 − 1 = 8: 3 off souffle, 5 off PV
    expect(basile.system.souffle.value).toBe(0);
    expect(basile.system.pv.value).toBe(5);
    expect(basile.statuses.has('fatigue')).toBe(true);
    expect(basile.system.wounds).toContain(5);
  });

  it('S-DF3 an épuisé defender’s souffle absorbs nothing: the damage goes to PV', async () => {
    const table = await fight({}, { system: { souffle: { value: 6, max: 10 } } });
    await table.gm.actor('Basile').toggleStatusEffect('epuise', { active: true });
    await table.settle();
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 8]]);
    table.dice.push([10, 3], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    await table.gm.press('Appliquer', card(table));
    const basile = table.gm.actor('Basile');
    // 11 − 3 − 2 − 1 = 5
    expect(basile.system.pv.value).toBe(5);
    expect(basile.system.souffle.value).toBe(6);
    expect(basile.statuses.has('fatigue')).toBe(true);
  });

  for (const state of ['sansDefense', 'prisAuDepourvu', 'vulnerable'] as const) {
    it(`S-DF1 a ${state} defender gets no defence roll: the blow lands less défense and ½ métier`, async () => {
      const table = await fight({}, {});
      // the GM ticks the state on Basile's sheet
      await sheetAction(table.gm, 'Basile', `[data-action="toggleState"][data-state="${state}"]`);
      const ticked = (await table.gm.openSheet(table.gm.actor('Basile'))).querySelector(
        `[data-state="${state}"]`,
      );
      expect(ticked?.classList.contains('active')).toBe(true);
      await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 9]]);
      const rolledBefore = table.dice.rolled.length;
      // whatever the card offers the defender, no defence die is rolled
      await declineForcing(table);
      const offered = table
        .seat('Bruno')
        .buttons(card(table, table.seat('Bruno')))
        .find((b) => b.enabled && /Parer|Esquiver|Aucun/.test(b.label));
      if (offered) await table.seat('Bruno').click(offered.el);
      await table.gm.press('Appliquer', card(table));
      expect(table.dice.rolled.length).toBe(rolledBefore);
      // 12 − 2 − 1 = 9
      const basile = table.gm.actor('Basile');
      expect(basile.system.souffle.value).toBe(1);
      expect(table.errors()).toEqual([]);
    });
  }
});
