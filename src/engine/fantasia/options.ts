import { ensure, ensureInteger } from '../core/errors';
import { parseRange, type PercentRange } from '../dice/formula';
import { ZERO_PV_RULES, type ZeroPvRule } from './fallen';
import { DECLARATION_BINDINGS, type DeclarationBinding } from './declared';

/** Table settings a world can change. Defaults are the rulings in docs/rulings/fantasia.md. */
export interface FantasiaOptions {
  /** d100 range of a critical on a combat skill (F-H5): "01-05". */
  readonly criticalRange: string;
  /** d100 range of a fumble (F-H9 ruling, Basic Roleplaying): "96-00". */
  readonly fumbleRange: string;
  /** A Chance roll is d100 ≤ CHA × this (F-W6; Basic Roleplaying Luck roll, POW×5). */
  readonly chanceMultiplier: number;
  /** Crosses needed to master a thrust (F-B6): one per malus point, or one per 5 % step. */
  readonly thrustMastery: 'points' | 'steps5';
  /** What a knock-out that loses the resistance roll does (F-U4). */
  readonly knockOutFailure: 'normalDamage' | 'noEffect';
  /** Resistance table bounds (F-T1): 0/100 = Basic Roleplaying's automatic results. */
  readonly resistanceMin: number;
  readonly resistanceMax: number;
  /** What 0 PV or below does (ruling "F-H1 0 PV"): dead, out of the fight, or the GM's call. */
  readonly zeroPv: ZeroPvRule;
  /**
   * How rough a declaration is in the passes (ruling F-R5): the declared kind of action binds and
   * the foe may change ('action'), or the declared foe binds too ('actionAndTarget').
   */
  readonly declarationBinds: DeclarationBinding;
}

export const DEFAULT_FANTASIA_OPTIONS: FantasiaOptions = Object.freeze({
  criticalRange: '01-05',
  fumbleRange: '96-00',
  chanceMultiplier: 5,
  thrustMastery: 'points',
  knockOutFailure: 'normalDamage',
  resistanceMin: 0,
  resistanceMax: 100,
  zeroPv: 'dead',
  declarationBinds: 'action',
});

const rangeCache = new Map<string, PercentRange>();
let lastText0: string | undefined;
let lastRange0: PercentRange | undefined;
let lastText1: string | undefined;
let lastRange1: PercentRange | undefined;

/** Parses a d100 range once (cached); throws PDA.Error.BadRange. */
export function cachedRange(text: string): PercentRange {
  // Every d100 roll reads the two ranges: the last two texts asked answer without a map lookup.
  if (text === lastText0) return lastRange0!;
  if (text === lastText1) return lastRange1!;
  let range = rangeCache.get(text);
  if (!range) {
    range = parseRange(text);
    if (rangeCache.size < 1000) rangeCache.set(text, range);
  }
  lastText1 = lastText0;
  lastRange1 = lastRange0;
  lastText0 = text;
  lastRange0 = range;
  return range;
}

/** Merges partial options over the defaults and refuses impossible values. */
export function fantasiaOptions(partial: Partial<FantasiaOptions> = {}): FantasiaOptions {
  const o: FantasiaOptions = { ...DEFAULT_FANTASIA_OPTIONS, ...partial };
  const crit = cachedRange(o.criticalRange);
  const fumble = cachedRange(o.fumbleRange);
  ensure(crit.to < fumble.from, 'PDA.Error.RangesOverlap', {
    critical: o.criticalRange,
    fumble: o.fumbleRange,
  });
  ensureInteger(o.chanceMultiplier, 1, 10, 'chanceMultiplier');
  ensureInteger(o.resistanceMin, 0, 50, 'resistanceMin');
  ensureInteger(o.resistanceMax, 50, 100, 'resistanceMax');
  ensure(ZERO_PV_RULES.includes(o.zeroPv), 'PDA.Error.OutOfRange', {
    what: 'zeroPv',
    value: String(o.zeroPv),
    min: 0,
    max: ZERO_PV_RULES.length - 1,
  });
  ensure(DECLARATION_BINDINGS.includes(o.declarationBinds), 'PDA.Error.OutOfRange', {
    what: 'declarationBinds',
    value: String(o.declarationBinds),
    min: 0,
    max: DECLARATION_BINDINGS.length - 1,
  });
  return o;
}
