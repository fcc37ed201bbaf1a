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
  // G-ST6: the weapon's own state the opening changes (a heavy crossbow left unloaded in the saddle).
  const items = (
    actor as { items?: { get(id: string): { update(d: object): Promise<unknown> } | undefined } }
  ).items;
  for (const e of effects)
    if (e.type === 'item' && e.fighter === 'attacker')
      await items?.get(e.itemId)?.update({ system: { [e.field]: e.to } });
  const own = effects.filter((e) => e.type === 'condition' && e.fighter === 'attacker');
  if (!own.length) return;
  await applyStatusWrites(actor, conditionStatusWrites(own as Parameters<typeof conditionStatusWrites>[0]));
}
