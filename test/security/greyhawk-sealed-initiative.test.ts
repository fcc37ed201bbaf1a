/**
 * Issue 22, attack 4: Greyhawk's sealed d10. The tracker hides each fighter's initiative die
 * while players declare, but the Combat's data reaches every client: it must not hold the dice
 * (nor an order sorted by them) until the declarations close. The GM still sees them.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { text } from '../table/greyhawk-table';

const KAEL = 'Kael, archer spécialiste';

/** What a client holds of the combat: the Combat, its Combatants, and every message. */
const combatData = (seat: Seat, id: string) => {
  const combat = seat.game.combats.get(id).toObject();
  return { combat, messages: seat.game.messages.contents.map((m: any) => m.toObject()) };
};

describe('the sealed d10 is in no player’s client data while players declare', () => {
  it('Alice’s client holds neither the dice nor their order during declarations; both once they close', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(KAEL, 0, 0);
    await table.placeToken('Orque', 2, 0);
    const combat = await table.startEncounter(KAEL, 'Orque');
    const alice = table.seat('Alice');
    for (const s of [table.gm, alice]) await s.openTracker();
    table.dice.push([10, 7], [10, 3]);
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
    const ids = Object.fromEntries(combat.combatants.contents.map((c: any) => [c.name, c.id]));
    // The GM's tracker shows the dice.
    const row = (seat: Seat, name: string) =>
      text(seat.tracker.querySelector(`li[data-combatant-id="${ids[name]}"] .pda-initiative`));
    expect(row(table.gm, KAEL)).toBe('7');
    expect(row(table.gm, 'Orque')).toBe('3');
    // Alice's client: no score, no order by the dice, no initiative on the Combatants.
    const seen = combatData(alice, combat.id);
    const order = seen.combat.system.order as any[];
    expect(order.map((e) => e.score).filter((s) => s === 7 || s === 3)).toEqual([]);
    expect(order.map((e) => e.combatantId)).toEqual([...order.map((e) => e.combatantId)].sort());
    expect(seen.combat.combatants.map((c: any) => c.initiative ?? null)).toEqual([null, null]);
    expect(JSON.stringify(seen)).not.toMatch(/"(score|d10)":\s*[37]\b/);
    // Everyone declares, and the declarations close: the dice are public from now on.
    for (const [seat, who, target] of [
      [alice, KAEL, 'Orque'],
      [table.gm, 'Orque', KAEL],
    ] as const) {
      await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${ids[who]}"]`, seat.tracker);
      await seat.answerDialog({ action: 'attack', targetId: ids[target] });
      expect(JSON.stringify(combatData(alice, combat.id))).not.toMatch(/"(score|d10)":\s*[37]\b/);
    }
    await table.gm.click('[data-action="pdaStartPasses"]', table.gm.tracker);
    const after = alice.game.combats.get(combat.id).system.order as any[];
    expect(Object.fromEntries(after.map((e) => [e.combatantId, e.score]))).toEqual({
      [ids[KAEL]]: 7,
      [ids.Orque]: 3,
    });
    expect(table.errors()).toEqual([]);
  });
});
