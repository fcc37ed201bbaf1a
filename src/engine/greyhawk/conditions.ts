import type { ConditionEffect, FighterRef } from '../core/exchange';
import type { Dice } from '../dice/port';
import { total } from './attack';
import { contestantOf, escapeHold, oneHandedHoldStr, type ContestResult } from './manoeuvres';
import type { GreyhawkCharacter, Modifier } from './types';

/*
 * Conditions of a Greyhawk fighter that last and end by themselves: pinned (G-C1), held and
 * holding (G-G2), blade at the throat (G-C1), a two-handed weapon off line or thrown (G-D2), a
 * shield off line (G-D3), prone (G-SH2, G-P1). The round decides when they end; the cards read
 * their modifiers. Pure: the Foundry side stores them and mirrors them as token statuses.
 */

export interface GreyhawkConditionState {
  /** G-C1 pinned to a wall: rounds before the pin gives way by itself (0 = not pinned). */
  readonly pinned: number;
  /** G-G2 held one-handed by someone, and the full rounds held so far. */
  readonly held: boolean;
  readonly heldRounds: number;
  /** The holder (its actor reference) the victim contests at each round start. */
  readonly heldBy?: string;
  /** G-G2 holds someone one-handed (the holder's side of the hold). */
  readonly holding?: boolean;
  /** G-C1 hostage: a blade at the throat, any strike does double damage. */
  readonly bladeAtThroat: boolean;
  readonly disarmed: boolean;
  /** G-D1 the weapon (its id) the disarm took: that one may not strike until picked up again. */
  readonly disarmedWeapon?: string;
  readonly prone: boolean;
  /** G-D2 the two-handed weapon was knocked off line this round (a second success throws it). */
  readonly offLine?: boolean;
  /** G-D3 the shield was knocked aside: its AC is lost until the round ends. */
  readonly shieldOffLine?: boolean;
  /** G-D2 the weapon was thrown this round: its wielder will lose the next round's initiative. */
  readonly losesNextInitiative?: boolean;
  /** G-D2 this round's initiative is lost (the round's order puts the fighter after everyone). */
  readonly losesInitiative?: boolean;
  /** G-C1 letters carved on the fighter, one a called shot. */
  readonly carved?: string;
  /** G-C1 the fighter's clothing was cut. */
  readonly clothingCut?: boolean;
  /**
   * G-PA1 a parry card stopped a blow aimed at this fighter this round: the attacker (its actor
   * reference) whose blow does nothing, and the parrier's name the card shows.
   */
  readonly parried?: boolean;
  readonly parriedBy?: string;
  readonly parrier?: string;
  /**
   * G-SH1 the fighter punched off-hand with its shield: the shield gives no AC to the round's end,
   * or for a shield specialist until its next attack.
   */
  readonly shieldPunched?: boolean;
  /** G-ST3 the shield parried this round (no specialisation): its AC is forfeit to the round's end. */
  readonly shieldEngaged?: boolean;
  /** G-SH2 the fighter charged with its shield this round: AC 1 worse, no DEX bonus, to the round's end. */
  readonly rushing?: boolean;
  readonly shieldPunchedUntilNextAttack?: boolean;
}

/** The status ids a set of conditions shows on the token, in a fixed order. */
export const CONDITION_STATUSES = [
  'pinned',
  'held',
  'holding',
  'bladeAtThroat',
  'disarmed',
  'prone',
  'offLine',
  'shieldOffLine',
  'losesInitiative',
  'carved',
  'clothingCut',
  'parried',
  'shieldPunched',
  'shieldEngaged',
  'rushing',
] as const;
export type ConditionStatus = (typeof CONDITION_STATUSES)[number];

export function activeStatuses(c: Partial<GreyhawkConditionState>): ConditionStatus[] {
  return CONDITION_STATUSES.filter((s) => {
    if (s === 'pinned') return (c.pinned ?? 0) > 0;
    if (s === 'losesInitiative') return c.losesInitiative === true || c.losesNextInitiative === true;
    if (s === 'carved') return (c.carved ?? '') !== '';
    return c[s] === true;
  });
}

/**
 * A new round starts: the pin runs down (G-C1: free after three rounds), a held victim counts
 * one more full round held (the hostage shot needs one), and what lasted "to the end of the
 * round" ends: a weapon off line is back in line for counting (G-D2), the shield's AC is back
 * before initiative (G-D3). An initiative lost "next round" becomes this round's, and the one
 * lost this round is over.
 */
export function conditionsAtRoundStart<T extends Partial<GreyhawkConditionState>>(c: T): T {
  const next: Record<string, unknown> = { ...c };
  if ((c.pinned ?? 0) > 0) next.pinned = Math.max(0, (c.pinned ?? 0) - 1);
  if (c.held === true) next.heldRounds = (c.heldRounds ?? 0) + 1;
  // G-D2: a weapon still off line when the round ends is realigned while the next round's
  // initiative passes: that initiative is lost (one realigned with an attack is no longer off line).
  if (c.offLine) {
    next.offLine = false;
    next.losesInitiative = true;
  }
  if (c.shieldOffLine) next.shieldOffLine = false;
  // G-PA1 a parry's mark and G-SH1 a punching shield's lost AC last to the end of the round.
  if (c.parried) {
    next.parried = false;
    delete next.parriedBy;
    delete next.parrier;
  }
  if (c.shieldEngaged) next.shieldEngaged = false;
  if (c.rushing) next.rushing = false;
  if (c.shieldPunched) {
    next.shieldPunched = false;
    next.shieldPunchedUntilNextAttack = false;
  }
  if (c.losesInitiative || c.losesNextInitiative) {
    next.losesInitiative = c.losesNextInitiative === true || c.offLine === true;
    next.losesNextInitiative = false;
  }
  return next as T;
}

/** G-C1: the victim spends the round pulling free; the pin ends at once. */
export function pullFree(): Partial<GreyhawkConditionState> {
  return { pinned: 0 };
}

/** How a fighter's conditions hamper their own attacks (G-C1 pinned, G-G2 held or holding). */
export function hamperedBy(c: Partial<GreyhawkConditionState>): 'pinned' | 'held' | 'holding' | undefined {
  if ((c.pinned ?? 0) > 0) return 'pinned';
  if (c.held === true) return 'held';
  if (c.holding === true) return 'holding';
  return undefined;
}

/** The defender's worse AC from its conditions: G-G2 holder −2 AC, G-D3 shield lost (its point). */
export function conditionAcModifiers(
  c: Partial<GreyhawkConditionState>,
  shieldAc: number,
): readonly Modifier[] {
  const mods: Modifier[] = [];
  if (c.holding === true) mods.push({ source: 'G-G2', label: 'PDA.Greyhawk.Mod.Holding', value: 2 });
  if (c.shieldOffLine === true && shieldAc > 0)
    mods.push({ source: 'G-D3', label: 'PDA.Greyhawk.Mod.ShieldOffLine', value: shieldAc });
  // G-SH1: a shield used to punch off-hand gives no AC (once, if it is also knocked aside, G-D3).
  else if (c.shieldPunched === true && shieldAc > 0)
    mods.push({ source: 'G-SH1', label: 'PDA.Greyhawk.Mod.ShieldPunched', value: shieldAc });
  // G-ST3: a shield that parried without the specialisation gives no AC to the round's end.
  else if (c.shieldEngaged === true && shieldAc > 0)
    mods.push({ source: 'G-ST3', label: 'PDA.Greyhawk.Mod.ShieldEngaged', value: shieldAc });
  return mods;
}

/** G-C1 blade at the throat: the strike does double damage, shown as the total added once more. */
export function bladeAtThroatDamage(total: number, bladeAtThroat: boolean): Modifier | undefined {
  if (!bladeAtThroat || total <= 0) return undefined;
  return { source: 'G-C1', label: 'PDA.Greyhawk.Mod.BladeAtThroat', value: total };
}

/** G-D2: successes already landed on this two-handed weapon this round, read from its state. */
export function earlierDisarms(c: Partial<GreyhawkConditionState>, declared: number): number {
  return Math.max(declared, c.offLine === true ? 1 : 0);
}

/**
 * G-G2 at the start of a round: the held victim tries to break free by a new STR contest against
 * the holder's one-handed STR. Returns whether they escaped and the contest to show.
 */
export function escapeAtRoundStart(
  holder: GreyhawkCharacter,
  victim: GreyhawkCharacter,
  heldRounds: number,
  dice: Dice,
): { readonly escaped: boolean; readonly contest: ContestResult; readonly holderStr: number } {
  const h = contestantOf(holder, holder.monster !== undefined && holder.str <= 0);
  const holderStr = h.str + total(oneHandedHoldStr(h, holder.size, victim.size));
  const hold = { holderId: holder.id, victimId: victim.id, rounds: heldRounds };
  const r = escapeHold(hold, h, holderStr, contestantOf(victim), dice);
  return { escaped: r.hold === undefined, contest: r.contest, holderStr };
}

/** The conditions a victim and a holder lose when the hold ends (G-G2; the hostage's blade too). */
export const HOLD_ENDED_VICTIM: Partial<GreyhawkConditionState> = {
  held: false,
  heldRounds: 0,
  bladeAtThroat: false,
};
export const HOLD_ENDED_HOLDER: Partial<GreyhawkConditionState> = { holding: false };

// ------------------------------------------------------------------ conditions as status records

/** Data a condition's effect carries (the hold's rounds and holder, the carved letters…). */
export type ConditionData = Readonly<Record<string, string | number | boolean>>;

/** One condition as its Active Effect holds it: the status, its rounds left, its data. */
export interface ConditionRecord {
  readonly status: ConditionStatus;
  /** Rounds it still lasts by itself (absent: until an action ends it). */
  readonly rounds?: number;
  readonly data?: ConditionData;
}

/** G-C1: a pin lasts three rounds at most (a pin status set by hand gets them all). */
export const PIN_ROUNDS = 3;

/** What lasts "to the end of the round" (G-D2 off line, G-D3 shield aside) has one round. */
const ROUND_LONG: ReadonlySet<ConditionStatus> = new Set([
  'offLine',
  'shieldOffLine',
  'shieldEngaged',
  'rushing',
]);

/** The record of one status in a state, or undefined when the status is not on. */
export function conditionRecord(
  c: Partial<GreyhawkConditionState>,
  status: ConditionStatus,
): ConditionRecord | undefined {
  if (!activeStatuses(c).includes(status)) return undefined;
  switch (status) {
    case 'pinned':
      return { status, rounds: c.pinned ?? PIN_ROUNDS };
    case 'held':
      return {
        status,
        data: { heldRounds: c.heldRounds ?? 0, ...(c.heldBy ? { heldBy: c.heldBy } : {}) },
      };
    case 'losesInitiative':
      return {
        status,
        data: { now: c.losesInitiative === true, next: c.losesNextInitiative === true },
      };
    case 'carved':
      return { status, data: { letters: c.carved ?? '' } };
    case 'disarmed':
      return c.disarmedWeapon ? { status, data: { weapon: c.disarmedWeapon } } : { status };
    case 'parried':
      return { status, rounds: 1, data: { by: c.parriedBy ?? '', parrier: c.parrier ?? '' } };
    case 'shieldPunched':
      return { status, rounds: 1, data: { untilNextAttack: c.shieldPunchedUntilNextAttack === true } };
    default:
      return ROUND_LONG.has(status) ? { status, rounds: 1 } : { status };
  }
}

/** The records of every condition a state has on, in the statuses' order. */
export function conditionRecords(c: Partial<GreyhawkConditionState>): ConditionRecord[] {
  return CONDITION_STATUSES.flatMap((s) => conditionRecord(c, s) ?? []);
}

const NO_CONDITIONS: GreyhawkConditionState = {
  pinned: 0,
  held: false,
  heldRounds: 0,
  holding: false,
  bladeAtThroat: false,
  disarmed: false,
  prone: false,
  offLine: false,
  shieldOffLine: false,
  losesNextInitiative: false,
  losesInitiative: false,
  carved: '',
  clothingCut: false,
  parried: false,
  shieldPunched: false,
  shieldPunchedUntilNextAttack: false,
  shieldEngaged: false,
  rushing: false,
};

/** The state a fighter's condition records stand for (none: no condition at all). */
export function conditionsFromRecords(records: Iterable<ConditionRecord>): GreyhawkConditionState {
  const out: Record<string, unknown> = { ...NO_CONDITIONS };
  for (const r of records) {
    const d = r.data ?? {};
    switch (r.status) {
      case 'pinned':
        out.pinned = r.rounds !== undefined && r.rounds > 0 ? r.rounds : PIN_ROUNDS;
        break;
      case 'held':
        out.held = true;
        out.heldRounds = typeof d.heldRounds === 'number' ? d.heldRounds : 0;
        if (typeof d.heldBy === 'string' && d.heldBy) out.heldBy = d.heldBy;
        break;
      case 'losesInitiative':
        // Set by hand (no data): this round's initiative is lost.
        if (d.now === true || d.next !== true) out.losesInitiative = true;
        if (d.next === true) out.losesNextInitiative = true;
        break;
      case 'carved':
        out.carved = `${String(out.carved ?? '')}${typeof d.letters === 'string' ? d.letters : ''}`;
        break;
      case 'disarmed':
        out.disarmed = true;
        if (typeof d.weapon === 'string' && d.weapon) out.disarmedWeapon = d.weapon;
        break;
      case 'parried':
        out.parried = true;
        if (typeof d.by === 'string' && d.by) out.parriedBy = d.by;
        if (typeof d.parrier === 'string' && d.parrier) out.parrier = d.parrier;
        break;
      case 'shieldPunched':
        out.shieldPunched = true;
        out.shieldPunchedUntilNextAttack = d.untilNextAttack === true;
        break;
      default:
        out[r.status] = true;
    }
  }
  return out as unknown as GreyhawkConditionState;
}

const sameRecord = (a: ConditionRecord | undefined, b: ConditionRecord | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The condition effects that take a fighter from `before` to `after`: one per status that starts,
 * changes (its rounds or data) or ends, absolute (the effect says what the status is afterwards).
 */
export function conditionEffects(
  fighter: FighterRef,
  before: Partial<GreyhawkConditionState>,
  after: Partial<GreyhawkConditionState>,
): ConditionEffect[] {
  const out: ConditionEffect[] = [];
  for (const s of CONDITION_STATUSES) {
    const was = conditionRecord(before, s);
    const now = conditionRecord(after, s);
    if (sameRecord(was, now)) continue;
    out.push(
      now
        ? {
            type: 'condition',
            fighter,
            status: s,
            on: true,
            ...(now.rounds !== undefined ? { rounds: now.rounds } : {}),
            ...(now.data ? { data: now.data } : {}),
          }
        : { type: 'condition', fighter, status: s, on: false },
    );
  }
  return out;
}

/** True when a fighter's state still holds what a condition effect wrote. */
export function conditionHolds(c: Partial<GreyhawkConditionState>, effect: ConditionEffect): boolean {
  const now = conditionRecord(c, effect.status as ConditionStatus);
  if (!effect.on) return now === undefined;
  const wrote: ConditionRecord = {
    status: effect.status as ConditionStatus,
    ...(effect.rounds !== undefined ? { rounds: effect.rounds } : {}),
    ...(effect.data ? { data: effect.data } : {}),
  };
  return sameRecord(now, wrote);
}

/**
 * A fighter's conditions once a new round started: what runs down and ends by itself, and, when
 * a held victim broke free in its round-start contest (G-G2, escapeAtRoundStart), the hold and
 * the blade at the throat gone (its holder's side: HOLD_ENDED_HOLDER).
 */
export function conditionsAfterRoundStart(
  c: Partial<GreyhawkConditionState>,
  escaped = false,
): Partial<GreyhawkConditionState> {
  const next = conditionsAtRoundStart(c);
  if (!escaped) return next;
  const { heldBy: _gone, ...rest } = next;
  return { ...rest, ...HOLD_ENDED_VICTIM };
}
