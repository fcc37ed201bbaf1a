import { RulesError } from '../core/errors';
import type { SouffleOptions } from './options';

/**
 * Postures and the action budget (S-R1, S-R2, S-P1..S-P4). A round is 6 s and holds two short
 * actions, which together make one long action; the posture says how many short actions a fighter
 * gets. Passive actions (defence, base movement, an opportunity attack) cost nothing.
 */

export const POSTURES = ['intrepide', 'prudent', 'defensif'] as const;
export type Posture = (typeof POSTURES)[number];

export const ROUND_SECONDS = 6;
export const SHORT_ACTIONS_PER_LONG = 2;

export function isPosture(value: unknown): value is Posture {
  return typeof value === 'string' && (POSTURES as readonly string[]).includes(value);
}

/** Short actions a posture grants each round (S-P2: 2, S-P3: 1, S-P4: 0). */
export function postureShortActions(posture: Posture): number {
  return posture === 'intrepide' ? 2 : posture === 'prudent' ? 1 : 0;
}

/** Defensive advantage levels a posture gives (S-P2/S-P4; 'summary' reading: ±1). */
export function postureDefence(posture: Posture, options: Pick<SouffleOptions, 'postureModifiers'>): number {
  const step = options.postureModifiers === 'summary' ? 1 : 2;
  return posture === 'intrepide' ? -step : posture === 'defensif' ? step : 0;
}

export type ActionLength = 'short' | 'long' | 'passive';

/** Actions the rules name, with their length. */
export const SOUFFLE_ACTIONS: Readonly<Record<string, ActionLength>> = {
  attaque: 'short',
  viser: 'short', // S-AT7
  ramasser: 'short', // S-MN2: picking up a weapon
  autre: 'short',
  lutte: 'long', // S-GR1: establishing a hold
  degagement: 'long', // S-GR1: escaping a hold
  defense: 'passive', // S-DF1
  deplacement: 'passive', // base movement, allowed even in défensif (S-P4)
  fuite: 'passive', // S-FL1: a move, with its own test
  attaqueOpportuniste: 'passive', // S-AT6: a reaction outside the budget
};

/**
 * S-P4: all a défensif fighter may do: defend and make the base move (a flight is a move). An
 * opportunity attack costs no action (S-R2) but is still an attack: refused.
 */
export const DEFENSIVE_ALLOWS: readonly string[] = ['defense', 'deplacement', 'fuite'];

/** Whether a fighter in `posture` may take `action` at all (S-P4), whatever it costs. */
export function postureAllows(posture: Posture | undefined, action: string): boolean {
  return posture !== 'defensif' || DEFENSIVE_ALLOWS.includes(action);
}

export function actionLength(action: string): ActionLength {
  const length = SOUFFLE_ACTIONS[action];
  if (!length) throw new RulesError('PDA.Error.SouffleUnknownAction', { action });
  return length;
}

export function actionCost(length: ActionLength): number {
  return length === 'passive' ? 0 : length === 'short' ? 1 : SHORT_ACTIONS_PER_LONG;
}

/** A fighter's posture and spent short actions for the current round. */
export interface PostureTurn {
  readonly posture?: Posture;
  /** Short actions spent this round. */
  readonly spent: number;
}

export function shortActionsLeft(turn: PostureTurn): number {
  return turn.posture === undefined ? 0 : postureShortActions(turn.posture) - turn.spent;
}

/** Spends an action; refused (nothing changes) when the posture's budget cannot pay it. */
export function spendAction(turn: PostureTurn, action: string): PostureTurn {
  const cost = actionCost(actionLength(action));
  if (cost === 0) return turn;
  if (turn.posture === undefined) throw new RulesError('PDA.Error.SouffleNoPosture');
  const left = shortActionsLeft(turn);
  if (cost > left) {
    // The action and posture as lang keys: the message names them in the reader's language.
    throw new RulesError('PDA.Error.SouffleNoActionLeft', {
      action: `PDA.Souffle.Action.${action}`,
      cost,
      left,
      posture: `PDA.Souffle.Posture.${turn.posture}`,
    });
  }
  return { ...turn, spent: turn.spent + cost };
}

/** When a posture choice is asked for (S-P1). */
export type PostureMoment = 'sceneStart' | 'endOfOwnTurn' | 'other';

/**
 * S-P1: a posture is chosen when the action scene starts (or when a fighter without one joins),
 * and may be changed only at the end of the fighter's own turn, after acting.
 */
export function choosePosture(turn: PostureTurn, posture: Posture, moment: PostureMoment): PostureTurn {
  if (!isPosture(posture))
    throw new RulesError('PDA.Error.SouffleUnknownPosture', { posture: String(posture) });
  const first = turn.posture === undefined;
  if (!first && moment !== 'endOfOwnTurn') {
    throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
      posture: `PDA.Souffle.Posture.${posture}`,
    });
  }
  return { ...turn, posture };
}
