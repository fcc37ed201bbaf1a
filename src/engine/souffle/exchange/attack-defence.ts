import type { Refusal } from '../../core/exchange';
import { defenceLevel, holdsParryWeapon, type DefenceInput, type DefenceMode } from '../defence';
import { NO_DEFENCE_ROLL } from '../states';
import { K, defenceContextLevels, type SouffleAttackState } from './attack-state';
import { refusalOf, type SouffleExchangeView, type SouffleFighterView } from './view';

/**
 * The defender's side of the Souffle attack exchange (S-DF1, S-DF2, S-GR1): the defence input a
 * parry or dodge rolls with, and why the defender may roll none or may not parry. Split from
 * attack.ts.
 */

/** The defence input of the defender against this attack (posture, armour, shield, distance). */
export function defenceInput(
  state: SouffleAttackState,
  view: SouffleExchangeView,
  mode: DefenceMode,
): DefenceInput {
  const d = view.defender!;
  return {
    mode,
    states: d.fighter.states,
    ...(d.fighter.posture ? { posture: d.fighter.posture } : {}),
    ...(d.armour ? { armour: d.armour } : {}),
    ...(d.shield ? { shield: d.shield } : {}),
    ...(state.attack.aim === 'feinte' ? { feinted: true } : {}),
    ...(defenceContextLevels(state) ? { context: defenceContextLevels(state) } : {}),
    ...(state.holdBlow ? { ignoreArmour: true, noDefenceRoll: true } : {}),
    armed: holdsParryWeapon(d.weapons, d.fighter.states),
    // S-AT5: beyond 20 m the target defends better, less the shooter's métier.
    ...(state.distance !== undefined ? { distance: state.distance, shooterMetier: state.input.metier } : {}),
  };
}

/**
 * S-DF1/S-GR1: why the defender rolls no defence against this blow (a state that allows none, or
 * the holder's blow on the hold), or undefined when a defence roll is allowed.
 */
export function noDefenceRefusal(state: SouffleAttackState, d: SouffleFighterView): Refusal | undefined {
  const name = d.fighter.name;
  if (state.holdBlow) return { rule: 'S-GR1', key: `${K}.NoDefenceHold`, data: { name } };
  const stopping = NO_DEFENCE_ROLL.find((s) => d.fighter.states.includes(s));
  if (!stopping) return undefined;
  return {
    rule: 'S-DF1',
    key: `${K}.NoDefence`,
    data: { name },
    nested: { state: { key: `PDA.Souffle.StateWord.${stopping}` } },
  };
}

/**
 * S-DF1: why the defender cannot parry this blow: only a shield parries missiles; nothing in hand
 * (bare hands, or the weapon dropped, S-MN2) and no shield, no parry at all.
 */
export function parryRefusal(
  state: SouffleAttackState,
  d: SouffleFighterView,
  view: SouffleExchangeView,
): Refusal | undefined {
  try {
    defenceLevel(
      state.attack,
      {
        mode: 'parade',
        states: [],
        armed: holdsParryWeapon(d.weapons, d.fighter.states),
        ...(d.shield ? { shield: d.shield } : {}),
      },
      view.options,
    );
    return undefined;
  } catch (error) {
    const refusal = refusalOf(error, 'S-DF1');
    return { ...refusal, data: { ...refusal.data, name: d.fighter.name } };
  }
}
