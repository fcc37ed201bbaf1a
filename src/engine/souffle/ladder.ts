import { RulesError } from '../core/errors';
import { parseFormula, type DiceFormula } from '../dice/formula';
import type { Dice } from '../dice/port';

/**
 * The advantage ladder (S-A1, S-A2): every Souffle roll has an advantage level, and the level
 * picks the dice. The seed's table is missing, so the ladder is data a GM may edit.
 *
 * A row's dice rule is a dice formula parsed by the shared grammar (src/engine/dice/formula.ts),
 * e.g. "2d10kl", "1d10", "2d12kh", optionally followed by "keep best" or "keep worst", which keeps
 * the single best (or worst) die among dice of different sizes: "1d10+1d12 keep best".
 */

export type LadderKeep = 'best' | 'worst';

export interface LadderRow {
  /** Advantage level: 0 is "no advantage", negative levels are disadvantage. */
  readonly level: number;
  /** Dice rule, see the module comment. */
  readonly dice: string;
  /** Optional name of the level (a key under PDA.Souffle.Level), e.g. 'significatif'. */
  readonly name?: string;
}

export interface AdvantageLadder {
  /** Rows in ascending, contiguous level order. */
  readonly rows: readonly LadderRow[];
}

/** A parsed dice rule. */
export interface LadderDice {
  readonly text: string;
  readonly formula: DiceFormula;
  /** Pick one die among all rolled (mixed sizes); undefined: the formula's own keep rules. */
  readonly keep?: LadderKeep;
}

export interface LadderDie {
  readonly faces: number;
  readonly value: number;
  readonly kept: boolean;
}

export interface LadderRoll {
  /** The level actually used (after clamping to the ladder's ends). */
  readonly level: number;
  readonly dice: string;
  /** Every die rolled, in order. */
  readonly rolls: readonly LadderDie[];
  /** The result: sum of kept dice. */
  readonly value: number;
  /** Largest value the kept dice could have shown (the kept die's faces for one die). */
  readonly keptMax: number;
}

/** The default ladder: satisfies every constraint in the seed's examples (see docs/rulings). */
export const DEFAULT_LADDER: AdvantageLadder = {
  rows: [
    { level: -3, dice: '5d10kl', name: 'desastreux' },
    { level: -2, dice: '4d10kl', name: 'tresDesavantageux' },
    { level: -1, dice: '3d10kl', name: 'desavantageux' },
    { level: 0, dice: '2d10kl', name: 'neutre' },
    { level: 1, dice: '1d10', name: 'avantageux' },
    { level: 2, dice: '1d12', name: 'significatif' },
    { level: 3, dice: '1d8+1d10 keep best' },
    { level: 4, dice: '1d4+1d12 keep best' },
    { level: 5, dice: '1d6+1d12 keep best', name: 'majeur' },
    { level: 6, dice: '2d10kh' },
    { level: 7, dice: '1d8+1d12 keep best' },
    { level: 8, dice: '1d10+1d12 keep best', name: 'decisif' },
    { level: 9, dice: '2d12kh' },
    { level: 10, dice: '3d12kh' },
    { level: 11, dice: '4d12kh' },
    { level: 12, dice: '5d12kh', name: 'ecrasant' },
  ],
};

const parsedCache = new Map<string, LadderDice>();

/** Parses a dice rule, or throws PDA.Error.SouffleLadderDice. */
export function parseLadderDice(text: string): LadderDice {
  const cached = parsedCache.get(text);
  if (cached) return cached;
  const bad = (): RulesError => new RulesError('PDA.Error.SouffleLadderDice', { dice: String(text) });
  if (typeof text !== 'string') throw bad();
  const m = /^(.*?)\s*(?:keep\s+(best|worst))?\s*$/i.exec(text.trim());
  const body = m?.[1] ?? '';
  const keep = m?.[2]?.toLowerCase() as LadderKeep | undefined;
  let formula: DiceFormula;
  try {
    formula = parseFormula(body);
  } catch {
    throw bad();
  }
  // A dice rule is dice only, all added; "keep best/worst" works on plain dice (no kh/kl inside).
  if (formula.terms.length === 0) throw bad();
  for (const term of formula.terms) {
    if (term.kind !== 'dice' || term.sign < 0) throw bad();
    if (keep && term.keep) throw bad();
  }
  const result: LadderDice = keep
    ? { text: `${formula.text} keep ${keep}`, formula, keep }
    : { text: formula.text, formula };
  if (parsedCache.size < 1000) parsedCache.set(text, result);
  return result;
}

/** Throws a RulesError unless the ladder is usable: non-empty, integer contiguous levels, level 0
 *  present, every dice rule well formed, names unique. */
export function validateLadder(ladder: AdvantageLadder): AdvantageLadder {
  const rows = ladder?.rows;
  if (!Array.isArray(rows) || rows.length === 0) throw new RulesError('PDA.Error.SouffleLadderEmpty');
  const names = new Set<string>();
  rows.forEach((row, i) => {
    if (!Number.isInteger(row.level)) {
      throw new RulesError('PDA.Error.SouffleLadderLevel', { level: String(row.level) });
    }
    const previous = rows[i - 1];
    if (previous && row.level !== previous.level + 1) {
      throw new RulesError('PDA.Error.SouffleLadderGap', { after: previous.level, level: row.level });
    }
    parseLadderDice(row.dice);
    if (row.name !== undefined) {
      if (names.has(row.name)) throw new RulesError('PDA.Error.SouffleLadderName', { name: row.name });
      names.add(row.name);
    }
  });
  if (!rows.some((r) => r.level === 0)) throw new RulesError('PDA.Error.SouffleLadderNoZero');
  return ladder;
}

/** The row for a level; levels beyond the ladder's ends use its first or last row. */
export function ladderRow(ladder: AdvantageLadder, level: number): LadderRow {
  const rows = ladder.rows;
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) throw new RulesError('PDA.Error.SouffleLadderEmpty');
  const clamped = Math.max(first.level, Math.min(last.level, Math.trunc(level)));
  const row = rows[clamped - first.level];
  if (!row) throw new RulesError('PDA.Error.SouffleLadderGap', { after: first.level, level: clamped });
  return row;
}

/** Level thresholds S-MN3 uses: "disadvantageous or worse" and "advantageous or better". */
export function isDisadvantageous(level: number): boolean {
  return level < 0;
}
export function isAdvantageous(level: number): boolean {
  return level > 0;
}

/** Rolls the dice of one level through the dice port. */
export function rollLevel(ladder: AdvantageLadder, level: number, dice: Dice): LadderRoll {
  const row = ladderRow(ladder, level);
  const parsed = parseLadderDice(row.dice);
  // The formula's dice in order, as evaluate rolls them (no d3 from a d6; parseLadderDice allows
  // only added dice terms), each kh/kl term keeping its highest or lowest, the earlier die first
  // among equal values. Plain loops: this runs for every Souffle roll, thousands of times a
  // simulated fight.
  const rolls: { faces: number; value: number; kept: boolean }[] = [];
  for (const term of parsed.formula.terms) {
    if (term.kind !== 'dice') continue; // parseLadderDice refuses any other term
    const from = rolls.length;
    for (let i = 0; i < term.count; i++)
      rolls.push({ faces: term.faces, value: dice.die(term.faces), kept: true });
    if (term.keep && term.keepCount !== undefined) {
      const high = term.keep === 'h';
      for (let i = from; i < rolls.length; i++) rolls[i]!.kept = false;
      const count = Math.min(term.keepCount, rolls.length - from);
      for (let k = 0; k < count; k++) {
        let best = -1;
        for (let i = from; i < rolls.length; i++) {
          const d = rolls[i]!;
          if (d.kept) continue;
          if (best < 0 || (high ? d.value > rolls[best]!.value : d.value < rolls[best]!.value)) best = i;
        }
        rolls[best]!.kept = true;
      }
    }
  }
  if (!parsed.keep) {
    let value = 0;
    let keptMax = 0;
    for (const d of rolls)
      if (d.kept) {
        value += d.value;
        keptMax += d.faces;
      }
    return { level: row.level, dice: parsed.text, rolls, value, keptMax };
  }
  // Keep one die among mixed sizes; on equal values the larger die is kept (it leaves more room
  // to force, S-AT2).
  let keptIndex = 0;
  for (let i = 0; i < rolls.length; i++) {
    const d = rolls[i]!;
    const k = rolls[keptIndex]!;
    const better = parsed.keep === 'best' ? d.value > k.value : d.value < k.value;
    if (better || (d.value === k.value && d.faces > k.faces)) keptIndex = i;
  }
  for (let i = 0; i < rolls.length; i++) rolls[i]!.kept = i === keptIndex;
  const kept = rolls[keptIndex];
  return { level: row.level, dice: parsed.text, rolls, value: kept?.value ?? 0, keptMax: kept?.faces ?? 0 };
}

/** Smallest and largest results of a level (for sheets and property tests). */
export function levelBounds(ladder: AdvantageLadder, level: number): { min: number; max: number } {
  const parsed = parseLadderDice(ladderRow(ladder, level).dice);
  if (!parsed.keep) {
    let min = 0;
    let max = 0;
    for (const t of parsed.formula.terms) {
      if (t.kind !== 'dice') continue;
      const n = t.keepCount ?? t.count;
      min += n;
      max += n * t.faces;
    }
    return { min, max };
  }
  const faces = parsed.formula.terms.flatMap((t) => (t.kind === 'dice' ? Array(t.count).fill(t.faces) : []));
  return parsed.keep === 'best' ? { min: 1, max: Math.max(...faces) } : { min: 1, max: Math.min(...faces) };
}
