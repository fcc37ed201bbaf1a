import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { WEAPONS, weaponsAdvantage, type SouffleWeapon } from './equipment';
import { rollLevel, type LadderRoll } from './ladder';
import { DEFAULT_OPTIONS, type SouffleOptions } from './options';

/**
 * Attacks (S-AT1..S-AT7, S-A4). An attack rolls the advantage dice of its level and gives a
 * potential damage; the defence then reduces it (./defence.ts).
 */

export type AttackKind = 'melee' | 'ranged';
export type CharacteristicId = 'geste' | 'vigueur' | 'acuite';

/** S-AT1: melee adds geste or vigueur; S-AT4: ranged adds geste or acuité. */
export const ATTACK_CHARACTERISTICS: Readonly<Record<AttackKind, readonly CharacteristicId[]>> = {
  melee: ['geste', 'vigueur'],
  ranged: ['geste', 'acuite'],
};

/** What the aiming short action (S-AT7) prepared for the next attack. */
export type AimKind = 'viser' | 'feinte' | 'desarmer' | 'assommer';

export interface AttackInput {
  readonly kind: AttackKind;
  readonly characteristic: { readonly id: CharacteristicId; readonly value: number };
  /** The level of the métier relevant to the situation. */
  readonly metier: number;
  /** Weapons used for this attack; empty or omitted: bare hands. Two one-handed weapons: +1. */
  readonly weapons?: readonly SouffleWeapon[];
  /** Context advantage levels (S-A4, see contextAdvantage). */
  readonly context?: number;
  /** The aim or manoeuvre prepared by a previous short action (S-AT7, S-MN1..S-MN3). */
  readonly aim?: AimKind;
  /** Any other levels the GM grants or imposes. */
  readonly extraLevels?: number;
}

export interface AttackResult {
  readonly kind: AttackKind;
  readonly level: number;
  readonly roll: LadderRoll;
  /** The dice's result (kept die). */
  readonly die: number;
  /** Weapon damage bonus. */
  readonly weaponDamage: number;
  /** Characteristic + métier when they feed the sum. */
  readonly statsDamage: number;
  /** Souffle spent forcing (S-AT2). */
  readonly forced: number;
  /** Potential damage: die + forced + weapon + stats. */
  readonly potential: number;
  /** Souffle that may still be spent forcing (0 for ranged attacks). */
  readonly maxForce: number;
  readonly aim?: AimKind;
  /** The weapons used (bare hands when none). */
  readonly weapons: readonly SouffleWeapon[];
}

/** S-AT7: +1 advantage after aiming, except after a feint (S-MN1), which hinders the foe instead. */
export function aimAdvantage(aim: AimKind | undefined): number {
  return aim === undefined || aim === 'feinte' ? 0 : 1;
}

/** The advantage level of an attack, without rolling. */
export function attackLevel(
  input: AttackInput,
  options: Pick<SouffleOptions, 'meleeStats' | 'rangedStats'>,
): number {
  checkAttack(input);
  const held = heldWeapons(input);
  const statsInLevel = (input.kind === 'melee' ? options.meleeStats : options.rangedStats) === 'level';
  return (
    weaponsAdvantage(held) +
    (input.context ?? 0) +
    aimAdvantage(input.aim) +
    (input.extraLevels ?? 0) +
    (statsInLevel ? input.characteristic.value + input.metier : 0)
  );
}

function heldWeapons(input: AttackInput): readonly SouffleWeapon[] {
  const held = input.weapons ?? [];
  return held.length === 0 ? [WEAPONS.mainsNues as SouffleWeapon] : held;
}

function checkAttack(input: AttackInput): void {
  if (!ATTACK_CHARACTERISTICS[input.kind]?.includes(input.characteristic.id)) {
    throw new RulesError('PDA.Error.SouffleAttackCharacteristic', {
      kind: input.kind,
      characteristic: input.characteristic.id,
    });
  }
  for (const w of input.weapons ?? []) {
    if (w.ranged !== (input.kind === 'ranged')) {
      throw new RulesError('PDA.Error.SouffleWeaponKind', { weapon: w.id, kind: input.kind });
    }
  }
  if (input.kind === 'ranged' && (input.weapons ?? []).length === 0) {
    throw new RulesError('PDA.Error.SouffleWeaponKind', { weapon: 'mainsNues', kind: input.kind });
  }
  if (input.aim === 'feinte' && input.kind !== 'melee')
    throw new RulesError('PDA.Error.SouffleMeleeOnly', { what: 'feinte' });
}

/** Rolls an attack (S-AT1 melee, S-AT4 ranged). */
export function resolveAttack(
  input: AttackInput,
  dice: Dice,
  options: SouffleOptions = DEFAULT_OPTIONS,
): AttackResult {
  const level = attackLevel(input, options);
  const held = heldWeapons(input);
  const statsInLevel = (input.kind === 'melee' ? options.meleeStats : options.rangedStats) === 'level';
  const roll = rollLevel(options.ladder, level, dice);
  // With two weapons, the better damage bonus counts (S-AT3: two long swords, +3).
  let weaponDamage = -Infinity;
  for (const w of held) if (w.damage > weaponDamage) weaponDamage = w.damage;
  const statsDamage = statsInLevel ? 0 : input.characteristic.value + input.metier;
  const attack: { -readonly [K in keyof AttackResult]: AttackResult[K] } = {
    kind: input.kind,
    level,
    roll,
    die: roll.value,
    weaponDamage,
    statsDamage,
    forced: 0,
    potential: roll.value + weaponDamage + statsDamage,
    maxForce: 0,
    weapons: held,
    ...(input.aim ? { aim: input.aim } : {}),
  };
  // The room to force read on the attack itself (one object made per attack: a simulation
  // resolves thousands of them).
  attack.maxForce = forceRoom(attack, options);
  return attack;
}

/**
 * S-AT2: souffle that may still be spent forcing a melee attack, one point per damage point.
 * 'die' cap (S-AT3 example): die + forced ≤ the kept die's faces; 'ten' cap (rule text):
 * die + forced ≤ 10.
 */
export function forceRoom(attack: AttackResult, options: Pick<SouffleOptions, 'forceCap'>): number {
  if (attack.kind !== 'melee') return 0;
  const cap = options.forceCap === 'ten' ? 10 : attack.roll.keptMax;
  return Math.max(0, cap - attack.die - attack.forced);
}

/**
 * Forces a melee attack with `souffle` points; `available` is the attacker's current souffle.
 * Returns the new attack; the caller takes the souffle off the attacker (spendSouffle).
 */
export function forceAttack(
  attack: AttackResult,
  souffle: number,
  available: number,
  options: SouffleOptions = DEFAULT_OPTIONS,
): AttackResult {
  if (attack.kind !== 'melee') throw new RulesError('PDA.Error.SouffleMeleeOnly', { what: 'force' });
  if (!Number.isInteger(souffle) || souffle < 1) {
    throw new RulesError('PDA.Error.OutOfRange', {
      what: 'souffle',
      value: String(souffle),
      min: 1,
      max: attack.maxForce,
    });
  }
  const room = forceRoom(attack, options);
  if (souffle > room) throw new RulesError('PDA.Error.SouffleForceCap', { souffle, max: room });
  if (souffle > available) throw new RulesError('PDA.Error.SouffleNotEnoughSouffle', { souffle, available });
  const forced = attack.forced + souffle;
  const next = { ...attack, forced, potential: attack.potential + souffle };
  return { ...next, maxForce: forceRoom(next, options) };
}

/** Ranged distance free of penalty (S-AT5). */
export const RANGE_FREE_METRES = 20;
export const RANGE_STEP_METRES = 10;

/**
 * S-AT5: beyond 20 m the target gains +1 defensive advantage per full 10 m, less one per métier
 * level of the shooter, never below 0 (45 m, métier 3 → +2 − 3 → 0).
 */
export function distanceDefence(
  distanceMetres: number,
  shooterMetier: number,
): { raw: number; level: number } {
  if (!Number.isFinite(distanceMetres) || distanceMetres < 0) {
    throw new RulesError('PDA.Error.OutOfRange', {
      what: 'distance',
      value: String(distanceMetres),
      min: 0,
      max: 10000,
    });
  }
  const raw =
    distanceMetres > RANGE_FREE_METRES
      ? Math.floor((distanceMetres - RANGE_FREE_METRES) / RANGE_STEP_METRES)
      : 0;
  return { raw, level: Math.max(0, raw - Math.max(0, shooterMetier)) };
}

/** S-A4 context. Each circumstance is worth at least +1; the GM may give more. */
export interface ContextInput {
  /** A terrain only this fighter masters (sea, marsh, balance): true (+1) or a level ≥ 1. */
  readonly terrain?: boolean | number;
  /** Outnumbering: fighters on this side against the foes facing them. */
  readonly outnumber?: { readonly us: number; readonly them: number };
  /** Seeing a missile come from afar (defence only): true (+1) or a level ≥ 1. */
  readonly missileFromAfar?: boolean | number;
}

function atLeastOne(value: boolean | number | undefined, what: string): number {
  if (value === undefined || value === false) return 0;
  if (value === true) return 1;
  if (!Number.isInteger(value) || value < 1) {
    throw new RulesError('PDA.Error.OutOfRange', { what, value: String(value), min: 1, max: 99 });
  }
  return value;
}

export function contextAdvantage(
  context: ContextInput,
  options: Pick<SouffleOptions, 'outnumberPerAlly'> = DEFAULT_OPTIONS,
): number {
  let levels =
    atLeastOne(context.terrain, 'terrain') + atLeastOne(context.missileFromAfar, 'missileFromAfar');
  const o = context.outnumber;
  if (o) {
    if (!Number.isInteger(o.us) || !Number.isInteger(o.them) || o.us < 1 || o.them < 1) {
      throw new RulesError('PDA.Error.OutOfRange', {
        what: 'outnumber',
        value: `${o.us}/${o.them}`,
        min: 1,
        max: 99,
      });
    }
    if (o.us > o.them) levels += Math.max(1, Math.floor(o.us / o.them) - 1) * options.outnumberPerAlly;
  }
  return levels;
}

/** S-AT7: hit locations a fighter who aimed may choose (narrative: the seed gives no effects). */
export const HIT_LOCATIONS = [
  'tete',
  'torse',
  'brasDroit',
  'brasGauche',
  'jambeDroite',
  'jambeGauche',
] as const;
export type HitLocation = (typeof HIT_LOCATIONS)[number];

/** S-AT7: the attacker chooses the location when they aimed and at least 1 damage got through. */
export function mayChooseLocation(attack: Pick<AttackResult, 'aim'>, taken: number): boolean {
  return attack.aim === 'viser' && taken >= 1;
}

/** S-AT6: a foe within this many metres (an adjacent square, diagonals included) has reach. */
export const MELEE_REACH_METRES = 2.5;

export function withinReach(distanceMetres: number | null): boolean {
  return distanceMetres !== null && distanceMetres <= MELEE_REACH_METRES;
}

/** S-AT6: an opportunity attack is a melee blow: the first equipped melee weapon, else bare hands. */
export function opportunityWeapon(equipped: readonly SouffleWeapon[]): SouffleWeapon {
  return equipped.find((w) => !w.ranged) ?? WEAPONS['mainsNues']!;
}
