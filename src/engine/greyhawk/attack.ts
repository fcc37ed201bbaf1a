import { ensure, RulesError } from '../core/errors';
import { roll, type RollResult } from '../dice/formula';
import type { Dice } from '../dice/port';
import { blowStrength, masteryOf, proficiencyModifiers, thac0 } from './character';
import { dexterityAdjustments, isBowOrCrossbow, isCrossbow, RANGE_MODIFIER, sizeIndex } from './data';
import type { GreyhawkOptions } from './options';
import { inGrip } from './weapon-grip';
import { DEFAULT_GREYHAWK_OPTIONS } from './options';
import {
  mixedManoeuvrePenalty,
  mountedArcheryModifier,
  offHandModifiers,
  secondHandPenalties,
  twoHandedDamageBonus,
  type SecondWeapon,
} from './styles';
import type { GreyhawkCharacter, GreyhawkWeapon, Modifier, Size } from './types';

/*
 * Attack resolution: d20 + modifiers against THAC0 − AC. Every modifier carries the rule that
 * grants it. Positions G-P1, proficiency G-W2/W3/W6, mastery G-S2..G-M2, styles, called shots
 * G-C1 and range are gathered here; manoeuvre-specific modifiers come from manoeuvres.ts.
 */

/** G-P1 positions of a target. */
export type Position = 'standing' | 'kneeling' | 'sitting' | 'prone' | 'helpless';

export interface AttackTarget {
  readonly name?: string;
  readonly ac: number;
  readonly size: Size;
  readonly position?: Position;
  /** Held one-handed by someone (G-G2): −2 AC. */
  readonly held?: boolean;
  /** Pinned to a wall (G-C1): −2 AC. */
  readonly pinned?: boolean;
}

/** 0 = normal; 1 = called shot (+1 initiative, −4); 2 = doubly called (+2, −8). */
export type CalledShot = 0 | 1 | 2;

export interface AttackContext {
  readonly attacker: GreyhawkCharacter;
  readonly weapon: GreyhawkWeapon;
  readonly target: AttackTarget;
  /** Throw or shoot the weapon (missile rules) rather than strike with it. */
  readonly missile?: boolean;
  /** Distance to the target in metres, for missiles. */
  readonly distance?: number;
  readonly calledShot?: CalledShot;
  /** The blow is this manoeuvre, a called shot by nature (see calledShotUse). */
  readonly calledManoeuvre?: CalledManoeuvre;
  /** The hand that strikes. 'off' alone (no second weapon) is the G-H1 unusual hand. */
  readonly hand?: 'main' | 'off';
  /** The other hand attacks too this round (G-ST1, G-ST3, G-ST4). */
  readonly secondHand?: SecondWeapon;
  /** G-ST4: the two weapons do different manoeuvres this round. */
  readonly mixedManoeuvres?: boolean;
  /** G-ST2: a one-handed-capable weapon held in both hands. */
  readonly twoHandedGrip?: boolean;
  /** G-ST6: shooting from a mount; its speed as a fraction of its normal movement. */
  readonly mountSpeedFraction?: number;
  /** The attacker is held one-handed (G-G2) or holds someone (G-G2), or is pinned (G-C1). */
  readonly attackerHampered?: 'held' | 'holding' | 'pinned';
  /** Anything else the GM adds (spells, cover…). */
  readonly extra?: readonly Modifier[];
}

export const POSITION_BONUS: Readonly<Record<Exclude<Position, 'helpless'>, number>> = {
  standing: 0,
  kneeling: 1,
  sitting: 2,
  prone: 4,
};

function isMissileUse(ctx: AttackContext): boolean {
  return ctx.missile === true || !ctx.weapon.melee;
}

export type RangeBand = 'pointBlank' | 'short' | 'medium' | 'long' | 'extreme';

/** G-S3 point blank: bows 2–10 m, crossbows 2–20 m (for specialists only). */
export function pointBlankLimit(weapon: GreyhawkWeapon): number {
  return isCrossbow(weapon.kind) ? 20 : 10;
}

/** Range band of a shot; throws when out of range (G-M2 extends it for high masters). */
export function rangeBand(c: GreyhawkCharacter, weapon: GreyhawkWeapon, distance: number): RangeBand {
  const ranges = weapon.ranges;
  ensure(ranges !== undefined, 'PDA.Error.Greyhawk.NotAMissile', { weapon: weapon.name });
  const rank = masteryOf(c, weapon.base);
  const specialist = rank !== undefined && rank !== 'expert';
  if (specialist && isBowOrCrossbow(weapon.kind) && distance >= 2 && distance <= pointBlankLimit(weapon)) {
    return 'pointBlank';
  }
  if (distance <= ranges.short) return 'short';
  if (distance <= ranges.medium) return 'medium';
  if (distance <= ranges.long) return 'long';
  if ((rank === 'highMaster' || rank === 'grandMaster') && distance <= (ranges.long * 4) / 3)
    return 'extreme';
  throw new RulesError('PDA.Error.Greyhawk.OutOfRange', { weapon: weapon.name, distance, max: ranges.long });
}

/** G-S2..G-M2: the to-hit part of specialisation and mastery. */
function masteryHit(
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  missile: boolean,
  band?: RangeBand,
): Modifier[] {
  const rank = masteryOf(c, weapon.base);
  if (rank === undefined || rank === 'expert') return [];
  const master = rank !== 'specialist';
  if (!missile) {
    return [master ? mod('G-M1', 'Mastery', 2) : mod('G-S2', 'Specialist', 1)];
  }
  if (isBowOrCrossbow(weapon.kind)) {
    if (master && band !== 'pointBlank') return [mod('G-M1', 'Mastery', 2)];
    return [mod('G-S3', 'Specialist', 1)];
  }
  return [master ? mod('G-M1', 'Mastery', 2) : mod('G-S4', 'Specialist', 1)];
}

/** Adds the modifiers at the end of the list (a loop: a spread into push is slower, every blow). */
function append(mods: Modifier[], more: readonly Modifier[]): void {
  for (let k = 0; k < more.length; k++) mods.push(more[k]!);
}

function mod(source: string, label: string, value: number): Modifier {
  return { source, label: `PDA.Greyhawk.Mod.${label}`, value };
}

/** Every to-hit modifier of an attack, each with its source rule. */
export function attackModifiers(
  ctx: AttackContext,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): Modifier[] {
  const { attacker: c, weapon, target } = ctx;
  const missile = isMissileUse(ctx);
  const mods: Modifier[] = [];
  const str = blowStrength(c);
  const thrown = missile && weapon.melee;
  if (!missile || thrown) {
    if (str.hit !== 0) mods.push(mod('base', 'Strength', str.hit));
  }
  if (missile) {
    const dex = dexterityAdjustments(c.dex).missile;
    if (dex !== 0) mods.push(mod('base', 'DexMissile', dex));
  }
  if (weapon.magic !== 0) mods.push(mod('base', 'Magic', weapon.magic));
  append(mods, proficiencyModifiers(c, weapon));
  if (c.weaponOfChoice === weapon.base) mods.push(mod('G-W6', 'WeaponOfChoice', 1));

  let band: RangeBand | undefined;
  if (missile) {
    ensure(ctx.distance !== undefined, 'PDA.Error.Greyhawk.NoDistance');
    band = rangeBand(c, weapon, ctx.distance);
    if (band === 'medium') mods.push(mod('base', 'RangeMedium', RANGE_MODIFIER.medium));
    if (band === 'long') mods.push(mod('base', 'RangeLong', RANGE_MODIFIER.long));
    if (band === 'extreme') mods.push(mod('G-M2', 'RangeExtreme', -10));
  }
  append(mods, masteryHit(c, weapon, missile, band));

  append(mods, calledShotHitModifier(calledShotUse(ctx.calledManoeuvre, ctx.calledShot)));

  const pos = target.position ?? 'standing';
  if (pos !== 'helpless' && POSITION_BONUS[pos] !== 0) {
    mods.push(mod('G-P1', `Position.${pos}`, POSITION_BONUS[pos]));
  }
  if (target.held) mods.push(mod('G-G2', 'TargetHeld', 2));
  if (target.pinned) mods.push(mod('G-C1', 'TargetPinned', 2));
  if (ctx.attackerHampered === 'held' || ctx.attackerHampered === 'holding')
    mods.push(mod('G-G2', 'Hampered', -2));
  if (ctx.attackerHampered === 'pinned') mods.push(mod('G-C1', 'Pinned', -2));

  if (ctx.secondHand) {
    const p = secondHandPenalties(c, ctx.secondHand, options);
    append(mods, ctx.hand === 'off' ? p.off : p.main);
    if (ctx.mixedManoeuvres && ctx.secondHand === 'twoWeapons') append(mods, mixedManoeuvrePenalty(c));
  } else if (ctx.hand === 'off') {
    append(mods, offHandModifiers(c, options));
  }
  if (ctx.mountSpeedFraction !== undefined)
    append(mods, mountedArcheryModifier(c, ctx.mountSpeedFraction, isBowOrCrossbow(weapon.kind)));
  append(mods, ctx.extra ?? []);
  return mods.filter((m) => m.value !== 0 || m.source === 'G-H1');
}

export function total(mods: readonly Modifier[]): number {
  return mods.reduce((s, m) => s + m.value, 0);
}

export type AttackOutcome = 'hit' | 'miss';

export interface AttackResult {
  readonly natural: number | null;
  readonly modifiers: readonly Modifier[];
  readonly modifierTotal: number;
  /** The d20 + modifiers needed: THAC0 − AC. */
  readonly needed: number;
  readonly thac0: number;
  readonly total: number | null;
  readonly outcome: AttackOutcome;
  /** Why the outcome did not follow the numbers: natural 20/1, or a helpless target (G-P1). */
  readonly automatic?: 'natural20' | 'natural1' | 'helpless';
  /**
   * With the optional critical hits, the lowest natural roll that is a critical (20; 19 for a
   * high or grand master's melee weapon, G-M2); `hit` when this attack is one.
   */
  readonly critical?: { readonly threshold: number; readonly hit: boolean };
}

/** Compares a d20 (already rolled) with THAC0 − AC. Exposed for property tests and the bench. */
export function judgeAttack(
  natural: number,
  attackerThac0: number,
  ac: number,
  mods: readonly Modifier[],
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): AttackResult {
  const modifierTotal = total(mods);
  const needed = attackerThac0 - ac;
  const sum = natural + modifierTotal;
  let outcome: AttackOutcome = sum >= needed ? 'hit' : 'miss';
  let automatic: AttackResult['automatic'];
  if (options.naturalRolls && natural === 20) {
    outcome = 'hit';
    automatic = 'natural20';
  } else if (options.naturalRolls && natural === 1) {
    outcome = 'miss';
    automatic = 'natural1';
  }
  // Two literals rather than a spread of an optional key: no object made only to be copied.
  if (automatic)
    return {
      natural,
      modifiers: mods,
      modifierTotal,
      needed,
      thac0: attackerThac0,
      total: sum,
      outcome,
      automatic,
    };
  return { natural, modifiers: mods, modifierTotal, needed, thac0: attackerThac0, total: sum, outcome };
}

/**
 * DMG optional critical hits: the lowest natural d20 that is a critical. A natural 20; G-M2 a high
 * or grand master's chance with a melee weapon doubled: 19–20.
 */
export function criticalThreshold(c: GreyhawkCharacter, weapon: GreyhawkWeapon, missile: boolean): number {
  const rank = masteryOf(c, weapon.base);
  return !missile && (rank === 'highMaster' || rank === 'grandMaster') ? 19 : 20;
}

/** The critical part of a rolled attack (none when the option is off or nothing was rolled). */
function withCritical(result: AttackResult, ctx: AttackContext, options: GreyhawkOptions): AttackResult {
  if (!options.criticalHits || result.natural === null) return result;
  const threshold = criticalThreshold(ctx.attacker, ctx.weapon, isMissileUse(ctx));
  return { ...result, critical: { threshold, hit: result.outcome === 'hit' && result.natural >= threshold } };
}

/**
 * Rolls an attack through the dice port. A helpless target (asleep, paralysed) is hit without a
 * roll by any attacker, a shot or a throw as well as a blow (G-P1 names no exception).
 */
export function resolveAttack(
  ctx: AttackContext,
  dice: Dice,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): AttackResult {
  const mods = attackModifiers(ctx, options);
  const t = thac0(ctx.attacker);
  if (ctx.target.position === 'helpless') {
    return {
      natural: null,
      modifiers: mods,
      modifierTotal: total(mods),
      needed: t - ctx.target.ac,
      thac0: t,
      total: null,
      outcome: 'hit',
      automatic: 'helpless',
    };
  }
  return withCritical(judgeAttack(dice.die(20), t, ctx.target.ac, mods, options), ctx, options);
}

// ---------------------------------------------------------------------------------------------
// Damage

export interface DamageContext extends AttackContext {
  /** G-C1 hostage blade at the throat, G-SH2 braced weapon against a rush: damage doubled. */
  readonly double?: boolean;
  /** A critical hit (DMG optional rule): the damage dice rolled twice, the modifiers once. */
  readonly critical?: boolean;
}

/** Damage modifiers: STR (melee and thrown), magic, mastery (G-S2, G-S3, G-M1), G-ST2 grip. */
export function damageModifiers(ctx: AttackContext): Modifier[] {
  const { attacker: c, weapon } = ctx;
  const missile = isMissileUse(ctx);
  const mods: Modifier[] = [];
  const str = blowStrength(c);
  if ((!missile || weapon.melee) && str.damage !== 0) mods.push(mod('base', 'Strength', str.damage));
  if (weapon.magic !== 0) mods.push(mod('base', 'Magic', weapon.magic));
  const rank = masteryOf(c, weapon.base);
  if (rank !== undefined && rank !== 'expert') {
    const master = rank !== 'specialist';
    if (!missile) mods.push(master ? mod('G-M1', 'Mastery', 3) : mod('G-S2', 'Specialist', 2));
    else if (isBowOrCrossbow(weapon.kind) && ctx.distance !== undefined) {
      const band = rangeBand(c, weapon, ctx.distance);
      if (band === 'pointBlank')
        mods.push(master ? mod('G-M1', 'PointBlank', 3) : mod('G-S3', 'PointBlank', 2));
    }
  }
  if (!missile) append(mods, twoHandedDamageBonus(c, weapon, ctx.twoHandedGrip === true));
  return mods;
}

export interface DamageResult {
  readonly roll: RollResult;
  /** A critical hit's second roll of the damage dice. */
  readonly criticalRoll?: RollResult;
  readonly modifiers: readonly Modifier[];
  /** Final damage, at least 1 (ruling: a hit always hurts). */
  readonly total: number;
  readonly doubled: boolean;
}

export function rollDamage(ctx: DamageContext, dice: Dice): DamageResult {
  const large = sizeIndex(ctx.target.size) >= sizeIndex('L');
  // PHB: a bastard sword in both hands rolls its two-handed damage (2d4/2d8).
  const weapon = inGrip(ctx.weapon, ctx.twoHandedGrip === true && !isMissileUse(ctx));
  const formula = large ? weapon.damageL : weapon.damageSM;
  const r = roll(formula, dice);
  // DMG critical hit: the dice again, not the result doubled; modifiers count once.
  const again = ctx.critical ? roll(formula, dice) : undefined;
  const mods = damageModifiers(ctx);
  const base = Math.max(1, r.total + (again?.total ?? 0) + total(mods));
  return {
    roll: r,
    ...(again ? { criticalRoll: again } : {}),
    modifiers: mods,
    total: ctx.double ? base * 2 : base,
    doubled: ctx.double === true,
  };
}

/** Manoeuvres whose blow is a called shot by nature (G-D1 disarm, G-D5 expert disarm). */
export type CalledManoeuvre = 'disarm' | 'expertDisarm';

/** How hard a declared blow is called, and the rule that makes it so. */
export interface CalledShotUse {
  /** 1 = called (+1 initiative, −4 to hit), 2 = doubly called (+2, −8). */
  readonly level: 1 | 2;
  readonly source: string;
  /** Label suffix (PDA.Greyhawk.Init.* and PDA.Greyhawk.Mod.*). */
  readonly label: string;
}

/**
 * The one reading of a declared called shot that the tracker's initiative and the card's roll
 * both use. A disarm is a called shot (G-D1) and an expert disarm the doubly called blow
 * itself (G-D5): a called-shot tick on either adds nothing. Any other attack is called as
 * declared (G-C1). Null: not a called shot.
 */
export function calledShotUse(
  manoeuvre: CalledManoeuvre | undefined,
  declared: CalledShot | undefined,
): CalledShotUse | null {
  if (manoeuvre === 'expertDisarm') return { level: 2, source: 'G-D5', label: 'ExpertDisarm' };
  if (manoeuvre === 'disarm') return { level: 1, source: 'G-D1', label: 'Disarm' };
  if (declared === 1) return { level: 1, source: 'G-C1', label: 'CalledShot' };
  if (declared === 2) return { level: 2, source: 'G-C1', label: 'DoublyCalledShot' };
  return null;
}

/** Initiative modifier of a called shot: +1, doubly +2 (G-C1, G-D1, G-D5). */
export function calledShotInitiativeModifier(use: CalledShotUse | null): Modifier[] {
  return use ? [{ source: use.source, label: `PDA.Greyhawk.Init.${use.label}`, value: use.level }] : [];
}

/** To-hit modifier of a called shot: −4, doubly −8 (G-C1, G-D1, G-D5). */
export function calledShotHitModifier(use: CalledShotUse | null): Modifier[] {
  return use ? [mod(use.source, use.label, use.level === 2 ? -8 : -4)] : [];
}
