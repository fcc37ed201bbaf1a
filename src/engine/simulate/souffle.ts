import type { Dice } from '../dice/port';
import { attackLevel, forceAttack, resolveAttack, type AttackInput } from '../souffle/attack';
import {
  damageChange,
  defenceLevel,
  halfMetier,
  resolveDefence,
  souffleSpent,
  type DamageChange,
  type DefenceInput,
  type DefenceLevel,
} from '../souffle/defence';
import { WEAPONS, type SouffleArmour, type SouffleShield, type SouffleWeapon } from '../souffle/equipment';
import { GUERRIER, type Gauge, type SouffleFighter } from '../souffle/fighter';
import { rollInitiative, settleTie, ties } from '../souffle/initiative';
import { ladderRow, levelBounds, parseLadderDice, type LadderDice } from '../souffle/ladder';
import { DEFAULT_OPTIONS, type SouffleOptions } from '../souffle/options';
import { choosePosture, postureShortActions, type Posture } from '../souffle/posture';
import { Arena, shuffled } from './arena';
import type { FightResult } from './stats';
import type { FightTracer } from './trace';
import type { SouffleEncounter, Tactics } from './types';

/*
 * Souffle fights on the rules the attack card follows (S-R1..S-R3, S-P1..S-P4, S-AT1..S-AT5,
 * S-DF1..S-DF3): initiative once for the fight (rollInitiative, Guerriers first); each round,
 * in that order, a fighter spends its posture's short actions on attacks. An attack is
 * resolveAttack with the sheet's choice (better characteristic, best métier, a second one-handed
 * weapon, S-AT3), forced with souffle by the tactic (forceAttack + souffleSpent, S-AT2); the
 * defender rolls resolveDefence (parry with a weapon or shield, dodge otherwise; only a shield
 * parries missiles, S-DF1) and damageChange takes souffle, then PV (S-DF3: what applyDamage
 * applies, written here on the fight's own copy of the fighter). Moving is passive.
 * Down at 0 PV; dead when one blow's damage past 0 PV reaches half the PV maximum (simulator
 * convention: the seed leaves death to the GM).
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Runtime {
  readonly base: SouffleFighter;
  /** The base with gauges of its own, reset when a fight starts (the blows change it in place). */
  readonly own: SouffleFighter;
  readonly tactics: Tactics;
  readonly melee: AttackInput;
  readonly ranged?: AttackInput;
  readonly armour?: SouffleArmour;
  readonly shield?: SouffleShield;
  readonly parries: boolean;
  readonly metier: number;
  readonly posture: Posture;
  readonly adaptive: boolean;
  f: SouffleFighter;
  posture0: Posture;
  /** Its defence against a melee attack, kept while its states and posture stay (see strike). */
  meleeDefence: DefenceInput | undefined;
  /** That defence's level (defenceLevel), for the simulator's own steps. */
  meleeLevel: DefenceLevel | undefined;
  /** Its attacks read once for the simulator's own steps (see SouffleFight.plainStrike). */
  readonly meleeRead: AttackRead;
  readonly rangedRead?: AttackRead;
}

/** What resolveAttack computes of an attack before its roll: its level and fixed damage. */
interface AttackRead {
  readonly level: number;
  readonly weaponDamage: number;
  readonly statsDamage: number;
}

function readAttack(input: AttackInput, o: SouffleOptions): AttackRead {
  // heldWeapons: bare hands when it holds nothing.
  const held = input.weapons?.length ? input.weapons : [WEAPONS.mainsNues!];
  let weaponDamage = -Infinity;
  for (const w of held) if (w.damage > weaponDamage) weaponDamage = w.damage;
  const statsInLevel = (input.kind === 'melee' ? o.meleeStats : o.rangedStats) === 'level';
  return {
    level: attackLevel(input, o),
    weaponDamage,
    statsDamage: statsInLevel ? 0 : input.characteristic.value + input.metier,
  };
}

/** How a SouffleFight plays its blows. */
export interface SouffleSteps {
  /**
   * Every attack through resolveAttack, forceAttack and resolveDefence, as the card does, instead
   * of the simulator's own steps (the same dice and values, slower). The equivalence tests play
   * both and compare them.
   */
  readonly engineSteps?: boolean;
}

/**
 * A fighter with every key present, always in the same order (absent ones undefined): the
 * engine copies the fighter on every blow ({ ...fighter }), and copies of one shape stay fast
 * where a mix of shapes (with or without a posture, a size…) makes every copy slow.
 */
function shaped(f: SouffleFighter): SouffleFighter {
  return {
    id: f.id,
    name: f.name,
    geste: f.geste,
    vigueur: f.vigueur,
    acuite: f.acuite,
    metiers: f.metiers,
    disciplines: f.disciplines,
    defense: f.defense,
    initiative: f.initiative,
    souffle: { value: f.souffle.value, max: f.souffle.max },
    pv: { value: f.pv.value, max: f.pv.max },
    wounds: f.wounds,
    chance: f.chance,
    posture: f.posture,
    states: f.states,
    assommeRounds: f.assommeRounds,
    size: f.size,
  } as SouffleFighter;
}

function bestMetier(f: SouffleFighter): number {
  return Math.max(0, ...Object.values(f.metiers));
}

/** The attack a sheet button makes (rolls.ts sheetAttackInput, kept in step with it). */
function attackInput(
  f: SouffleFighter,
  weapon: SouffleWeapon | undefined,
  equipped: readonly SouffleWeapon[],
): AttackInput {
  const ranged = weapon?.ranged === true;
  const kind = ranged ? 'ranged' : 'melee';
  const second =
    !weapon || ranged || weapon.hands === 2
      ? undefined
      : equipped.find((w) => w !== weapon && !w.ranged && w.hands === 1);
  const [first, other] = kind === 'melee' ? (['geste', 'vigueur'] as const) : (['geste', 'acuite'] as const);
  const id = f[other] > f[first] ? other : first;
  return {
    kind,
    characteristic: { id, value: f[id] },
    metier: bestMetier(f),
    weapons: weapon ? (second ? [weapon, second] : [weapon]) : [],
  };
}

export class SouffleFight {
  private readonly fighters: Runtime[] = [];
  private readonly arena: Arena;
  private readonly options: SouffleOptions;
  private readonly roundLimit: number;
  private readonly gap: number;
  private readonly index = new Map<string, number>();
  readonly names: string[] = [];
  readonly sideOf: number[] = [];
  /** Told about every attack (equivalence tests); undefined in simulations. */
  tracer: FightTracer | undefined;
  private round = 0;
  /** A foe's current PV, for the tactics' target choice (made once). */
  private readonly pvOf = (j: number): number => this.fighters[j]!.f.pv.value;

  private readonly engineSteps: boolean;
  /** The ladder's dice by level, parsed once; scratch for their dice. */
  private readonly levels = new Map<number, LadderDice>();
  private rolled = new Int32Array(16);
  private faces = new Int32Array(16);
  /** The faces of the die (or dice) kept by the last `ladder` roll. */
  private keptMax = 0;

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
    this.arena = new Arena(arenaFighters, encounter.sides.length);
  }

  play(dice: Dice, out: FightResult): void {
    const arena = this.arena;
    const fighters = this.fighters;
    arena.reset(this.gap);
    for (const r of fighters) {
      // The fights' own copy, reset (the blows write on it in place, see `hurt`).
      const own = r.own as Mutable<SouffleFighter>;
      (own.souffle as Mutable<Gauge>).value = r.base.souffle.value;
      (own.pv as Mutable<Gauge>).value = r.base.pv.value;
      own.states = r.base.states;
      own.wounds = r.base.wounds;
      r.f = own;
      r.posture0 = r.posture;
    }
    // Down from the start at 0 PV: such a fighter takes no part (as at the table).
    for (let i = 0; i < fighters.length; i++)
      if (fighters[i]!.base.pv.value <= 0) {
        arena.fighters[i]!.out = true;
        out.down[i] = 1;
      }
    // S-R3: initiative once, when the fight starts.
    let rolled = rollInitiative(
      fighters.map((r) => ({
        id: r.base.id,
        initiative: r.base.initiative,
        guerrier: r.base.disciplines.some((d) => d.toLowerCase() === GUERRIER),
      })),
      dice,
      this.options,
    );
    // Equal totals are the players' call (S-R3); the simulator settles them at random, so no
    // side is favoured by its place in the file.
    for (const group of ties(rolled)) rolled = settleTie(rolled, shuffled(group, dice));
    const order = rolled.map((o) => this.index.get(o.id) ?? 0);
    let round = 0;
    let winner = arena.winner();
    while (winner === -2 && round < this.roundLimit) {
      round += 1;
      this.round = round;
      arena.startRound();
      for (const i of order) {
        const me = fighters[i]!;
        const a = arena.fighters[i]!;
        if (a.out) continue;
        const limit = me.tactics.retreatBelow ?? 0;
        if (limit > 0 && me.f.pv.value <= limit * me.f.pv.max) {
          a.out = true;
          out.fled[i] = 1;
          continue;
        }
        this.turn(i, dice, out);
        // S-P1: a posture may change at the end of one's own turn.
        const next = this.nextPosture(i);
        if (next !== me.posture0)
          me.posture0 =
            choosePosture({ posture: me.posture0, spent: 0 }, next, 'endOfOwnTurn').posture ?? next;
        if (arena.winner() !== -2) break;
      }
      winner = arena.winner();
    }
    out.winner = winner >= 0 ? winner : -1;
    out.rounds = round;
    for (let i = 0; i < fighters.length; i++) {
      const r = fighters[i]!;
      out.pvLost[i] = r.base.pv.value - r.f.pv.value;
      out.souffleLost[i] = r.base.souffle.value - r.f.souffle.value;
    }
  }

  /** The posture a fighter's tactics take at the end of its own turn (S-P1). */
  private nextPosture(i: number): Posture {
    const me = this.fighters[i]!;
    const hurt = me.tactics.postureWhenHurt;
    if (hurt && me.f.pv.value * 2 < me.f.pv.max) return hurt;
    if (!me.adaptive) return me.posture0;
    if (me.f.pv.value * 3 < me.f.pv.max) return 'defensif';
    const side = this.sideOf[i];
    let mine = 0;
    let theirs = 0;
    const all = this.arena.fighters;
    for (let j = 0; j < all.length; j++) {
      if (all[j]!.out) continue;
      if (this.sideOf[j] === side) mine += 1;
      else theirs += 1;
    }
    return mine > theirs ? 'intrepide' : 'prudent';
  }

  /** One fighter's turn: its posture's short actions, all in a row (S-R1, S-P2..S-P4). */
  private turn(i: number, dice: Dice, out: FightResult): void {
    const pv = this.pvOf;
    const arena = this.arena;
    const me = this.fighters[i]!;
    const actions = postureShortActions(me.posture0);
    let foe = arena.pick(i, pv);
    if (foe < 0) return;
    const shoot = me.ranged !== undefined && me.tactics.shootFirst !== false && !arena.engaged(i);
    if (!shoot && arena.distance(i, foe) > 0) arena.close(i, foe); // base movement is passive
    for (let k = 0; k < actions; k++) {
      if (arena.fighters[foe]!.out) foe = arena.pick(i, pv);
      if (foe < 0) return;
      const distance = arena.distance(i, foe);
      if (!shoot && distance > 0) return;
      this.strike(i, foe, shoot ? me.ranged! : me.melee, distance, dice, out);
    }
  }

  /**
   * S-DF3 on the fight's own copy of the fighter: the values damageChange gives (what
   * applyDamage would put on a copy) written in place, so a blow copies no fighter.
   */
  private hurt(r: Runtime, taken: number): DamageChange {
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
  private ladder(level: number, dice: Dice): number {
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

  /**
   * An attack with no aim, context or extra levels (every attack a tactic makes) by the
   * simulator's own steps, the same dice and values as the card's: resolveAttack's level die,
   * potential (die + weapon + characteristic and métier) and room to force (S-AT1, S-AT2,
   * S-AT4); the souffle forced (forceAttack, spendSouffle); the defence die at defenceLevel's
   * level (S-DF1, S-DF2) and what gets through: potential − die − défense − ½ métier (S-DF3).
   */
  private plainStrike(
    i: number,
    foe: number,
    input: AttackInput,
    distance: number,
    dice: Dice,
    out: FightResult,
  ): void {
    const o = this.options;
    const me = this.fighters[i]!;
    const them = this.fighters[foe]!;
    const ranged = input.kind === 'ranged';
    const read = ranged ? me.rangedRead! : me.meleeRead;
    const die = this.ladder(read.level, dice);
    let potential = die + read.weaponDamage + read.statsDamage;
    const cap = o.forceCap === 'ten' ? 10 : this.keptMax;
    const maxForce = ranged ? 0 : Math.max(0, cap - die);
    let forced = 0;
    const force = me.tactics.force ?? 'reserve';
    if (force !== 'never' && maxForce > 0) {
      const reserve = force === 'reserve' ? Math.ceil(me.f.souffle.max / 2) : 0;
      const n = Math.min(maxForce, me.f.souffle.value - reserve);
      if (n > 0) {
        potential += n;
        const spent = souffleSpent(me.f, n);
        const f = me.f as Mutable<SouffleFighter>;
        (f.souffle as Mutable<Gauge>).value = spent.souffle;
        f.states = spent.states;
        forced = n;
      }
    }
    let defence = ranged ? undefined : them.meleeDefence;
    let level = ranged ? undefined : them.meleeLevel;
    if (!defence || !level || defence.states !== them.f.states || defence.posture !== them.posture0) {
      defence = {
        mode: (ranged ? them.shield !== undefined : them.parries) ? 'parade' : 'esquive',
        states: them.f.states,
        posture: them.posture0,
        ...(them.armour ? { armour: them.armour } : {}),
        ...(them.shield ? { shield: them.shield } : {}),
        ...(ranged ? { distance, shooterMetier: input.metier } : {}),
      };
      level = defenceLevel({ kind: input.kind }, defence, o);
      if (!ranged) {
        them.meleeDefence = defence;
        them.meleeLevel = level;
      }
    }
    const parried = level.canRoll ? this.ladder(level.level, dice) : 0;
    const taken = Math.max(0, potential - parried - them.f.defense - halfMetier(them.metier, o));
    out.blows += 1;
    this.struck(i, foe, input, defence.mode, taken, forced, ranged, distance, out);
  }

  private strike(
    i: number,
    foe: number,
    input: AttackInput,
    distance: number,
    dice: Dice,
    out: FightResult,
  ): void {
    const o = this.options;
    const me = this.fighters[i]!;
    const them = this.fighters[foe]!;
    const tracer = this.tracer;
    tracer?.start();
    if (!this.engineSteps && !input.aim && input.context === undefined && input.extraLevels === undefined) {
      this.plainStrike(i, foe, input, distance, dice, out);
      return;
    }
    let attack = resolveAttack(input, dice, o);
    let forced = 0;
    const force = me.tactics.force ?? 'reserve';
    if (force !== 'never' && attack.maxForce > 0) {
      const reserve = force === 'reserve' ? Math.ceil(me.f.souffle.max / 2) : 0;
      const n = Math.min(attack.maxForce, me.f.souffle.value - reserve);
      if (n > 0) {
        attack = forceAttack(attack, n, me.f.souffle.value, o);
        // S-AT2's values written on the fight's own fighter (what spendSouffle puts on a copy).
        const spent = souffleSpent(me.f, n);
        const f = me.f as Mutable<SouffleFighter>;
        (f.souffle as Mutable<Gauge>).value = spent.souffle;
        f.states = spent.states;
        forced = n;
      }
    }
    const ranged = attack.kind === 'ranged';
    let input2 = ranged ? undefined : them.meleeDefence;
    if (!input2 || input2.states !== them.f.states || input2.posture !== them.posture0) {
      input2 = {
        mode: (ranged ? them.shield !== undefined : them.parries) ? 'parade' : 'esquive',
        states: them.f.states,
        posture: them.posture0,
        ...(them.armour ? { armour: them.armour } : {}),
        ...(them.shield ? { shield: them.shield } : {}),
        ...(ranged ? { distance, shooterMetier: input.metier } : {}),
      };
      if (!ranged) them.meleeDefence = input2;
    }
    const defence = resolveDefence(attack, { defense: them.f.defense, metier: them.metier }, input2, dice, o);
    out.blows += 1;
    this.struck(i, foe, input, input2.mode, defence.taken, forced, ranged, distance, out);
  }

  /** The blow's damage written on the defender (S-DF3), told to the tracer; down and dead. */
  private struck(
    i: number,
    foe: number,
    input: AttackInput,
    mode: DefenceInput['mode'],
    taken: number,
    forced: number,
    ranged: boolean,
    distance: number,
    out: FightResult,
  ): void {
    const me = this.fighters[i]!;
    const them = this.fighters[foe]!;
    const tracer = this.tracer;
    const before = them.f.pv.value;
    const hit = taken === 0 ? undefined : this.hurt(them, taken);
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId: input.weapons?.[0]?.id ?? '',
        hit: taken > 0,
        defence: mode,
        defended: taken === 0,
        damage: taken,
        defenderPv: them.f.pv.value,
        attackerPv: me.f.pv.value,
        forced,
        posture: them.posture0,
        defenderSouffle: them.f.souffle.value,
        attackerSouffle: me.f.souffle.value,
        ...(ranged ? { distance } : {}),
      });
    if (!hit) return;
    if (hit.pv === 0 && before > 0) {
      this.arena.fighters[foe]!.out = true;
      out.down[foe] = 1;
      out.downedBy[foe] = i;
      const beyond = taken - hit.toSouffle - hit.toPv;
      if (beyond * 2 >= them.f.pv.max) out.dead[foe] = 1;
    }
  }
}
