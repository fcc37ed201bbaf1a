/**
 * Fantasia's combatant model in rule terms. The Foundry data models map actor and item data to
 * these shapes; every engine function takes and returns them (immutably).
 *
 * Rule IDs refer to /work/shared/RULES.md (F-…).
 */

/** A rule identifier such as "F-H5", carried by results to explain them ("pourquoi"). */
export type RuleId = `F-${string}`;

/** Characteristics (F-R2 uses DEX, F-U3 FOR, F-W6 Chance…). CHA is Chance, not charisma. */
export const CHARACTERISTIC_IDS = ['FOR', 'CON', 'TAI', 'INT', 'DEX', 'CHA'] as const;
export type CharacteristicId = (typeof CHARACTERISTIC_IDS)[number];
export type Characteristics = Readonly<Record<CharacteristicId, number>>;

/**
 * Skills the combat chapter uses. Bases of the seven combat skills come from the seed
 * (F-U1, F-U2, F-W1, F-W3, F-W4); the others from Basic Roleplaying (ruling, see skills.ts).
 */
export const SKILL_IDS = [
  'bagarre',
  'lutte',
  'armesDeMelee',
  'armesDHast',
  'armesDeLancer',
  'armesDeTir',
  'armesAFeu',
  'esquive',
  'bricolage',
  'athletisme',
  'cascade',
  'vigilance',
  'artDeLaGuerre',
] as const;
export type SkillId = (typeof SKILL_IDS)[number];
export type Skills = Readonly<Partial<Record<SkillId, number>>>;

export type CombatantKind = 'aventurier' | 'pnj';

/**
 * Conditions a combatant can be in. All optional; absent means "not in that state".
 * Rounds are the round helper's counter; the engine only compares them.
 */
export interface FantasiaStates {
  /** Knocked out (F-U4): for `hours` of game time, or until a round number. */
  readonly unconscious?: { readonly hours?: number; readonly untilRound?: number };
  /** On the ground (F-H6 lost balance, F-U3 thrown, F-W2 tripped). */
  readonly fallen?: boolean;
  /** Held by a Lutte immobilisation (F-U3); `by` is the holder's id. */
  readonly immobilised?: { readonly by: string };
  /** Being strangled (F-U3, Étranglement F-B7): `extraDamage` per round, e.g. "1d3". */
  readonly strangled?: { readonly by: string; readonly extraDamage?: string };
  /** Wrapped in a whip's lash (F-W2). */
  readonly entangled?: { readonly by: string; readonly weaponId: string };
  /** Lost the weapon with this id (F-W2 disarm, Désarmement F-B7). */
  readonly disarmed?: { readonly weaponId: string };
  /** Cannot attack with this weapon until the given round (Désarmement F-B7). */
  readonly weaponBound?: { readonly weaponId: string; readonly untilRound?: number };
  /** Ids of broken or burst weapons (F-H6, F-W6). */
  readonly weaponBroken?: readonly string[];
  /** Crossbow jammed or bow string gone (F-H7); `repairRoundsLeft` once a Bricolage roll succeeded. */
  readonly jammed?: {
    readonly weaponId: string;
    readonly cause: 'crossbow' | 'bowString';
    readonly repairRoundsLeft?: number;
  };
  /** Reloading a crossbow in passes 2 and 3 (F-W5): no move, parry or dodge. */
  readonly reloading?: { readonly weaponId: string; readonly round?: number };
  /** Arquebus reload countdown in rounds (F-W6). */
  readonly arquebusReload?: { readonly weaponId: string; readonly roundsLeft: number };
  /** Lost balance on a fumble: no attack next round (F-H6). */
  readonly skipNextAttack?: boolean;
  /** Casse-pied (F-B7): half Mouvement for the rest of the fight. */
  readonly halfMovement?: boolean;
  /** Faucheuse (F-B7): legs badly hurt, cannot move. */
  readonly cannotMove?: boolean;
  /** Feinte coupe-bras (F-B7): the weapon arm is lost. */
  readonly armLost?: boolean;
  /** Baiser de Percesprit (F-B7). */
  readonly dead?: boolean;
  /** Rounds spent sprinting in the current chase (F-M3). */
  readonly sprintRounds?: number;
}

/** A thrust the character learned (F-B1), with the crosses earned so far (F-B6). */
export interface KnownThrust {
  readonly thrustId: string;
  /** Weapon type it was learned with (F-B1); undefined = any weapon the thrust lists. */
  readonly weaponType?: string;
  readonly crosses: number;
  /** Malus the character's botte states (the sheet's editable value); absent: the catalogue's. */
  readonly malus?: number;
}

export interface FantasiaCombatant {
  readonly id: string;
  readonly name: string;
  readonly kind: CombatantKind;
  readonly characteristics: Characteristics;
  readonly pv: { readonly value: number; readonly max: number };
  /** Metres per round, roughly (F-M1); human 8. */
  readonly mouvement: number;
  /** Formula such as "1d4" or "-1d4", or '' for none (derived: damageBonusFor). */
  readonly damageBonus: string;
  /** Armour protection subtracted from damage (F-H3). */
  readonly armour: number;
  /** Skill percentages; a missing skill counts at its base (skillValue). */
  readonly skills: Skills;
  readonly states: FantasiaStates;
  /** People, e.g. 'humain', 'sraal' (Ruade S'Raal, Le tour du S'Raal). */
  readonly species?: string;
  /** Size used for size comparisons when it differs from TAI (Bond de Nausicaä); default TAI. */
  readonly size?: number;
  readonly weapons?: readonly FantasiaWeapon[];
  readonly shield?: Shield;
  readonly thrusts?: readonly KnownThrust[];
}

export type WeaponKind = 'melee' | 'thrown' | 'missile' | 'firearm' | 'unarmed' | 'whip' | 'siege';

/** How the weapon is made ready again after a shot (F-W5, F-W6). */
export type ReloadKind = 'none' | 'bow' | 'crossbow' | 'arquebus';

export interface FantasiaWeapon {
  readonly id: string;
  readonly name: string;
  /** Catalogue type, used to match secret thrusts (F-B1, F-B7), e.g. 'epeeLongue'. */
  readonly type?: string;
  readonly skill: SkillId;
  /** Dice plus fixed part (F-H2), e.g. "1d6+2". */
  readonly damage: string;
  readonly hands: 1 | 2;
  readonly kind: WeaponKind;
  /** Not edged: may knock out (F-U4). */
  readonly blunt: boolean;
  /** Maximum range in metres (0 for melee). */
  readonly range: number;
  /** May parry with it (F-D2). */
  readonly canParry: boolean;
  readonly reload: ReloadKind;
  /** Drawn / in hand (F-R10). */
  readonly ready: boolean;
  /** Loaded or nocked (F-R9, F-W5, F-W6); melee weapons are always "loaded". */
  readonly loaded: boolean;
  /** Minimum FOR to use it alone (arquebus 15, F-W6). */
  readonly minFOR?: number;
}

/** Shield (F-D4): +10 % for a small one up to +20 %; it can stop missiles (F-D3). */
export interface Shield {
  readonly id: string;
  readonly name: string;
  readonly parryBonus: number;
  readonly parriesMissiles: boolean;
}

/** Condition a secret thrust needs (F-B7). Checked by bottes.ts. */
export type ThrustCondition =
  | { readonly kind: 'hasInitiative' }
  | { readonly kind: 'targetParrying' }
  | { readonly kind: 'targetHasShield' }
  | { readonly kind: 'species'; readonly species: string }
  | { readonly kind: 'unarmed' }
  | { readonly kind: 'targetsBehind' }
  | { readonly kind: 'surrounded' }
  | { readonly kind: 'above' }
  | { readonly kind: 'smallerBy'; readonly moreThan: number }
  | { readonly kind: 'secondWeapon'; readonly types: readonly string[] };

/** Structured effect of a secret thrust (F-B7): applied by the engine or offered to the GM. */
export type ThrustEffect =
  | { readonly kind: 'cannotMove' }
  | { readonly kind: 'halfMovement' }
  | {
      readonly kind: 'damageBonusTwice';
      readonly parryMalusFromDamageBonus: true;
      readonly dodgeMalus: number;
    }
  | { readonly kind: 'strangle'; readonly extraDamage: string }
  | { readonly kind: 'bindWeapon'; readonly disarmLikeWhip: true; readonly onParry: true }
  | { readonly kind: 'damageThroughParry'; readonly damage: string; readonly knockOutOffered: true }
  | { readonly kind: 'parryFails' }
  | { readonly kind: 'cutArm' }
  | { readonly kind: 'vigilanceCheck'; readonly malus: number }
  | { readonly kind: 'throwTargets'; readonly saveSkills: readonly SkillId[]; readonly failDamage: string }
  | { readonly kind: 'spin' }
  | {
      readonly kind: 'fromAbove';
      readonly dodgeMalusIfSeen: number;
      readonly noDodgeIfUnseen: true;
    }
  | { readonly kind: 'doubleDamage'; readonly ignoreArmour: boolean }
  | { readonly kind: 'attackBonus'; readonly value: number }
  | { readonly kind: 'counterInAir'; readonly dexMultiplier: number; readonly malus: number }
  | { readonly kind: 'kill' };

/** A secret thrust (botte secrète, F-B1..F-B7). `malus` is positive: 15 means −15 %. */
export interface SecretThrust {
  readonly id: string;
  /** Localization key of the name. */
  readonly name: string;
  /** Weapon types that can place it; 'anyMelee', 'anyMissile' and 'unarmed' are families. */
  readonly weapons: readonly string[];
  readonly malus: number;
  readonly conditions: readonly ThrustCondition[];
  readonly effects: readonly ThrustEffect[];
  /** Crosses needed for mastery, when not derived from the malus (F-B6). */
  readonly crosses?: number;
}

/** A siege engine (F-S1, F-S2). */
export interface SiegeEngine {
  readonly id: string;
  readonly name: string;
  readonly range: number;
  readonly crew: { readonly min: number; readonly max: number };
  /** Damage to the target or to each target in the line. */
  readonly damage: string;
  /** Targets hit in a line (ballista 2–3, kraf: everyone on the jet). */
  readonly line?: { readonly min: number; readonly max: number };
  /** Area around the impact (catapult 3 m, 2d6). */
  readonly splash?: { readonly radius: number; readonly damage: string };
  readonly knockBack?: boolean;
  readonly ignoresArmour?: boolean;
}

/** A skill modifier with the rule it comes from (F-D5 cover, F-D4 shield, F-B3 thrust…). */
export interface Modifier {
  readonly rule: RuleId;
  /** Localization key naming the source. */
  readonly key: string;
  /** Signed percentage. */
  readonly value: number;
}
