/**
 * States that end by themselves, and how long each lasts in rounds (issue 13):
 * - lost balance on a fumble (F-H6): no attack for the rest of this round and the next one;
 * - a weapon bound by Désarmement (F-B7): no attack with it for the rest of this round;
 * - a jammed crossbow or a gone bow string (F-H7): until a Bricolage repair, which then takes the
 *   one or two rounds its roll gave.
 * A length is counted from the round the state starts in; the state runs out when the round
 * counter reaches start + rounds. Outside a tracked round a state has no length (it stays until
 * someone removes it).
 */
import type { FantasiaStates, RuleId } from './types';

export const TIMED_STATES = ['skipNextAttack', 'weaponBound', 'jammed'] as const;
export type TimedState = (typeof TIMED_STATES)[number];

/** One timed state as a document holds it: which weapon, why, and how many rounds it lasts. */
export interface TimedStateRecord {
  readonly state: TimedState;
  readonly weaponId?: string;
  readonly cause?: 'crossbow' | 'bowString';
  /** Rounds it lasts from the round it starts in; undefined = until removed. */
  readonly rounds?: number;
  readonly rule: RuleId;
}

export const TIMED_STATE_RULE: Readonly<Record<TimedState, RuleId>> = {
  skipNextAttack: 'F-H6',
  weaponBound: 'F-B7',
  jammed: 'F-H7',
};

/** The record each timed state of `states` calls for (absent states are absent). */
export function timedRecords(states: FantasiaStates): Partial<Record<TimedState, TimedStateRecord>> {
  const out: Partial<Record<TimedState, TimedStateRecord>> = {};
  // "Cannot attack next round": this round (the fumble) and the next one.
  if (states.skipNextAttack) out.skipNextAttack = { state: 'skipNextAttack', rounds: 2, rule: 'F-H6' };
  // Désarmement: no attack with that weapon "for this round".
  if (states.weaponBound)
    out.weaponBound = {
      state: 'weaponBound',
      weaponId: states.weaponBound.weaponId,
      rounds: 1,
      rule: 'F-B7',
    };
  if (states.jammed) {
    const left = states.jammed.repairRoundsLeft;
    out.jammed = {
      state: 'jammed',
      weaponId: states.jammed.weaponId,
      cause: states.jammed.cause,
      ...(left !== undefined ? { rounds: left } : {}),
      rule: 'F-H7',
    };
  }
  return out;
}

/** The engine states the stored records stand for. */
export function statesFromRecords(records: readonly TimedStateRecord[]): Partial<FantasiaStates> {
  const out: { -readonly [K in TimedState]?: FantasiaStates[K] } = {};
  for (const r of records) {
    if (r.state === 'skipNextAttack') out.skipNextAttack = true;
    else if (r.state === 'weaponBound' && r.weaponId) out.weaponBound = { weaponId: r.weaponId };
    else if (r.state === 'jammed' && r.weaponId)
      out.jammed = {
        weaponId: r.weaponId,
        cause: r.cause === 'bowString' ? 'bowString' : 'crossbow',
        ...(r.rounds !== undefined ? { repairRoundsLeft: r.rounds } : {}),
      };
  }
  return out;
}

/** Two records that stand for the same state (so nothing needs writing). */
export function sameRecord(a: TimedStateRecord | undefined, b: TimedStateRecord | undefined): boolean {
  if (!a || !b) return a === b;
  return a.state === b.state && a.weaponId === b.weaponId && a.cause === b.cause && a.rounds === b.rounds;
}

/** A state started in `startRound` for `rounds` rounds has run out once the round reaches the end. */
export function hasRunOut(startRound: number, rounds: number | undefined, round: number): boolean {
  if (rounds === undefined) return false;
  return round >= startRound + rounds;
}

/** Rounds left at `round` (at least 0), or undefined for a state with no length. */
export function roundsLeft(
  startRound: number,
  rounds: number | undefined,
  round: number,
): number | undefined {
  if (rounds === undefined) return undefined;
  return Math.max(0, startRound + rounds - round);
}
