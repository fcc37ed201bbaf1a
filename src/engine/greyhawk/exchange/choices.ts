import type { StyleAnswers, StyleUse } from '../style-use';
import { type AttackResult, type CalledShot, type Position, type RangeBand } from '../attack';
import {
  type DisarmResult,
  type Grip,
  type HoldState,
  type Reaction,
  type SeizeObjectResult,
  type SeizePersonResult,
  type ShieldAcState,
  type ShieldRushResult,
  type StayUpFactors,
} from '../manoeuvres';
import type { GreyhawkConditionState } from '../conditions';
import type { GreyhawkCharacter, GreyhawkWeapon, ItemMaterial, Modifier, ShieldKind, Size } from '../types';

export const MANOEUVRES = [
  'normal',
  'disarm',
  'expertDisarm',
  'seizeObject',
  'seizePerson',
  'shieldPunch',
  'shieldPunchOffHand',
  'shieldRush',
] as const;
export type Manoeuvre = (typeof MANOEUVRES)[number];

export const MANOEUVRE_RULE: Readonly<Record<Manoeuvre, string>> = {
  normal: '',
  disarm: 'G-D1',
  expertDisarm: 'G-D5',
  seizeObject: 'G-G1',
  seizePerson: 'G-G2',
  shieldPunch: 'G-SH1',
  shieldPunchOffHand: 'G-SH1',
  shieldRush: 'G-SH2',
};

/** What a called shot aims at (G-C1): carving, cutting, pinning and hostage run the engine's rule. */
export const CALLED_PURPOSES = ['', 'initials', 'clothing', 'pin', 'hostage', 'other'] as const;
export type CalledPurpose = (typeof CALLED_PURPOSES)[number];

export const POSITIONS: readonly Position[] = ['standing', 'kneeling', 'sitting', 'prone', 'helpless'];
export const GRIPS: readonly Grip[] = ['oneHanded', 'twoHanded', 'shield'];

/** The dialog's choices, stored on the card. */
export interface GreyhawkChoices {
  readonly manoeuvre: Manoeuvre;
  readonly calledShot: CalledShot;
  readonly purpose: CalledPurpose;
  readonly position: Position;
  /**
   * Disarm: its aim, the weapon or the shield (G-D3). How the weapon is held (G-D2 two-handed) is
   * read from the target's documents when they are known; the choice only says it otherwise.
   */
  readonly grip: Grip;
  /** G-D2: disarms already landed on that two-handed weapon this round. */
  readonly earlierDisarms: number;
  /** Seizing: the attacker's free hands (G-G1). */
  readonly freeHands: number;
  /** G-G1: the object fought over is fragile, of this material (item save vs crushing blow). */
  readonly fragile?: ItemMaterial;
  /** Shield rush: run-up in metres and declaration before initiative (G-SH2). */
  readonly distance: number;
  readonly declared: boolean;
  readonly stayUp: StayUpFactors;
  /** Other situational modifier the GM grants. */
  readonly extra: number;
  /** G-C1 pin: a wall or furniture behind the target. */
  readonly nearWall: boolean;
  /** Throw the weapon (a dagger, a spear) rather than strike with it. */
  readonly thrown: boolean;
  /** Missiles: metres to the target, measured between the tokens or given in the dialog. */
  readonly targetDistance?: number;
  /** Where `targetDistance` comes from. */
  readonly distanceFrom?: 'scene' | 'dialog';
  /** The dialog's answers about the fighting style (G-ST1..G-ST6, G-H1). */
  readonly styleAnswers?: StyleAnswers;
  /** The style in use, built by the GM from the documents and those answers (never sent). */
  readonly style?: StyleUse;
}

export const DEFAULT_CHOICES: GreyhawkChoices = {
  manoeuvre: 'normal',
  calledShot: 0,
  purpose: '',
  position: 'standing',
  grip: 'oneHanded',
  earlierDisarms: 0,
  freeHands: 1,
  distance: 6,
  declared: true,
  stayUp: {},
  extra: 0,
  nearWall: true,
  thrown: false,
};

/** The weapon a defender holds (G-D1..G-D5): its item id, how it is held, a creature's own attack. */
export interface DefenderWeapon {
  readonly id: string;
  readonly grip: 'oneHanded' | 'twoHanded';
  /** A claw, a bite: nothing a disarm can take (G-D1). */
  readonly natural: boolean;
}

/** Both fighters as the engine sees them. */
export interface Fighters {
  readonly attacker: GreyhawkCharacter;
  readonly weapon: GreyhawkWeapon;
  readonly attackerShield?: ShieldKind;
  readonly defender: GreyhawkCharacter;
  readonly defenderAc: number;
  readonly defenderSize: Size;
  readonly defenderDex: number;
  /** The defender's current hold (G-G2), read from its conditions; G-C1 hostage needs one. */
  readonly defenderHold?: HoldState;
  /** Both fighters' lasting conditions (G-C1, G-G2, G-D2, G-D3, G-SH2). */
  readonly attackerConditions?: Partial<GreyhawkConditionState>;
  readonly defenderConditions?: Partial<GreyhawkConditionState>;
  /** What the defender's conditions do to its AC (already in `defenderAc`). */
  readonly defenderAcModifiers?: readonly Modifier[];
  /** G-SH2: the attacker braced a spear or polearm against the defender's rush: double damage. */
  readonly bracedAgainstRush?: boolean;
  /** G-ST6: the heavy crossbow was shot from the saddle and not reloaded since. */
  readonly weaponUnloaded?: boolean;
  /** What the defender holds, read from its documents (absent: not known, the choices say). */
  readonly defenderHolds?: { readonly weapon: DefenderWeapon | null; readonly shield: boolean };
}

export interface DamageView {
  readonly formula: string;
  readonly dice: readonly number[];
  readonly modifiers: readonly Modifier[];
  readonly total: number;
}

/** The attacker's part of a card: the attack (and damage), and the dice a follow-up replays. */
export interface FirstPart {
  readonly attack: AttackResult;
  readonly damage?: DamageView;
  /** Dice rolled so far, replayed first by the follow-up. */
  readonly dice: readonly number[];
  /** The follow-up was settled at once (a miss, G-D2 first knock off line…). */
  readonly outcome?: Outcome;
  /** A follow-up roll is still to be made from the card. */
  readonly pending: boolean;
  /** G-C1 the called shot's purpose as the engine resolved it (on a hit). */
  readonly called?: CalledOutcome;
  /** A missile's range band (PHB; G-S3 point blank, G-M2 extreme) at its distance. */
  readonly range?: RangeView;
  /** G-SH1 an off-hand shield punch: what becomes of the shield's AC this round. */
  readonly shieldAc?: ShieldAcState;
}

export interface RangeView {
  readonly distance: number;
  readonly band: RangeBand;
  readonly from: 'scene' | 'dialog';
}

/** What a called shot achieved (G-C1). */
export interface CalledOutcome {
  readonly purpose: 'initials' | 'clothing' | 'pin' | 'hostage';
  readonly reaction?: Reaction;
  /** Carved letter (initials). */
  readonly letter?: string;
  /** Rounds the pin holds by itself. */
  readonly pinnedRounds?: number;
  readonly bladeAtThroat?: boolean;
}

/** Conditions the card writes on the target (G-C1, G-D1, G-G2, G-SH2). */
export interface ConditionPatch {
  pinned?: number;
  held?: boolean;
  heldRounds?: number;
  /** The holder's actor uuid (filled by the card's apply). */
  heldBy?: string;
  bladeAtThroat?: boolean;
  disarmed?: boolean;
  prone?: boolean;
  /** The letter to add to those carved. */
  carve?: string;
  clothingCut?: boolean;
  offLine?: boolean;
  shieldOffLine?: boolean;
  losesNextInitiative?: boolean;
}

/** The conditions an attack's result puts on the target (empty when none). */
export function conditionPatch(first: FirstPart | undefined, outcome: Outcome | undefined): ConditionPatch {
  const p: ConditionPatch = {};
  const c = first?.called;
  if (c?.purpose === 'initials' && c.letter) p.carve = c.letter;
  if (c?.purpose === 'clothing') p.clothingCut = true;
  if (c?.pinnedRounds) p.pinned = c.pinnedRounds;
  if (c?.bladeAtThroat) p.bladeAtThroat = true;
  if (
    outcome?.kind === 'disarm' &&
    (outcome.result.effect === 'disarmed' || outcome.result.effect === 'thrown')
  )
    p.disarmed = true;
  // G-D2: off line counts for a second success this round; thrown costs the next initiative.
  if (outcome?.kind === 'disarm' && outcome.result.effect === 'offLine') p.offLine = true;
  if (outcome?.kind === 'disarm' && outcome.result.effect === 'thrown') {
    p.offLine = false;
    p.losesNextInitiative = true;
  }
  if (outcome?.kind === 'disarm' && outcome.result.effect === 'shieldOffLine') p.shieldOffLine = true;
  if (outcome?.kind === 'seizePerson' && outcome.result.hold) {
    p.held = true;
    p.heldRounds = outcome.result.hold.rounds;
  }
  if (outcome?.kind === 'shieldRush' && outcome.result.stayUp?.standing === false) p.prone = true;
  return p;
}

export type Outcome =
  | { readonly kind: 'disarm'; readonly result: DisarmResult }
  | { readonly kind: 'seizeObject'; readonly result: SeizeObjectResult }
  | { readonly kind: 'seizePerson'; readonly result: SeizePersonResult }
  | { readonly kind: 'shieldRush'; readonly result: ShieldRushResult };

// ------------------------------------------------------------------- the rules a result comes from

/** The rule each condition an attack writes comes from (the card names it beside the line). */
export const CONDITION_RULE: Readonly<Record<string, string>> = {
  carve: 'G-C1',
  clothingCut: 'G-C1',
  pinned: 'G-C1',
  bladeAtThroat: 'G-C1',
  disarmed: 'G-D1',
  held: 'G-G2',
  heldRounds: 'G-G2',
  prone: 'G-SH2',
  holding: 'G-G2',
  offLine: 'G-D2',
  shieldOffLine: 'G-D3',
  losesNextInitiative: 'G-D2',
};

/** Rule of each range band: point blank is the specialist's (G-S3), extreme the high master's (G-M2). */
export const BAND_RULE: Readonly<Record<RangeBand, string>> = {
  pointBlank: 'G-S3',
  short: '',
  medium: '',
  long: '',
  extreme: 'G-M2',
};

/** The rule a disarm's result comes from: G-D2 two-handed weapons, G-D3 shields, else G-D1. */
export function disarmRule(effect: DisarmResult['effect']): string {
  if (effect === 'offLine' || effect === 'thrown') return 'G-D2';
  if (effect === 'shieldOffLine') return 'G-D3';
  return 'G-D1';
}

/** A melee weapon with a range can be thrown (a dagger, a spear); a bow or a sling shoots. */
export function shotOf(weapon: Pick<GreyhawkWeapon, 'melee' | 'ranges'>): {
  readonly missile: boolean;
  readonly canThrow: boolean;
} {
  const canThrow = weapon.melee !== false && (weapon.ranges?.long ?? 0) > 0;
  return { missile: weapon.melee === false || canThrow, canThrow };
}
