/**
 * Core's Combat behaviour under the round engine, at the table: starting the encounter and
 * moving to the next round from the GM's tracker run core's own methods, so `combatStart` and
 * `combatRound` fire on the GM's client (where modules watching rounds run) and the world time
 * advances by a round on every client.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

/** Alice's Bretteur against the GM's Brigand, the combat started from the GM's tracker. */
async function bretteurAgainstBrigand() {
  const table = await Table.open({ ruleset: 'fantasia' });
  const gm = table.gm;
  const alice = table.seat('Alice');
  await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
  await table.importActor('fantasia-bestiaire', 'Brigand');
  const combat = await table.startEncounter('Bretteur', 'Brigand');
  await gm.openTracker();
  await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
  return { table, gm, alice, combat };
}

describe("core's combat hooks and world time follow the round engine", () => {
  it('the GM starts the encounter and moves to round 2 from the tracker', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const gm = table.gm;
    const alice = table.seat('Alice');
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.placeToken('Bretteur', 2, 2);
    await table.placeToken('Brigand', 3, 2);
    const seen: string[] = [];
    for (const name of ['combatStart', 'combatRound', 'combatTurn'])
      gm.client.Hooks.on(name, (combat: { round: number }, data: { round: number }) =>
        seen.push(`${name} ${data.round}`),
      );
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    const before = alice.game.time.worldTime;
    await gm.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    expect(seen).toEqual(['combatStart 1']);
    expect(gm.game.combats.get(combat.id).system.step).toBe('declaration');

    await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    // The GM runs the passes to their end, then the next round (refused while someone has to act).
    const round = () => gm.game.combats.get(combat.id).round;
    const has = (action: string) => gm.tracker.querySelector(`[data-action="${action}"]`) !== null;
    for (let step = 0; step < 30 && round() === 1; step++) {
      await gm.click('[data-action="pdaNextRound"]', gm.tracker);
      if (round() !== 1) break;
      if (has('pdaNextPass')) await gm.click('[data-action="pdaNextPass"]', gm.tracker);
      if (round() === 1 && has('pdaNextSlot')) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    }
    await table.settle();
    expect(seen.filter((s) => s.startsWith('combatRound'))).toEqual(['combatRound 2']);
    // Every client sees round 2 and the world clock moved on by a round.
    expect(alice.game.combats.get(combat.id).round).toBe(2);
    expect(alice.game.time.worldTime).toBeGreaterThan(before);
    expect(table.errors()).toEqual([]);
  });

  it('a player marking their own combatant defeated drops it from the round on every client', async () => {
    const { table, alice, combat } = await bretteurAgainstBrigand();
    const mine = alice.game.combats
      .get(combat.id)
      .combatants.find((c: { name: string }) => c.name === 'Bretteur');
    await mine.update({ defeated: true });
    await table.settle();
    expect(alice.game.combats.get(combat.id).system.out).toEqual([mine.id]);
    expect(table.errors()).toEqual([]);
  });

  it('F-R1 a combatant the GM marks defeated then revives takes part in the rounds again', async () => {
    const { table, gm, alice, combat } = await bretteurAgainstBrigand();
    const brigand = gm.game.combats
      .get(combat.id)
      .combatants.find((c: { name: string }) => c.name === 'Brigand');
    await brigand.update({ defeated: true });
    await table.settle();
    expect(alice.game.combats.get(combat.id).system.out).toEqual([brigand.id]);
    // Healed, he is back: core's toggle clears the defeated mark, and the round takes him again.
    await brigand.update({ defeated: false });
    await table.settle();
    expect(alice.game.combats.get(combat.id).system.out).toEqual([]);
    expect(table.errors()).toEqual([]);
  });

  it('F-R1 a player who clears the defeated mark of her own fallen fighter does not bring him back: only a GM revives', async () => {
    const { table, gm, alice, combat } = await bretteurAgainstBrigand();
    const hers = alice.game.combats
      .get(combat.id)
      .combatants.find((c: { name: string }) => c.name === 'Bretteur');
    await gm.game.combats.get(combat.id).combatants.get(hers.id).update({ defeated: true });
    await table.settle();
    expect(gm.game.combats.get(combat.id).system.out).toEqual([hers.id]);
    // Her console: core lets an owner write her combatant's mark; the round keeps him out.
    await hers.update({ defeated: false });
    await table.settle();
    expect(gm.game.combats.get(combat.id).system.out).toEqual([hers.id]);
    expect(table.errors()).toEqual([]);
  });

  it('F-R1 when core’s own round or turn change is empty, the engine’s round is still written', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const gm = table.gm;
    const alice = table.seat('Alice');
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    // A core whose nextTurn / nextRound write nothing new: since v12 the pre-update still runs with
    // the change as requested, so the engine's values ride on it and the diff is not empty.
    const core = gm.client.docs.Combat.prototype as unknown as Record<string, unknown>;
    const calls: string[] = [];
    for (const name of ['nextTurn', 'nextRound']) {
      core[name] = async function (this: {
        round: number;
        turn: number | null;
        update: (c: object) => Promise<unknown>;
      }) {
        calls.push(name);
        await this.update({ round: this.round, turn: this.turn });
        return this;
      };
    }
    await gm.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    const live = () => gm.game.combats.get(combat.id);
    const slotIndex = live().system.slotIndex;
    const has = (action: string) => gm.tracker.querySelector(`[data-action="${action}"]`) !== null;
    if (has('pdaNextSlot')) {
      await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
      if (calls.includes('nextTurn')) expect(live().system.slotIndex).not.toBe(slotIndex);
    }
    for (let step = 0; step < 30 && live().round === 1; step++) {
      await gm.click('[data-action="pdaNextRound"]', gm.tracker);
      if (live().round !== 1) break;
      if (has('pdaNextPass')) await gm.click('[data-action="pdaNextPass"]', gm.tracker);
      if (live().round === 1 && has('pdaNextSlot')) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    }
    await table.settle();
    expect(calls).toContain('nextRound');
    // Round 2 and its declaration step are stored, and every client reads them.
    const seen = alice.game.combats.get(combat.id);
    expect([seen.round, seen.system.step]).toEqual([2, 'declaration']);
    expect(table.errors()).toEqual([]);
  });
});
