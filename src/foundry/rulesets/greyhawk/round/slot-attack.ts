import { RulesError } from '../../../../engine/core/errors';
import { currentStep } from '../../../../engine/round/engine';
import type { Requester, Slot } from '../../../../engine/round/types';
import { greyhawkRoundRules, type GreyhawkRoundState } from '../../../../engine/greyhawk/round';
import type { CardTarget } from '../../../chat';
import {
  type DeclarationVault,
  readSecret,
  writeSecrets,
  combatantById,
  type CombatLike,
  type CombatantLike,
} from '../../../combat';
import { notifyError, t } from '../../../i18n';
import { startGreyhawkAttack, type GreyhawkStartOptions } from '../cards/start';
import { routineAttack } from '../../../../engine/greyhawk/style-use';
import { readiedWeapons } from '../styles/facts';
import { declaredTarget, greyhawkStateOf } from './declared-target';

/*
 * The Greyhawk tracker at the table: the sealed d10 (hidden from players until the declarations
 * close) and the attack button of every attack slot (the free shot G-F1, a held shot G-S3, each
 * attack of a 3/2 specialist G-S2), which opens the attack dialog with the declared target and
 * manoeuvre.
 */

/** True while the round is rolled and declared: the d10 stays sealed. */
function initiativeSealed(state: GreyhawkRoundState): boolean {
  const kind = currentStep(greyhawkRoundRules, state)?.kind;
  return kind === 'declare' || kind === 'initiative';
}

/** The d10 is sealed while the round is rolled and declared: players see that it is rolled. */
export function greyhawkSealedInitiative(
  state: GreyhawkRoundState,
  _id: string,
  viewer: Requester,
): string | undefined {
  if (viewer.gm || !initiativeSealed(state)) return undefined;
  return t('PDA.Greyhawk.Style.Declare.Sealed');
}

/**
 * Where the sealed d10 is kept until the declarations close: the GMs' vault (combat/vault.ts),
 * as Fantasia's PNJ intents; the Combat every client receives holds a stand-in order meanwhile.
 */
export const greyhawkInitiativeVault: DeclarationVault = {
  read: readSecret,
  write: writeSecrets,
  conceal: () => undefined,
  sealsOrder: (state) => initiativeSealed(state as GreyhawkRoundState),
};

const ATTACK_SLOTS: ReadonlySet<string> = new Set([
  'attack',
  'missile',
  'heldShot',
  'freeShot',
  'disarm',
  'expertDisarm',
]);

export function startsGreyhawkCard(slot: Slot): boolean {
  return ATTACK_SLOTS.has(slot.action);
}

const stateOf = greyhawkStateOf;

type SlotCombatant = CombatantLike & { readonly token?: { readonly uuid?: string } | null };

/**
 * The current attack slot's card: its combatant's readied weapon (the missile one for a shot),
 * the declared target, a declared disarm and called shot pre-set in the dialog.
 */
export async function startGreyhawkSlotAttack(
  combat: CombatLike,
  slotId: string,
  options: GreyhawkStartOptions = {},
): Promise<ChatMessage[]> {
  try {
    const state = stateOf(combat);
    if (!state) throw new RulesError('PDA.Error.CombatNotStarted');
    const slot = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
    if (!slot || slot.id !== slotId || !startsGreyhawkCard(slot))
      throw new RulesError('PDA.Error.Round.NotAttackSlot');
    const combatant = combatantById<SlotCombatant>(combat, slot.combatantId);
    const actor = combatant?.actor;
    if (!combatant || !actor) throw new RulesError('PDA.Error.UnknownCombatant', { id: slot.combatantId });
    const declaration = state.declarations[slot.combatantId];
    const shot = slot.action === 'missile' || slot.action === 'heldShot' || slot.action === 'freeShot';
    const weapons = readiedWeapons(actor);
    const weapon =
      (shot
        ? weapons.find((w) => !w.weapon.melee || (w.weapon.ranges?.long ?? 0) > 0)
        : routineAttack(weapons, Number(slot.detail?.attack ?? 1))) ?? weapons[0];
    if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: '—' });
    const foe = declaredTarget(combat, state, slot.combatantId);
    const targets: CardTarget[] | undefined = foe ? [foe] : undefined;
    const manoeuvre =
      declaration?.action === 'disarm' || declaration?.action === 'expertDisarm'
        ? declaration.action
        : undefined;
    return await startGreyhawkAttack(actor, weapon.id, {
      ...(targets ? { targets } : {}),
      ...(combatant.token?.uuid ? { tokenUuid: combatant.token.uuid } : {}),
      choices: {
        ...(manoeuvre ? { manoeuvre } : {}),
        ...(declaration?.calledShot && !manoeuvre ? { calledShot: declaration.calledShot } : {}),
        ...(shot && weapon.weapon.melee ? { thrown: true } : {}),
      },
      ...options,
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
