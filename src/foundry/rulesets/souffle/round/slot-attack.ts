import { sideOf } from '../../../canvas';
import { RulesError } from '../../../../engine/core/errors';
import { combatantById, type CombatLike, readRoundState } from '../../../combat';
import { userTargets, type CardTarget } from '../../../chat';
import { notifyError } from '../../../i18n';
import { startSouffleAttack } from '../cards/start';
import { souffleRoundAdapter, souffleSlotStartsCard, type SouffleRoundState } from './adapter';

/*
 * The tracker's attack button on a Souffle slot (S-R1): the same entry point as in Fantasia and
 * Greyhawk. It opens the sheet's attack dialog with the fighter's weapon in hand (the first
 * equipped one, else the first) and the user's targets, or the fighter's foes when none is
 * targeted; the action is spent when the card opens, as from the sheet.
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

interface FoeCombatant {
  readonly id: string | null;
  readonly name: string | null;
  readonly defeated?: boolean;
  readonly actor: { readonly uuid?: string } | null;
  readonly token?: { readonly uuid?: string; readonly disposition?: number } | null;
}

/**
 * With no token targeted, the dialog offers the fighter's foes in the combat (the tokens of
 * another disposition, else every other fighter), so the slot's button needs no targeting first.
 */
function foesOf(combat: CombatLike, selfId: string): CardTarget[] {
  const all = [...combat.combatants] as unknown as FoeCombatant[];
  const self = all.find((c) => c.id === selfId);
  const others = all.filter((c) => c.id !== selfId && !c.defeated && c.actor?.uuid);
  const foes = others.filter((c) => sideOf(c.token) !== sideOf(self?.token));
  return (foes.length ? foes : others).map((c) => ({
    actorUuid: c.actor?.uuid ?? '',
    tokenUuid: c.token?.uuid ?? '',
    name: c.name ?? '',
  }));
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
    const targets = userTargets();
    return await startSouffleAttack(actor, weaponId, {
      combatId: combat.id ?? '',
      ...(targets.length ? {} : { targets: foesOf(combat, slot.combatantId) }),
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
