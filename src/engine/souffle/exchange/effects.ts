import type { CommonEffect, FighterRef, Refusal } from '../../core/exchange';
import type { SouffleFighter } from '../fighter';
import { SOUFFLE_STATES, type SouffleState } from '../states';

/**
 * The effects of Souffle's exchanges (src/engine/core/exchange.ts): the shared absolute resource
 * and condition effects, plus what only Souffle needs: the list of wounds, an action spent from
 * the posture's budget (S-R2), and a card the exchange opens next (an opportunity attack).
 */

/** Resources a Souffle exchange changes, by the rules' names (S-DF3, S-AT2, S-MN2). */
export const SOUFFLE_RESOURCES = ['pv', 'souffle', 'chance', 'defense'] as const;
export type SouffleResource = (typeof SOUFFLE_RESOURCES)[number];

/**
 * Conditions an exchange sets: the S-ST1 states, plus "freiné" (a failed flight, S-FL1 ruling) and
 * "vise" (an aim prepared for the next attack, S-AT7), each lasting the round.
 */
export type SouffleCondition = SouffleState | 'freine' | 'vise';

/** The PV lost per wounding hit (the circled boxes), absolute. */
export interface WoundsEffect {
  readonly type: 'wounds';
  readonly fighter: FighterRef;
  readonly from: readonly number[];
  readonly to: readonly number[];
}

/** A short or long action paid from the fighter's posture budget now (S-R2, S-P1..S-P4). */
export interface BudgetEffect {
  readonly type: 'budget';
  readonly fighter: FighterRef;
  readonly action: string;
}

/** A card the exchange opens next: `actor` acts on it against `targets`. */
export interface OpenCardEffect {
  readonly type: 'card';
  readonly flow: string;
  readonly actor: FighterRef;
  readonly targets: readonly FighterRef[];
  /** The weapon item the new card uses ('' for bare hands). */
  readonly itemId?: string;
  readonly state: unknown;
}

export type SouffleExchangeEffect = CommonEffect | WoundsEffect | BudgetEffect | OpenCardEffect;

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The effects that turn `before` into `after` for one fighter: PV, souffle and chance, the wounds,
 * and every S-ST1 state switched (a knock-out with its rounds, S-MN3). Absolute values only.
 */
export function fighterEffects(
  fighter: FighterRef,
  before: SouffleFighter,
  after: SouffleFighter,
): SouffleExchangeEffect[] {
  const out: SouffleExchangeEffect[] = [];
  const resource = (resource: SouffleResource, from: number, to: number) => {
    if (from !== to) out.push({ type: 'resource', fighter, resource, from, to });
  };
  resource('souffle', before.souffle.value, after.souffle.value);
  resource('pv', before.pv.value, after.pv.value);
  resource('chance', before.chance, after.chance);
  resource('defense', before.defense, after.defense);
  if (!sameList(before.wounds, after.wounds))
    out.push({ type: 'wounds', fighter, from: [...before.wounds], to: [...after.wounds] });
  for (const status of SOUFFLE_STATES) {
    const was = before.states.includes(status);
    const is = after.states.includes(status);
    const rounds = status === 'assomme' ? (after.assommeRounds ?? 0) : 0;
    const roundsBefore = status === 'assomme' ? (before.assommeRounds ?? 0) : 0;
    if (was === is && rounds === roundsBefore) continue;
    out.push({ type: 'condition', fighter, status, on: is, ...(is && rounds > 0 ? { rounds } : {}) });
  }
  return out;
}

/** The effects of `effects` that concern `fighter`, applied to that fighter's engine view. */
export function applyFighterEffects(
  fighter: SouffleFighter,
  ref: FighterRef,
  effects: readonly SouffleExchangeEffect[],
): SouffleFighter {
  let next: SouffleFighter = fighter;
  for (const e of effects) {
    if (!('fighter' in e) || e.fighter !== ref) continue;
    if (e.type === 'resource') {
      if (e.resource === 'pv') next = { ...next, pv: { ...next.pv, value: e.to } };
      else if (e.resource === 'souffle') next = { ...next, souffle: { ...next.souffle, value: e.to } };
      else if (e.resource === 'chance') next = { ...next, chance: e.to };
      else if (e.resource === 'defense') next = { ...next, defense: e.to };
    } else if (e.type === 'wounds') next = { ...next, wounds: [...e.to] };
    else if (e.type === 'condition' && (SOUFFLE_STATES as readonly string[]).includes(e.status)) {
      const status = e.status as SouffleState;
      const states = next.states.filter((s) => s !== status);
      next = { ...next, states: e.on ? [...states, status] : states };
      if (status === 'assomme') {
        const { assommeRounds: _gone, ...rest } = next;
        next = e.on && e.rounds ? { ...rest, assommeRounds: e.rounds } : rest;
      }
    }
  }
  return next;
}

/** The undo's key when the target changed since the action (PDA.Chat.Undo.TargetChanged). */
export const UNDO_CHANGED_KEY = 'PDA.Chat.Undo.TargetChanged';

/** What an exchange keeps of a fighter it changed, to tell later whether anything changed since. */
export interface FighterMark {
  readonly pv: number;
  readonly souffle: number;
  readonly chance: number;
  readonly defense: number;
  readonly wounds: readonly number[];
  readonly states: readonly SouffleState[];
  readonly assommeRounds: number;
}

export function fighterMark(f: SouffleFighter): FighterMark {
  return {
    pv: f.pv.value,
    souffle: f.souffle.value,
    chance: f.chance,
    defense: f.defense,
    wounds: [...f.wounds],
    states: SOUFFLE_STATES.filter((s) => f.states.includes(s)),
    assommeRounds: f.assommeRounds ?? 0,
  };
}

/** The first value of the fighter that is no longer what the mark holds, as the card shows it. */
export function markChange(
  f: SouffleFighter,
  mark: FighterMark,
): { field: string; now: string; wrote: string } | undefined {
  const now = fighterMark(f);
  const pairs: [string, unknown, unknown][] = [
    ['pv.value', now.pv, mark.pv],
    ['souffle.value', now.souffle, mark.souffle],
    ['chance', now.chance, mark.chance],
    ['defense', now.defense, mark.defense],
    ['wounds', now.wounds, mark.wounds],
    ...SOUFFLE_STATES.map((s): [string, unknown, unknown] => [
      `states.${s}`,
      now.states.includes(s),
      mark.states.includes(s),
    ]),
    ['assommeRounds', now.assommeRounds, mark.assommeRounds],
  ];
  for (const [field, a, b] of pairs) {
    const x = JSON.stringify(a);
    const y = JSON.stringify(b);
    if (x !== y) return { field, now: x, wrote: y };
  }
  return undefined;
}

/**
 * Why undoing an action on this fighter is refused now: the fighter changed since the action
 * left it as `mark` (later damage, a healed wound, a state set by hand): writing the old values
 * back would erase that change.
 */
export function undoRefusal(
  fighter: SouffleFighter | undefined,
  name: string,
  mark: FighterMark | undefined,
  rule: string,
): Refusal | undefined {
  if (!fighter) return { rule, key: 'PDA.Chat.Gone.Actor', data: { name } };
  const changed = mark ? markChange(fighter, mark) : undefined;
  return changed ? { rule, key: UNDO_CHANGED_KEY, data: { name, ...changed } } : undefined;
}
