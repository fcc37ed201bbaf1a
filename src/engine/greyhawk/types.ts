/*
 * Types of the Greyhawk ruleset: AD&D 2nd edition combat with the options of "Les Maraudeurs de
 * Greyhawk" (RULES.md G-…). Armour class runs from 10 downwards; an attack hits when the d20 plus
 * its modifiers reaches THAC0 − AC.
 */

/** Size categories, smallest first: tiny, small, man-sized, large, huge, gargantuan. */
export const SIZES = ['T', 'S', 'M', 'L', 'H', 'G'] as const;
export type Size = (typeof SIZES)[number];

/** The four class groups that drive THAC0, proficiency slots and non-proficiency penalties. */
export type ClassGroup = 'warrior' | 'priest' | 'rogue' | 'wizard';

export const CLASSES = ['fighter', 'paladin', 'ranger', 'cleric', 'druid', 'thief', 'bard', 'mage'] as const;
export type GreyhawkClass = (typeof CLASSES)[number];

export interface ClassLevel {
  readonly cls: GreyhawkClass;
  readonly level: number;
}

/** How a weapon is used in combat; missile kinds drive rates of fire and the specialist table. */
export type WeaponKind =
  | 'melee'
  | 'bow'
  | 'lightCrossbow'
  | 'heavyCrossbow'
  | 'handCrossbow'
  | 'thrownDagger'
  | 'dart'
  | 'sling'
  | 'staffSling'
  | 'thrown';

/** One-handed, two-handed, or either (bastard sword, spear: G-ST2 "one-handed-capable"). */
export type Hands = 1 | 2 | 'either';

export interface RangeBands {
  /** Metres. Short range ends here (no penalty). */
  readonly short: number;
  /** Medium range ends here (−2). */
  readonly medium: number;
  /** Long range ends here (−5); beyond is out of range (extreme range for high masters, G-M2). */
  readonly long: number;
}

export interface GreyhawkWeapon {
  readonly id: string;
  /** Catalogue id (data.ts WEAPONS) the weapon derives from; proficiencies and groups use it. */
  readonly base: string;
  readonly name: string;
  readonly kind: WeaponKind;
  /** Melee use is possible (a hand axe or a dagger is both thrown and wielded). */
  readonly melee: boolean;
  readonly hands: Hands;
  readonly size: Size;
  /** Speed factor (added to the initiative d10). */
  readonly speed: number;
  /** Damage formula vs small/man-sized targets, and vs large ones. */
  readonly damageSM: string;
  readonly damageL: string;
  /** Magic bonus (+1…) to hit and damage; 0 for a mundane weapon. */
  readonly magic: number;
  /** Missile ranges in metres, for missile or thrown weapons. */
  readonly ranges?: RangeBands;
  /** Polearm (G-PA2, G-SH2 bracing). */
  readonly polearm?: boolean;
  /** Can be set against a charge (spear, lance, polearm: G-SH2). */
  readonly brace?: boolean;
  /** Slashing edge (needed to carve initials or cut clothing, G-C1). */
  readonly edged?: boolean;
  /** Material for item saving throws (G-PA3, G-G1). */
  readonly material?: ItemMaterial;
}

/** Speed and damage of a weapon held in both hands, where the PHB gives them apart. */
export interface TwoHandedProfile {
  readonly speed: number;
  readonly damageSM: string;
  readonly damageL: string;
}

export type ShieldKind = 'buckler' | 'small' | 'medium' | 'large';

export interface GreyhawkShield {
  readonly kind: ShieldKind;
  /** AC bonus (1 for most shields); the magic bonus is added for AC only. */
  readonly ac: number;
  readonly magic: number;
}

/** Materials of the item saving throw table (crushing blow column). */
export type ItemMaterial =
  | 'bone'
  | 'ceramic'
  | 'cloth'
  | 'crystal'
  | 'glass'
  | 'leather'
  | 'metal'
  | 'paper'
  | 'rope'
  | 'stone'
  | 'wood';

/** Mastery ranks, in order. Expertise is the limited form open to rangers, paladins, multiclass. */
export type MasteryRank = 'expert' | 'specialist' | 'master' | 'highMaster' | 'grandMaster';

export interface WeaponMastery {
  readonly rank: MasteryRank;
  /** The character level at which the current rank was gained (for the level gaps of G-M1..M3). */
  readonly since: number;
  /** Level at which the weapon was first specialised (G-S1 three-level gap, G-M1 six levels). */
  readonly firstSpecialised?: number;
}

export type FightingStyle = 'freeHand' | 'twoHanded' | 'shield' | 'twoWeapons' | 'missile' | 'mountedArchery';

export type Handedness = 'right' | 'left' | 'ambidextrous';

/** A character (or a monster given the same sheet) as the Greyhawk engine sees it. */
export interface GreyhawkCharacter {
  readonly id: string;
  readonly name: string;
  /** One entry per class; more than one is a multiclass character. Monsters use `monster`. */
  readonly classes: readonly ClassLevel[];
  /** Monsters: hit dice instead of classes (THAC0 from the monster table). */
  readonly monster?: {
    readonly hitDice: number;
    /** THAC0 written on the monster's sheet; the hit dice table gives it otherwise. */
    readonly thac0?: number;
    /**
     * The entry gives no STR: `str` is G-G3's estimate by size, which only the seizing contests
     * (G-G1, G-G2) use: its blows add no STR (its entry's THAC0 and damage are the whole of it).
     */
    readonly strBySize?: boolean;
  };
  readonly str: number;
  /** Exceptional strength percentage for STR 18 (1..100, 100 = 18/00). */
  readonly strPercent?: number;
  readonly dex: number;
  readonly int: number;
  readonly size: Size;
  /** Weapon proficiencies: catalogue weapon ids, or 'tight:<group>' / 'broad:<group>'. */
  readonly proficiencies: readonly string[];
  /** G-W4: the weapons a priest's clergy allows (catalogue ids); empty = the class's list. */
  readonly clergyWeapons?: readonly string[];
  /** Out-of-class weapons the character took anyway (G-W4). */
  readonly outOfClass?: readonly string[];
  /** G-W6: the single weapon of choice (catalogue id). */
  readonly weaponOfChoice?: string;
  /** Specialisation, expertise and mastery, by catalogue weapon id. */
  readonly mastery?: Readonly<Record<string, WeaponMastery>>;
  /** Fighting style slots spent, by style (0 = known at base level, absent = unknown). */
  readonly styles?: Readonly<Partial<Record<FightingStyle, number>>>;
  readonly handedness?: Handedness;
}

/** A modifier with the rule that grants it, so a chat card can explain the total. */
export interface Modifier {
  /** Rule ID from RULES.md (G-…), or 'base' for the AD&D 2e base rules. */
  readonly source: string;
  /** Localization key of the label. */
  readonly label: string;
  readonly value: number;
}
