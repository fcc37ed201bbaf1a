import { RulesError } from '../core/errors';
import type { Dice } from './port';

/**
 * Dice formulas the three rulesets need, parsed once and evaluated through the dice port.
 *
 * Grammar (spaces ignored, case-insensitive):
 *   formula  := term (('+' | '-') term)*
 *   term     := integer | dice
 *   dice     := [count] 'd' (faces | '%') [keep]
 *   keep     := ('kh' | 'kl' | 'k') [integer]        e.g. 2d10kl, 4d6kh3
 *
 * A d3 is rolled as a d6 halved, rounded up, as Fantasia's Lutte does it (F-U2); evaluate() can
 * be told to roll real d3s instead.
 */

export interface DiceTerm {
  readonly kind: 'dice';
  readonly sign: 1 | -1;
  readonly count: number;
  readonly faces: number;
  /** Keep the `keepCount` highest ('h') or lowest ('l') dice; undefined keeps all. */
  readonly keep?: 'h' | 'l';
  readonly keepCount?: number;
}

export interface ConstantTerm {
  readonly kind: 'constant';
  readonly sign: 1 | -1;
  readonly value: number;
}

export type FormulaTerm = DiceTerm | ConstantTerm;

export interface DiceFormula {
  /** Normalised text, e.g. "1d6+2". */
  readonly text: string;
  readonly terms: readonly FormulaTerm[];
}

export interface DieRoll {
  /** Faces of the die the rule asks for (3 for a d3). */
  readonly faces: number;
  /** Faces of the physical die rolled (6 for a d3 rolled as a halved d6). */
  readonly rolledOn: number;
  /** The face shown by the physical die. */
  readonly rolled: number;
  /** The value it counts for. */
  readonly value: number;
  /** False when a keep rule dropped it. */
  readonly kept: boolean;
}

export interface TermRoll {
  readonly term: FormulaTerm;
  readonly dice: readonly DieRoll[];
  /** Signed contribution of this term to the total. */
  readonly total: number;
}

export interface RollResult {
  readonly formula: string;
  readonly terms: readonly TermRoll[];
  readonly total: number;
  /** Sum of the kept dice only, unsigned by constants (useful for "dice rolled twice", F-H5). */
  readonly diceTotal: number;
}

export interface EvaluateOptions {
  /** Roll a d3 as a d6 halved (default true, F-U2). */
  readonly d3FromD6?: boolean;
}

const MAX_DICE = 100;
const MAX_FACES = 1000;
const MAX_CONSTANT = 10_000;
const cache = new Map<string, DiceFormula>();

function bad(text: string): RulesError {
  return new RulesError('PDA.Error.BadFormula', { formula: text });
}

/** Parses a formula, or throws a RulesError with key PDA.Error.BadFormula. Results are cached. */
export function parseFormula(input: string): DiceFormula {
  if (typeof input !== 'string') throw bad(String(input));
  const cached = cache.get(input);
  if (cached) return cached;
  if (/[\dd%]\s+[\dd%]/i.test(input)) throw bad(input);
  const source = input.replace(/\s+/g, '').toLowerCase();
  if (source.length === 0 || source.length > 100) throw bad(input);
  const terms: FormulaTerm[] = [];
  const re = /([+-]?)(?:(\d*)d(\d+|%)(?:(kh|kl|k)(\d*))?|(\d+))/y;
  let index = 0;
  while (index < source.length) {
    re.lastIndex = index;
    const m = re.exec(source);
    if (!m || m[0].length === 0) throw bad(input);
    const signText = m[1];
    if (signText === '' && terms.length > 0) throw bad(input);
    const sign: 1 | -1 = signText === '-' ? -1 : 1;
    if (m[6] !== undefined) {
      const value = Number(m[6]);
      if (value > MAX_CONSTANT) throw bad(input);
      terms.push({ kind: 'constant', sign, value });
    } else {
      const count = m[2] === '' || m[2] === undefined ? 1 : Number(m[2]);
      const faces = m[3] === '%' ? 100 : Number(m[3]);
      if (count < 1 || count > MAX_DICE || faces < 1 || faces > MAX_FACES) throw bad(input);
      if (m[4] !== undefined) {
        const keepCount = m[5] === '' || m[5] === undefined ? 1 : Number(m[5]);
        if (keepCount < 1 || keepCount > count) throw bad(input);
        terms.push({ kind: 'dice', sign, count, faces, keep: m[4] === 'kl' ? 'l' : 'h', keepCount });
      } else {
        terms.push({ kind: 'dice', sign, count, faces });
      }
    }
    index = re.lastIndex;
  }
  const formula: DiceFormula = { text: formatTerms(terms), terms };
  if (cache.size < 10_000) cache.set(input, formula);
  return formula;
}

/** True when `text` parses. */
export function isFormula(text: string): boolean {
  try {
    parseFormula(text);
    return true;
  } catch {
    return false;
  }
}

function formatTerms(terms: readonly FormulaTerm[]): string {
  return terms
    .map((t, i) => {
      const sign = t.sign < 0 ? '-' : i === 0 ? '' : '+';
      if (t.kind === 'constant') return `${sign}${t.value}`;
      const keep = t.keep ? `k${t.keep}${t.keepCount === 1 ? '' : t.keepCount}` : '';
      return `${sign}${t.count}d${t.faces}${keep}`;
    })
    .join('');
}

function rollOne(
  faces: number,
  dice: Dice,
  d3FromD6: boolean,
): { rolledOn: number; rolled: number; value: number } {
  if (faces === 3 && d3FromD6) {
    const rolled = dice.die(6);
    return { rolledOn: 6, rolled, value: Math.ceil(rolled / 2) };
  }
  const rolled = dice.die(faces);
  return { rolledOn: faces, rolled, value: rolled };
}

/** Rolls a parsed formula (or formula text) through the dice port. */
export function evaluate(
  formula: DiceFormula | string,
  dice: Dice,
  options: EvaluateOptions = {},
): RollResult {
  const parsed = typeof formula === 'string' ? parseFormula(formula) : formula;
  const d3FromD6 = options.d3FromD6 ?? true;
  const terms: TermRoll[] = [];
  let total = 0;
  let diceTotal = 0;
  for (const term of parsed.terms) {
    if (term.kind === 'constant') {
      terms.push({ term, dice: [], total: term.sign * term.value });
      total += term.sign * term.value;
      continue;
    }
    if (!term.keep) {
      // Every die kept (the common case): the same rolls, without the keep bookkeeping.
      const rolls: DieRoll[] = [];
      let sum = 0;
      const halved = term.faces === 3 && d3FromD6;
      const rolledOn = halved ? 6 : term.faces;
      for (let i = 0; i < term.count; i++) {
        // rollOne written out (a d3 as a halved d6).
        const rolled = dice.die(rolledOn);
        const value = halved ? Math.ceil(rolled / 2) : rolled;
        rolls.push({ faces: term.faces, rolledOn, rolled, value, kept: true });
        sum += value;
      }
      terms.push({ term, dice: rolls, total: term.sign * sum });
      total += term.sign * sum;
      diceTotal += term.sign * sum;
      continue;
    }
    const raw = [];
    for (let i = 0; i < term.count; i++) raw.push(rollOne(term.faces, dice, d3FromD6));
    // Kept: the keepCount highest (kh) or lowest (kl), the earlier die first among equal values.
    // Picked one at a time (a handful of dice; Souffle rolls this for every attack and defence).
    const kept: boolean[] = [];
    const keepAll = !(term.keep && term.keepCount !== undefined);
    for (let i = 0; i < raw.length; i++) kept.push(keepAll);
    if (!keepAll) {
      const high = term.keep === 'h';
      const count = Math.min(term.keepCount ?? 0, raw.length);
      for (let k = 0; k < count; k++) {
        let best = -1;
        for (let i = 0; i < raw.length; i++) {
          if (kept[i]) continue;
          const v = raw[i]!.value;
          if (best < 0 || (high ? v > raw[best]!.value : v < raw[best]!.value)) best = i;
        }
        kept[best] = true;
      }
    }
    const rolls: DieRoll[] = [];
    let sum = 0;
    for (let i = 0; i < raw.length; i++) {
      const r = raw[i]!;
      const isKept = kept[i] === true;
      rolls.push({ faces: term.faces, rolledOn: r.rolledOn, rolled: r.rolled, value: r.value, kept: isKept });
      if (isKept) sum += r.value;
    }
    terms.push({ term, dice: rolls, total: term.sign * sum });
    total += term.sign * sum;
    diceTotal += term.sign * sum;
  }
  return { formula: parsed.text, terms, total, diceTotal };
}

/** Parses and rolls in one call. */
export function roll(text: string, dice: Dice, options?: EvaluateOptions): RollResult {
  return evaluate(parseFormula(text), dice, options);
}

/** The formula's dice without its constants ("1d6+2" → "1d6"), or undefined if it has none. */
export function diceOnly(formula: DiceFormula | string): DiceFormula | undefined {
  const parsed = typeof formula === 'string' ? parseFormula(formula) : formula;
  const terms = parsed.terms.filter((t): t is DiceTerm => t.kind === 'dice');
  if (terms.length === 0) return undefined;
  return { text: formatTerms(terms), terms };
}

/** Smallest and largest totals a formula can give. */
export function bounds(formula: DiceFormula | string): { min: number; max: number } {
  const parsed = typeof formula === 'string' ? parseFormula(formula) : formula;
  let min = 0;
  let max = 0;
  for (const t of parsed.terms) {
    const n = t.kind === 'constant' ? 1 : (t.keepCount ?? t.count);
    const lo = t.kind === 'constant' ? t.value : n;
    const hi = t.kind === 'constant' ? t.value : n * t.faces;
    if (t.sign > 0) {
      min += lo;
      max += hi;
    } else {
      min -= hi;
      max -= lo;
    }
  }
  return { min, max };
}

/** A d100 range such as "01-05" or "96-00" ("00" is 100). */
export interface PercentRange {
  readonly from: number;
  readonly to: number;
}

/** Parses "96-00", "01–05" or "100"; throws PDA.Error.BadRange. */
export function parseRange(text: string): PercentRange {
  const m = /^\s*(\d{1,3})\s*(?:[-–]\s*(\d{1,3}))?\s*$/.exec(text);
  const toValue = (s: string): number => (s === '00' ? 100 : Number(s));
  if (!m || m[1] === undefined) throw new RulesError('PDA.Error.BadRange', { range: text });
  const from = toValue(m[1]);
  const to = m[2] === undefined ? from : toValue(m[2]);
  if (from < 1 || to > 100 || from > to) throw new RulesError('PDA.Error.BadRange', { range: text });
  return { from, to };
}

export function inRange(value: number, range: PercentRange): boolean {
  return value >= range.from && value <= range.to;
}

/** Shows a d100 value as the dice read it: 100 → "00", 5 → "05". */
export function formatPercentile(value: number): string {
  return value === 100 ? '00' : String(value).padStart(2, '0');
}
