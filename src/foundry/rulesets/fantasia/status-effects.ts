/**
 * Token status effects for Fantasia's states, and the token attributes (PV bar). Toggling one of
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
  { id: 'skipNextAttack', name: 'PDA.FantasiaUI.State.skipNextAttack', img: 'icons/svg/daze.svg' },
  { id: 'halfMovement', name: 'PDA.FantasiaUI.State.halfMovement', img: 'icons/svg/downgrade.svg' },
  { id: 'cannotMove', name: 'PDA.FantasiaUI.State.cannotMove', img: 'icons/svg/net.svg' },
  { id: 'armLost', name: 'PDA.FantasiaUI.State.armLost', img: 'icons/svg/blood.svg' },
  { id: 'immobilised', name: 'PDA.FantasiaUI.State.immobilised', img: 'icons/svg/paralysis.svg' },
  { id: 'strangled', name: 'PDA.FantasiaUI.State.strangled', img: 'icons/svg/silenced.svg' },
  { id: 'entangled', name: 'PDA.FantasiaUI.State.entangled', img: 'icons/svg/anchor.svg' },
  { id: 'disarmed', name: 'PDA.FantasiaUI.State.disarmed', img: 'icons/svg/sword.svg' },
  { id: 'reloading', name: 'PDA.FantasiaUI.State.reloading', img: 'icons/svg/clockwork.svg' },
];

/** Token attributes: PV as a bar, Mouvement as a value. */
export const FANTASIA_TRACKABLE = {
  bar: ['pv'],
  value: ['mouvement'],
};

/** Installs the status effects and trackable attributes in CONFIG (Fantasia active only). */
export function configureTokens(): void {
  const config = CONFIG as unknown as {
    statusEffects: FantasiaStatusEffect[];
    specialStatusEffects?: Record<string, string>;
    Actor: { trackableAttributes?: Record<string, unknown> };
  };
  config.statusEffects = FANTASIA_STATUS_EFFECTS.map((e) => ({ ...e }));
  if (config.specialStatusEffects) config.specialStatusEffects.DEFEATED = 'dead';
  config.Actor.trackableAttributes = {
    ...(config.Actor.trackableAttributes ?? {}),
    aventurier: FANTASIA_TRACKABLE,
    pnj: FANTASIA_TRACKABLE,
  };
}
