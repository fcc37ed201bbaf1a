import { ensure } from '../core/errors';
import { dexterityAdjustments, SIZE_HEIGHT } from './data';
import { masteryOf } from './character';
import type { GreyhawkOptions } from './options';
import { DEFAULT_GREYHAWK_OPTIONS } from './options';
import type { FightingStyle, GreyhawkCharacter, GreyhawkWeapon, Modifier, Size } from './types';

/*
 * Fighting styles (G-ST1..G-ST6) and handedness (G-H1). Style slots: absent = unknown, 0 = known
 * at the base level (every character may fight in any style at base), 1+ = specialisation slots.
 */

export function styleSlots(c: GreyhawkCharacter, style: FightingStyle): number {
  return c.styles?.[style] ?? 0;
}

function hasRanger(c: GreyhawkCharacter): boolean {
  return c.classes.some((k) => k.cls === 'ranger');
}

export type SecondWeapon = 'freeHand' | 'shield' | 'twoWeapons';

export interface HandPenalties {
  readonly main: Modifier[];
  readonly off: Modifier[];
}

/**
 * Penalties when the second hand attacks too: the free hand (G-ST1), a shield manoeuvre (G-ST3),
 * or a second weapon (G-ST4). Base −2/−4, reduced by specialisation, then modified by the DEX
 * reaction adjustment (never into a bonus unless the GM allows it), and the off hand of an
 * ambidextrous character counts as a main hand (G-H1).
 */
export function secondHandPenalties(
  c: GreyhawkCharacter,
  how: SecondWeapon,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
  manoeuvre: 'attack' | 'parry' = 'attack',
): HandPenalties {
  let main = -2;
  let off = -4;
  let source = 'G-ST4';
  if (how === 'freeHand') {
    source = 'G-ST1';
  } else if (how === 'shield') {
    source = 'G-ST3';
    const slots = styleSlots(c, 'shield');
    if (slots >= 2) {
      main = 0;
      off = manoeuvre === 'parry' ? 0 : -2;
    } else if (slots >= 1 && manoeuvre === 'parry') {
      main = 0;
      off = -2;
    }
  } else {
    const slots = styleSlots(c, 'twoWeapons');
    if (hasRanger(c)) {
      main = 0;
      off = 0;
    } else if (slots >= 2) {
      main = 0;
      off = -2;
    }
  }
  if (c.handedness === 'ambidextrous') off = main;
  // Read on every blow with a second weapon: plain arithmetic, only the lists returned are made.
  const reaction = dexterityAdjustments(c.dex).reaction;
  let mainTotal = main + reaction;
  let offTotal = off + reaction;
  if (options.capReactionBonus) {
    mainTotal = Math.min(0, mainTotal);
    offTotal = Math.min(0, offTotal);
  }
  const offMods: Modifier[] = [];
  if (offTotal !== 0) offMods.push({ source, label: 'PDA.Greyhawk.Mod.OffHand', value: offTotal });
  if (c.handedness === 'ambidextrous' && how !== 'freeHand')
    offMods.push({ source: 'G-H1', label: 'PDA.Greyhawk.Mod.Ambidextrous', value: 0 });
  return {
    main: mainTotal === 0 ? [] : [{ source, label: 'PDA.Greyhawk.Mod.MainHand', value: mainTotal }],
    off: offMods,
  };
}

/** G-ST4: −1 to each weapon doing a different manoeuvre, waived for rangers with a style slot. */
export function mixedManoeuvrePenalty(c: GreyhawkCharacter): Modifier[] {
  if (hasRanger(c) && styleSlots(c, 'twoWeapons') >= 1) return [];
  return [{ source: 'G-ST4', label: 'PDA.Greyhawk.Mod.MixedManoeuvres', value: -1 }];
}

/**
 * G-ST4: may these two weapons be wielded together? The off-hand weapon must be shorter unless
 * both are small; equal sizes need a third style slot (rangers: one slot). Throws otherwise.
 */
export function ensureTwoWeaponsAllowed(
  c: GreyhawkCharacter,
  main: GreyhawkWeapon,
  off: GreyhawkWeapon,
): void {
  ensure(main.hands !== 2 && off.hands !== 2, 'PDA.Error.Greyhawk.TwoHandedInPair');
  const order = ['T', 'S', 'M', 'L', 'H', 'G'];
  const m = order.indexOf(main.size);
  const o = order.indexOf(off.size);
  const bothSmall = m <= 1 && o <= 1;
  if (bothSmall || o < m) return;
  const equalAllowed = hasRanger(c) ? styleSlots(c, 'twoWeapons') >= 1 : styleSlots(c, 'twoWeapons') >= 3;
  ensure(o === m && equalAllowed, 'PDA.Error.Greyhawk.OffHandTooLong', { main: main.name, off: off.name });
}

/** G-ST4: two weapons give one extra attack a round (added to the main hand's). */
export const TWO_WEAPON_EXTRA_ATTACKS = 1;

/** G-ST1 specialisation: −1 AC (−2 with a second slot, the maximum) with nothing in the other hand. */
export function freeHandAcBonus(c: GreyhawkCharacter): Modifier[] {
  const slots = Math.min(2, styleSlots(c, 'freeHand'));
  return slots > 0 ? [{ source: 'G-ST1', label: 'PDA.Greyhawk.Mod.FreeHandAc', value: -slots }] : [];
}

/** G-ST1/G-ST2: switching between free hand and two-handed grips each round needs both styles. */
export function canSwitchGrip(c: GreyhawkCharacter, weapon: GreyhawkWeapon): boolean {
  return weapon.hands === 'either' && c.styles?.freeHand !== undefined && c.styles.twoHanded !== undefined;
}

/** G-ST2 specialisation: −3 speed factor with a two-handed grip. */
export function twoHandedSpeedBonus(c: GreyhawkCharacter, twoHanded: boolean): number {
  return twoHanded && styleSlots(c, 'twoHanded') >= 1 ? -3 : 0;
}

/** G-ST2 specialisation: +1 damage wielding a one-handed-capable weapon in both hands. */
export function twoHandedDamageBonus(
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  twoHanded: boolean,
): Modifier[] {
  return twoHanded && weapon.hands === 'either' && styleSlots(c, 'twoHanded') >= 1
    ? [{ source: 'G-ST2', label: 'PDA.Greyhawk.Mod.TwoHandedGrip', value: 1 }]
    : [];
}

// ---------------------------------------------------------------------------------------------
// G-ST5 missile style

export type MoveTaken = 'none' | 'half' | 'full';

/**
 * Missile attacks (per two rounds) left after moving in the missile style: half move halves
 * them (all of them with a specialisation), a full move allows half only with a specialisation.
 */
export function missileStyleAttacks(c: GreyhawkCharacter, perTwoRounds: number, move: MoveTaken): number {
  const spec = styleSlots(c, 'missile') >= 1;
  if (move === 'none') return perTwoRounds;
  if (move === 'half') return spec ? perTwoRounds : Math.floor(perTwoRounds / 2);
  ensure(spec, 'PDA.Error.Greyhawk.FullMoveNoShot');
  return Math.floor(perTwoRounds / 2);
}

/**
 * G-ST5: the missile style works only out of an enemy's melee reach: its height unarmed, 1.5×
 * with a weapon of its own size. Returns the minimum distance in metres.
 */
export function meleeReach(enemySize: Size, armed: boolean): number {
  const h = SIZE_HEIGHT[enemySize];
  return armed ? h * 1.5 : h;
}

export function ensureOutOfReach(distance: number, enemySize: Size, armed: boolean): void {
  const reach = meleeReach(enemySize, armed);
  ensure(distance >= reach, 'PDA.Error.Greyhawk.InMeleeReach', { distance, reach });
}

/** G-ST5 specialisation: −1 AC against missiles. */
export function missileStyleAc(c: GreyhawkCharacter): Modifier[] {
  return styleSlots(c, 'missile') >= 1
    ? [{ source: 'G-ST5', label: 'PDA.Greyhawk.Mod.MissileStyleAc', value: -1 }]
    : [];
}

// ---------------------------------------------------------------------------------------------
// G-ST6 mounted archery

/**
 * Mount speed this round as a fraction of its normal movement (0 = still). The style's
 * specialisation takes 2 off for a bow or crossbow only (a weapon thrown from the saddle, when the
 * ruling allows it, has the table's full modifier).
 */
export function mountedArcheryModifier(
  c: GreyhawkCharacter,
  mountSpeedFraction: number,
  styleWeapon = true,
): Modifier[] {
  let value: number;
  if (mountSpeedFraction <= 0) value = 0;
  else if (mountSpeedFraction < 0.5) value = -1;
  else if (mountSpeedFraction <= 0.75) value = -3;
  else value = -5;
  if (styleWeapon && styleSlots(c, 'mountedArchery') >= 1) value = Math.min(0, value + 2);
  return value === 0 ? [] : [{ source: 'G-ST6', label: 'PDA.Greyhawk.Mod.MountSpeed', value }];
}

/** G-ST6: refuses a long bow without specialisation; reports a heavy crossbow's single shot. */
export function ensureMountedWeapon(
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  mountedThrowing = false,
): { readonly canReload: boolean } {
  const longBow = weapon.base === 'longBow' || weapon.base === 'compositeLongBow';
  if (longBow) {
    const rank = masteryOf(c, weapon.base);
    ensure(rank !== undefined && rank !== 'expert', 'PDA.Error.Greyhawk.LongBowMounted');
  }
  // Ruling (docs/rulings.md): a weapon thrown from the saddle, when the world allows it.
  if (mountedThrowing && weapon.melee && (weapon.ranges?.long ?? 0) > 0) return { canReload: true };
  ensure(
    weapon.kind === 'bow' ||
      weapon.kind === 'lightCrossbow' ||
      weapon.kind === 'heavyCrossbow' ||
      weapon.kind === 'handCrossbow',
    'PDA.Error.Greyhawk.NotMountedMissile',
  );
  return { canReload: weapon.kind !== 'heavyCrossbow' };
}

/** G-ST6: rate of fire (per two rounds) on a moving mount: one less a round, halved at ≤ 1. */
export function mountedRateOfFire(perTwoRounds: number, moving: boolean): number {
  if (!moving) return perTwoRounds;
  return perTwoRounds <= 2 ? perTwoRounds / 2 : perTwoRounds - 2;
}

// ---------------------------------------------------------------------------------------------
// G-H1 handedness

/** Ruling: d100 01–87 right-handed, 88–98 left-handed, 99–00 ambidextrous (data). */
export const HANDEDNESS_TABLE: readonly {
  readonly upTo: number;
  readonly hand: 'right' | 'left' | 'ambidextrous';
}[] = [
  { upTo: 87, hand: 'right' },
  { upTo: 98, hand: 'left' },
  { upTo: 100, hand: 'ambidextrous' },
];

export function handednessFromRoll(d100: number): 'right' | 'left' | 'ambidextrous' {
  return (HANDEDNESS_TABLE.find((r) => d100 <= r.upTo) ?? { hand: 'ambidextrous' }).hand;
}

/** G-H1: a weapon used alone in the unaccustomed hand; ambidexterity removes the penalty. */
export function offHandModifiers(
  c: GreyhawkCharacter,
  options: GreyhawkOptions = DEFAULT_GREYHAWK_OPTIONS,
): Modifier[] {
  if (c.handedness === 'ambidextrous') return [];
  return [{ source: 'G-H1', label: 'PDA.Greyhawk.Mod.UnusualHand', value: options.offHandPenalty }];
}
