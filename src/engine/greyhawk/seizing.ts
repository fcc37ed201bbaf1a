import { ensure } from '../core/errors';
import type { Dice } from '../dice/port';
import { resolveAttack, total, type AttackContext, type AttackResult } from './attack';
import { effectiveStrPercent } from './character';
import { CRUSHING_BLOW_SAVE, exceptionalBand, MONSTER_STR, sizeIndex } from './data';
import type { GreyhawkOptions } from './options';
import { DEFAULT_GREYHAWK_OPTIONS } from './options';
import type { GreyhawkCharacter, GreyhawkWeapon, ItemMaterial, Modifier, Size } from './types';
import { mod } from './modifier';

/**
 * Greyhawk seizing: G-G1..G-G3 (strength contests, seizing an object or a person, holds).
 * Split from manoeuvres.ts, which re-exports them.
 */

export interface HoldState {
  readonly holderId: string;
  readonly victimId: string;
  /** Full rounds the victim has been held. */
  readonly rounds: number;
  /** G-C1 hostage: a blade at the throat; any strike does double damage. */
  readonly bladeAtThroat?: boolean;
}

// ---------------------------------------------------------------------------------------------
// G-G1..G-G3 seizing

export interface Contestant {
  readonly name: string;
  readonly str: number;
  readonly strPercent?: number;
}

/** A contestant from a character; monsters without a STR score use G-G3 by size. */
export function contestantOf(c: GreyhawkCharacter, useSizeStr = false): Contestant {
  if (useSizeStr) return { name: c.name, str: MONSTER_STR[c.size] };
  const percent = effectiveStrPercent(c);
  return { name: c.name, str: c.str, ...(percent !== undefined ? { strPercent: percent } : {}) };
}

export interface ContestRoll {
  readonly attackerRoll: number;
  readonly defenderRoll: number;
  readonly attackerMargin: number;
  readonly defenderMargin: number;
}

export interface ContestResult {
  readonly rolls: readonly ContestRoll[];
  readonly winner: 'attacker' | 'defender';
  /** Both rolled over their STR (or a 20): the GM may let the object drop. */
  readonly mayDrop: boolean;
  /** The tie went to the higher exceptional strength percentage. */
  readonly byPercent?: boolean;
}

/** Rerolls allowed on ties before the defender keeps hold (ruling). */
export const MAX_CONTEST_ROLLS = 20;

/**
 * G-G1 STR contest: each rolls 1d20, margin = STR − roll, larger margin wins. On a tie, the
 * higher exceptional percentage wins; otherwise both roll again.
 */
export function strengthContest(
  attacker: Contestant,
  defender: Contestant,
  dice: Dice,
  attackerStr = attacker.str,
  defenderStr = defender.str,
): ContestResult {
  const rolls: ContestRoll[] = [];
  for (let i = 0; i < MAX_CONTEST_ROLLS; i++) {
    const a = dice.die(20);
    const d = dice.die(20);
    const r = {
      attackerRoll: a,
      defenderRoll: d,
      attackerMargin: attackerStr - a,
      defenderMargin: defenderStr - d,
    };
    rolls.push(r);
    const mayDrop = (a > attackerStr || a === 20) && (d > defenderStr || d === 20);
    if (r.attackerMargin !== r.defenderMargin) {
      return { rolls, winner: r.attackerMargin > r.defenderMargin ? 'attacker' : 'defender', mayDrop };
    }
    const ap = attacker.strPercent ?? 0;
    const dp = defender.strPercent ?? 0;
    if (ap !== dp) return { rolls, winner: ap > dp ? 'attacker' : 'defender', mayDrop, byPercent: true };
  }
  return { rolls, winner: 'defender', mayDrop: false };
}

export interface ItemSave {
  readonly roll: number;
  readonly target: number;
  readonly saved: boolean;
}

/** Item saving throw vs crushing blow: d20 ≥ the material's number, magic adds its plus. */
export function itemSaveCrushingBlow(material: ItemMaterial, magic: number, dice: Dice): ItemSave {
  const target = CRUSHING_BLOW_SAVE[material];
  const r = dice.die(20);
  return { roll: r, target, saved: r + magic >= target };
}

export interface SeizeObjectResult {
  readonly attack: AttackResult;
  readonly contest?: ContestResult;
  readonly itemSave?: ItemSave;
  readonly outcome: 'missed' | 'taken' | 'kept' | 'destroyed';
}

/**
 * G-G1: a hit puts a hand on the object, then the STR contest decides. Needs a free hand; a
 * fragile object saves vs crushing blow or breaks in the struggle.
 */
export function seizeObject(
  ctx: AttackContext & {
    readonly freeHands: number;
    readonly defender: Contestant;
    readonly fragile?: { readonly material: ItemMaterial; readonly magic: number };
  },
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): SeizeObjectResult {
  ensure(ctx.freeHands >= 1, 'PDA.Error.Greyhawk.NoFreeHand', { name: ctx.attacker.name });
  const attack = resolveAttack(ctx, dice, options);
  if (attack.outcome === 'miss') return { attack, outcome: 'missed' };
  const contest = strengthContest(contestantOf(ctx.attacker), ctx.defender, dice);
  if (ctx.fragile) {
    const itemSave = itemSaveCrushingBlow(ctx.fragile.material, ctx.fragile.magic, dice);
    if (!itemSave.saved) return { attack, contest, itemSave, outcome: 'destroyed' };
    return { attack, contest, itemSave, outcome: contest.winner === 'attacker' ? 'taken' : 'kept' };
  }
  return { attack, contest, outcome: contest.winner === 'attacker' ? 'taken' : 'kept' };
}

/**
 * G-G2 one-handed hold: STR − 3, each exceptional band counting 1 point (18/00 = 23), +3 against a
 * smaller size, −6 against a larger one.
 */
export function oneHandedHoldStr(holder: Contestant, holderSize: Size, victimSize: Size): Modifier[] {
  const band = exceptionalBand(holder.str, holder.strPercent);
  const mods: Modifier[] = [];
  if (band > 0) mods.push(mod('G-G2', 'ExceptionalBands', band));
  mods.push(mod('G-G2', 'OneHand', -3));
  const diff = sizeIndex(victimSize) - sizeIndex(holderSize);
  if (diff < 0) mods.push(mod('G-G2', 'SmallerVictim', 3));
  if (diff > 0) mods.push(mod('G-G2', 'LargerVictim', -6));
  return mods;
}

export interface SeizePersonResult {
  readonly attack: AttackResult;
  readonly contest?: ContestResult;
  readonly holderStr?: number;
  readonly hold?: HoldState;
}

export function seizePerson(
  ctx: AttackContext & {
    readonly freeHands: number;
    readonly victimId: string;
    readonly victim: Contestant;
    readonly victimSize: Size;
  },
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): SeizePersonResult {
  ensure(ctx.freeHands >= 1, 'PDA.Error.Greyhawk.NoFreeHand', { name: ctx.attacker.name });
  const attack = resolveAttack(ctx, dice, options);
  if (attack.outcome === 'miss') return { attack };
  const holder = contestantOf(ctx.attacker, ctx.attacker.monster !== undefined && ctx.attacker.str <= 0);
  const holderStr = holder.str + total(oneHandedHoldStr(holder, ctx.attacker.size, ctx.victimSize));
  const contest = strengthContest(holder, ctx.victim, dice, holderStr);
  return {
    attack,
    contest,
    holderStr,
    ...(contest.winner === 'attacker'
      ? { hold: { holderId: ctx.attacker.id, victimId: ctx.victimId, rounds: 0 } }
      : {}),
  };
}

/** G-G2: at the start of each later round the victim may break free by a new contest. */
export function escapeHold(
  hold: HoldState,
  holder: Contestant,
  holderStr: number,
  victim: Contestant,
  dice: Dice,
): { readonly contest: ContestResult; readonly hold?: HoldState } {
  const contest = strengthContest(victim, holder, dice, victim.str, holderStr);
  return contest.winner === 'attacker'
    ? { contest }
    : { contest, hold: { ...hold, rounds: hold.rounds + 1 } };
}

/** G-G2: a holder refuses a two-handed weapon. */
export function ensureHolderWeapon(weapon: GreyhawkWeapon, twoHandedGrip: boolean): void {
  ensure(weapon.hands !== 2 && !twoHandedGrip, 'PDA.Error.Greyhawk.TwoHandedWhileHolding');
}
