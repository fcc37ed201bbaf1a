/**
 * Issue 39: core's `Combat#setupTurns` hands `_sortCombatants` to `Array#sort` as an unbound
 * method reference, so an override reading `this` throws as soon as two combatants are sorted.
 * The harness sorts the same way; here a round with three combatants is played in each ruleset,
 * and on every client core's current combatant (turn marker, "your turn") is the slot's fighter.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import {
  attackFromSheet,
  declare as fantasiaDeclare,
  fantasiaTable,
  finishRound,
  itemId,
  startFight,
  text,
  toOwnSlot,
} from './fantasia-table';
import {
  DREVIN,
  against,
  declareAll,
  greyhawk,
  monster,
  nextRound as greyhawkNextRound,
  resolve,
  startCombat as greyhawkStart,
} from './greyhawk-independent-helpers';
import { WARRIOR, brigand } from './souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

/** On every seat the combat has three turns and core's current combatant is the slot's fighter. */
function agree(table: Table, combatId: string): void {
  const s = table.gm.game.combats.get(combatId).system;
  const slotCombatant = s.slots?.[s.slotIndex]?.combatantId ?? null;
  for (const seat of table.seats.values()) {
    const c = seat.game.combats.get(combatId);
    expect(c.turns.length, seat.name).toBe(3);
    if (slotCombatant) expect(c.combatant?.id, seat.name).toBe(slotCombatant);
  }
}

const round = (seat: Seat, combatId: string): number => seat.game.combats.get(combatId).round;

describe('a round with three combatants plays in each ruleset (core sorts turns unbound)', () => {
  it('F-R1 F-R2 three fighters: Bruno attacks in his slot, the round ends and round 2 opens on every client', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 1] },
      { entry: 'Brigand', at: [2, 1] },
      { entry: 'Garde de la porte', at: [4, 1] },
    ]);
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    const combatId = t.combat!.id;
    agree(t.table, combatId);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    await toOwnSlot(
      t,
      t.bruno,
      'Bretteur',
      { 'intents.0.kind': 'melee', 'intents.0.weaponId': sword, 'intents.0.targetId': t.ids.Brigand! },
      async () => {
        await fantasiaDeclare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
        await fantasiaDeclare(t.gm, t.ids['Garde de la porte']!, { 'intents.0.kind': 'dodge' });
      },
    );
    agree(t.table, combatId);
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand');
    expect(text(t.bruno.lastMessage())).toMatch(/Attaque 30 \/ 65 % Réussite/);
    await finishRound(t);
    for (const seat of t.table.seats.values()) expect(round(seat, combatId), seat.name).toBe(2);
    agree(t.table, combatId);
    expect(t.table.errors()).toEqual([]);
  });

  it('Base three fighters in Greyhawk: initiative, declarations, every slot in order, then round 2', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await monster(table, 'Gnoll');
    await table.placeToken(DREVIN, 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.placeToken('Gnoll', 2, 2);
    const combat = await table.startEncounter(DREVIN, 'Orque', 'Gnoll');
    await table.seat('Alice').openTracker();
    await greyhawkStart(table, [3, 5, 8]);
    agree(table, combat.id);
    await declareAll(table, {
      [DREVIN]: { action: 'attack', targetId: against(table, 'Orque') },
      Orque: { action: 'attack', targetId: against(table, DREVIN) },
      Gnoll: { action: 'attack', targetId: against(table, DREVIN) },
    });
    await resolve(table);
    agree(table, combat.id);
    const seen = new Set<string>();
    for (let guard = 0; guard < 20; guard++) {
      const end = table.gm.tracker.querySelector('[data-action="pdaEndSlot"]');
      if (!end) break;
      agree(table, combat.id);
      seen.add(table.gm.game.combats.get(combat.id).combatant?.name);
      await table.gm.click(end);
    }
    expect([...seen].sort()).toEqual([DREVIN, 'Gnoll', 'Orque'].sort());
    await greyhawkNextRound(table, [4, 6, 2]);
    for (const seat of table.seats.values()) expect(round(seat, combat.id), seat.name).toBe(2);
    agree(table, combat.id);
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 S-R3 three fighters in Souffle: postures, every turn in initiative order, then round 2', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const [gm, alice, bruno] = [table.gm, table.seat('Alice'), table.seat('Bruno')];
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.createActor(brigand());
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    await table.placeToken('Brigand', 1, 2);
    const combat = await table.startEncounter(WARRIOR, 'Chasseur', 'Brigand');
    for (const s of [gm, alice, bruno]) await s.openTracker();
    table.dice.push([12, 9], [12, 4], [12, 6]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    agree(table, combat.id);
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'intrepide');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'prudent');
    const thug = combat.combatants.contents.find((c: any) => c.name === 'Brigand')!.id;
    await gm.click(`[data-action="pdaDeclare"][data-combatant-id="${thug}"]`, gm.tracker);
    await gm.answerDialog({}, 'intrepide');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    const order: string[] = [];
    for (let guard = 0; guard < 20; guard++) {
      agree(table, combat.id);
      const current = gm.game.combats.get(combat.id).combatant?.name as string | undefined;
      if (current && order.at(-1) !== current) order.push(current);
      const next = gm.tracker.querySelector('[data-action="pdaNextSlot"]');
      if (!next || order.length === 3) break;
      await gm.click(next);
    }
    // Initiative descending (S-R1): the warrior (9), the brigand (6), the hunter (4).
    expect(order).toEqual([WARRIOR, 'Brigand', 'Chasseur']);
    while (gm.tracker.querySelector('[data-action="pdaNextSlot"]'))
      await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    table.dice.push([12, 3], [12, 8], [12, 5]);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    for (const seat of table.seats.values()) expect(round(seat, combat.id), seat.name).toBe(2);
    agree(table, combat.id);
    expect(table.errors()).toEqual([]);
  });
});
