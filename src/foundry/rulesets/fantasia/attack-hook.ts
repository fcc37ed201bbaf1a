import { rollSimpleAttack } from './rolls';

type AttackActor = Parameters<typeof rollSimpleAttack>[0];

/**
 * Clicking a weapon. The chat-card flow (src/foundry/chat) will take over through `startAttack`;
 * until it exists, a simple attack card is posted (skill roll, then damage on a hit).
 */
export async function useWeapon(actor: AttackActor, weaponId: string): Promise<void> {
  await rollSimpleAttack(actor, weaponId);
}
