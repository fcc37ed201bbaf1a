import { combatOf } from '../../combat';
import { startAttack } from './cards/start';
import { fantasiaStateOf } from './round/chat-round';
import { slotAttackOf, slotAttackTargets } from './round/slot-attack';

/** What a weapon click needs: the actor document (its engine view gives the weapons). */
type AttackActor = Parameters<typeof startAttack>[0];

/**
 * Clicking a weapon (sheet or hotbar macro) opens the chat-card attack flow of src/foundry/chat:
 * target and options dialog, then one card per target. While the fighter's attack slot is the
 * current one, its dialog offers the slot's foes (the declared one ticked first: issue 46's one
 * targeting rule), as the tracker's Attaquer does. `rollSimpleAttack` (rolls.ts) remains for a
 * quick roll without the flow.
 */
export async function useWeapon(actor: AttackActor, weaponId: string): Promise<void> {
  await startAttack(actor, weaponId, slotTargetsFor(actor) ?? {});
}

/** The current slot's targets when it is this actor's attack slot at a declared foe, else undefined. */
function slotTargetsFor(actor: AttackActor): ReturnType<typeof slotAttackTargets> | undefined {
  const uuid = (actor as { uuid?: string }).uuid;
  const combat = uuid ? combatOf(uuid) : undefined;
  const state = combat ? fantasiaStateOf(combat) : undefined;
  const slot = state && state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  const attack = state && slot ? slotAttackOf(state, slot.id) : undefined;
  // Nothing declared (or the declared foe is out of the fight): the sheet's own T targets.
  if (!combat || !state || !attack?.targetId || state.out.includes(attack.targetId)) return undefined;
  const mine = [
    ...(combat.combatants as Iterable<{ id: string | null; actor?: { uuid?: string } | null }>),
  ].some((c) => c.id === attack.combatantId && c.actor?.uuid === uuid);
  return mine ? slotAttackTargets(combat, state, attack) : undefined;
}
