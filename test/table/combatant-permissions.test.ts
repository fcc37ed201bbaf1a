/**
 * Foundry lets the owner of a combatant's actor change only its initiative, flags, defeated and
 * system; its visibility, name, image, token and actor are the GM's. A player working from the
 * console on their own combatant gets refused and nothing changes on any client; the defeated mark
 * core allows them still drops their fighter from the round.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

describe('what a player may change on their own combatant', () => {
  it('F-R1 Alice may not hide, rename or re-point her combatant; her defeated mark drops it from the round', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const gm = table.gm;
    const alice = table.seat('Alice');
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    await gm.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    const mine = alice.game.combats
      .get(combat.id)
      .combatants.find((c: { name: string }) => c.name === 'Bretteur');
    const brigand = alice.actor('Brigand');
    const before = JSON.stringify(table.server.world.combats.get(combat.id)!.combatants);
    for (const change of [
      { hidden: true },
      { name: 'Le Roi' },
      { img: 'icons/svg/skull.svg' },
      { actorId: brigand.id },
      { tokenId: 'forged0000000001' },
    ]) {
      await expect(mine.update(change)).rejects.toThrow(/lacks permission/);
    }
    await table.settle();
    expect(JSON.stringify(table.server.world.combats.get(combat.id)!.combatants)).toBe(before);
    // Her tracker offers her no GM control on her row.
    await alice.openTracker();
    expect(alice.tracker.querySelector('[data-action="pdaToggleHidden"]')).toBeNull();
    await mine.update({ defeated: true });
    await table.settle();
    for (const seat of table.seats.values())
      expect(seat.game.combats.get(combat.id).system.out, seat.name).toEqual([mine.id]);
    expect(table.errors()).toEqual([]);
  });
});
