import type { ClassGroup, GreyhawkClass, ItemMaterial, Size, WeaponKind } from './types';

/*
 * The AD&D 2nd edition base the seed assumes, as data (standard published values: Player's
 * Handbook tables 1, 2, 4, 14, 15, 34, 35, 44, 45; DMG item saving throws; Monstrous Manual THAC0
 * by hit dice). Sources are listed in docs/rulings/greyhawk.md.
 */

export const CLASS_GROUP: Readonly<Record<GreyhawkClass, ClassGroup>> = {
  fighter: 'warrior',
  paladin: 'warrior',
  ranger: 'warrior',
  cleric: 'priest',
  druid: 'priest',
  thief: 'rogue',
  bard: 'rogue',
  mage: 'wizard',
};

/**
 * G-W4: the weapons each class may learn without paying extra (PHB chapter 3), as catalogue ids;
 * null = any weapon. Clerics keep to blunt weapons, the default clergy (a sheet may name its own).
 */
export const CLASS_WEAPONS: Readonly<Record<GreyhawkClass, readonly string[] | null>> = {
  fighter: null,
  paladin: null,
  ranger: null,
  bard: null,
  cleric: [
    'club',
    'footmansFlail',
    'footmansMace',
    'morningStar',
    'quarterstaff',
    'warhammer',
    'sling',
    'staffSling',
  ],
  druid: ['club', 'dagger', 'dart', 'spear', 'scimitar', 'sling', 'quarterstaff'],
  thief: [
    'club',
    'dagger',
    'dart',
    'handCrossbow',
    'knife',
    'sling',
    'broadSword',
    'longSword',
    'shortSword',
    'shortBow',
    'quarterstaff',
  ],
  mage: ['dagger', 'dart', 'knife', 'sling', 'quarterstaff'],
};

/** THAC0 of a class group at a level (PHB table 53). */
export function thac0ForGroup(group: ClassGroup, level: number): number {
  const l = Math.max(1, Math.floor(level));
  switch (group) {
    case 'warrior':
      return Math.max(1, 21 - l);
    case 'priest':
      return Math.max(1, 20 - 2 * Math.floor((l - 1) / 3));
    case 'rogue':
      return Math.max(1, 20 - Math.floor((l - 1) / 2));
    case 'wizard':
      return Math.max(1, 20 - Math.floor((l - 1) / 3));
  }
}

/** Monster THAC0 by hit dice (below 1 HD: 20; 17 HD and more: 3). */
export function monsterThac0(hitDice: number): number {
  if (hitDice < 1) return 20;
  const hd = Math.floor(hitDice);
  if (hd >= 17) return 3;
  if (hd <= 2) return 19;
  return 19 - 2 * Math.floor((hd - 1) / 2);
}

export interface StrengthRow {
  readonly hit: number;
  readonly damage: number;
}

const STR_TABLE: Readonly<Record<number, StrengthRow>> = {
  1: { hit: -5, damage: -4 },
  2: { hit: -3, damage: -2 },
  3: { hit: -3, damage: -1 },
  4: { hit: -2, damage: -1 },
  5: { hit: -2, damage: -1 },
  6: { hit: -1, damage: 0 },
  7: { hit: -1, damage: 0 },
  16: { hit: 0, damage: 1 },
  17: { hit: 1, damage: 1 },
  18: { hit: 1, damage: 2 },
  19: { hit: 3, damage: 7 },
  20: { hit: 3, damage: 8 },
  21: { hit: 4, damage: 9 },
  22: { hit: 4, damage: 10 },
  23: { hit: 5, damage: 11 },
  24: { hit: 6, damage: 12 },
  25: { hit: 7, damage: 14 },
};

/** Exceptional strength bands for 18/xx (only warriors have them; PHB table 1). */
const EXCEPTIONAL: readonly { readonly upTo: number; readonly row: StrengthRow }[] = [
  { upTo: 50, row: { hit: 1, damage: 3 } },
  { upTo: 75, row: { hit: 2, damage: 3 } },
  { upTo: 90, row: { hit: 2, damage: 4 } },
  { upTo: 99, row: { hit: 2, damage: 5 } },
  { upTo: 100, row: { hit: 3, damage: 6 } },
];

/** STR hit probability and damage adjustments, including 18/01–18/00. */
export function strengthAdjustments(str: number, percent?: number): StrengthRow {
  const s = Math.min(25, Math.max(1, Math.floor(str)));
  if (s === 18 && percent !== undefined && percent >= 1) {
    // A loop, no closure over the percentage: read on every attack and damage roll.
    let band = EXCEPTIONAL[4];
    for (const b of EXCEPTIONAL)
      if (percent <= b.upTo) {
        band = b;
        break;
      }
    return band ? band.row : { hit: 3, damage: 6 };
  }
  return STR_TABLE[s] ?? { hit: 0, damage: 0 };
}

/** Index (1..5) of an exceptional strength band, 0 when none. */
export function exceptionalBand(str: number, percent?: number): number {
  if (str !== 18 || percent === undefined || percent < 1) return 0;
  return EXCEPTIONAL.findIndex((b) => percent <= b.upTo) + 1;
}

export interface DexterityRow {
  /** Reaction adjustment: surprise, and the two-weapon penalties of G-ST1/ST3/ST4. */
  readonly reaction: number;
  /** Missile attack adjustment. */
  readonly missile: number;
  /** Defensive adjustment to AC (negative is better). */
  readonly defence: number;
}

const DEX_TABLE: readonly DexterityRow[] = [
  { reaction: -6, missile: -6, defence: 5 }, // 1
  { reaction: -4, missile: -4, defence: 5 },
  { reaction: -3, missile: -3, defence: 4 },
  { reaction: -2, missile: -2, defence: 3 },
  { reaction: -1, missile: -1, defence: 2 }, // 5
  { reaction: 0, missile: 0, defence: 1 },
  ...Array.from({ length: 8 }, () => ({ reaction: 0, missile: 0, defence: 0 })), // 7–14
  { reaction: 0, missile: 0, defence: -1 }, // 15
  { reaction: 1, missile: 1, defence: -2 },
  { reaction: 2, missile: 2, defence: -3 },
  { reaction: 2, missile: 2, defence: -4 },
  { reaction: 3, missile: 3, defence: -4 },
  { reaction: 3, missile: 3, defence: -4 }, // 20
  { reaction: 4, missile: 4, defence: -5 },
  { reaction: 4, missile: 4, defence: -5 },
  { reaction: 4, missile: 4, defence: -5 },
  { reaction: 5, missile: 5, defence: -6 },
  { reaction: 5, missile: 5, defence: -6 }, // 25
];

export function dexterityAdjustments(dex: number): DexterityRow {
  const d = Math.min(25, Math.max(1, Math.floor(dex)));
  return DEX_TABLE[d - 1] ?? { reaction: 0, missile: 0, defence: 0 };
}

/** Number of additional languages by INT (PHB table 4): the extra slots of G-W1. */
export function intelligenceSlots(int: number): number {
  const i = Math.min(25, Math.max(1, Math.floor(int)));
  const table = [0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 20];
  return table[i - 1] ?? 0;
}

/** Proficiency slots by class group (PHB table 34): initial, and one more every `every` levels. */
export const PROFICIENCY_SLOTS: Readonly<
  Record<ClassGroup, { weapon: number; weaponEvery: number; nonweapon: number; nonweaponEvery: number }>
> = {
  warrior: { weapon: 4, weaponEvery: 3, nonweapon: 3, nonweaponEvery: 3 },
  wizard: { weapon: 1, weaponEvery: 6, nonweapon: 4, nonweaponEvery: 3 },
  priest: { weapon: 2, weaponEvery: 4, nonweapon: 4, nonweaponEvery: 3 },
  rogue: { weapon: 2, weaponEvery: 4, nonweapon: 3, nonweaponEvery: 4 },
};

/** G-W2 non-proficiency penalties (the seed's values, which are the PHB's). */
export const NON_PROFICIENCY: Readonly<Record<ClassGroup, number>> = {
  warrior: -2,
  priest: -3,
  rogue: -3,
  wizard: -5,
};

/** G-W6 cost of the weapon of choice, by class group (druids are priests). */
export const WEAPON_OF_CHOICE_COST: Readonly<Record<ClassGroup, number>> = {
  warrior: 0,
  priest: 1,
  rogue: 1,
  wizard: 2,
};

/** G-W4 extra slots for an out-of-class weapon; priests may not (null). */
export const OUT_OF_CLASS_EXTRA: Readonly<Record<ClassGroup, number | null>> = {
  warrior: 0,
  priest: null,
  rogue: 1,
  wizard: 2,
};

/** Rate of fire of a non-specialist, as attacks per two rounds (PHB table 44: 2/1 = 4). */
export const RATE_OF_FIRE: Readonly<Record<WeaponKind, number>> = {
  melee: 2,
  bow: 4,
  lightCrossbow: 2,
  heavyCrossbow: 1,
  handCrossbow: 2,
  thrownDagger: 4,
  dart: 6,
  sling: 2,
  staffSling: 2,
  thrown: 2,
};

/** Warrior melee attacks per two rounds by level (PHB table 15): 1/1, 3/2, 2/1. */
export function warriorMeleeAttacks(level: number): number {
  if (level >= 13) return 4;
  if (level >= 7) return 3;
  return 2;
}

/**
 * G-M4 specialist attacks per two rounds by level band (1–6, 7–12, 13+), PHB table 35, with the
 * bow column as ruled in docs/rulings/greyhawk.md. Data: a GM may change it.
 */
export const SPECIALIST_ATTACKS: Readonly<Record<'melee' | WeaponKind, readonly [number, number, number]>> = {
  melee: [3, 4, 5],
  bow: [4, 5, 6],
  lightCrossbow: [2, 3, 4],
  heavyCrossbow: [1, 2, 3],
  handCrossbow: [2, 3, 4],
  thrownDagger: [6, 8, 10],
  dart: [8, 10, 12],
  sling: [3, 4, 5],
  staffSling: [3, 4, 5],
  thrown: [3, 4, 5],
};

export function levelBand(level: number): 0 | 1 | 2 {
  return level >= 13 ? 2 : level >= 7 ? 1 : 0;
}

/** Item saving throws vs crushing blow (DMG): the d20 must reach this number. */
export const CRUSHING_BLOW_SAVE: Readonly<Record<ItemMaterial, number>> = {
  bone: 16,
  ceramic: 18,
  cloth: 6,
  crystal: 19,
  glass: 20,
  leather: 4,
  metal: 7,
  paper: 7,
  rope: 2,
  stone: 17,
  wood: 13,
};

/** G-G3 rough STR of a monster by size (5 a category). */
export const MONSTER_STR: Readonly<Record<Size, number>> = { T: 5, S: 10, M: 15, L: 20, H: 25, G: 30 };

/** Typical height in metres by size, for melee reach (G-ST5). Data a GM may change. */
export const SIZE_HEIGHT: Readonly<Record<Size, number>> = { T: 0.6, S: 1.2, M: 1.8, L: 3, H: 6, G: 12 };

/** Range modifiers to hit (PHB): short 0, medium −2, long −5. */
export const RANGE_MODIFIER = { short: 0, medium: -2, long: -5 } as const;

// ---------------------------------------------------------------------------------------------
// Weapon groups (G-W5 gap): tight groups of closely related weapons, broad groups of tight groups.
// Grouped in the spirit of Combat & Tactics; the lists are the project's own (see rulings).

export const TIGHT_GROUPS: Readonly<Record<string, readonly string[]>> = {
  axes: ['battleAxe', 'handAxe'],
  bows: ['longBow', 'shortBow', 'compositeLongBow', 'compositeShortBow'],
  crossbows: ['handCrossbow', 'lightCrossbow', 'heavyCrossbow'],
  longBlades: ['bastardSword', 'broadSword', 'longSword', 'scimitar', 'twoHandedSword'],
  shortBlades: ['dagger', 'shortSword', 'knife'],
  clubs: ['club', 'warhammer', 'quarterstaff'],
  flailsMaces: ['footmansFlail', 'footmansMace', 'morningStar'],
  picks: ['footmansPick'],
  spears: ['spear', 'javelin', 'lance'],
  polearms: ['halberd', 'glaive', 'awlPike'],
  slings: ['sling', 'staffSling'],
  smallThrown: ['dart', 'dagger', 'knife'],
};

export const BROAD_GROUPS: Readonly<Record<string, readonly string[]>> = {
  blades: ['longBlades', 'shortBlades'],
  bludgeons: ['clubs', 'flailsMaces', 'picks'],
  cleaving: ['axes'],
  shafts: ['spears', 'polearms'],
  missiles: ['bows', 'crossbows', 'slings', 'smallThrown'],
};

/** Slot cost of a tight group and of a broad group proficiency (ruling on G-W5). */
export const GROUP_COST = { tight: 2, broad: 3 } as const;

// The groups are constant tables: each weapon's groups are worked out once (every attack asks).
const TIGHT_OF = new Map<string, readonly string[]>();

const BROAD_OF = new Map<string, readonly string[]>();

/** Tight groups a catalogue weapon belongs to. */
export function tightGroupsOf(base: string): readonly string[] {
  let groups = TIGHT_OF.get(base);
  if (!groups) {
    groups = Object.entries(TIGHT_GROUPS)
      .filter(([, members]) => members.includes(base))
      .map(([id]) => id);
    TIGHT_OF.set(base, groups);
  }
  return groups;
}

/** Broad groups a catalogue weapon belongs to (through its tight groups). */
export function broadGroupsOf(base: string): readonly string[] {
  let groups = BROAD_OF.get(base);
  if (!groups) {
    const tight = new Set(tightGroupsOf(base));
    groups = Object.entries(BROAD_GROUPS)
      .filter(([, members]) => members.some((g) => tight.has(g)))
      .map(([id]) => id);
    BROAD_OF.set(base, groups);
  }
  return groups;
}

export function isBowOrCrossbow(kind: WeaponKind): boolean {
  return kind === 'bow' || kind === 'lightCrossbow' || kind === 'heavyCrossbow' || kind === 'handCrossbow';
}

export function isCrossbow(kind: WeaponKind): boolean {
  return kind === 'lightCrossbow' || kind === 'heavyCrossbow' || kind === 'handCrossbow';
}

const SIZES: readonly Size[] = ['T', 'S', 'M', 'L', 'H', 'G'];

export function sizeIndex(size: Size): number {
  return SIZES.indexOf(size);
}

export { WEAPONS, catalogueWeapon } from './weapon-catalogue';
