import type { ExchangeAction, ExchangeMachine } from '../../core/exchange';
import { RulesError } from '../../core/errors';
import type { Dice } from '../../dice/port';
import { defenceLevel } from '../defence';
import { checkFlee, flee, type FleeResult, type FleeSituation } from '../manoeuvres';
import type { SouffleExchangeEffect } from './effects';
import { SOUFFLE_OPPORTUNITY_EXCHANGE, type SouffleOpportunityState } from './opportunity';
import {
  budgetRefusal,
  ensure,
  type ExchangeFighter,
  type SouffleExchangeView,
  type SouffleFighterView,
} from './view';

/**
 * The flight exchange (S-FL1). A hindered fighter (grabbed, knocked out) cannot flee, nor one the
 * GM slowed this round (ruling); free to go, the card only records the flight. Flanked or
 * cornered, the runner rolls the defence dice at their dodge level (posture, armour, shield) plus
 * défense against the threshold the GM set; on a failure the GM picks the price: the pursuer's
 * opportunity attack (a new card, S-AT6), or the runner is slowed ("freiné") for the round.
 * A runner whose states allow no defence roll (S-DF1) has only the défense against the threshold.
 * The pursuers are the foes adjacent to the runner (the adapter reads them from the scene), never
 * whoever the runner targeted.
 *
 * Steps: 'fled' | 'caught' → 'attaque' | 'freine'. The runner is the 'attacker'.
 */

export const SOUFFLE_FLEE_EXCHANGE = 'souffle.flee';
export const FLEE_SITUATIONS: readonly FleeSituation[] = ['libre', 'tenaille', 'coince'];
const K = `PDA.Souffle.Flee`;

export type FleeChoice = 'attaque' | 'freine';

export interface SouffleFleeState {
  readonly runnerName: string;
  readonly situation: FleeSituation;
  readonly threshold: number;
  /** Defence level the dice were rolled at. */
  readonly level: number;
  readonly defense: number;
  readonly result: FleeResult;
  /** What the GM picked after a failure. */
  readonly choice?: FleeChoice;
}

/** The opening (S-FL1); `slowed`: the runner was slowed this round (ruling, S-FL1). */
export function openSouffleFlee(
  runner: SouffleFighterView,
  situation: FleeSituation,
  threshold: number,
  slowed: boolean,
  dice: Dice,
  options: SouffleExchangeView['options'],
): { step: 'fled' | 'caught'; state: SouffleFleeState; effects: SouffleExchangeEffect[] } {
  if (!FLEE_SITUATIONS.includes(situation)) throw new RulesError('PDA.Error.CardNoSuchAction');
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > 99)
    throw new RulesError('PDA.Error.SouffleFleeThreshold', { threshold: String(threshold) });
  const f = runner.fighter;
  checkFlee(f, slowed);
  ensure(budgetRefusal(runner, 'fuite'));
  const defence = defenceLevel(
    { kind: 'melee' },
    {
      mode: 'esquive',
      states: f.states,
      ...(f.posture ? { posture: f.posture } : {}),
      ...(runner.armour ? { armour: runner.armour } : {}),
      ...(runner.shield ? { shield: runner.shield } : {}),
    },
    options,
  );
  const level = defence.level;
  // S-DF1: sans défense, pris au dépourvu, vulnérable (…) roll no defence, in a flight too.
  const result = flee(f, situation, defence.canRoll ? level : 'none', threshold, dice, options);
  return {
    step: result.fled ? 'fled' : 'caught',
    state: { runnerName: f.name, situation, threshold, level, defense: f.defense, result },
    effects: [{ type: 'budget', fighter: 'attacker', action: 'fuite' }],
  };
}

export interface SouffleFleeCardView extends SouffleExchangeView {
  /** The runner as the card names it. */
  readonly runner: ExchangeFighter;
  /**
   * S-FL1/S-AT6: the foes within reach of the runner when the flight was rolled (read from the
   * scene: another side, adjacent), who may strike if the GM picks the attack.
   */
  readonly pursuers: readonly ExchangeFighter[];
}

export const souffleFleeExchange: ExchangeMachine<
  SouffleFleeState,
  SouffleFleeCardView,
  SouffleExchangeEffect
> = {
  id: SOUFFLE_FLEE_EXCHANGE,

  actions(step, state, view): ExchangeAction[] {
    if (step !== 'caught' || state.choice) return [];
    return state.result.consequences.map((c) => ({
      id: c,
      label: { key: `${K}.Action.${c}` },
      side: 'gm' as const,
      rule: 'S-FL1',
      style: c === 'attaque' ? ('danger' as const) : ('secondary' as const),
      ...(c === 'attaque' && view.pursuers.length === 0
        ? { refused: { rule: 'S-AT6', key: `${K}.NoFoe` } }
        : {}),
    }));
  },

  perform(_step, state, view, actionId) {
    if (actionId !== 'attaque' && actionId !== 'freine') throw new RulesError('PDA.Error.CardNoSuchAction');
    const choice: FleeChoice = actionId;
    const next: SouffleFleeState = { ...state, choice };
    if (actionId === 'attaque') {
      // S-AT6: each adjacent foe's opportunity attack, on a card each foe's owner takes.
      const opportunity: SouffleOpportunityState = {
        provoker: view.runner,
        reason: 'fuite',
        foes: [...view.pursuers],
        taken: [],
      };
      return {
        step: actionId,
        state: next,
        effects: [
          {
            type: 'card',
            flow: SOUFFLE_OPPORTUNITY_EXCHANGE,
            actor: 'attacker',
            targets: [],
            state: opportunity,
          },
        ],
        undo: [],
      };
    }
    // S-FL1 "freiné" (ruling): held in reach, no new flight before the round is over.
    return {
      step: actionId,
      state: next,
      effects: [{ type: 'condition', fighter: 'attacker', status: 'freine', on: true, rounds: 1 }],
      undo: [],
    };
  },
};
