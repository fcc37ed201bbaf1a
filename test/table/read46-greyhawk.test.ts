/**
 * Independent reader, issue 46 for Greyhawk: the declared target comes before the T target
 * (G-S2, docs/rulings.md "One targeting rule") and who applies damage the other way round
 * (G-S2, "Who applies damage": the GM applies, the wounded player undoes).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, text } from './greyhawk-table';
import {
  against,
  AYLA,
  DREVIN,
  declareAll,
  resolve,
  slotsOf,
  startCombat,
} from './greyhawk-independent-helpers';
import { cardOf, lastCardId, rightsTable, sees } from './damage-rights-kit';

describe('G-S2 one targeting rule, read again', () => {
  it('G-S2 Drevin declared the gnoll, Alice then put T on the orc: his attack from the tracker strikes the declared gnoll', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.placeToken(DREVIN, 0, 0);
    for (const [n, row] of [
      ['Orque', 0],
      ['Gnoll', 1],
    ] as const) {
      const token = await table.placeToken(n, 1, row);
      await token.update({ disposition: -1 });
    }
    await table.startEncounter(DREVIN, 'Orque', 'Gnoll');
    await startCombat(table, [1, 9, 9]);
    await declareAll(table, { [DREVIN]: { action: 'attack', targetId: against(table, 'Gnoll') } });
    await resolve(table);
    await alice.openTracker();
    await alice.target('Orque');
    const mine = slotsOf(alice, DREVIN);
    await alice.click(`[data-action="pdaAttack"][data-slot-id="${mine[0]!.id}"]`, alice.tracker);
    if (alice.dialogs().length) expect(text(alice.dialog())).not.toContain('Orque');
    // The gnoll is large: the long sword rolls 1d12 against it (bare dice for any die).
    table.dice.push([20, 19], 4);
    if (alice.dialogs().length) await alice.answerDialog({}, 'attack');
    const card = text(table.gm.lastMessage());
    expect(card).toContain('contre Gnoll');
    expect(card).not.toContain('contre Orque');
    expect(table.errors()).toEqual([]);
  });
});

describe('G-S2 the declared target from the sheet', () => {
  it('G-S2 Drevin declared the gnoll, T on the orc: the sheet’s Épée longue strikes the declared gnoll too', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.placeToken(DREVIN, 0, 0);
    for (const [n, row] of [
      ['Orque', 0],
      ['Gnoll', 1],
    ] as const) {
      const token = await table.placeToken(n, 1, row);
      await token.update({ disposition: -1 });
    }
    await table.startEncounter(DREVIN, 'Orque', 'Gnoll');
    await startCombat(table, [1, 9, 9]);
    await declareAll(table, { [DREVIN]: { action: 'attack', targetId: against(table, 'Gnoll') } });
    await resolve(table);
    await alice.target('Orque');
    table.dice.push([20, 19], 4);
    const card = text(await attackFromSheet(alice, DREVIN, 'Épée longue'));
    expect(card).toContain('contre Gnoll');
    expect(table.errors()).toEqual([]);
  });
});

describe('G-S2 who applies damage, read again', () => {
  it('G-S2 the GM applies Ayla’s wound, Bruno (her player) undoes it; Carla sees neither button', async () => {
    const t = await rightsTable('greyhawk', 'owner');
    await t.table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await t.table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
    await t.table.placeToken(DREVIN, 0, 0);
    await t.table.placeToken(AYLA, 1, 0);
    await t.alice.target(AYLA);
    const hp = () => t.gm.actor(AYLA).system.hp.value as number;
    const full = hp();
    t.table.dice.push([20, 19], [8, 4]);
    const card = text(await attackFromSheet(t.alice, DREVIN, 'Épée longue'));
    const dealt = Number(/Dégâts (\d+)/.exec(card)?.[1] ?? NaN);
    expect(dealt).toBeGreaterThan(0);
    const id = lastCardId(t.gm);
    expect(sees(t.carla, id, 'Appliquer')).toBe(false);
    await t.gm.press('Appliquer', cardOf(t.gm, id));
    expect(hp()).toBe(full - dealt);
    expect(sees(t.carla, id, 'Annuler')).toBe(false);
    expect(sees(t.alice, id, 'Annuler')).toBe(false);
    await t.bruno.press('Annuler', cardOf(t.bruno, id));
    expect(hp()).toBe(full);
    expect(t.table.errors()).toEqual([]);
  });
});
