import type { DefeatCause, Estimate, FighterReport, SideReport, SimulationReport } from './types';
import type { RulesetId } from '../rulesets';

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/** Wilson score interval of `count` successes in `n` trials (95 %). */
export function wilson(count: number, n: number, z = Z95): Estimate {
  if (n <= 0) return { count, p: 0, low: 0, high: 1 };
  const p = count / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return {
    count,
    p,
    low: count <= 0 ? 0 : Math.max(0, centre - half),
    high: count >= n ? 1 : Math.min(1, centre + half),
  };
}

/**
 * What one fight leaves behind, written in place by a ruleset's fight runner (arrays reused from
 * fight to fight so the loop allocates little).
 */
export class FightResult {
  /** Winning side, or -1 for a draw. */
  winner = -1;
  rounds = 0;
  blows = 0;
  readonly down: Uint8Array;
  readonly dead: Uint8Array;
  readonly fled: Uint8Array;
  /** Index of the fighter whose blow put this one down, or -1. */
  readonly downedBy: Int32Array;
  readonly pvLost: Float64Array;
  readonly souffleLost: Float64Array;

  constructor(fighters: number) {
    this.down = new Uint8Array(fighters);
    this.dead = new Uint8Array(fighters);
    this.fled = new Uint8Array(fighters);
    this.downedBy = new Int32Array(fighters);
    this.pvLost = new Float64Array(fighters);
    this.souffleLost = new Float64Array(fighters);
  }

  reset(): void {
    this.winner = -1;
    this.rounds = 0;
    this.blows = 0;
    // A loop: fill() is a call of its own per array, dearer than a few fighters' writes.
    for (let i = 0; i < this.down.length; i++) {
      this.down[i] = 0;
      this.dead[i] = 0;
      this.fled[i] = 0;
      this.downedBy[i] = -1;
      this.pvLost[i] = 0;
      this.souffleLost[i] = 0;
    }
  }
}

/** Sums fight results into the figures of a report. */
export class Tally {
  fights = 0;
  draws = 0;
  blows = 0;
  readonly wins: Int32Array;
  readonly rounds: Int32Array;
  readonly down: Int32Array;
  readonly dead: Int32Array;
  readonly fled: Int32Array;
  readonly pvLost: Float64Array;
  readonly souffleLost: Float64Array;
  /** Per side: lost fights by kind (down, fled, mixed). */
  readonly lostKind: Int32Array;
  /** Per side × fighter: fighters of that side felled by that fighter in fights the side lost. */
  readonly felledBy: Int32Array;

  constructor(
    readonly sideOf: readonly number[],
    readonly sides: number,
    readonly roundLimit: number,
  ) {
    const n = sideOf.length;
    this.wins = new Int32Array(sides);
    this.rounds = new Int32Array(roundLimit + 1);
    this.down = new Int32Array(n);
    this.dead = new Int32Array(n);
    this.fled = new Int32Array(n);
    this.pvLost = new Float64Array(n);
    this.souffleLost = new Float64Array(n);
    this.lostKind = new Int32Array(sides * 3);
    this.felledBy = new Int32Array(sides * n);
  }

  add(r: FightResult): void {
    this.fights += 1;
    this.blows += r.blows;
    if (r.winner >= 0) this.wins[r.winner]! += 1;
    else this.draws += 1;
    this.rounds[Math.min(r.rounds, this.roundLimit)]! += 1;
    const n = this.sideOf.length;
    for (let i = 0; i < n; i++) {
      this.down[i]! += r.down[i]!;
      this.dead[i]! += r.dead[i]!;
      this.fled[i]! += r.fled[i]!;
      this.pvLost[i]! += r.pvLost[i]!;
      this.souffleLost[i]! += r.souffleLost[i]!;
    }
    if (r.winner < 0) return;
    for (let s = 0; s < this.sides; s++) {
      if (s === r.winner) continue;
      let downs = 0;
      let fleds = 0;
      for (let i = 0; i < n; i++) {
        if (this.sideOf[i] !== s) continue;
        if (r.fled[i]) fleds += 1;
        else if (r.down[i]) {
          downs += 1;
          const by = r.downedBy[i]!;
          if (by >= 0) this.felledBy[s * n + by]! += 1;
        }
      }
      this.lostKind[s * 3 + (fleds === 0 ? 0 : downs === 0 ? 1 : 2)]! += 1;
    }
  }
}

function quantile(histogram: Int32Array, total: number, q: number): number {
  if (total === 0) return 0;
  const target = q * total;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= target) return i;
  }
  return histogram.length - 1;
}

const KINDS: readonly DefeatCause['kind'][] = ['down', 'fled', 'mixed'];

/** The report of a finished simulation. */
export function buildReport(
  ruleset: RulesetId,
  seed: number,
  tally: Tally,
  sideNames: readonly string[],
  fighterNames: readonly string[],
  withSouffle: boolean,
): SimulationReport {
  const n = tally.fights;
  const count = fighterNames.length;
  const sides: SideReport[] = sideNames.map((name, s) => {
    const lost = n - tally.wins[s]! - tally.draws;
    let defeatCause: DefeatCause | undefined;
    if (lost > 0) {
      let best = 0;
      for (let k = 1; k < 3; k++) if (tally.lostKind[s * 3 + k]! > tally.lostKind[s * 3 + best]!) best = k;
      let by = -1;
      for (let i = 0; i < count; i++) {
        const v = tally.felledBy[s * count + i]!;
        if (v > 0 && (by < 0 || v > tally.felledBy[s * count + by]!)) by = i;
      }
      defeatCause = {
        kind: KINDS[best] ?? 'down',
        ...(by >= 0 ? { by: fighterNames[by] ?? '' } : {}),
        share: tally.lostKind[s * 3 + best]! / lost,
      };
    }
    return { name, win: wilson(tally.wins[s]!, n), ...(defeatCause ? { defeatCause } : {}) };
  });
  let last = tally.rounds.length - 1;
  while (last > 0 && tally.rounds[last] === 0) last -= 1;
  const histogram = Array.from(tally.rounds.subarray(0, last + 1));
  let sum = 0;
  histogram.forEach((c, i) => (sum += c * i));
  const fighters: FighterReport[] = fighterNames.map((name, i) => ({
    side: tally.sideOf[i] ?? 0,
    name,
    down: wilson(tally.down[i]!, n),
    dead: wilson(tally.dead[i]!, n),
    fled: wilson(tally.fled[i]!, n),
    meanPvLost: n ? tally.pvLost[i]! / n : 0,
    ...(withSouffle ? { meanSouffleLost: n ? tally.souffleLost[i]! / n : 0 } : {}),
  }));
  return {
    ruleset,
    fights: n,
    seed,
    roundLimit: tally.roundLimit,
    sides,
    draw: wilson(tally.draws, n),
    rounds: {
      histogram,
      mean: n ? sum / n : 0,
      median: quantile(tally.rounds, n, 0.5),
      p90: quantile(tally.rounds, n, 0.9),
    },
    fighters,
    blows: tally.blows,
  };
}
