import { dexterityAdjustments } from './data';
import type { ShieldKind } from './types';

/*
 * Armour class of a character (AD&D 2e, PHB tables 2 and 52): the armour's AC (10 without armour),
 * one point better with a shield, better by the DEX defensive adjustment and by the magic of armour
 * and shield. One definition for the sheet, every card and the simulator; a monster's AC is its
 * entry's and has no parts.
 */

export interface ArmourClassInput {
  /** The armour's AC: 10 none, 8 leather, 5 chain mail, 3 plate mail… */
  readonly armour: number;
  readonly shield?: ShieldKind | '';
  readonly dex: number;
  /** Magic bonus of armour and shield together (+1 armour and +1 shield: 2). */
  readonly magic: number;
  /**
   * The weapon in hand and its grip: one held in both hands leaves the strapped shield no AC to
   * give (G-ST2, and G-ST1's free hand has none); absent: the shield counts.
   */
  readonly inHand?: { readonly hands: 1 | 2 | 'either'; readonly grip: 'one' | 'two' };
}

/** G-ST2: a shield guards only while the weapon in hand leaves the shield arm free. */
export function shieldGuards(inHand: ArmourClassInput['inHand']): boolean {
  if (!inHand) return true;
  return !(inHand.hands === 2 || (inHand.hands === 'either' && inHand.grip === 'two'));
}

export interface ArmourClassParts {
  readonly armour: number;
  /** What the shield takes off (−1 with any shield, 0 without). */
  readonly shield: number;
  /** The DEX defensive adjustment (−4…+5): what a shield rush's "no DEX bonus" takes back. */
  readonly dex: number;
  /** Magic, as it counts (−2 for a total of +2). */
  readonly magic: number;
  readonly total: number;
}

/** Every shield gives 1 point of AC (PHB); its magic goes in `magic`. */
export const SHIELD_AC = 1;

export function armourClassParts(i: ArmourClassInput): ArmourClassParts {
  const shield = i.shield && shieldGuards(i.inHand) ? -SHIELD_AC : 0;
  const dex = dexterityAdjustments(i.dex).defence;
  const magic = -Math.max(0, i.magic);
  return { armour: i.armour, shield, dex, magic, total: i.armour + shield + dex + magic };
}

/**
 * Migration 7: the armour's AC behind an AC stored whole (with shield, DEX and magic in it). An AC
 * that cannot have included DEX (the armour would be worse than none) was stored without it: the
 * armour is then 10 at most, so no stored number is lost, only read as it was meant.
 */
export function armourFromTotal(total: number, shield: ShieldKind | '' | undefined, dex: number): number {
  const armour = total + (shield ? SHIELD_AC : 0) - dexterityAdjustments(dex).defence;
  return Math.max(-10, Math.min(10, armour));
}
