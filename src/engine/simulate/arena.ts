import { bounds, type DiceFormula } from '../dice/formula';
import type { Dice } from '../dice/port';
import type { TargetTactic } from './types';

/**
 * The simulator's abstract battlefield, shared by the three rulesets. The rules give no map, so
 * the simulator keeps one number: the gap between the sides when the fight starts. Each fighter
 * has advanced some metres towards the foe; two fighters of different sides are in contact when
 * their advances cover the gap. This is enough for "shoot before closing" and for movement
 * rates to matter, and nothing more (docs/simulator.md).
 */
export interface ArenaFighter {
  readonly side: number;
  /** Metres a round it can cover when closing in. */
  readonly mouvement: number;
  /** A static estimate of the harm it does in a round (for 'mostDangerous'). */
  readonly danger: number;
  readonly target: TargetTactic;
  advance: number;
  /** Down or fled: out of the fight (set through Arena.leave, which counts who stands). */
  readonly out: boolean;
  /** Current foe, -1 when none. */
  foe: number;
}

const TARGET_NEAREST = 0;
const TARGET_WEAKEST = 1;
const TARGET_DANGEROUS = 2;

/** An arena fighter as the arena itself writes it. */
type ArenaFighterState = { -readonly [K in keyof ArenaFighter]: ArenaFighter[K] };

export class Arena {
  gap = 0;
  readonly fighters: ArenaFighter[] = [];
  /** 1 for a fighter out of the fight (its ArenaFighter.out, read without the object). */
  readonly outs: Uint8Array;
  /** Attackers on each fighter this round (spreads 'nearest' attackers over the foes). */
  private readonly pressed: Int32Array;
  /** Fighters standing on each side, and the sides with someone standing (see `winner`). */
  private readonly standing: Int32Array;
  private readonly sideCount: number;
  private sidesStanding = 0;
  private readonly fightersOf: Int32Array;
  /** Each fighter's foes (the other sides' fighters, in order) and its tactic as a number (see pick). */
  private readonly foes: Int32Array[];
  private readonly targets: Uint8Array;
  /** Each fighter's foes still standing, in the order of `foes` (the first liveCount[i] of live[i]). */
  private readonly live: Int32Array[];
  private readonly liveCount: Int32Array;

  constructor(fighters: readonly Omit<ArenaFighter, 'advance' | 'out' | 'foe'>[]) {
    // Written out key by key: objects of one shape keep the loop's reads of them fast.
    for (const f of fighters)
      this.fighters.push({
        side: f.side,
        mouvement: f.mouvement,
        danger: f.danger,
        target: f.target,
        advance: 0,
        out: false,
        foe: -1,
      });
    this.pressed = new Int32Array(fighters.length);
    this.outs = new Uint8Array(fighters.length);
    let sides = 0;
    for (const f of fighters) sides = Math.max(sides, f.side + 1);
    this.sideCount = sides;
    this.standing = new Int32Array(sides);
    this.fightersOf = new Int32Array(sides);
    for (const f of fighters) this.fightersOf[f.side]! += 1;
    this.foes = fighters.map((me) => {
      const foes: number[] = [];
      fighters.forEach((f, j) => {
        if (f.side !== me.side) foes.push(j);
      });
      return Int32Array.from(foes);
    });
    this.targets = Uint8Array.from(fighters, (f) =>
      f.target === 'weakest'
        ? TARGET_WEAKEST
        : f.target === 'mostDangerous'
          ? TARGET_DANGEROUS
          : TARGET_NEAREST,
    );
    this.live = this.foes.map((foes) => Int32Array.from(foes));
    this.liveCount = new Int32Array(fighters.length);
    this.reset(0);
  }

  reset(gap: number): void {
    this.gap = gap;
    for (const f of this.fighters as ArenaFighterState[]) {
      f.advance = 0;
      f.out = false;
      f.foe = -1;
    }
    this.standing.set(this.fightersOf);
    this.outs.fill(0);
    for (let i = 0; i < this.foes.length; i++) {
      const foes = this.foes[i]!;
      const live = this.live[i]!;
      for (let x = 0; x < foes.length; x++) live[x] = foes[x]!;
      this.liveCount[i] = foes.length;
    }
    let n = 0;
    for (let s = 0; s < this.sideCount; s++) if (this.standing[s]! > 0) n++;
    this.sidesStanding = n;
  }

  /** Fighter `i` is out of the fight (down or fled); again on one already out changes nothing. */
  leave(i: number): void {
    const f = this.fighters[i] as ArenaFighterState;
    if (f.out) return;
    f.out = true;
    this.outs[i] = 1;
    if (--this.standing[f.side]! === 0) this.sidesStanding--;
    // Off the standing foes of each of its foes (the order of the others kept).
    const foes = this.foes[i]!;
    for (let x = 0; x < foes.length; x++) {
      const j = foes[x]!;
      const live = this.live[j]!;
      const n = this.liveCount[j]!;
      let at = 0;
      while (at < n && live[at] !== i) at++;
      if (at === n) continue;
      for (; at < n - 1; at++) live[at] = live[at + 1]!;
      this.liveCount[j] = n - 1;
    }
  }

  distance(i: number, j: number): number {
    if (this.gap <= 0) return 0; // everyone in contact (see pick)
    const a = this.fighters[i]!;
    const b = this.fighters[j]!;
    const d = this.gap - a.advance - b.advance;
    return d > 0 ? d : 0;
  }

  /** In contact with at least one standing foe. */
  engaged(i: number): boolean {
    const fighters = this.fighters;
    const foes = this.live[i]!;
    const count = this.liveCount[i]!;
    if (this.gap <= 0) return count > 0; // everyone in contact (see pick)
    const room = this.gap - fighters[i]!.advance;
    for (let x = 0; x < count; x++) if (room - fighters[foes[x]!]!.advance <= 0) return true; // distance(i, j) === 0
    return false;
  }

  startRound(): void {
    const pressed = this.pressed;
    for (let j = 0; j < pressed.length; j++) pressed[j] = 0;
  }

  /**
   * Picks (and records) the foe `i` goes for, by its tactic; `pv(j)` gives a foe's current PV.
   * The current foe is kept while it stands and the tactic finds no strictly better one.
   * Returns -1 when no foe stands.
   */
  pick(i: number, pv: (j: number) => number): number {
    const target = this.targets[i]!;
    if (target !== TARGET_NEAREST) return this.pickBy(i, target, pv);
    // 'nearest' (most tactics), its loop alone: the nearest foe, the least pressed on a tie.
    const fighters = this.fighters;
    const me = fighters[i]!;
    const foes = this.live[i]!;
    const count = this.liveCount[i]!;
    const pressed = this.pressed;
    const room = this.gap - me.advance;
    const current = me.foe;
    let best = -1;
    let bestScore = 0;
    if (this.gap <= 0) {
      // Everyone in contact (no fighter advances when there is no gap): the least pressed.
      for (let x = 0; x < count; x++) {
        const j = foes[x]!;
        const score = j === current ? pressed[j]! * 10 - 1 : pressed[j]! * 10;
        if (best < 0 || score < bestScore) {
          best = j;
          bestScore = score;
        }
      }
    } else
      for (let x = 0; x < count; x++) {
        const j = foes[x]!;
        const f = fighters[j]!;
        const gap = room - f.advance;
        const d = gap > 0 ? gap : 0; // distance(i, j)
        let score = d * 1e4 + pressed[j]! * 10;
        if (j === current) score -= 1; // keep the current foe on a tie
        if (best < 0 || score < bestScore) {
          best = j;
          bestScore = score;
        }
      }
    (me as ArenaFighterState).foe = best;
    if (best >= 0) pressed[best]! += 1;
    return best;
  }

  /** `pick` for the 'weakest' and 'mostDangerous' tactics. */
  private pickBy(i: number, target: number, pv: (j: number) => number): number {
    const fighters = this.fighters;
    const me = fighters[i]!;
    const foes = this.foes[i]!;
    const pressed = this.pressed;
    const room = this.gap - me.advance;
    const current = me.foe;
    let best = -1;
    let bestScore = 0;
    for (let x = 0; x < foes.length; x++) {
      const j = foes[x]!;
      const f = fighters[j]!;
      if (f.out) continue;
      const gap = room - f.advance;
      const d = gap > 0 ? gap : 0; // distance(i, j)
      let score = target === TARGET_WEAKEST ? pv(j) * 1e4 + d : -f.danger * 1e4 + d;
      if (j === current) score -= 1; // keep the current foe on a tie
      if (best < 0 || score < bestScore) {
        best = j;
        bestScore = score;
      }
    }
    (me as ArenaFighterState).foe = best;
    if (best >= 0) pressed[best]! += 1;
    return best;
  }

  /** Moves `i` towards `j`, at most its mouvement, stopping on contact. */
  close(i: number, j: number): void {
    const me = this.fighters[i]!;
    const d = this.distance(i, j);
    me.advance += d < me.mouvement ? d : me.mouvement;
  }

  /** The only side with fighters standing, -1 when none, -2 while two or more still stand. */
  winner(): number {
    const n = this.sidesStanding;
    if (n > 1) return -2;
    if (n === 0) return -1;
    for (let s = 0; s < this.sideCount; s++) if (this.standing[s]! > 0) return s;
    return -1;
  }
}

/** Mean of a dice formula ('' is 0). */
export function meanOf(formula: string): number {
  if (formula === '') return 0;
  const b = bounds(formula);
  return (b.min + b.max) / 2;
}

/** Fisher–Yates through the dice port. */
export function shuffleInPlace<T>(items: T[], dice: Dice): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = dice.die(i + 1) - 1;
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

export function shuffled<T>(items: readonly T[], dice: Dice): T[] {
  return shuffleInPlace([...items], dice);
}

/** A formula with no keep rule (its total is rollTotal's). */
export function plainDice(formula: DiceFormula): boolean {
  return formula.terms.every((t) => t.kind === 'constant' || t.keep === undefined);
}

/**
 * The total of a formula with no keep rule, rolled die by die as evaluate rolls it (a d3 as a
 * halved d6, its default: Fantasia F-U2), with no record of the dice.
 */
export function rollTotal(formula: DiceFormula, dice: Dice): number {
  const terms = formula.terms;
  let total = 0;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k]!;
    if (t.kind === 'constant') {
      total += t.sign * t.value;
      continue;
    }
    let sum = 0;
    if (t.faces === 3) for (let n = 0; n < t.count; n++) sum += Math.ceil(dice.die(6) / 2);
    else for (let n = 0; n < t.count; n++) sum += dice.die(t.faces);
    total += t.sign * sum;
  }
  return total;
}
