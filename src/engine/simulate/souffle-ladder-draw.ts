import type { DiceTerm } from '../dice/formula';
import type { LadderDice } from '../souffle/ladder';

/**
 * A ladder row's dice laid out for `ladder`: each die's faces in rolling order, where each term
 * ends, its keep rule (the count kept, -1 for all; highest or lowest) and the row's own keep
 * (1 best, -1 worst of all, 0 none); `single` is the faces of a row of one die alone.
 */
export interface LadderDraw {
  readonly n: number;
  readonly faces: Int32Array;
  readonly terms: number;
  readonly termEnd: Int32Array;
  readonly termKeep: Int32Array;
  readonly termHigh: Uint8Array;
  readonly keep: number;
  readonly single: number;
  /** Two dice alone: one kept of the row's (best or worst), or one term keeping its highest or lowest. */
  readonly pair: number;
}

export const PAIR_NONE = 0;
export const PAIR_ROW_BEST = 1;
export const PAIR_ROW_WORST = 2;
export const PAIR_HIGH = 3;
export const PAIR_LOW = 4;

export function ladderDraw(parsed: LadderDice): LadderDraw {
  const terms = parsed.formula.terms.filter((t): t is DiceTerm => t.kind === 'dice');
  let n = 0;
  for (const t of terms) n += t.count;
  const faces = new Int32Array(n);
  const termEnd = new Int32Array(terms.length);
  const termKeep = new Int32Array(terms.length);
  const termHigh = new Uint8Array(terms.length);
  let at = 0;
  terms.forEach((t, k) => {
    for (let x = 0; x < t.count; x++) faces[at++] = t.faces;
    termEnd[k] = at;
    termKeep[k] = t.keep && t.keepCount !== undefined ? t.keepCount : -1;
    termHigh[k] = t.keep === 'h' ? 1 : 0;
  });
  const keep = parsed.keep === 'best' ? 1 : parsed.keep === 'worst' ? -1 : 0;
  // One die alone, kept whatever the rule (a keep of one or more, or none).
  const one = n === 1 && (keep !== 0 || termKeep[0]! !== 0);
  let pair = PAIR_NONE;
  if (!one && n === 2) {
    if (keep !== 0) pair = keep > 0 ? PAIR_ROW_BEST : PAIR_ROW_WORST;
    else if (terms.length === 1 && termKeep[0] === 1) pair = termHigh[0] === 1 ? PAIR_HIGH : PAIR_LOW;
  }
  return {
    n,
    faces,
    terms: terms.length,
    termEnd,
    termKeep,
    termHigh,
    keep,
    single: one ? faces[0]! : 0,
    pair,
  };
}
