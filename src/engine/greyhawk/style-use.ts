import { ensure } from '../core/errors';
import type { AttackContext } from './attack';
import { dexterityAdjustments, sizeIndex } from './data';
import {
  ensureMountedWeapon,
  ensureTwoWeaponsAllowed,
  freeHandAcBonus,
  missileStyleAc,
  missileStyleAttacks,
  ensureOutOfReach,
  type MoveTaken,
  type SecondWeapon,
} from './styles';
import type { GreyhawkCharacter, GreyhawkWeapon, Modifier, Size } from './types';

/*
 * The fighting style in use for one attack (G-ST1..G-ST6, G-H1): what the documents know (the
 * weapons in hand, the grip, the mount) plus what the attacker says in the dialog (which hand
 * strikes, whether the other hand strikes too this round, how far the mount ran), turned into
 * the attack context's style fields and the modifiers the card shows, each with its rule.
 */

/** Grip of a weapon usable with one or both hands (G-ST1/G-ST2). */
export type GripUse = 'one' | 'two';

/** A mount under a rider (G-ST6): its movement this round and its normal movement. */
export interface MountUse {
  readonly name: string;
  readonly current: number;
  readonly normal: number;
}

/** The style of one attack as the card stores it. */
export interface StyleUse {
  /** The hand that strikes: the off hand alone is G-H1's unaccustomed hand. */
  readonly hand: 'main' | 'off';
  /** The other hand strikes too this round: the free hand (G-ST1) or a second weapon (G-ST4). */
  readonly secondHand?: SecondWeapon;
  /** G-ST4: the other weapon, held in the other hand. */
  readonly otherWeapon?: GreyhawkWeapon;
  /** G-ST4: the two weapons do different manoeuvres this round. */
  readonly mixedManoeuvres?: boolean;
  /** G-ST2: a one-handed-capable weapon in both hands. */
  readonly grip?: GripUse;
  /** G-ST5: how far the archer moved this round in the missile style. */
  readonly missileMove?: MoveTaken;
  /** G-ST6: shooting from this mount. */
  readonly mount?: MountUse;
  /** What the target's own style does to its AC, as to-hit modifiers (G-ST1, G-ST5). */
  readonly targetAc?: readonly Modifier[];
  /** G-ST5: the target's melee reach: its size, armed or not, and how far it stands (m). */
  readonly targetReach?: { readonly size: Size; readonly armed: boolean; readonly distance: number };
}

/** The target's style facts (from its documents), for its AC (G-ST1 free hand, G-ST5 missiles). */
export interface TargetStyleFacts {
  /** One one-handed weapon, nothing in the other hand (no shield, no second weapon). */
  readonly freeHand: boolean;
  /** A missile weapon readied: the target fights in the missile style. */
  readonly missileStyle: boolean;
}

/**
 * The target's AC from its style, expressed as modifiers to the attacker's roll (an AC one
 * better is −1 to hit): G-ST1 free-hand specialisation, G-ST5 −1 AC against missiles.
 */
export function targetStyleModifiers(
  target: GreyhawkCharacter,
  facts: TargetStyleFacts,
  missile: boolean,
): Modifier[] {
  const mods: Modifier[] = [];
  if (facts.freeHand)
    mods.push(
      ...freeHandAcBonus(target).map((m) => ({ ...m, label: 'PDA.Greyhawk.Style.Mod.TargetFreeHand' })),
    );
  if (facts.missileStyle && missile)
    mods.push(
      ...missileStyleAc(target).map((m) => ({ ...m, label: 'PDA.Greyhawk.Style.Mod.TargetMissileStyle' })),
    );
  return mods;
}

/** Which hand a weapon is in by default, with `other` in the other hand: the shorter is off (G-ST4). */
export function defaultHand(weapon: GreyhawkWeapon, other: GreyhawkWeapon | undefined): 'main' | 'off' {
  if (!other) return 'main';
  return sizeIndex(weapon.size) < sizeIndex(other.size) ? 'off' : 'main';
}

/**
 * Checks the style of an attack before anything is rolled (throws the engine's refusal): the
 * pair of weapons (G-ST4), a grip the weapon allows (G-ST2), the mounted weapon (G-ST6), a full
 * move without the missile specialisation (G-ST5).
 */
export function validateStyle(
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  use: StyleUse,
  missile: boolean,
  mountedThrowing = false,
): void {
  if (use.secondHand === 'twoWeapons')
    ensure(use.otherWeapon !== undefined, 'PDA.Error.Greyhawk.Style.NoSecondWeapon', { name: c.name });
  // G-ST4: a weapon in each hand is the two-weapon style, whichever strikes this round: the off-hand
  // one must be shorter unless both are small (equal sizes need the extra slot).
  if (use.otherWeapon !== undefined && (use.secondHand === 'twoWeapons' || use.hand === 'off')) {
    const [main, off] = use.hand === 'off' ? [use.otherWeapon, weapon] : [weapon, use.otherWeapon];
    ensureTwoWeaponsAllowed(c, main, off);
  }
  if (use.secondHand === 'freeHand')
    ensure(weapon.hands !== 2 && use.grip !== 'two', 'PDA.Error.Greyhawk.Style.NoFreeHand', { name: c.name });
  if (use.grip === 'two')
    ensure(weapon.hands !== 1, 'PDA.Error.Greyhawk.Style.OneHandedOnly', { weapon: weapon.name });
  if (use.mount && missile) ensureMountedWeapon(c, weapon, mountedThrowing);
  if (use.missileMove && use.missileMove !== 'none' && missile) {
    missileStyleAttacks(c, 2, use.missileMove);
    // The style's moves hold only out of the target's melee reach.
    const r = use.targetReach;
    if (r) ensureOutOfReach(r.distance, r.size, r.armed);
  }
}

/** The attack context's style fields for this use (see attack.ts's attackModifiers). */
export function styleAttackContext(
  weapon: GreyhawkWeapon,
  use: StyleUse,
  missile: boolean,
): Pick<AttackContext, 'hand' | 'secondHand' | 'mixedManoeuvres' | 'twoHandedGrip' | 'mountSpeedFraction'> {
  const fraction = use.mount && use.mount.normal > 0 ? use.mount.current / use.mount.normal : 0;
  const twoHanded = !missile && (weapon.hands === 2 || use.grip === 'two');
  return {
    hand: use.hand,
    ...(use.secondHand ? { secondHand: use.secondHand } : {}),
    ...(use.mixedManoeuvres ? { mixedManoeuvres: true } : {}),
    ...(twoHanded ? { twoHandedGrip: true } : {}),
    ...(use.mount && missile ? { mountSpeedFraction: fraction } : {}),
  };
}

/** G-ST1/G-ST4: the DEX reaction adjustment that moves the two-hand penalties (shown on the dialog). */
export function reactionAdjustment(c: GreyhawkCharacter): number {
  return dexterityAdjustments(c.dex).reaction;
}

/** What the attacker's documents say about its style: the weapons in hand, the grip, the mount. */
export interface AttackerStyleFacts {
  /** Another weapon readied in the other hand (G-ST4). */
  readonly otherWeapon?: GreyhawkWeapon;
  readonly shield: boolean;
  /** The grip of a weapon usable with one or both hands, as set at the round's start. */
  readonly grip: GripUse;
  /** The mount ridden (G-ST6): its name and normal movement. */
  readonly mount?: { readonly name: string; readonly normal: number };
}

/** What the dialog asks about the style (the rest comes from the documents). */
export interface StyleAnswers {
  /** The hand that strikes (default: the shorter of two weapons is in the off hand). */
  readonly hand?: 'main' | 'off';
  /** The other hand strikes too this round: the second weapon, or the free hand (G-ST1). */
  readonly bothHands: boolean;
  /** G-ST4: different manoeuvres with each weapon. */
  readonly mixedManoeuvres: boolean;
  /** G-ST5: the move made this round in the missile style. */
  readonly missileMove: MoveTaken;
  /** G-ST6: the mount's movement this round (in its movement's units; 0 = still). */
  readonly mountMoved: number;
}

export const DEFAULT_STYLE_ANSWERS: StyleAnswers = {
  bothHands: false,
  mixedManoeuvres: false,
  missileMove: 'none',
  mountMoved: 0,
};

/** The style of an attack with `weapon` from the documents' facts and the dialog's answers. */
export function styleUseFrom(
  weapon: GreyhawkWeapon,
  facts: AttackerStyleFacts,
  answers: StyleAnswers,
  missile: boolean,
  targetAc: readonly Modifier[] = [],
): StyleUse {
  const grip: GripUse = weapon.hands === 2 ? 'two' : weapon.hands === 'either' ? facts.grip : 'one';
  // A natural attack is struck as the entry gives it: no second hand, no style.
  if (isNaturalAttack(weapon)) return { hand: 'main', grip, ...(targetAc.length ? { targetAc } : {}) };
  const pair = isPair(weapon, facts, missile);
  const freeHand = !missile && !pair && !facts.shield && grip === 'one';
  // G-ST3: a shield manoeuvre this round makes the shield the second weapon.
  const shieldUse = !missile && !pair && facts.shield && weapon.hands !== 2;
  const secondHand: SecondWeapon | undefined = answers.bothHands
    ? pair
      ? 'twoWeapons'
      : freeHand
        ? 'freeHand'
        : shieldUse
          ? 'shield'
          : undefined
    : undefined;
  return {
    hand: answers.hand ?? (pair ? defaultHand(weapon, facts.otherWeapon) : 'main'),
    ...(secondHand ? { secondHand } : {}),
    ...(pair && facts.otherWeapon ? { otherWeapon: facts.otherWeapon } : {}),
    ...(secondHand === 'twoWeapons' && answers.mixedManoeuvres ? { mixedManoeuvres: true } : {}),
    grip,
    ...(missile && answers.missileMove !== 'none' ? { missileMove: answers.missileMove } : {}),
    ...(facts.mount ? { mount: { ...facts.mount, current: Math.max(0, answers.mountMoved) } } : {}),
    ...(targetAc.length ? { targetAc } : {}),
  };
}

/**
 * Two weapons in hand (G-ST4): another one-handed melee weapon readied, this one a melee weapon
 * that is not two-handed, and no shield on the arm.
 */
export function isPair(weapon: GreyhawkWeapon, facts: AttackerStyleFacts, missile: boolean): boolean {
  const other = facts.otherWeapon;
  if (isNaturalAttack(weapon) || (other !== undefined && isNaturalAttack(other))) return false;
  return !missile && !facts.shield && weapon.hands !== 2 && other !== undefined && other.hands !== 2;
}

/**
 * A creature's natural attack (claw, bite, tail): its claw/claw/bite routine is the entry's
 * attacks, each as the entry gives it, never two-weapon fighting nor any fighting style (G-ST1..G-ST6).
 */
export function isNaturalAttack(weapon: GreyhawkWeapon): boolean {
  return weapon.base === 'natural';
}

/**
 * The weapon of a creature's n-th melee attack of the round (1-based): its natural attacks in
 * the order of its entry (claw, claw, bite), over again if it has more attacks than entries;
 * undefined when it has no such routine (one weapon, or a fighter's weapons).
 */
export function routineAttack<T extends { readonly weapon: GreyhawkWeapon }>(
  weapons: readonly T[],
  n: number,
): T | undefined {
  const routine = weapons.filter((w) => w.weapon.melee && isNaturalAttack(w.weapon));
  if (routine.length < 2) return undefined;
  const i = Math.max(0, Math.floor(n) - 1) % routine.length;
  return routine[i];
}

/**
 * The dialog's default answers: with two weapons both strike, the shorter in the off hand; a
 * pair the style does not allow (G-ST4) is not ticked (the attacker may still tick it).
 */
export function defaultStyleAnswers(
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
  facts: AttackerStyleFacts,
): StyleAnswers {
  const pair = isPair(weapon, facts, !weapon.melee);
  const hand = pair ? defaultHand(weapon, facts.otherWeapon) : 'main';
  let allowed = pair;
  if (pair && facts.otherWeapon) {
    const [main, off] = hand === 'off' ? [facts.otherWeapon, weapon] : [weapon, facts.otherWeapon];
    try {
      ensureTwoWeaponsAllowed(c, main, off);
    } catch {
      allowed = false;
    }
  }
  return { ...DEFAULT_STYLE_ANSWERS, hand, bothHands: allowed };
}
