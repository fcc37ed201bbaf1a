import type { Dice } from '../dice/port';
import { ensure } from '../core/errors';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { readPercent, type Outcome } from './resolution';
import type { RuleId } from './types';

/**
 * The resistance table (F-T1 ruling: Basic Roleplaying's standard table). The active side's
 * chance is 50 % + 5 % per point it has over the passive side, clamped to the table's bounds;
 * a difference of 10 or more either way is an automatic result (100 % or 0 %, no roll).
 */
export function resistanceChance(
  active: number,
  passive: number,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): number {
  ensure(Number.isFinite(active) && Number.isFinite(passive), 'PDA.Error.BadResistance', {
    active: String(active),
    passive: String(passive),
  });
  const raw = 50 + (active - passive) * 5;
  return Math.min(options.resistanceMax, Math.max(options.resistanceMin, raw));
}

/** "active vs passive → %" as shown on chat cards. */
export interface ResistanceRoll {
  readonly active: number;
  readonly passive: number;
  readonly chance: number;
  /** "12 vs 10 → 60 %" */
  readonly label: string;
  /** The d100, or undefined when the result was automatic (0 % or 100 %). */
  readonly roll: number | undefined;
  readonly automatic: boolean;
  readonly success: boolean;
  /** Critical when the d100 falls in the critical range (used by the whip pull, F-W2). */
  readonly outcome: Outcome;
  readonly rule: readonly RuleId[];
}

export function resistanceLabel(active: number, passive: number, chance: number): string {
  return `${active} vs ${passive} → ${chance} %`;
}

/** Rolls active against passive on the resistance table (F-T1). */
export function rollResistance(
  active: number,
  passive: number,
  dice: Dice,
  rule: RuleId,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): ResistanceRoll {
  const chance = resistanceChance(active, passive, options);
  const label = resistanceLabel(active, passive, chance);
  const rules: RuleId[] = rule === 'F-T1' ? ['F-T1'] : [rule, 'F-T1'];
  if (chance >= 100 || chance <= 0) {
    const success = chance >= 100;
    return {
      active,
      passive,
      chance,
      label,
      roll: undefined,
      automatic: true,
      success,
      outcome: success ? 'success' : 'failure',
      rule: rules,
    };
  }
  const read = readPercent(dice.die(100), chance, [], options, rules);
  // The fumble range belongs to skill rolls (F-H9): on the table a high roll is a plain failure,
  // or a success when the chance covers it (a 96 against 97 %).
  const fumble = read.outcome === 'fumble';
  const success = fumble ? read.roll <= chance : read.success;
  return {
    active,
    passive,
    chance,
    label,
    roll: read.roll,
    automatic: false,
    success,
    outcome: fumble ? (success ? 'success' : 'failure') : read.outcome,
    rule: fumble ? read.rule.filter((r) => r !== 'F-H9') : read.rule,
  };
}
