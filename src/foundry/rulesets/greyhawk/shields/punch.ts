import type { GreyhawkEffect } from '../../../../engine/greyhawk/exchange';
import { applyStatusWrites } from '../../../chat';
import { conditionStatusWrites } from '../conditions';

/**
 * G-SH1 the off-hand shield punch on the documents: the engine's opening effects
 * (src/engine/greyhawk/exchange/machine.ts openingEffects) give the attacker's 'shieldPunched'
 * condition: its shield gives no AC to the round's end, or for a shield specialist until its next
 * attack (which takes the condition away). Written on the GM's client as the attack card opens;
 * the round's tick ends it with what lasts to the end of the round.
 */
export async function shieldPunchCommit(actor: unknown, effects: readonly GreyhawkEffect[]): Promise<void> {
  const own = effects.filter((e) => e.type === 'condition' && e.fighter === 'attacker');
  if (!own.length) return;
  await applyStatusWrites(actor, conditionStatusWrites(own as Parameters<typeof conditionStatusWrites>[0]));
}
