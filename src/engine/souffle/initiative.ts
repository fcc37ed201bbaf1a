import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { rollLevel, type LadderRoll } from './ladder';
import { DEFAULT_OPTIONS, type SouffleOptions } from './options';

/**
 * Initiative (S-R3): rolled once when the fight starts, one roll per fighter on the advantage
 * ladder at the fighter's initiative score. Highest total first. Fighters with the Guerrier
 * discipline always act before everyone else, ordered among themselves by their totals. Equal
 * totals are flagged: the players (or the GM) decide who goes first.
 */

export interface InitiativeInput {
  readonly id: string;
  readonly initiative: number;
  readonly guerrier: boolean;
}

export interface InitiativeResult {
  readonly id: string;
  readonly roll: LadderRoll;
  readonly total: number;
  readonly guerrier: boolean;
  /** Index of the tie group (fighters with the same Guerrier flag and total); undefined if alone. */
  readonly tie?: number;
}

function compare(a: { guerrier: boolean; total: number }, b: { guerrier: boolean; total: number }): number {
  if (a.guerrier !== b.guerrier) return a.guerrier ? -1 : 1;
  return b.total - a.total;
}

/** Rolls and orders; fighters are rolled in the given order (dice are consumed in that order). */
export function rollInitiative(
  fighters: readonly InitiativeInput[],
  dice: Dice,
  options: Pick<SouffleOptions, 'ladder' | 'initiativeAddsScore'> = DEFAULT_OPTIONS,
): InitiativeResult[] {
  const ids = new Set<string>();
  for (const f of fighters) {
    if (ids.has(f.id)) throw new RulesError('PDA.Error.SouffleDuplicateFighter', { id: f.id });
    ids.add(f.id);
  }
  const rolled = fighters.map((f) => {
    const roll = rollLevel(options.ladder, f.initiative, dice);
    return {
      id: f.id,
      roll,
      total: roll.value + (options.initiativeAddsScore ? f.initiative : 0),
      guerrier: f.guerrier,
    };
  });
  return flagTies(
    rolled
      .map((r, i) => ({ r, i }))
      .sort((a, b) => compare(a.r, b.r) || a.i - b.i)
      .map((x) => x.r),
  );
}

function flagTies(sorted: readonly Omit<InitiativeResult, 'tie'>[]): InitiativeResult[] {
  let group = -1;
  return sorted.map((r, i) => {
    const prev = sorted[i - 1];
    const next = sorted[i + 1];
    const samePrev = prev !== undefined && compare(prev, r) === 0;
    const sameNext = next !== undefined && compare(next, r) === 0;
    if (!samePrev && sameNext) group += 1;
    return samePrev || sameNext ? { ...r, tie: group } : { ...r };
  });
}

/** Tie groups still to be settled by the players: lists of ids. */
export function ties(order: readonly InitiativeResult[]): string[][] {
  const groups = new Map<number, string[]>();
  for (const r of order) {
    if (r.tie === undefined) continue;
    groups.set(r.tie, [...(groups.get(r.tie) ?? []), r.id]);
  }
  return [...groups.values()];
}

/**
 * The players' choice for one tie group: `ids` lists that group's members in the order chosen.
 * Refused if `ids` is not exactly one tie group.
 */
export function settleTie(order: readonly InitiativeResult[], ids: readonly string[]): InitiativeResult[] {
  const first = order.find((r) => r.id === ids[0]);
  const group = first?.tie;
  const members = order.filter((r) => r.tie !== undefined && r.tie === group).map((r) => r.id);
  if (group === undefined || members.length !== ids.length || !members.every((m) => ids.includes(m))) {
    throw new RulesError('PDA.Error.SouffleNotATie', { ids: ids.join(', ') });
  }
  const start = order.findIndex((r) => r.tie === group);
  const chosen = ids.map((id) => {
    const r = order.find((o) => o.id === id);
    if (!r) throw new RulesError('PDA.Error.SouffleNotATie', { ids: ids.join(', ') });
    const { tie: _tie, ...rest } = r;
    return rest;
  });
  return [...order.slice(0, start), ...chosen, ...order.slice(start + ids.length)];
}
