import type { Dice } from '../dice/port';
import { inRange } from '../dice/formula';
import { cachedRange, DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import type { Modifier, RuleId } from './types';

export type Outcome = 'critical' | 'success' | 'failure' | 'fumble';

/** A d100 roll against a percentage, with everything a chat card needs to explain it. */
export interface PercentRoll {
  /** Percentage before modifiers. */
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  /** base + modifiers (may be below 0 or above 100). */
  readonly target: number;
  /** The d100, 1..100 (100 reads "00"). */
  readonly roll: number;
  readonly outcome: Outcome;
  readonly success: boolean;
  /** Rules that explain the result. */
  readonly rule: readonly RuleId[];
}

export function sumModifiers(modifiers: readonly Modifier[]): number {
  let total = 0;
  for (const m of modifiers) total += m.value;
  return total;
}

/**
 * Reads a d100 against a target: a success when roll ≤ target (F-H1). 01–05 is always a critical
 * success and the fumble range always a fumble (F-H5, F-H9 ruling, as in Basic Roleplaying).
 */
export function readPercent(
  roll: number,
  base: number,
  modifiers: readonly Modifier[],
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
  rule: readonly RuleId[] = ['F-H1'],
): PercentRoll {
  const target = base + sumModifiers(modifiers);
  let outcome: Outcome;
  if (inRange(roll, cachedRange(options.criticalRange))) outcome = 'critical';
  else if (inRange(roll, cachedRange(options.fumbleRange))) outcome = 'fumble';
  else outcome = roll <= target ? 'success' : 'failure';
  const rules: RuleId[] = rule.slice();
  for (let i = 0; i < modifiers.length; i++) {
    const r = (modifiers[i] as Modifier).rule;
    if (!rules.includes(r)) rules.push(r);
  }
  if (outcome === 'critical') rules.push('F-H5');
  if (outcome === 'fumble') rules.push('F-H9');
  return {
    base,
    modifiers,
    target,
    roll,
    outcome,
    success: outcome === 'critical' || outcome === 'success',
    rule: rules,
  };
}

/** Rolls d100 through the dice port and reads it (readPercent). */
export function rollPercent(
  base: number,
  modifiers: readonly Modifier[],
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
  rule: readonly RuleId[] = ['F-H1'],
): PercentRoll {
  return readPercent(dice.die(100), base, modifiers, options, rule);
}

/** A plain roll under characteristic × multiplier (DEX×3 for balance F-H6, disarm F-W2). */
export function rollCharacteristic(
  value: number,
  multiplier: number,
  dice: Dice,
  rule: RuleId,
  modifiers: readonly Modifier[] = [],
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): PercentRoll {
  return rollPercent(value * multiplier, modifiers, dice, options, [rule]);
}

/** Chance roll: d100 ≤ CHA × chanceMultiplier (F-W6; ruling from Basic Roleplaying's Luck). */
export function rollChance(
  cha: number,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
  rule: RuleId = 'F-W6',
): PercentRoll {
  return rollPercent(cha * options.chanceMultiplier, [], dice, options, [rule]);
}
