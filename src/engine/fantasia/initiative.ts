import type { Dice } from '../dice/port';
import type { InitiativeEntry } from '../round/types';
import { type FantasiaRoundCombatant } from './round-model';

/**
 * Fantasia initiative (F-R2, F-R3, F-R4): the d10 each round, ties broken by DEX then rerolls.
 * Split from round.ts, which re-exports it.
 */

// ---------------------------------------------------------------------------------------------
// Initiative (F-R2, F-R3, F-R4)

/** Rerolls allowed among fighters still tied on the d10 before their listed order stands. */
export const MAX_TIE_REROLLS = 20;

/**
 * Orders `members` (indices into `rolls`) by d10s, highest first: everyone rolls in turn, the
 * still tied roll again (the order is stable), up to MAX_TIE_REROLLS times; each d10 is kept in
 * `rolls` for the tracker. Appends the order to `out`.
 */
function breakTies(
  members: readonly number[],
  dice: Dice,
  rolls: readonly number[][],
  out: number[],
  depth = 0,
): void {
  const n = members.length;
  if (n < 2 || depth >= MAX_TIE_REROLLS) {
    for (let k = 0; k < n; k++) out.push(members[k] as number);
    return;
  }
  const values: number[] = [];
  for (let k = 0; k < n; k++) {
    const value = dice.die(10);
    (rolls[members[k] as number] as number[]).push(value);
    values.push(value);
  }
  // Positions 0..n-1 by value, highest first, equal values in their order (insertion sort).
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    const v = values[k] as number;
    let at = order.length;
    while (at > 0 && (values[order[at - 1] as number] as number) < v) at--;
    order.splice(at, 0, k);
  }
  for (let k = 0; k < n;) {
    const value = values[order[k] as number];
    let m = k + 1;
    while (m < n && values[order[m] as number] === value) m++;
    if (m - k === 1) out.push(members[order[k] as number] as number);
    else {
      const tied: number[] = [];
      for (let x = k; x < m; x++) tied.push(members[order[x] as number] as number);
      breakTies(tied, dice, rolls, out, depth + 1);
    }
    k = m;
  }
}

/**
 * F-R2 DEX highest first; F-R4 on equal DEX Aventuriers before PNJ without a roll; F-R3 among the
 * same side each rolls 1d10, highest first, and those still tied roll again (ruling).
 */
export function fantasiaInitiative(
  combatants: readonly FantasiaRoundCombatant[],
  dice: Dice,
): InitiativeEntry[] {
  // DEX highest first; equal DEX keeps the combatants' order (a stable insertion sort: a handful
  // of fighters, often listed by DEX already, every round of a simulated fight).
  const sorted: FantasiaRoundCombatant[] = [];
  for (const c of combatants) {
    let at = sorted.length;
    while (at > 0 && (sorted[at - 1] as FantasiaRoundCombatant).dex < c.dex) at--;
    sorted.splice(at, 0, c);
  }
  const entries: InitiativeEntry[] = [];
  // The d10s of sorted[k], for the fighters of a tied group.
  const rolls: number[][] = [];
  for (let i = 0; i < sorted.length;) {
    const dex = (sorted[i] as FantasiaRoundCombatant).dex;
    let j = i + 1;
    while (j < sorted.length && (sorted[j] as FantasiaRoundCombatant).dex === dex) j++;
    if (j - i === 1) {
      // Nobody else at this DEX (the common case): no roll.
      const c = sorted[i] as FantasiaRoundCombatant;
      entries.push({ combatantId: c.id, score: dex, tieBreak: [], reason: 'PDA.Round.Initiative.Dex' });
      i = j;
      continue;
    }
    let pcs = 0;
    for (let k = i; k < j; k++) {
      rolls[k] = [];
      if ((sorted[k] as FantasiaRoundCombatant).side === 'pc') pcs++;
    }
    const mixed = pcs > 0 && pcs < j - i;
    for (const side of SIDES) {
      const members: number[] = [];
      for (let k = i; k < j; k++) if ((sorted[k] as FantasiaRoundCombatant).side === side) members.push(k);
      const ordered: number[] = [];
      breakTies(members, dice, rolls, ordered);
      for (const k of ordered) {
        const c = sorted[k] as FantasiaRoundCombatant;
        const tieBreak = rolls[k] as number[];
        const reason = tieBreak.length
          ? 'PDA.Round.Initiative.D10'
          : mixed
            ? 'PDA.Round.Initiative.PcFirst'
            : 'PDA.Round.Initiative.Dex';
        entries.push({ combatantId: c.id, score: dex, tieBreak, reason });
      }
    }
    i = j;
  }
  return entries;
}

const SIDES = ['pc', 'npc'] as const;
