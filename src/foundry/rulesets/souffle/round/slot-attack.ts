import { RulesError } from '../../../../engine/core/errors';
import { combatantById, type CombatLike, readRoundState } from '../../../combat';
import { notifyError } from '../../../i18n';
import { startSouffleAttack } from '../cards/start';
import { souffleRoundAdapter, souffleSlotStartsCard, type SouffleRoundState } from './adapter';

/*
 * The tracker's attack button on a Souffle slot (S-R1): the same entry point as in Fantasia and
 * Greyhawk. It opens the sheet's attack dialog with the fighter's weapon in hand (the first
 * equipped one, else the first) and the one targeting rule of every entry point (the user's
 * targets, else a choice among the fighter's foes: combat/attack-targets.ts); the action is spent
 * when the card opens, as from the sheet.
 */

interface WeaponItem {
  readonly id: string | null;
  readonly type: string;
  readonly system: { readonly equipped?: boolean };
}

/** The weapon a tracker attack uses: the first equipped one, else the first. */
export function slotWeaponOf(actor: { items: Iterable<WeaponItem> }): string | undefined {
  const weapons = [...actor.items].filter((i) => i.type === 'arme-souffle' && i.id);
  return (weapons.find((w) => w.system.equipped) ?? weapons[0])?.id ?? undefined;
}

/** Starts the attack of the current slot `slotId` (its owner or the GM clicks its button). */
export async function startSouffleSlotAttack(combat: CombatLike, slotId: string): Promise<ChatMessage[]> {
  try {
    const state = readRoundState(souffleRoundAdapter, combat) as SouffleRoundState | null;
    if (!state) throw new RulesError('PDA.Error.CombatNotStarted');
    const slot = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
    if (!slot || slot.id !== slotId || !souffleSlotStartsCard(slot))
      throw new RulesError('PDA.Error.Round.NotAttackSlot');
    const combatant = combatantById(combat, slot.combatantId);
    const actor = combatant?.actor as unknown as ({ items: Iterable<WeaponItem> } & Actor) | null | undefined;
    if (!combatant || !actor) throw new RulesError('PDA.Error.UnknownCombatant', { id: slot.combatantId });
    const weaponId = slotWeaponOf(actor);
    if (!weaponId) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: '—' });
    // Issue 46, one targeting rule: T, else a choice among the fighter's foes (the sheet's start).
    return await startSouffleAttack(actor, weaponId, { combatId: combat.id ?? '' });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
