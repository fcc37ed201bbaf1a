import { setStatusEffects } from '../../compat';
import { registerBindingKeys, registerBindingStatuses } from '../../security';
import { TIMED_STATE_ICONS } from './timed-states';

/**
 * Token status effects for Fantasia's states, and its token attributes (PV bar). Toggling one of
 * the simple states on a token sets the matching engine state (FantasiaActorModel.engineStates).
 */
export interface FantasiaStatusEffect {
  id: string;
  /** Localization key. */
  name: string;
  /** One of Foundry's core icons (icons/svg). */
  img: string;
}

export const FANTASIA_STATUS_EFFECTS: readonly FantasiaStatusEffect[] = [
  { id: 'dead', name: 'PDA.FantasiaUI.State.dead', img: 'icons/svg/skull.svg' },
  { id: 'unconscious', name: 'PDA.FantasiaUI.State.unconscious', img: 'icons/svg/unconscious.svg' },
  { id: 'fallen', name: 'PDA.FantasiaUI.State.fallen', img: 'icons/svg/falling.svg' },
  {
    id: 'skipNextAttack',
    name: 'PDA.FantasiaUI.State.skipNextAttack',
    img: TIMED_STATE_ICONS.skipNextAttack,
  },
  { id: 'halfMovement', name: 'PDA.FantasiaUI.State.halfMovement', img: 'icons/svg/downgrade.svg' },
  { id: 'cannotMove', name: 'PDA.FantasiaUI.State.cannotMove', img: 'icons/svg/net.svg' },
  { id: 'armLost', name: 'PDA.FantasiaUI.State.armLost', img: 'icons/svg/blood.svg' },
  { id: 'immobilised', name: 'PDA.FantasiaUI.State.immobilised', img: 'icons/svg/paralysis.svg' },
  { id: 'strangled', name: 'PDA.FantasiaUI.State.strangled', img: 'icons/svg/silenced.svg' },
  { id: 'entangled', name: 'PDA.FantasiaUI.State.entangled', img: 'icons/svg/anchor.svg' },
  { id: 'disarmed', name: 'PDA.FantasiaUI.State.disarmed', img: 'icons/svg/sword.svg' },
  { id: 'reloading', name: 'PDA.FantasiaUI.State.reloading', img: 'icons/svg/clockwork.svg' },
  // Timed states (timed-states.ts): the effect that carries the status holds the weapon and length.
  { id: 'weaponBound', name: 'PDA.FantasiaUI.State.weaponBound', img: TIMED_STATE_ICONS.weaponBound },
  { id: 'jammed', name: 'PDA.FantasiaUI.State.jammed', img: TIMED_STATE_ICONS.jammed },
];

/** Token attributes: PV as a bar (the default one), Mouvement as a value. */
export const FANTASIA_TOKEN_ATTRIBUTES = { primary: 'pv', bar: ['pv'], value: ['mouvement'] } as const;

/** The states of `system.states` that limit a fighter (all but the chase's sprint count). */
const FANTASIA_BINDING_STATES = [
  'fallen',
  'halfMovement',
  'cannotMove',
  'armLost',
  'dead',
  'unconscious',
  'unconsciousHours',
  'immobilisedBy',
  'strangledBy',
  'strangleDamage',
  'entangledBy',
  'entangledWeapon',
  'disarmedWeapon',
  'brokenWeapons',
  'reloadingWeapon',
  'arquebusWeapon',
  'arquebusRounds',
] as const;

/**
 * Installs Fantasia's status effects (Fantasia active only), in their order, as the whole list:
 * one assignment on v13's array or v14's keyed object (compat.ts), core's list left untouched.
 */
export function configureTokens(): void {
  setStatusEffects(FANTASIA_STATUS_EFFECTS);
  // Every one of these states limits a fighter: only the GM sets or removes it (docs/trust.md).
  registerBindingStatuses(FANTASIA_STATUS_EFFECTS.map((s) => s.id));
  // The states the cards and the round keep on the actor: the GM's too (security/binding-keys.ts).
  registerBindingKeys(FANTASIA_BINDING_STATES.map((k) => `system.states.${k}`));
  const special: { DEFEATED?: string } | undefined = CONFIG.specialStatusEffects;
  if (special) special.DEFEATED = 'dead';
}
