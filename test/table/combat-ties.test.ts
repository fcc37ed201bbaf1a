/**
 * Foundry sorts a combat's turns by initiative (highest first, none last), then by combatant id
 * alone. The round engine writes `turn` as the place of the current slot's combatant; a GM's
 * core edits (Clear initiative, Update combatant) can tie or clear initiatives mid-round. Core's
 * current combatant (turn marker, "it is your turn") must stay the slot's combatant whatever the
 * ties, on every client.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

describe('the current slot and core’s current combatant agree whatever the initiative ties', () => {
  it('F-R2 a GM clearing or tying initiatives from core leaves the slot’s combatant current', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const gm = table.gm;
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    const third = gm.game.actors.contents[2];
    await gm.game.combats.get(combat.id).createEmbeddedDocuments('Combatant', [{ actorId: third.id }]);
    await table.settle();
    await gm.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    const live = () => gm.game.combats.get(combat.id);
    const slotCombatant = () => {
      const s = live().system;
      return s.slots[s.slotIndex]?.combatantId as string | undefined;
    };
    const current = slotCombatant();
    expect(current).toBeTruthy();
    const agree = () => {
      for (const seat of table.seats.values()) {
        const c = seat.game.combats.get(combat.id);
        expect(c.combatant?.id, seat.name).toBe(slotCombatant());
      }
    };
    agree();
    // Core's context menu: "Clear initiative" on the current combatant, then a tie for the others.
    await live().updateEmbeddedDocuments('Combatant', [{ _id: current, initiative: null }]);
    await table.settle();
    agree();
    const ids = live().combatants.contents.map((c: { id: string }) => c.id);
    await live().updateEmbeddedDocuments(
      'Combatant',
      ids.map((id: string) => ({ _id: id, initiative: 7 })),
    );
    await table.settle();
    agree();
    // The schedule moves on: the next slot's combatant becomes core's current one too.
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await table.settle();
    agree();
    expect(table.errors()).toEqual([]);
  });
});
