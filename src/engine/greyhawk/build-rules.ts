import { ensure, isRulesError, RulesError } from '../core/errors';
import { type FightingStyle, type GreyhawkCharacter, type MasteryRank } from './types';

/**
 * What every change of the Greyhawk character build shares: the level cap, the refusal of a rule
 * and the rule ID each refusal names. Split from build.ts, which re-exports its public part.
 */

/*
 * Building a character from its sheet: classes and levels, weapon proficiencies (single weapons
 * and groups), styles and handedness. Every function takes the character and returns the next
 * one, or throws a RulesError (key + data, with the rule ID in `data.rule`) and changes nothing.
 * The sheet only asks and shows; the rules of the seed are all checked here.
 */

/** Levels a class may take on the sheet (AD&D 2e characters stop at 20; rulings). */
export const MAX_LEVEL = 20;

/** Throws the refusal of a rule: its lang key, its data and its rule ID. */
export function refuseUnless(
  condition: unknown,
  rule: string,
  key: string,
  data: Record<string, string | number> = {},
): asserts condition {
  ensure(condition, key, { ...data, rule });
}

/** Runs a change and returns its refusal (or null when it would be accepted). */
export function refusalOf(change: () => unknown): RulesError | null {
  try {
    change();
    return null;
  } catch (error) {
    if (isRulesError(error)) return error;
    throw error;
  }
}

export const RANK_RULE: Readonly<Record<MasteryRank, string>> = {
  expert: 'G-E1',
  specialist: 'G-S1',
  master: 'G-M1',
  highMaster: 'G-M2',
  grandMaster: 'G-M3',
};

/** Runs an engine change and tags its refusal with `rule` when it has none. */
export function withRule(rule: string, change: () => GreyhawkCharacter): GreyhawkCharacter {
  try {
    return change();
  } catch (error) {
    if (isRulesError(error) && error.data.rule === undefined) {
      const fromKey = KEY_RULE[error.key];
      throw new RulesError(error.key, { ...error.data, rule: fromKey ?? rule });
    }
    throw error;
  }
}

/** Rules of refusals that several changes share (the slot budget is G-W1 whatever asked). */
const KEY_RULE: Readonly<Record<string, string>> = {
  'PDA.Error.Greyhawk.TooManySlots': 'G-W1',
  'PDA.Error.Greyhawk.PriestWeapon': 'G-W4',
  'PDA.Error.Greyhawk.NotProficient': 'G-W2',
  'PDA.Error.Greyhawk.ChoiceNotProficient': 'G-W6',
  'PDA.Error.Greyhawk.ChoiceIsPermanent': 'G-W6',
};

// ---------------------------------------------------------------------------------------------
// Fighting styles (G-ST1..G-ST6)

export const STYLE_RULE: Readonly<Record<FightingStyle, string>> = {
  freeHand: 'G-ST1',
  twoHanded: 'G-ST2',
  shield: 'G-ST3',
  twoWeapons: 'G-ST4',
  missile: 'G-ST5',
  mountedArchery: 'G-ST6',
};

export function styleRule(style: FightingStyle): string {
  return STYLE_RULE[style];
}
