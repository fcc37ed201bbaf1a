import type { Dice } from '../dice/port';
import { damageChangeInto, halfMetier, holdsParryWeapon, type DamageChange } from '../souffle/defence';
import { type SouffleState, withState } from '../souffle/states';
import { GUERRIER, type Gauge, type SouffleFighter } from '../souffle/fighter';
import { ladderRow, levelBounds, parseLadderDice } from '../souffle/ladder';
import { DEFAULT_OPTIONS, type SouffleOptions } from '../souffle/options';
import { postureShortActions, type Posture } from '../souffle/posture';
import { Arena } from './arena';
import {
  ladderDraw,
  PAIR_HIGH,
  PAIR_NONE,
  PAIR_ROW_BEST,
  PAIR_ROW_WORST,
  type LadderDraw,
} from './souffle-ladder-draw';
import type { FightTracer } from './trace';
import type { SouffleEncounter } from './types';
import {
  attackInput,
  bestMetier,
  type Mutable,
  readAttack,
  type Runtime,
  shaped,
  type SouffleSteps,
} from './souffle-runtime';

/**
 * A Souffle fight's state (see souffle.ts): the fighters and the arena set up once per encounter,
 * damage written in place (S-DF3) and the ladder's dice; the blows and `play` come above it.
 */
export class SouffleFightBase {
  protected readonly fighters: Runtime[] = [];
  protected readonly arena: Arena;
  protected readonly options: SouffleOptions;
  protected readonly roundLimit: number;
  protected readonly gap: number;
  protected readonly index = new Map<string, number>();
  readonly names: string[] = [];
  readonly sideOf: number[] = [];
  /** Told about every attack (equivalence tests); undefined in simulations. */
  tracer: FightTracer | undefined;
  protected round = 0;
  /** A foe's current PV, for the tactics' target choice (made once). */
  protected readonly pvOf = (j: number): number => this.fighters[j]!.f.pv.value;

  protected readonly engineSteps: boolean;
  /** The ladder's dice by level, read once (see `draw`); scratch for their dice. */
  protected readonly draws: (LadderDraw | undefined)[] = [];
  protected readonly firstLevel: number;
  protected readonly lastLevel: number;
  protected rolled = new Int32Array(16);
  protected faces = new Int32Array(16);
  /** The fight's acting order and the initiative totals (scratch, see SouffleFight.initiative). */
  protected order: Int32Array = new Int32Array(0);
  protected totals: Float64Array = new Float64Array(0);
  /** S-AT2's forcing capped at 10 (the setting), else at the kept die's faces; read once. */
  protected readonly capTen: boolean;
  /** The faces of the die (or dice) kept by the last `ladder` roll. */
  protected keptMax = 0;

  constructor(encounter: SouffleEncounter, steps: SouffleSteps = {}) {
    this.engineSteps = steps.engineSteps === true;
    this.options = encounter.options ?? DEFAULT_OPTIONS;
    this.capTen = this.options.forceCap === 'ten';
    this.roundLimit = encounter.roundLimit ?? 50;
    this.gap = encounter.distance ?? 0;
    const rows = this.options.ladder.rows;
    this.firstLevel = rows[0]?.level ?? 0;
    this.lastLevel = rows[rows.length - 1]?.level ?? 0;
    const arenaFighters: ConstructorParameters<typeof Arena>[0][number][] = [];
    const draw = (level: number): LadderDraw => this.draw(level);
    encounter.sides.forEach((side, s) => {
      side.fighters.forEach((entry, k) => {
        const base: SouffleFighter = shaped({ ...entry.fighter, id: `${s}.${k}` });
        const tactics = entry.tactics ?? {};
        const melees = entry.weapons.filter((w) => !w.ranged);
        const bestMelee = [...melees].sort((a, b) => b.damage + b.advantage - (a.damage + a.advantage))[0];
        const missile = entry.weapons.find((w) => w.ranged);
        const melee = attackInput(base, bestMelee, entry.weapons);
        const adaptive = tactics.posture === 'adaptive';
        const posture: Posture =
          tactics.posture === undefined || adaptive
            ? adaptive
              ? 'prudent'
              : (base.posture ?? 'prudent')
            : tactics.posture;
        const ranged = missile ? attackInput(base, missile, entry.weapons) : undefined;
        const force = tactics.force ?? 'reserve';
        const metier = bestMetier(base);
        this.fighters.push({
          base,
          own: shaped(base),
          tactics,
          melee,
          ranged,
          armour: entry.armour,
          shield: entry.shield,
          // S-DF1: a weapon in hand (not dropped, S-MN2) or a shield parries; else a dodge.
          parries: holdsParryWeapon(entry.weapons, base.states) || entry.shield !== undefined,
          metier,
          posture,
          adaptive,
          retreatBelow: tactics.retreatBelow ?? 0,
          force,
          reserve: force === 'reserve' ? Math.ceil(base.souffle.max / 2) : 0,
          postureWhenHurt: tactics.postureWhenHurt,
          halfMetier: halfMetier(metier, this.options),
          guerrier: base.disciplines.some((d) => d.toLowerCase() === GUERRIER),
          f: base,
          posture0: posture,
          meleeDefence: undefined,
          meleeDraws: [undefined, undefined, undefined],
          wounds: [],
          statesKept: [],
          canRollFor: undefined,
          canRoll: false,
          canRollKept: [],
          meleeRead: readAttack(melee, this.options, draw),
          rangedRead: ranged ? readAttack(ranged, this.options, draw) : undefined,
        });
        this.index.set(base.id, this.fighters.length - 1);
        this.names.push(base.name);
        this.sideOf.push(s);
        const level = melee.characteristic.value + melee.metier;
        const b = levelBounds(this.options.ladder, 0);
        const danger = (b.min + b.max) / 2 + level + Math.max(0, ...melee.weapons!.map((w) => w.damage), 0);
        arenaFighters.push({
          side: s,
          mouvement: Math.max(1, entry.mouvement ?? 10),
          danger: danger * postureShortActions(posture),
          target: tactics.target ?? 'nearest',
        });
      });
    });
    this.arena = new Arena(arenaFighters);
    this.order = new Int32Array(this.fighters.length);
    this.totals = new Float64Array(this.fighters.length);
  }

  /** The last blow's damage (see `hurt`): one record for every blow, read before the next. */
  private readonly change: Mutable<DamageChange> = {
    souffle: 0,
    pv: 0,
    states: [],
    wounds: [],
    toSouffle: 0,
    toPv: 0,
  };

  /**
   * S-DF3 on the fight's own copy of the fighter: damageChangeInto's values (souffle first, then
   * PV unless the setting keeps the overflow; emptied souffle makes it épuisé; lost PV tick
   * "fatigué" and add a wound) written in place, so a blow copies no fighter: the wound is pushed
   * on the fight's own list (Runtime.wounds) and a state added gives the list kept for it (see
   * `withKept`) instead of a new one every fight.
   */
  protected hurt(r: Runtime, taken: number): DamageChange {
    const f = r.f as Mutable<SouffleFighter>;
    const c = this.change;
    if (f !== r.own || !Number.isInteger(taken) || taken < 0)
      return this.written(f, damageChangeInto(f, taken, this.options, c)); // the engine's refusal
    let states = f.states;
    const souffleNow = f.souffle.value;
    const souffleOpen = souffleNow > 0 && !states.includes('epuise');
    const toSouffle = souffleOpen ? Math.min(taken, souffleNow) : 0;
    const rest = taken - toSouffle;
    const toPv = souffleOpen && !this.options.spillToPv ? 0 : Math.min(rest, f.pv.value);
    const souffle = souffleNow - toSouffle;
    if (toSouffle > 0 && souffle === 0 && !states.includes('epuise'))
      states = this.withKept(r, states, 'epuise');
    if (toPv > 0 && !states.includes('fatigue')) states = this.withKept(r, states, 'fatigue');
    if (toPv > 0) r.wounds.push(toPv);
    c.souffle = souffle;
    c.pv = f.pv.value - toPv;
    c.states = states;
    c.wounds = r.wounds;
    c.toSouffle = toSouffle;
    c.toPv = toPv;
    return this.written(f, c);
  }

  private written(f: Mutable<SouffleFighter>, c: DamageChange): DamageChange {
    (f.souffle as Mutable<Gauge>).value = c.souffle;
    (f.pv as Mutable<Gauge>).value = c.pv;
    f.states = c.states;
    f.wounds = c.wounds;
    return c;
  }

  /**
   * withState(states, state), the same list every time for the same list and state: the fights
   * start from the same states and tick the same ones, so their lists are made once (and the
   * reads kept by list, canRollFor, stay good from fight to fight).
   */
  protected withKept(
    r: Runtime,
    states: SouffleFighter['states'],
    state: SouffleState,
  ): SouffleFighter['states'] {
    const kept = r.statesKept;
    for (let k = 0; k < kept.length; k++) {
      const x = kept[k]!;
      if (x.from === states && x.state === state) return x.to;
    }
    const to = withState(states, state);
    if (kept.length < 32) kept.push({ from: states, state, to });
    return to;
  }

  /**
   * A level's dice read once (see LadderDraw), by the level ladderRow clamps it to: the table is
   * indexed from the first row's level.
   */
  protected draw(level: number): LadderDraw {
    const clamped = Math.max(this.firstLevel, Math.min(this.lastLevel, Math.trunc(level)));
    const known = this.draws[clamped - this.firstLevel];
    if (known) return known;
    const d = ladderDraw(parseLadderDice(ladderRow(this.options.ladder, level).dice));
    if (d.n > this.rolled.length) {
      this.rolled = new Int32Array(d.n);
      this.faces = new Int32Array(d.n);
    }
    const at = clamped - this.firstLevel;
    if (Number.isInteger(at) && at >= 0 && at < 1024) this.draws[at] = d;
    return d;
  }

  /**
   * The dice of a ladder level and their value as rollLevel rolls and reads them (each kh/kl
   * term keeps its highest or lowest dice; 'keep best/worst' one die of all, the larger die on
   * equal values), with no record of the dice; the faces kept go to keptMax.
   */
  protected ladder(level: number, dice: Dice): number {
    return this.roll(this.draw(level), dice);
  }

  /** `ladder` on a level's dice already read (see `draw`). */
  protected roll(d: LadderDraw, dice: Dice): number {
    if (d.single > 0) {
      this.keptMax = d.single;
      return dice.die(d.single);
    }
    if (d.pair !== PAIR_NONE) {
      // Two dice, the loop below unrolled: the same dice, the same value and faces kept.
      const f0 = d.faces[0]!;
      const f1 = d.faces[1]!;
      const a = dice.die(f0);
      const b = dice.die(f1);
      if (d.pair === PAIR_ROW_BEST || d.pair === PAIR_ROW_WORST) {
        const better = d.pair === PAIR_ROW_BEST ? b > a : b < a;
        const second = better || (a === b && f1 > f0);
        this.keptMax = second ? f1 : f0;
        return second ? b : a;
      }
      this.keptMax = f0;
      return d.pair === PAIR_HIGH ? (b > a ? b : a) : b < a ? b : a;
    }
    const rolled = this.rolled;
    const faces = this.faces;
    const dieFaces = d.faces;
    let n = 0;
    let value = 0;
    let keptMax = 0;
    for (let t = 0; t < d.terms; t++) {
      const from = n;
      const end = d.termEnd[t]!;
      for (; n < end; n++) {
        rolled[n] = dice.die(dieFaces[n]!);
        faces[n] = dieFaces[n]!;
      }
      if (d.keep !== 0) continue;
      const keepCount = d.termKeep[t]!;
      if (keepCount >= 0) {
        // The keepCount highest (or lowest): their sum does not depend on which of equals.
        const keep = Math.min(keepCount, n - from);
        const high = d.termHigh[t] === 1;
        for (let k = 0; k < keep; k++) {
          let best = from + k;
          for (let x = from + k + 1; x < n; x++)
            if (high ? rolled[x]! > rolled[best]! : rolled[x]! < rolled[best]!) best = x;
          const v = rolled[best]!;
          rolled[best] = rolled[from + k]!;
          rolled[from + k] = v;
          value += v;
          keptMax += dieFaces[from]!;
        }
      } else
        for (let x = from; x < n; x++) {
          value += rolled[x]!;
          keptMax += dieFaces[x]!;
        }
    }
    if (d.keep !== 0) {
      const best = d.keep > 0;
      let kept = 0;
      for (let x = 1; x < n; x++) {
        const better = best ? rolled[x]! > rolled[kept]! : rolled[x]! < rolled[kept]!;
        if (better || (rolled[x] === rolled[kept] && faces[x]! > faces[kept]!)) kept = x;
      }
      value = n ? rolled[kept]! : 0;
      keptMax = n ? faces[kept]! : 0;
    }
    this.keptMax = keptMax;
    return value;
  }
}
