import { reverseEffect, type CommonEffect, type FighterRef, type Refusal } from '../../core/exchange';
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

/** The first value of `fighter` that is no longer what `effects` wrote, as shown on the card. */
export function changedSince(
  fighter: SouffleFighter,
  ref: FighterRef,
  effects: readonly SouffleExchangeEffect[],
): { field: string; now: string; wrote: string } | undefined {
  for (const e of effects) {
    if (!('fighter' in e) || e.fighter !== ref) continue;
    if (e.type === 'resource') {
      const now =
        e.resource === 'pv'
          ? fighter.pv.value
          : e.resource === 'souffle'
            ? fighter.souffle.value
            : e.resource === 'chance'
              ? fighter.chance
              : fighter.defense;
      const field = e.resource === 'pv' || e.resource === 'souffle' ? `${e.resource}.value` : e.resource;
      if (now !== e.to) return { field, now: String(now), wrote: String(e.to) };
    } else if (e.type === 'wounds') {
      if (!sameList(fighter.wounds, e.to))
        return { field: 'wounds', now: JSON.stringify(fighter.wounds), wrote: JSON.stringify(e.to) };
    } else if (e.type === 'condition' && (SOUFFLE_STATES as readonly string[]).includes(e.status)) {
      const on = fighter.states.includes(e.status as SouffleState);
      if (on !== e.on) return { field: `states.${e.status}`, now: String(on), wrote: String(e.on) };
      if (e.status === 'assomme' && e.on && (fighter.assommeRounds ?? 0) !== (e.rounds ?? 0))
        return {
          field: 'assommeRounds',
          now: String(fighter.assommeRounds ?? 0),
          wrote: String(e.rounds ?? 0),
        };
    }
  }
  return undefined;
}

/** The undo's key when the target changed since the action (PDA.Chat.Undo.TargetChanged). */
export const UNDO_CHANGED_KEY = 'PDA.Chat.Undo.TargetChanged';

/** Why undoing `written` on this fighter is refused now (later damage, a healed wound…). */
export function undoRefusal(
  fighter: SouffleFighter | undefined,
  name: string,
  ref: FighterRef,
  written: readonly SouffleExchangeEffect[],
  rule: string,
): Refusal | undefined {
  if (!fighter) return { rule, key: 'PDA.Chat.Gone.Actor', data: { name } };
  const changed = changedSince(fighter, ref, written);
  return changed ? { rule, key: UNDO_CHANGED_KEY, data: { name, ...changed } } : undefined;
}

/** The reverse of a Souffle effect (budgets and cards have none: an empty list). */
export function reverseSouffleEffects(effects: readonly SouffleExchangeEffect[]): SouffleExchangeEffect[] {
  return effects
    .flatMap((e): SouffleExchangeEffect[] => {
      if (e.type === 'resource' || e.type === 'condition' || e.type === 'item')
        return [reverseEffect<CommonEffect>(e)];
      if (e.type === 'wounds') return [{ ...e, from: e.to, to: e.from }];
      return [];
    })
    .reverse();
}
