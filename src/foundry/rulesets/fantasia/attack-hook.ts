import { startAttack } from './cards/start';

/** What a weapon click needs: the actor document (its engine view gives the weapons). */
type AttackActor = Parameters<typeof startAttack>[0];

/**
 * Clicking a weapon (sheet or hotbar macro) opens the chat-card attack flow of src/foundry/chat:
 * target and options dialog, then one card per target. `rollSimpleAttack` (rolls.ts) remains
 * for a quick roll without the flow.
 */
export async function useWeapon(actor: AttackActor, weaponId: string): Promise<void> {
  await startAttack(actor, weaponId);
}
