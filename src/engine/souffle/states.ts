/**
 * States the Souffle rules use (S-ST1) and what each one does. Ids are the seed's words without
 * accents; labels live under PDA.Souffle.State.<id>.
 */
export const SOUFFLE_STATES = [
  'epuise',
  'sansDefense',
  'prisAuDepourvu',
  'vulnerable',
  'assomme',
  'agrippe',
  'fatigue',
  'desarme',
] as const;

export type SouffleState = (typeof SOUFFLE_STATES)[number];

export function isSouffleState(value: string): value is SouffleState {
  return (SOUFFLE_STATES as readonly string[]).includes(value);
}

/** S-DF1: these states deny the defence roll (a grabbed target is defenceless, S-GR1; a knocked-out
 *  one is unconscious, S-MN3). */
export const NO_DEFENCE_ROLL: readonly SouffleState[] = [
  'sansDefense',
  'prisAuDepourvu',
  'vulnerable',
  'assomme',
  'agrippe',
];

/** S-GR1: a defender in one of these states is grabbed without an opposed roll. */
export const AUTO_GRABBED: readonly SouffleState[] = [
  'epuise',
  'sansDefense',
  'prisAuDepourvu',
  'vulnerable',
  'assomme',
];

/** S-GR1/S-FL1: states that hinder movement (no fleeing, no move). */
export const HINDERED: readonly SouffleState[] = ['agrippe', 'assomme'];

export function hasAny(states: readonly SouffleState[], among: readonly SouffleState[]): boolean {
  return states.some((s) => among.includes(s));
}

export function canRollDefence(states: readonly SouffleState[]): boolean {
  return !hasAny(states, NO_DEFENCE_ROLL);
}

export function withState(states: readonly SouffleState[], state: SouffleState): SouffleState[] {
  return states.includes(state) ? [...states] : [...states, state];
}

/**
 * S-DF1 (ruling): a fighter the GM marked as caught by surprise when the fight started is "pris au
 * dépourvu" for the fight's first round (no defence roll; grabbed without a roll, S-GR1).
 */
export function statesInRound(
  states: readonly SouffleState[],
  surprised: boolean,
  round: number,
): readonly SouffleState[] {
  return surprised && round <= 1 ? withState(states, 'prisAuDepourvu') : states;
}

export function withoutState(states: readonly SouffleState[], state: SouffleState): SouffleState[] {
  return states.filter((s) => s !== state);
}

/**
 * S-ST1: the actions each state stops ('all': every action, passive ones included). Assommé is
 * unconscious (S-MN3): nothing at all. Agrippé cannot move (S-GR1): no movement (no flight
 * either, refused by the flight itself); the held fighter may still strike or try to escape. Épuisé has no souffle to give (S-DF3): no
 * forcing. Désarmé has dropped the weapon (S-MN2): no weapon attack before picking it up. Sans défense, pris au dépourvu and vulnérable stop the defence roll (S-DF1), which the
 * defence itself handles.
 */
export const STATE_STOPS: Readonly<Partial<Record<SouffleState, 'all' | readonly string[]>>> = {
  assomme: 'all',
  // Fleeing has its own refusal for every hindered fighter (S-FL1, HINDERED).
  agrippe: ['deplacement'],
  epuise: ['forcer'],
  // S-MN2: the weapon is on the ground; picking it up (a short action) comes first.
  desarme: ['attaque'],
};

/** The first state among `states` that stops `action`, or undefined. */
export function stateStopping(states: readonly SouffleState[], action: string): SouffleState | undefined {
  return states.find((s) => {
    const stops = STATE_STOPS[s];
    return stops === 'all' || (stops !== undefined && stops.includes(action));
  });
}
