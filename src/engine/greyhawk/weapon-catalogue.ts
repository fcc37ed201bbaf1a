import type { GreyhawkWeapon, RangeBands } from './types';

/**
 * The Greyhawk weapon catalogue (PHB weapon table, G-W*): each base weapon's kind, size, speed,
 * damage and range bands. Split from data.ts, which re-exports it.
 */

// ---------------------------------------------------------------------------------------------
// Weapon catalogue (PHB table 44, ranges in metres as the French edition prints them).

type CatalogueEntry = Omit<GreyhawkWeapon, 'id' | 'base' | 'name' | 'magic'> & {
  /** A one-or-two-handed weapon's other figures when held in both hands (PHB table 44). */
  readonly twoHanded?: TwoHandedProfile;
};

/** Speed and damage of a weapon held in both hands, where the PHB gives them apart. */
export interface TwoHandedProfile {
  readonly speed: number;
  readonly damageSM: string;
  readonly damageL: string;
}

/**
 * The figures a weapon has in the grip it is used with: a bastard sword in both hands is the
 * PHB's two-handed line (speed 8, 2d4/2d8); any other weapon keeps its own. Only a weapon whose
 * figures are still the catalogue's one-handed ones takes the line (a GM's own numbers stay).
 */
export function inGrip<W extends Pick<GreyhawkWeapon, 'base' | 'hands' | 'speed' | 'damageSM' | 'damageL'>>(
  weapon: W,
  twoHanded: boolean,
): W {
  const entry = WEAPONS[weapon.base];
  const two = entry?.twoHanded;
  if (!twoHanded || !two || weapon.hands !== 'either') return weapon;
  const catalogue =
    weapon.speed === entry.speed && weapon.damageSM === entry.damageSM && weapon.damageL === entry.damageL;
  return catalogue ? { ...weapon, speed: two.speed, damageSM: two.damageSM, damageL: two.damageL } : weapon;
}

const r = (short: number, medium: number, long: number): RangeBands => ({ short, medium, long });

export const WEAPONS: Readonly<Record<string, CatalogueEntry>> = {
  battleAxe: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 7,
    damageSM: '1d8',
    damageL: '1d8',
    edged: true,
    material: 'metal',
  },
  handAxe: {
    kind: 'thrown',
    melee: true,
    hands: 1,
    size: 'M',
    speed: 4,
    damageSM: '1d6',
    damageL: '1d4',
    ranges: r(10, 20, 30),
    edged: true,
    material: 'metal',
  },
  bastardSword: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 6,
    damageSM: '1d8',
    damageL: '1d12',
    // PHB: held in both hands, speed 8 and 2d4/2d8.
    twoHanded: { speed: 8, damageSM: '2d4', damageL: '2d8' },
    edged: true,
    material: 'metal',
  },
  broadSword: {
    kind: 'melee',
    melee: true,
    hands: 1,
    size: 'M',
    speed: 5,
    damageSM: '2d4',
    damageL: '1d6+1',
    edged: true,
    material: 'metal',
  },
  longSword: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 5,
    damageSM: '1d8',
    damageL: '1d12',
    edged: true,
    material: 'metal',
  },
  scimitar: {
    kind: 'melee',
    melee: true,
    hands: 1,
    size: 'M',
    speed: 5,
    damageSM: '1d8',
    damageL: '1d8',
    edged: true,
    material: 'metal',
  },
  shortSword: {
    kind: 'melee',
    melee: true,
    hands: 1,
    size: 'S',
    speed: 3,
    damageSM: '1d6',
    damageL: '1d8',
    edged: true,
    material: 'metal',
  },
  twoHandedSword: {
    kind: 'melee',
    melee: true,
    hands: 2,
    size: 'L',
    speed: 10,
    damageSM: '1d10',
    damageL: '3d6',
    edged: true,
    material: 'metal',
  },
  dagger: {
    kind: 'thrownDagger',
    melee: true,
    hands: 1,
    size: 'S',
    speed: 2,
    damageSM: '1d4',
    damageL: '1d3',
    ranges: r(10, 20, 30),
    edged: true,
    material: 'metal',
  },
  knife: {
    kind: 'thrownDagger',
    melee: true,
    hands: 1,
    size: 'S',
    speed: 2,
    damageSM: '1d3',
    damageL: '1d2',
    ranges: r(10, 20, 30),
    edged: true,
    material: 'metal',
  },
  dart: {
    kind: 'dart',
    melee: false,
    hands: 1,
    size: 'T',
    speed: 2,
    damageSM: '1d3',
    damageL: '1d2',
    ranges: r(10, 20, 40),
    material: 'metal',
  },
  club: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 4,
    damageSM: '1d6',
    damageL: '1d3',
    material: 'wood',
  },
  footmansFlail: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 7,
    damageSM: '1d6+1',
    damageL: '2d4',
    material: 'metal',
  },
  footmansMace: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 7,
    damageSM: '1d6+1',
    damageL: '1d6',
    material: 'metal',
  },
  morningStar: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 7,
    damageSM: '2d4',
    damageL: '1d6+1',
    material: 'metal',
  },
  footmansPick: {
    kind: 'melee',
    melee: true,
    hands: 1,
    size: 'M',
    speed: 7,
    damageSM: '1d6+1',
    damageL: '2d4',
    material: 'metal',
  },
  warhammer: {
    kind: 'melee',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 4,
    damageSM: '1d4+1',
    damageL: '1d4',
    material: 'metal',
  },
  quarterstaff: {
    kind: 'melee',
    melee: true,
    hands: 2,
    size: 'L',
    speed: 4,
    damageSM: '1d6',
    damageL: '1d6',
    material: 'wood',
  },
  spear: {
    kind: 'thrown',
    melee: true,
    hands: 'either',
    size: 'M',
    speed: 6,
    damageSM: '1d6',
    damageL: '1d8',
    ranges: r(10, 20, 30),
    brace: true,
    material: 'wood',
  },
  javelin: {
    kind: 'thrown',
    melee: true,
    hands: 1,
    size: 'M',
    speed: 4,
    damageSM: '1d6',
    damageL: '1d6',
    ranges: r(20, 40, 60),
    material: 'wood',
  },
  lance: {
    kind: 'melee',
    melee: true,
    hands: 1,
    size: 'L',
    // PHB medium horse lance: speed 7, 1d6+1/2d6.
    speed: 7,
    damageSM: '1d6+1',
    damageL: '2d6',
    brace: true,
    material: 'wood',
  },
  halberd: {
    kind: 'melee',
    melee: true,
    hands: 2,
    size: 'L',
    speed: 9,
    damageSM: '1d10',
    damageL: '2d6',
    polearm: true,
    brace: true,
    edged: true,
    material: 'wood',
  },
  glaive: {
    kind: 'melee',
    melee: true,
    hands: 2,
    size: 'L',
    speed: 8,
    damageSM: '1d6',
    damageL: '1d10',
    polearm: true,
    brace: true,
    edged: true,
    material: 'wood',
  },
  awlPike: {
    kind: 'melee',
    melee: true,
    hands: 2,
    size: 'L',
    speed: 13,
    damageSM: '1d6',
    damageL: '1d12',
    polearm: true,
    brace: true,
    material: 'wood',
  },
  longBow: {
    kind: 'bow',
    melee: false,
    hands: 2,
    size: 'L',
    speed: 8,
    damageSM: '1d6',
    damageL: '1d6',
    ranges: r(70, 140, 210),
    material: 'wood',
  },
  compositeLongBow: {
    kind: 'bow',
    melee: false,
    hands: 2,
    size: 'L',
    speed: 7,
    damageSM: '1d6',
    damageL: '1d6',
    ranges: r(60, 120, 210),
    material: 'wood',
  },
  shortBow: {
    kind: 'bow',
    melee: false,
    hands: 2,
    size: 'M',
    speed: 7,
    damageSM: '1d6',
    damageL: '1d6',
    ranges: r(50, 100, 150),
    material: 'wood',
  },
  compositeShortBow: {
    kind: 'bow',
    melee: false,
    hands: 2,
    size: 'M',
    speed: 6,
    damageSM: '1d6',
    damageL: '1d6',
    ranges: r(50, 100, 180),
    material: 'wood',
  },
  handCrossbow: {
    kind: 'handCrossbow',
    melee: false,
    hands: 1,
    size: 'S',
    speed: 5,
    damageSM: '1d3',
    damageL: '1d2',
    ranges: r(20, 40, 60),
    material: 'wood',
  },
  lightCrossbow: {
    kind: 'lightCrossbow',
    melee: false,
    hands: 2,
    size: 'M',
    speed: 7,
    damageSM: '1d4',
    damageL: '1d4',
    ranges: r(60, 120, 180),
    material: 'wood',
  },
  heavyCrossbow: {
    kind: 'heavyCrossbow',
    melee: false,
    hands: 2,
    size: 'M',
    speed: 10,
    damageSM: '1d4+1',
    damageL: '1d6+1',
    ranges: r(80, 160, 240),
    material: 'wood',
  },
  sling: {
    kind: 'sling',
    melee: false,
    hands: 1,
    size: 'S',
    speed: 6,
    damageSM: '1d4+1',
    damageL: '1d6+1',
    ranges: r(50, 100, 200),
    material: 'leather',
  },
  staffSling: {
    kind: 'staffSling',
    melee: false,
    hands: 2,
    size: 'M',
    speed: 11,
    damageSM: '1d4+1',
    damageL: '1d6+1',
    ranges: r(30, 60, 90),
    material: 'wood',
  },
};

/** Builds a weapon from the catalogue; `overrides` sets the id, magic bonus and anything else. */
export function catalogueWeapon(
  base: string,
  overrides: Partial<Omit<GreyhawkWeapon, 'base'>> = {},
): GreyhawkWeapon {
  const entry = WEAPONS[base];
  if (!entry) throw new Error(`unknown catalogue weapon ${base}`);
  const { twoHanded: _two, ...figures } = entry;
  return { id: overrides.id ?? base, base, name: base, magic: 0, ...figures, ...overrides };
}
