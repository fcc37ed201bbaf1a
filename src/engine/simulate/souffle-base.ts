import type { Dice } from '../dice/port';
import { damageChange, type DamageChange } from '../souffle/defence';
import type { Gauge, SouffleFighter } from '../souffle/fighter';
import { ladderRow, levelBounds, parseLadderDice, type LadderDice } from '../souffle/ladder';
import { DEFAULT_OPTIONS, type SouffleOptions } from '../souffle/options';
import { postureShortActions, type Posture } from '../souffle/posture';
import { Arena } from './arena';
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
  /** The ladder's dice by level, parsed once; scratch for their dice. */
  protected readonly levels = new Map<number, LadderDice>();
  protected rolled = new Int32Array(16);
  protected faces = new Int32Array(16);
  /** The faces of the die (or dice) kept by the last `ladder` roll. */
  protected keptMax = 0;

  constructor(encounter: SouffleEncounter, steps: SouffleSteps = {}) {
    this.engineSteps = steps.engineSteps === true;
    this.options = encounter.options ?? DEFAULT_OPTIONS;
    this.roundLimit = encounter.roundLimit ?? 50;
    this.gap = encounter.distance ?? 0;
    const arenaFighters: ConstructorParameters<typeof Arena>[0][number][] = [];
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
        this.fighters.push({
          base,
          own: shaped(base),
          tactics,
          melee,
          ...(missile ? { ranged: attackInput(base, missile, entry.weapons) } : {}),
          ...(entry.armour ? { armour: entry.armour } : {}),
          ...(entry.shield ? { shield: entry.shield } : {}),
          parries: melees.length > 0 || entry.shield !== undefined,
          metier: bestMetier(base),
          posture,
          adaptive,
          f: base,
          posture0: posture,
          meleeDefence: undefined,
          meleeLevel: undefined,
          meleeRead: readAttack(melee, this.options),
          ...(missile
            ? { rangedRead: readAttack(attackInput(base, missile, entry.weapons), this.options) }
            : {}),
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
  }

  /**
   * S-DF3 on the fight's own copy of the fighter: the values damageChange gives (what
   * applyDamage would put on a copy) written in place, so a blow copies no fighter.
   */
  protected hurt(r: Runtime, taken: number): DamageChange {
    const c = damageChange(r.f, taken, this.options);
    const f = r.f as Mutable<SouffleFighter>;
    (f.souffle as Mutable<Gauge>).value = c.souffle;
    (f.pv as Mutable<Gauge>).value = c.pv;
    f.states = c.states;
    f.wounds = c.wounds;
    return c;
  }

  /**
   * The dice of a ladder level and their value as rollLevel rolls and reads them (each kh/kl
   * term keeps its highest or lowest dice; 'keep best/worst' one die of all, the larger die on
   * equal values), with no record of the dice; the faces kept go to keptMax.
   */
  protected ladder(level: number, dice: Dice): number {
    let parsed = this.levels.get(level);
    if (!parsed) {
      parsed = parseLadderDice(ladderRow(this.options.ladder, level).dice);
      this.levels.set(level, parsed);
    }
    let count = 0;
    for (const term of parsed.formula.terms) if (term.kind === 'dice') count += term.count;
    if (count > this.rolled.length) {
      this.rolled = new Int32Array(count);
      this.faces = new Int32Array(count);
    }
    const rolled = this.rolled;
    const faces = this.faces;
    let n = 0;
    let value = 0;
    let keptMax = 0;
    for (const term of parsed.formula.terms) {
      if (term.kind !== 'dice') continue;
      const from = n;
      for (let k = 0; k < term.count; k++) {
        rolled[n] = dice.die(term.faces);
        faces[n++] = term.faces;
      }
      if (parsed.keep) continue;
      if (term.keep && term.keepCount !== undefined) {
        // The keepCount highest (or lowest): their sum does not depend on which of equals.
        const keep = Math.min(term.keepCount, n - from);
        const high = term.keep === 'h';
        for (let k = 0; k < keep; k++) {
          let best = from + k;
          for (let x = from + k + 1; x < n; x++)
            if (high ? rolled[x]! > rolled[best]! : rolled[x]! < rolled[best]!) best = x;
          const v = rolled[best]!;
          rolled[best] = rolled[from + k]!;
          rolled[from + k] = v;
          value += v;
          keptMax += term.faces;
        }
      } else
        for (let x = from; x < n; x++) {
          value += rolled[x]!;
          keptMax += term.faces;
        }
    }
    if (parsed.keep) {
      let kept = 0;
      for (let x = 1; x < n; x++) {
        const better = parsed.keep === 'best' ? rolled[x]! > rolled[kept]! : rolled[x]! < rolled[kept]!;
        if (better || (rolled[x] === rolled[kept] && faces[x]! > faces[kept]!)) kept = x;
      }
      value = n ? rolled[kept]! : 0;
      keptMax = n ? faces[kept]! : 0;
    }
    this.keptMax = keptMax;
    return value;
  }
}
