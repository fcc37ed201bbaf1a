import type { Dice } from '../dice/port';
import {
  availableDefences,
  NO_DEFENCE,
  resolveAttack,
  resolveDefence,
  type AttackResult,
  type DefenceOption,
  type DefenceResult,
} from '../fantasia/attack';
import { damagedDefender, rollDamage, type DamageResult } from '../fantasia/damage';
import { diceOnly, parseFormula, type DiceFormula, type PercentRange } from '../dice/formula';
import { fightCondition } from '../fantasia/fallen';
import { fumbleOptions, resolveFumble, type FumbleOptionId } from '../fantasia/fumbles';
import { cachedRange, DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../fantasia/options';
import {
  buildFantasiaSchedule,
  fantasiaCarryOver,
  fantasiaInitialReadiness,
  fantasiaInitiative,
  MAX_TIE_REROLLS,
  missileReady,
  toRoundCombatant,
  type FantasiaDeclaration,
  type FantasiaReadiness,
  type FantasiaRoundCombatant,
  type FantasiaRoundState,
} from '../fantasia/round';
import { skillValue } from '../fantasia/skills';
import type { FantasiaCombatant, FantasiaWeapon } from '../fantasia/types';
import { validateCombatant } from '../fantasia/validate';
import type { FantasiaStates } from '../fantasia/types';
import { addsDamageBonus, isRanged } from '../fantasia/weapons';
import type { InitiativeEntry, Slot, SlotSpec } from '../round/types';
import { Arena, meanOf } from './arena';
import type { FightResult } from './stats';
import type { FightTracer } from './trace';
import type { FantasiaEncounter, Tactics } from './types';

/*
 * Fantasia fights, round by round, on the rules the cards use:
 * - each round the initiative of F-R2..F-R4 (fantasiaInitiative), declarations of intent made
 *   from the tactics, and the three passes of F-R6..F-R9 as buildFantasiaSchedule lays them out;
 * - each attack takes the attack card's steps: resolveAttack → availableDefences (the defender
 *   takes the best allowed) → resolveDefence → rollDamage → damagedDefender (applyDamage without
 *   the undo diff nobody reads here); resolveExchange's pipeline, without the fumble list and
 *   thrust memory no tactic uses;
 * - weapon readiness carries over with fantasiaCarryOver (bows nocked again, crossbows reloaded
 *   in passes 2 and 3, arquebus countdowns).
 * A fighter is down at 0 PV or below, unconscious or dead; dead when the 'dead' state is set or
 * the world's 0-PV ruling says so (fallen.ts: dead at 0 by default, at −CON when out of the fight
 * comes first, never by PV when the GM decides).
 * Fumbles end the attack (their follow-ups are a player's or the GM's choice on the card).
 */

/**
 * A fighter's states with every key present, always in the same order (absent ones undefined):
 * the engine reads the same properties on every fighter, and objects of one shape keep those
 * reads fast (deleting keys, as a document's patch does, would slow every read after it).
 */
function shaped(s: FantasiaStates): FantasiaStates {
  return {
    unconscious: s.unconscious,
    fallen: s.fallen,
    immobilised: s.immobilised,
    strangled: s.strangled,
    entangled: s.entangled,
    disarmed: s.disarmed,
    weaponBound: s.weaponBound,
    weaponBroken: s.weaponBroken,
    jammed: s.jammed,
    reloading: s.reloading,
    arquebusReload: s.arquebusReload,
    skipNextAttack: s.skipNextAttack,
    halfMovement: s.halfMovement,
    cannotMove: s.cannotMove,
    armLost: s.armLost,
    dead: s.dead,
    sprintRounds: s.sprintRounds,
  } as FantasiaStates;
}

/** The combatant with its states patched, keeping their one shape (see `shaped`). */
function patched(c: FantasiaCombatant, patch: Partial<FantasiaStates>): FantasiaCombatant {
  return { ...c, states: shaped({ ...c.states, ...patch }) };
}

/** The combatant as the engine returned it, its states brought back to their one shape. */
function reshaped(c: FantasiaCombatant, before: FantasiaCombatant): FantasiaCombatant {
  return c.states === before.states ? c : { ...c, states: shaped(c.states) };
}

/** The allowed defence with the best chance, as resolveExchange's 'best' choice picks it. */
function bestDefence(options: readonly DefenceOption[]): DefenceOption | undefined {
  let best: DefenceOption | undefined;
  let bestTotal = -Infinity;
  for (const o of options) {
    if (!o.allowed || o.autoFail) continue;
    let total = o.base;
    for (const m of o.modifiers) total += m.value;
    if (total > bestTotal) {
      best = o;
      bestTotal = total;
    }
  }
  return best;
}

interface Declared {
  readonly declaration: FantasiaDeclaration;
  /** Its slots, by the readiness it is declared with (see FantasiaFight.part). */
  readonly parts: Map<number, Part>;
  /** It moves (closes in at the end of the round). */
  readonly moves: boolean;
  /** It shoots, throws, draws or reloads: its readiness is carried over (fantasiaCarryOver). */
  readonly carries: boolean;
}

/**
 * A weapon's attack and damage read once, for the simulator's own steps of a plain blow (see
 * FantasiaFight.fastStrike): what resolveAttack, rollDamage and damagedDefender compute for an
 * attack with no cover, no GM modifier, no secret thrust and no knock-out, which is every attack
 * a tactic makes.
 */
interface Striker {
  readonly weapon: FantasiaWeapon;
  /** The attack percentage (skillValue; no modifier applies, F-H1). */
  readonly skill: number;
  readonly ranged: boolean;
  /** The damage dice (F-H2), the same dice alone (rolled again on a critical, F-H5). */
  readonly damage: DiceFormula;
  readonly extra: DiceFormula | undefined;
  /** The attacker's damage bonus when the weapon adds it (F-H4). */
  readonly bonus: DiceFormula | undefined;
  /**
   * The simulator's steps can play its blows: not a whip (F-W2 entangles), not too heavy for the
   * attacker (F-W6's refusal), no keep-dice formula. Otherwise the engine's steps play them.
   */
  readonly fast: boolean;
  /** A melee weapon's fumble (F-H6: breaks, lose balance, hit a friend; see meleeFumble). */
  readonly meleeFumble: boolean;
}

/**
 * Two states alike in all that availableDefences and FantasiaFight.parryWith read of them: out
 * of the fight (F-U4), held (F-U3), reloading (F-W5), the parrying weapons' state (F-D2, F-B7).
 */
function sameForDefence(a: FantasiaStates | undefined, b: FantasiaStates): boolean {
  return (
    a !== undefined &&
    a.dead === b.dead &&
    a.unconscious === b.unconscious &&
    a.immobilised === b.immobilised &&
    a.strangled === b.strangled &&
    a.reloading === b.reloading &&
    a.weaponBroken === b.weaponBroken &&
    a.disarmed === b.disarmed &&
    a.weaponBound === b.weaponBound
  );
}

function plainDice(formula: DiceFormula): boolean {
  return formula.terms.every((t) => t.kind === 'constant' || t.keep === undefined);
}

/**
 * The total of a formula with no keep rule, rolled die by die as evaluate rolls it (a d3 as a
 * halved d6, F-U2), with no record of the dice.
 */
function rollTotal(formula: DiceFormula, dice: Dice): number {
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

/**
 * Dice that hand out one die already rolled, then the stream's own: the engine's attack made
 * after the simulator's own d100 (a fumble's options need the engine's AttackResult).
 */
class PresetDice implements Dice {
  private inner: Dice | undefined;
  private faces = 0;
  private value = 0;

  arm(inner: Dice, faces: number, value: number): this {
    this.inner = inner;
    this.faces = faces;
    this.value = value;
    return this;
  }

  die(faces: number): number {
    if (this.faces === 0) return this.inner!.die(faces);
    if (faces !== this.faces) throw new Error(`PresetDice: d${faces} asked for, d${this.faces} rolled`);
    this.faces = 0;
    return this.value;
  }

  /** The preset die was used. */
  check(): void {
    if (this.faces !== 0) throw new Error('PresetDice: the die rolled was not used');
    this.inner = undefined;
  }
}

/** Bare hands, for a fighter with no unarmed weapon of its own (Bagarre, F-U1). */
const BARE_HANDS: FantasiaWeapon = {
  id: 'bagarre',
  name: 'Bagarre',
  type: 'bagarre',
  skill: 'bagarre',
  damage: '1d3',
  hands: 1,
  kind: 'unarmed',
  blunt: true,
  range: 0,
  canParry: false,
  reload: 'none',
  ready: true,
  loaded: true,
};

/**
 * What availableDefences reads of an attack with no secret thrust: whether it is a missile
 * (F-D3). The defences a fighter takes are worked out once against these two.
 */
function plainAttack(ranged: boolean): AttackResult {
  return {
    attackerId: '',
    defenderId: '',
    weapon: BARE_HANDS, // not read: availableDefences reads thrust, critical and ranged
    roll: { base: 0, modifiers: [], target: 0, roll: 50, outcome: 'success', success: true, rule: [] },
    hit: true,
    critical: false,
    fumble: false,
    ranged,
    knockOut: false,
    firearmMishap: false,
    rule: [],
  };
}
const MELEE_ATTACK = plainAttack(false);
const RANGED_ATTACK = plainAttack(true);

const OTHER = 0;
const DODGE = 1;
const MELEE = 2;
const MOVE = 3;
const SHOOT = 4;
const DRAW_MISSILE = 5;
const DRAW_MELEE = 6;
const RELOAD = 7;

const SLOT_OTHER = 0;
const SLOT_STRIKE_MELEE = 1;
const SLOT_STRIKE_MISSILE = 2;
const SLOT_RELOAD = 3;

/** One fighter's slots in a round, as buildFantasiaSchedule lays them out, read once. */
interface Part {
  /** Numbers the parts of a fight runner (carry-over keys). */
  readonly id: number;
  readonly specs: readonly SlotSpec[];
  readonly act: Uint8Array;
  readonly weapon: readonly string[];
  /** Every slot in pass 1, 2 or 3, ordered by DEX (see FantasiaFight.schedule). */
  readonly plain: boolean;
  /** The passes it has slots in, bit p for pass p. */
  readonly passes: number;
}

/** What the loop does with a slot. */
function slotAct(spec: SlotSpec): number {
  if (spec.action === 'melee') return SLOT_STRIKE_MELEE;
  if (spec.action === 'shoot' || spec.action === 'throw') return SLOT_STRIKE_MISSILE;
  if (spec.action === 'reload' && spec.pass === 2) return SLOT_RELOAD;
  return SLOT_OTHER;
}

interface Runtime {
  readonly base: FantasiaCombatant;
  /** The base with PV of its own, reset when a fight starts (the blows change them in place). */
  readonly own: FantasiaCombatant;
  readonly round: FantasiaRoundCombatant;
  readonly tactics: Tactics;
  /** The melee weapons by expected damage, best first; bare hands last. */
  readonly melees: readonly FantasiaWeapon[];
  readonly missile0: FantasiaWeapon | undefined;
  /** The weapons fought with now: a broken one is replaced, a jammed missile put away (fumbles). */
  melee: FantasiaWeapon;
  missile: FantasiaWeapon | undefined;
  /** Their strikers (see Striker), by weapon id for every weapon it may fight with. */
  readonly strikers: ReadonlyMap<string, Striker>;
  meleeStriker: Striker;
  missileStriker: Striker | undefined;
  /** Aventurier (F-R4: first on equal DEX). */
  readonly pc: boolean;
  /** Round from which a lost balance (F-H6) or a bound weapon no longer stops the next attack. */
  skipUntil: number;
  boundUntil: number;
  readonly initialReadiness: FantasiaReadiness;
  c: FantasiaCombatant;
  readiness: FantasiaReadiness;
  parried: boolean;
  dodging: boolean;
  attacking: boolean;
  /** Crossbow reloaded in this round's passes 2 and 3 (F-W5). */
  reloadingId: string | undefined;
  /** Carries an arquebus (its reload countdown is rolled). */
  readonly arquebus: boolean;
  /** One readiness object per distinct readiness, numbered; carry-overs already computed. */
  readonly canon: Map<string, Canonical>;
  /** The canonical initial readiness (found at the first fight). */
  start: Canonical | undefined;
  /** Readiness after a round, by part and slots done (see FantasiaFight.carryOver). */
  readonly carried: Map<number, Canonical>;
  readinessId: number;
  /** The declaration of the round it last acted in. */
  declaration: FantasiaDeclaration | undefined;
  declared: Declared | undefined;
  /** This round's slots of its own, for that declaration and readiness. */
  part: Part | undefined;
  partOf: Declared | undefined;
  partReadiness: number;
  /** The readiness the round started with (what the round's records hold). */
  roundReadiness: FantasiaReadiness;
  /** The weapons that can parry, with their parry skill (static through a fight). */
  readonly parriers: readonly { readonly id: string; readonly skill: number }[];
  /** The shield's parry skill (Armes de mêlée, F-D4), -1 without a shield. */
  readonly shieldSkill: number;
  /**
   * The defence this fighter takes, by (missile, dodge declared, attack declared, parried), for
   * the states and weapons it has now: no tactic places a secret thrust, so availableDefences
   * reads nothing else of the attack. Worked out again once its states or weapons change (kept
   * from fight to fight: every fight starts from the same ones).
   */
  readonly defences: (DefenceOption | null | undefined)[];
  defencesFor: FantasiaStates | undefined;
  /** Whether its melee weapon is in hand, for this readiness and weapon (see declare). */
  drawnFor: FantasiaReadiness | undefined;
  drawnWeapon: FantasiaWeapon | undefined;
  drawn: boolean;
  /** FantasiaFight.plain's answer for these states, readiness and weapon. */
  plainStates: FantasiaStates | undefined;
  plainReadiness: FantasiaReadiness | undefined;
  plainWeapon: FantasiaWeapon | undefined;
  plainIs: boolean;
  defencesWith: FantasiaCombatant['weapons'];
}

/** A fighter's PV, owned by the fight and changed in place (see FantasiaFight.hurt). */
interface Pv {
  value: number;
  readonly max: number;
}

interface Canonical {
  readonly readiness: FantasiaReadiness;
  readonly id: number;
}

function average(weapon: FantasiaWeapon, c: FantasiaCombatant): number {
  const bonus = isRanged(weapon) ? 0 : meanOf(c.damageBonus);
  return Math.max(0, meanOf(weapon.damage) + bonus);
}

function expected(c: FantasiaCombatant, w: FantasiaWeapon): number {
  return (Math.min(95, skillValue(c, w.skill)) / 100) * average(w, c);
}

/** What the simulator's own steps need of a weapon in these hands (see Striker). */
function striker(c: FantasiaCombatant, weapon: FantasiaWeapon): Striker {
  const damage = parseFormula(weapon.damage);
  const bonus = c.damageBonus !== '' && addsDamageBonus(weapon) ? parseFormula(c.damageBonus) : undefined;
  return {
    weapon,
    skill: skillValue(c, weapon.skill),
    ranged: isRanged(weapon),
    damage,
    extra: diceOnly(damage),
    bonus,
    fast:
      weapon.kind !== 'whip' &&
      (weapon.minFOR === undefined || c.characteristics.FOR >= weapon.minFOR) &&
      plainDice(damage) &&
      (bonus === undefined || plainDice(bonus)),
    // fumbleOptions' last case: neither a firearm, bare hands, a bow, a crossbow nor a missile.
    meleeFumble: weapon.kind === 'melee' && weapon.reload !== 'bow' && weapon.reload !== 'crossbow',
  };
}

/** Weapons start drawn and loaded (encounter option `drawn`, default true). */
function prepared(c: FantasiaCombatant, drawn: boolean): FantasiaCombatant {
  if (!drawn) return c;
  return { ...c, weapons: (c.weapons ?? []).map((w) => ({ ...w, ready: true, loaded: true })) };
}

/** How a FantasiaFight plays its blows. */
export interface FantasiaSteps {
  /**
   * Every attack through the engine's functions the cards call (resolveAttack, availableDefences,
   * resolveDefence, rollDamage, damagedDefender) and the initiative through fantasiaInitiative,
   * instead of the simulator's own steps for plain blows: the same dice, the same fights, slower.
   * The equivalence tests play both and compare them.
   */
  readonly engineSteps?: boolean;
}

export class FantasiaFight {
  private readonly fighters: Runtime[] = [];
  private readonly arena: Arena;
  private readonly options: FantasiaOptions;
  private readonly roundLimit: number;
  private readonly gap: number;
  private readonly index = new Map<string, number>();
  private readonly roster: Record<string, FantasiaRoundCombatant> = {};
  /** Weapon views with the round's readiness, by weapon id and flags. */
  private readonly views = new Map<string, FantasiaWeapon>();
  private readonly declarations: Record<string, FantasiaDeclaration> = {};
  private readonly readiness: Record<string, FantasiaReadiness> = {};
  /** Declarations made once and reused, by fighter and (kind, weapon). */
  private readonly declared: Map<number, Declared>[] = [];
  /** Parts made so far (see Part). */
  private parts = 0;
  /** This round's slots in order: whose, what, with which weapon, the spec; done or not. */
  private slotWho = new Int32Array(16);
  private slotAct = new Uint8Array(16);
  private statuses = new Uint8Array(16);
  private readonly slotWeapon: string[] = [];
  private readonly slotSpec: SlotSpec[] = [];
  private slotCount = 0;
  readonly names: string[] = [];
  readonly sideOf: number[] = [];
  /** Fighter indices by DEX, highest first, equal DEX in their own order. */
  private readonly byDex: readonly number[];
  /** The fumble setting (see FantasiaEncounter.fumbles) and the round being played. */
  private readonly fumbles: FumbleOptionId | 'random' | 'none';
  private round = 0;
  /** This round's initiative order, and whether the round's records were filled (stateOf). */
  private order: readonly InitiativeEntry[] = [];
  private filled = false;
  /** Told about every attack (equivalence tests); undefined in simulations. */
  tracer: FightTracer | undefined;
  /** Blows played by the simulator's own steps so far (the equivalence tests count them). */
  plainBlows = 0;
  /** Every blow and initiative through the engine's own functions (see FantasiaSteps). */
  private readonly engineSteps: boolean;
  /** The d100 ranges of a critical (F-H5) and a fumble (F-H9 ruling), read once. */
  private readonly critical: PercentRange;
  private readonly fumbleRange: PercentRange;
  private readonly preset = new PresetDice();
  /** This round's acting order, fighter indices (the initiative, F-R2..F-R4). */
  private readonly orderIdx: Int32Array;
  private orderCount = 0;
  /** The fighters standing, by DEX; the fighters tied and their d10s (scratch for the initiative). */
  private readonly standing: Int32Array;
  private readonly tied: Int32Array;
  private readonly tieValues: Int32Array;
  /** A foe's current PV, for the tactics' target choice (made once). */
  private readonly pvOf = (j: number): number => this.fighters[j]!.c.pv.value;

  constructor(encounter: FantasiaEncounter, steps: FantasiaSteps = {}) {
    this.engineSteps = steps.engineSteps === true;
    this.options = encounter.options ?? DEFAULT_FANTASIA_OPTIONS;
    this.critical = cachedRange(this.options.criticalRange);
    this.fumbleRange = cachedRange(this.options.fumbleRange);
    this.roundLimit = encounter.roundLimit ?? 50;
    this.fumbles = encounter.fumbles ?? 'random';
    this.gap = encounter.distance ?? 0;
    const drawn = encounter.drawn !== false;
    const arenaFighters: ConstructorParameters<typeof Arena>[0][number][] = [];
    encounter.sides.forEach((side, s) => {
      side.fighters.forEach((entry, k) => {
        const id = `${s}.${k}`;
        const valid = prepared(validateCombatant({ ...entry.combatant, id }), drawn);
        const base = { ...valid, states: shaped(valid.states) };
        const weapons = base.weapons ?? [];
        const melees = weapons.filter((w) => w.kind === 'melee' || w.kind === 'unarmed' || w.kind === 'whip');
        const missiles = weapons.filter((w) => isRanged(w) && w.kind !== 'siege');
        const byValue = (a: FantasiaWeapon, b: FantasiaWeapon) => expected(base, b) - expected(base, a);
        const sorted = [...melees].sort(byValue);
        if (!sorted.some((w) => w.kind === 'unarmed')) sorted.push(BARE_HANDS);
        const melee = sorted[0]!;
        const missile = [...missiles].sort(byValue)[0];
        const round = toRoundCombatant(base);
        const tactics = entry.tactics ?? {};
        const initialReadiness = fantasiaInitialReadiness(round);
        const own: FantasiaCombatant = { ...base, pv: { value: base.pv.value, max: base.pv.max } };
        const strikers = new Map<string, Striker>();
        for (const w of missile ? [...sorted, missile] : sorted) strikers.set(w.id, striker(base, w));
        this.fighters.push({
          base,
          own,
          round,
          tactics,
          melees: sorted,
          missile0: missile,
          melee,
          missile,
          strikers,
          meleeStriker: strikers.get(melee.id)!,
          missileStriker: missile ? strikers.get(missile.id) : undefined,
          pc: round.side === 'pc',
          skipUntil: 0,
          boundUntil: 0,
          initialReadiness,
          c: base,
          readiness: initialReadiness,
          parried: false,
          dodging: false,
          attacking: false,
          reloadingId: undefined,
          arquebus: weapons.some((w) => w.reload === 'arquebus'),
          canon: new Map(),
          start: undefined,
          carried: new Map(),
          readinessId: 0,
          declaration: undefined,
          declared: undefined,
          part: undefined,
          partOf: undefined,
          partReadiness: -1,
          roundReadiness: initialReadiness,
          parriers: weapons
            .filter((w) => w.canParry)
            .map((w) => ({ id: w.id, skill: skillValue(base, w.skill) })),
          shieldSkill: base.shield ? skillValue(base, 'armesDeMelee') : -1,
          defences: [],
          defencesFor: undefined,
          drawnFor: undefined,
          drawnWeapon: undefined,
          drawn: false,
          plainStates: undefined,
          plainReadiness: undefined,
          plainWeapon: undefined,
          plainIs: false,
          defencesWith: undefined,
        });
        this.index.set(id, this.fighters.length - 1);
        this.roster[id] = round;
        this.names.push(base.name);
        this.sideOf.push(s);
        const danger = Math.max(expected(base, melee), missile ? expected(base, missile) : 0);
        arenaFighters.push({
          side: s,
          mouvement: Math.max(1, base.mouvement),
          danger,
          target: tactics.target ?? 'nearest',
        });
      });
    });
    this.arena = new Arena(arenaFighters, encounter.sides.length);
    this.orderIdx = new Int32Array(this.fighters.length);
    this.standing = new Int32Array(this.fighters.length);
    this.tied = new Int32Array(this.fighters.length);
    this.tieValues = new Int32Array(this.fighters.length);
    this.byDex = this.fighters
      .map((_, i) => i)
      .sort((a, b) => this.fighters[b]!.round.dex - this.fighters[a]!.round.dex);
  }

  private view(w: FantasiaWeapon, readiness: FantasiaReadiness): FantasiaWeapon {
    const r = readiness.weapons[w.id];
    const ready = r ? r.ready : w.ready;
    const loaded = r ? r.loaded : w.loaded;
    if (ready === w.ready && loaded === w.loaded) return w;
    const key = `${w.id}|${ready ? 1 : 0}${loaded ? 1 : 0}|${w.name}`;
    let v = this.views.get(key);
    if (!v) {
      v = { ...w, ready, loaded };
      this.views.set(key, v);
    }
    return v;
  }

  private isDown(f: Runtime): boolean {
    const s = f.c.states;
    return f.c.pv.value <= 0 || s.unconscious !== undefined || s.dead === true;
  }

  /** Plays one fight to its end and writes what happened into `out` (reset by the caller). */
  play(dice: Dice, out: FightResult): void {
    const arena = this.arena;
    const fighters = this.fighters;
    arena.reset(this.gap);
    for (const f of fighters) {
      // The fights' own copy, its PV changed in place by the blows (see `hurt`).
      (f.own.pv as Pv).value = f.base.pv.value;
      f.c = f.own;
      f.melee = f.melees[0]!;
      f.missile = f.missile0;
      f.meleeStriker = f.strikers.get(f.melee.id)!;
      f.missileStriker = f.missile ? f.strikers.get(f.missile.id) : undefined;
      f.skipUntil = 0;
      f.boundUntil = 0;
      // The same readiness every fight starts with, its one object looked up once.
      const start = (f.start ??= this.canonical(f, f.initialReadiness));
      f.readiness = start.readiness;
      f.readinessId = start.id;
    }
    // Down means down from the start: a fighter at 0 PV or below (or unconscious, or dead) takes
    // no part, as the cards and the tracker refuse him any action.
    for (let i = 0; i < fighters.length; i++)
      if (this.isDown(fighters[i]!)) {
        arena.fighters[i]!.out = true;
        out.down[i] = 1;
      }
    let round = 0;
    let winner = arena.winner();
    while (winner === -2 && round < this.roundLimit) {
      round += 1;
      this.round = round;
      arena.startRound();
      // Timed states end as the round's upkeep ends them at the table (timedRecords' lengths).
      for (const f of fighters) {
        const s = f.c.states;
        if (s.skipNextAttack && round >= f.skipUntil) f.c = patched(f.c, { skipNextAttack: undefined });
        if (s.weaponBound && round >= f.boundUntil) f.c = patched(f.c, { weaponBound: undefined });
      }
      // Retreat (tactics) before anyone declares.
      for (let i = 0; i < fighters.length; i++) {
        const f = fighters[i]!;
        const a = arena.fighters[i]!;
        if (a.out) continue;
        const limit = f.tactics.retreatBelow ?? 0;
        if (limit > 0 && f.c.pv.value <= limit * f.c.pv.max) {
          a.out = true;
          out.fled[i] = 1;
        }
      }
      winner = arena.winner();
      if (winner !== -2) break;
      this.initiative(dice);
      this.filled = false;
      const orderIdx = this.orderIdx;
      for (let k = 0; k < this.orderCount; k++) {
        const i = orderIdx[k]!;
        const f = fighters[i]!;
        const d = this.declare(i);
        f.declaration = d.declaration;
        f.declared = d;
      }
      for (const f of fighters) f.roundReadiness = f.readiness;
      // The passes (F-R6..F-R9), then each slot played in turn.
      this.schedule();
      const statuses = this.statuses;
      const who = this.slotWho;
      const acts = this.slotAct;
      const weapons = this.slotWeapon;
      for (let k = 0; k < this.slotCount; k++) {
        const i = who[k]!;
        const act = acts[k]!;
        let done = true;
        if (arena.fighters[i]!.out) done = false;
        else if (act === SLOT_STRIKE_MELEE || act === SLOT_STRIKE_MISSILE)
          done = this.strike(i, act === SLOT_STRIKE_MELEE, weapons[k]!, dice, out);
        else if (act === SLOT_RELOAD) fighters[i]!.reloadingId = weapons[k]!;
        statuses[k] = done ? 1 : 0;
      }
      // End of the round: movement, readiness carried over (F-R9, F-W5, F-W6).
      for (let i = 0; i < fighters.length; i++) {
        const f = fighters[i]!;
        const a = arena.fighters[i]!;
        const declared = f.declared;
        f.reloadingId = undefined;
        if (!declared || a.out) continue;
        if (declared.moves && a.foe >= 0) arena.close(i, a.foe);
        if (declared.carries) this.carryOver(i, dice);
      }
      winner = arena.winner();
    }
    out.winner = winner >= 0 ? winner : -1;
    out.rounds = round;
    for (let i = 0; i < fighters.length; i++) {
      const f = fighters[i]!;
      const lost = f.base.pv.value - Math.max(0, f.c.pv.value);
      out.pvLost[i] = lost > 0 ? lost : 0;
    }
  }

  /**
   * This round's slots, in the passes' order, into slotWho / slotAct / slotWeapon / slotSpec.
   * buildFantasiaSchedule sorts the slots by pass, then by DEX highest first, then by initiative
   * rank, then in the order of the intents; the initiative already lists the fighters by DEX, so
   * the round's schedule is each pass's slots fighter by fighter in initiative order. Each
   * fighter's own slots come from buildFantasiaSchedule once per declaration and readiness (see
   * `part`); a slot ordered by something else than DEX (a spell, by INT) and the engine's steps
   * take the whole schedule from buildFantasiaSchedule.
   */
  private schedule(): void {
    const fighters = this.fighters;
    const orderIdx = this.orderIdx;
    let plain = !this.engineSteps;
    if (plain)
      for (let k = 0; k < this.orderCount; k++) {
        const f = fighters[orderIdx[k]!]!;
        const part = this.part(f);
        f.part = part;
        if (!part.plain) plain = false;
      }
    let n = 0;
    let needed = 0;
    if (plain) for (let k = 0; k < this.orderCount; k++) needed += fighters[orderIdx[k]!]!.part!.specs.length;
    else needed = 4 * this.fighters.length;
    this.room(needed);
    if (plain) {
      for (let pass = 1; pass <= 3; pass++)
        for (let k = 0; k < this.orderCount; k++) {
          const i = orderIdx[k]!;
          const part = fighters[i]!.part!;
          if ((part.passes & (1 << pass)) === 0) continue;
          for (let x = 0; x < part.specs.length; x++) {
            if (part.specs[x]!.pass !== pass) continue;
            this.slotWho[n] = i;
            this.slotAct[n] = part.act[x]!;
            this.slotWeapon[n] = part.weapon[x]!;
            this.slotSpec[n] = part.specs[x]!;
            n++;
          }
        }
    } else {
      const specs = buildFantasiaSchedule({ state: this.stateOf(), declarations: this.declarations });
      this.room(specs.length);
      for (const spec of specs) {
        this.slotWho[n] = this.index.get(spec.combatantId) ?? 0;
        this.slotAct[n] = slotAct(spec);
        this.slotWeapon[n] = String(spec.detail?.weaponId ?? '');
        this.slotSpec[n] = spec;
        n++;
      }
    }
    this.slotCount = n;
  }

  /** Room for `n` slots in the round's arrays. */
  private room(n: number): void {
    if (this.slotWho.length >= n) return;
    const size = Math.max(n, 2 * this.slotWho.length);
    this.slotWho = new Int32Array(size);
    this.slotAct = new Uint8Array(size);
    this.statuses = new Uint8Array(size);
  }

  /** The fighter's own slots for its declaration and readiness (buildFantasiaSchedule, once). */
  private part(f: Runtime): Part {
    const declared = f.declared!;
    if (f.part && f.partOf === declared && f.partReadiness === f.readinessId) return f.part;
    f.partOf = declared;
    f.partReadiness = f.readinessId;
    let part = declared.parts.get(f.readinessId);
    if (part) return part;
    const id = f.round.id;
    const specs = buildFantasiaSchedule({
      state: {
        rules: 'fantasia',
        round: this.round,
        step: 'declaration',
        combatants: { [id]: f.round },
        order: [{ combatantId: id, score: f.round.dex, tieBreak: [], reason: '' }],
        declarations: { [id]: declared.declaration },
        readiness: { [id]: f.readiness },
        budgets: {},
        slots: [],
        slotIndex: -1,
        out: [],
        ended: false,
      },
      declarations: { [id]: declared.declaration },
    });
    const act = new Uint8Array(specs.length);
    specs.forEach((spec, x) => (act[x] = slotAct(spec)));
    part = {
      id: this.parts++,
      specs,
      act,
      weapon: specs.map((spec) => String(spec.detail?.weaponId ?? '')),
      plain: specs.every((spec) => spec.order === f.round.dex && spec.pass >= 1 && spec.pass <= 3),
      passes: specs.reduce((bits, spec) => bits | (1 << spec.pass), 0),
    };
    declared.parts.set(f.readinessId, part);
    return part;
  }

  /**
   * The readiness fighter `i` carries into the next round (fantasiaCarryOver, F-R8, F-R9, F-W5,
   * F-W6), from this round's slots of its own and whether each was done.
   */
  private carryOver(i: number, dice: Dice): void {
    const f = this.fighters[i]!;
    const statuses = this.statuses;
    // fantasiaCarryOver is pure but for an arquebus countdown's die: otherwise the same
    // readiness, declaration and slot outcomes give the same readiness, kept once.
    let key = -1;
    const part = f.part;
    if (!this.engineSteps && !f.arquebus && part && part.specs.length <= 8) {
      let bits = 0;
      let x = 0;
      for (let k = 0; k < this.slotCount; k++)
        if (this.slotWho[k] === i) bits |= (statuses[k] ? 1 : 0) << x++;
      key = part.id * 256 + bits;
      const known = f.carried.get(key);
      if (known) {
        f.readiness = known.readiness;
        f.readinessId = known.id;
        return;
      }
    }
    // The round engine's slots, for this fighter only (what fantasiaCarryOver reads).
    const mine: Slot[] = [];
    for (let k = 0; k < this.slotCount; k++)
      if (this.slotWho[k] === i)
        mine.push({ ...this.slotSpec[k]!, id: String(k), status: statuses[k] ? 'done' : 'skipped' });
    const next = this.canonical(
      f,
      fantasiaCarryOver({
        state: { ...this.stateOf(), slots: mine },
        combatant: f.round,
        readiness: f.readiness,
        declaration: f.declared!.declaration,
        slots: mine,
        dice,
      }),
    );
    if (key >= 0) f.carried.set(key, next);
    f.readiness = next.readiness;
    f.readinessId = next.id;
  }

  /**
   * This round's acting order into orderIdx (F-R2 DEX highest first; F-R4 on equal DEX
   * Aventuriers before PNJ; F-R3 the same side's tied fighters roll 1d10, highest first, again
   * while tied): fantasiaInitiative's order and dice, without its entries (tie-break rolls and
   * reasons for the tracker), for the fighters standing.
   */
  private initiative(dice: Dice): void {
    const fighters = this.fighters;
    const arena = this.arena;
    const orderIdx = this.orderIdx;
    if (this.engineSteps) {
      const acting: FantasiaRoundCombatant[] = [];
      for (const i of this.byDex) if (!arena.fighters[i]!.out) acting.push(fighters[i]!.round);
      const order = fantasiaInitiative(acting, dice);
      this.order = order;
      for (let k = 0; k < order.length; k++) orderIdx[k] = this.index.get(order[k]!.combatantId)!;
      this.orderCount = order.length;
      return;
    }
    // The standing fighters by DEX (byDex is a stable sort, as the initiative's).
    const standing = this.standing;
    let n = 0;
    for (const i of this.byDex) if (!arena.fighters[i]!.out) standing[n++] = i;
    this.orderCount = 0;
    for (let a = 0; a < n;) {
      const dex = fighters[standing[a]!]!.round.dex;
      let b = a + 1;
      while (b < n && fighters[standing[b]!]!.round.dex === dex) b++;
      if (b - a === 1) orderIdx[this.orderCount++] = standing[a]!;
      else {
        // Aventuriers first, then PNJ, each side's tied fighters by their d10s.
        const tied = this.tied;
        for (let side = 0; side < 2; side++) {
          let m = 0;
          for (let k = a; k < b; k++)
            if (fighters[standing[k]!]!.pc === (side === 0)) tied[m++] = standing[k]!;
          this.breakTies(0, m, dice, 0);
        }
      }
      a = b;
    }
  }

  /**
   * round.ts's breakTies on the fighters tied[from … from+n): each rolls 1d10 in turn, they are
   * ordered by it, highest first (a stable sort), and those still tied roll again, up to
   * MAX_TIE_REROLLS times; the order is appended to orderIdx. Sorted in place, so nothing is made.
   */
  private breakTies(from: number, n: number, dice: Dice, depth: number): void {
    const tied = this.tied;
    const values = this.tieValues;
    const orderIdx = this.orderIdx;
    const end = from + n;
    if (n < 2 || depth >= MAX_TIE_REROLLS) {
      for (let k = from; k < end; k++) orderIdx[this.orderCount++] = tied[k]!;
      return;
    }
    for (let k = from; k < end; k++) values[k] = dice.die(10);
    for (let k = from + 1; k < end; k++) {
      const v = values[k]!;
      const who = tied[k]!;
      let at = k;
      while (at > from && values[at - 1]! < v) {
        values[at] = values[at - 1]!;
        tied[at] = tied[at - 1]!;
        at--;
      }
      values[at] = v;
      tied[at] = who;
    }
    for (let k = from; k < end;) {
      const v = values[k]!;
      let m = k + 1;
      while (m < end && values[m] === v) m++;
      if (m - k === 1) orderIdx[this.orderCount++] = tied[k]!;
      else this.breakTies(k, m - k, dice, depth + 1);
      k = m;
    }
  }

  private runtimeOf(id: string): Runtime {
    return this.fighters[this.index.get(id)!]!;
  }

  /**
   * The round engine's state, built only when a ruleset function needs it (a new schedule, a
   * carry-over). Its records are reused from round to round: only the acting fighters (those in
   * the order) are read, and they are filled at the first need of the round.
   */
  private stateOf(): FantasiaRoundState {
    const declarations = this.declarations;
    const readiness = this.readiness;
    if (!this.filled) {
      this.filled = true;
      if (!this.engineSteps) {
        // The order's entries, made only now (buildFantasiaSchedule reads their combatant ids).
        const order: InitiativeEntry[] = [];
        for (let k = 0; k < this.orderCount; k++) {
          const f = this.fighters[this.orderIdx[k]!]!;
          order.push({ combatantId: f.round.id, score: f.round.dex, tieBreak: [], reason: '' });
        }
        this.order = order;
      }
      for (const entry of this.order)
        declarations[entry.combatantId] = this.runtimeOf(entry.combatantId).declaration!;
      for (const f of this.fighters) readiness[f.round.id] = f.roundReadiness;
    }
    return {
      rules: 'fantasia',
      round: this.round,
      step: 'declaration',
      combatants: this.roster,
      order: this.order,
      declarations,
      readiness,
      budgets: {},
      slots: [],
      slotIndex: -1,
      out: this.fighters.filter((_, i) => this.arena.fighters[i]!.out).map((f) => f.round.id),
      ended: false,
    };
  }

  /** The fighter's one object for this readiness (weapons in a fixed order make the key). */
  private canonical(f: Runtime, r: FantasiaReadiness): Canonical {
    let sig = '';
    for (const w of f.round.weapons) {
      const x = r.weapons[w.id];
      sig += x ? `${x.ready ? 1 : 0}${x.loaded ? 1 : 0}${x.reloadRoundsLeft ?? ''},` : '-,';
    }
    let c = f.canon.get(sig);
    if (!c) {
      c = { readiness: r, id: f.canon.size };
      f.canon.set(sig, c);
    }
    return c;
  }

  /**
   * The same declaration object for the same fighter, kind and weapon, so schedules can be looked
   * up by the declarations' serial numbers (see `schedules`). Declarations name no target: the
   * schedule does not depend on it, and the foe is picked again when the slot strikes.
   */
  private made(i: number, kind: number): Declared {
    let cache = this.declared[i];
    if (!cache) {
      cache = new Map();
      this.declared[i] = cache;
    }
    // The weapon fought with is part of the key: after a broken weapon the declaration changes.
    const f = this.fighters[i]!;
    const k = f.melees.indexOf(f.melee) * 16 + kind;
    let d = cache.get(k);
    if (!d) {
      const declaration = this.build(i, kind);
      let moves = false;
      let carries = false;
      for (const intent of declaration.intents) {
        if (intent.kind === 'move') moves = true;
        if (
          intent.kind === 'shoot' ||
          intent.kind === 'throw' ||
          intent.kind === 'draw' ||
          intent.kind === 'reload'
        )
          carries = true;
      }
      d = { declaration, parts: new Map(), moves, carries };
      cache.set(k, d);
    }
    return d;
  }

  private build(i: number, kind: number): FantasiaDeclaration {
    const f = this.fighters[i]!;
    const missile = f.missile;
    switch (kind) {
      case DODGE:
        return { intents: [{ kind: 'dodge' }] };
      case MELEE:
        return { intents: [{ kind: 'melee', weaponId: f.melee.id }] };
      case MOVE:
        return { intents: [{ kind: 'move' }] };
      case SHOOT:
        if (!missile) break;
        return {
          intents: [{ kind: missile.kind === 'thrown' ? 'throw' : 'shoot', weaponId: missile.id }],
        };
      case DRAW_MISSILE:
        if (!missile) break;
        return { intents: [{ kind: 'draw', weaponId: missile.id }] };
      case DRAW_MELEE:
        return { intents: [{ kind: 'draw', weaponId: f.melee.id }] };
      case RELOAD:
        if (!missile) break;
        return { intents: [{ kind: 'reload', weaponId: missile.id }] };
      default:
        break;
    }
    return { intents: [{ kind: 'other' }] };
  }

  /** The fighter's declaration of intent this round, from its tactics (F-R5). */
  private declare(i: number): Declared {
    const f = this.fighters[i]!;
    const arena = this.arena;
    const t = f.tactics;
    f.parried = false;
    f.dodging = false;
    f.attacking = false;
    const foe = arena.pick(i, this.pvOf);
    if (foe < 0) return this.made(i, OTHER);
    if (t.defence === 'dodgeWhenHurt' && f.c.pv.value * 2 < f.c.pv.max) {
      f.dodging = true;
      return this.made(i, DODGE);
    }
    const distance = arena.distance(i, foe);
    const missile = f.missile;
    if (missile && t.shootFirst !== false && !arena.engaged(i) && distance <= missile.range) {
      const r = f.readiness.weapons[missile.id];
      if (missileReady(f.readiness, missile)) {
        f.attacking = true;
        return this.made(i, SHOOT);
      }
      if ((r && !r.ready) || missile.reload === 'bow') return this.made(i, DRAW_MISSILE);
      if (r && r.ready && !r.loaded) return this.made(i, RELOAD);
    }
    if (distance > 0) return this.made(i, MOVE);
    if (f.drawnFor !== f.readiness || f.drawnWeapon !== f.melee) {
      const r = f.readiness.weapons[f.melee.id];
      f.drawnFor = f.readiness;
      f.drawnWeapon = f.melee;
      f.drawn = !(r && !r.ready);
    }
    if (!f.drawn) return this.made(i, DRAW_MELEE);
    f.attacking = true;
    return this.made(i, MELEE);
  }

  /** One attack slot: the target picked again if it fell, then the engine's exchange. */
  private strike(i: number, melee: boolean, weaponId: string, dice: Dice, out: FightResult): boolean {
    const arena = this.arena;
    const f = this.fighters[i]!;
    let foe = arena.fighters[i]!.foe;
    if (foe < 0 || arena.fighters[foe]!.out) foe = arena.pick(i, this.pvOf);
    if (foe < 0) return false;
    const weapon0 = melee ? f.melee : f.missile;
    if (!weapon0 || weapon0.id !== weaponId) return false;
    const s = f.c.states;
    // What stops the attack at the table (checkCanAttack) stops it here: the slot passes.
    if (s.skipNextAttack || s.weaponBound?.weaponId === weapon0.id) return false;
    const distance = arena.distance(i, foe);
    if (melee ? distance > 0 : distance > weapon0.range) return false;
    const t = this.fighters[foe]!;
    const striker = melee ? f.meleeStriker : f.missileStriker;
    if (!this.engineSteps && striker && striker.fast && !t.reloadingId && this.plain(f, weapon0))
      return this.fastStrike(i, foe, striker, distance, dice, out);
    const weapon = this.view(weapon0, f.readiness);
    const defender = t.reloadingId ? patched(t.c, { reloading: { weaponId: t.reloadingId } }) : t.c;
    out.blows += 1;
    const tracer = this.tracer;
    tracer?.start();
    // The attack card's steps: attack roll; the defences open (F-D1..F-D4), the defender taking
    // the best one; its roll; damage; applied to the defender.
    const attack = resolveAttack(
      melee ? { attacker: f.c, defender, weapon } : { attacker: f.c, defender, weapon, distance },
      dice,
      this.options,
    );
    if (!attack.hit) {
      const fumbled =
        attack.fumble && this.fumbles !== 'none' ? this.fumble(i, attack, dice, out) : undefined;
      if (tracer)
        tracer.blow({
          round: this.round,
          attacker: i,
          defender: foe,
          weaponId,
          hit: false,
          defence: 'none',
          defended: false,
          damage: 0,
          defenderPv: t.c.pv.value,
          attackerPv: f.c.pv.value,
          ...(fumbled ? { fumble: fumbled.option } : {}),
          ...(fumbled && fumbled.friend >= 0
            ? { friend: fumbled.friend, friendPv: this.fighters[fumbled.friend]!.c.pv.value }
            : {}),
        });
      return true;
    }
    let defence: DefenceResult = NO_DEFENCE;
    if (t.tactics.defence !== 'none') {
      const picked = this.defenceOf(t, defender, attack);
      if (picked) defence = resolveDefence(attack, picked, dice, this.options);
    }
    const damage = rollDamage(attack, f.c, defender, defence, dice, this.options);
    // The attacker's own view stays: readiness lives in the round (fantasiaCarryOver), and no
    // tactic places secret thrusts, so there is nothing for afterThrust to record.
    const after = this.hurt(defender, damage);
    t.c = t.reloadingId ? patched(after, { reloading: undefined }) : after;
    if (defence.parryUsed) t.parried = true;
    this.checkDown(foe, i, out);
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId,
        hit: true,
        defence: defence.kind,
        defended: defence.success,
        damage: damage.total,
        defenderPv: t.c.pv.value,
        attackerPv: f.c.pv.value,
        dodgeDeclared: t.dodging,
        attackDeclared: t.attacking,
        ...(t.reloadingId ? { reloadingWeaponId: t.reloadingId } : {}),
      });
    return true;
  }

  /**
   * Whether `f` can strike with `weapon` now as the cards let it (checkCanAttack finds nothing to
   * refuse): standing, its weapon whole, free, in hand and loaded. When not, the engine's steps
   * play the slot (and refuse it as the card would).
   */
  private plain(f: Runtime, weapon: FantasiaWeapon): boolean {
    const s = f.c.states;
    if (f.c.pv.value <= 0) return false;
    if (f.plainStates === s && f.plainReadiness === f.readiness && f.plainWeapon === weapon) return f.plainIs;
    f.plainStates = s;
    f.plainReadiness = f.readiness;
    f.plainWeapon = weapon;
    f.plainIs = this.plainNow(f, weapon);
    return f.plainIs;
  }

  private plainNow(f: Runtime, weapon: FantasiaWeapon): boolean {
    const s = f.c.states;
    const id = weapon.id;
    if (s.dead || s.unconscious || s.reloading || s.immobilised) return false;
    if (s.weaponBroken?.includes(id)) return false;
    if (s.jammed?.weaponId === id || s.disarmed?.weaponId === id || s.arquebusReload?.weaponId === id)
      return false;
    const r = f.readiness.weapons[id];
    return r ? r.ready && r.loaded : weapon.ready && weapon.loaded;
  }

  /**
   * A plain blow (see Striker and `plain`) by the simulator's own steps, the same dice in the
   * same order as the attack card's: the attack d100 (F-H1: a critical on 01–05 whatever the
   * skill, F-H5; a fumble on 96–00, F-H9 ruling); the defender's best allowed defence and its
   * d100 (F-D1..F-D4, worked out by availableDefences once per states); the damage dice (F-H2),
   * again on a critical (F-H5), the damage bonus in melee (F-H4), armour off (F-H3); the PV
   * changed in place (damagedDefender's loss, with no state to set). A fumble's consequence goes
   * through the engine (resolveAttack from the same d100, then resolveFumble).
   */
  private fastStrike(
    i: number,
    foe: number,
    striker: Striker,
    distance: number,
    dice: Dice,
    out: FightResult,
  ): boolean {
    const f = this.fighters[i]!;
    const t = this.fighters[foe]!;
    const critical = this.critical;
    const fumbles = this.fumbleRange;
    out.blows += 1;
    const tracer = this.tracer;
    tracer?.start();
    this.plainBlows += 1;
    const roll = dice.die(100);
    const crit = roll >= critical.from && roll <= critical.to;
    if (!crit && ((roll >= fumbles.from && roll <= fumbles.to) || roll > striker.skill)) {
      let fumbled: { option: FumbleOptionId; friend: number } | undefined;
      const fumbled0 = this.fumbles !== 'none' && roll >= fumbles.from && roll <= fumbles.to;
      if (fumbled0 && striker.meleeFumble) fumbled = this.meleeFumble(i, striker, dice, out);
      else if (fumbled0) {
        // The card lists a fumble's options from the engine's attack: the same one, same d100.
        const weapon = this.view(striker.weapon, f.readiness);
        const preset = this.preset.arm(dice, 100, roll);
        const attack = resolveAttack(
          striker.ranged
            ? { attacker: f.c, defender: t.c, weapon, distance }
            : { attacker: f.c, defender: t.c, weapon },
          preset,
          this.options,
        );
        preset.check();
        fumbled = this.fumble(i, attack, dice, out);
      }
      if (tracer)
        tracer.blow({
          round: this.round,
          attacker: i,
          defender: foe,
          weaponId: striker.weapon.id,
          hit: false,
          defence: 'none',
          defended: false,
          damage: 0,
          defenderPv: t.c.pv.value,
          attackerPv: f.c.pv.value,
          ...(fumbled ? { fumble: fumbled.option } : {}),
          ...(fumbled && fumbled.friend >= 0
            ? { friend: fumbled.friend, friendPv: this.fighters[fumbled.friend]!.c.pv.value }
            : {}),
        });
      return true;
    }
    let kind: DefenceOption['kind'] | 'none' = 'none';
    let defended = false;
    if (t.tactics.defence !== 'none') {
      const picked = this.defenceOf(t, t.c, striker.ranged ? RANGED_ATTACK : MELEE_ATTACK);
      if (picked) {
        kind = picked.kind;
        let target = picked.base;
        for (const m of picked.modifiers) target += m.value;
        const d = dice.die(100);
        defended =
          (d >= critical.from && d <= critical.to) ||
          (!(d >= fumbles.from && d <= fumbles.to) && d <= target);
      }
    }
    let damage = 0;
    if (!defended) {
      let raw = rollTotal(striker.damage, dice);
      if (crit && striker.extra) raw += rollTotal(striker.extra, dice);
      if (striker.bonus) raw += rollTotal(striker.bonus, dice);
      raw = Math.max(0, raw);
      damage = raw - Math.min(t.c.armour, raw);
      (t.c.pv as Pv).value -= damage;
    }
    if (kind === 'parry') t.parried = true;
    this.checkDown(foe, i, out);
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId: striker.weapon.id,
        hit: true,
        defence: kind,
        defended,
        damage,
        defenderPv: t.c.pv.value,
        attackerPv: f.c.pv.value,
        dodgeDeclared: t.dodging,
        attackDeclared: t.attacking,
      });
    return true;
  }

  /**
   * The damage applied to the defender, as damagedDefender applies it (F-H5): PV minus the total
   * and the states it sets. PV alone are changed in place on the fight's own copy (no copy of
   * the whole fighter every blow); a blow that sets states goes through damagedDefender.
   */
  private hurt(defender: FantasiaCombatant, damage: DamageResult): FantasiaCombatant {
    for (const _key in damage.states) return reshaped(damagedDefender(defender, damage), defender);
    if (defender.id !== damage.defenderId || !Number.isInteger(damage.total) || damage.total < 0)
      return damagedDefender(defender, damage); // the engine's refusal
    (defender.pv as Pv).value -= damage.total;
    return defender;
  }

  /** The defence `t` takes against `attack` (availableDefences, then the best), kept while its states stay. */
  private defenceOf(
    t: Runtime,
    defender: FantasiaCombatant,
    attack: AttackResult,
  ): DefenceOption | undefined {
    const cacheable = defender === t.c && attack.thrust === undefined;
    const k = (attack.ranged ? 8 : 0) + (t.dodging ? 4 : 0) + (t.attacking ? 2 : 0) + (t.parried ? 1 : 0);
    if (cacheable) {
      if (t.defencesFor !== defender.states || t.defencesWith !== defender.weapons) {
        // New states that differ in nothing the defences read (a lost balance, a fall) keep them.
        if (t.defencesWith !== defender.weapons || !sameForDefence(t.defencesFor, defender.states))
          t.defences.length = 0;
        t.defencesFor = defender.states;
        t.defencesWith = defender.weapons;
      }
      const known = t.defences[k];
      if (known !== undefined) return known ?? undefined;
    }
    const parryWeaponId = this.parryWith(t, defender, attack.ranged);
    const options = availableDefences(
      attack,
      defender,
      parryWeaponId !== undefined
        ? {
            dodgeDeclared: t.dodging,
            attackDeclared: t.attacking,
            parriedThisRound: t.parried,
            parryWeaponId,
          }
        : { dodgeDeclared: t.dodging, attackDeclared: t.attacking, parriedThisRound: t.parried },
      this.options,
    );
    const picked = bestDefence(options);
    if (cacheable) t.defences[k] = picked ?? null;
    return picked;
  }

  /**
   * The parry the defender takes among those the defence card lists (defenceChoices): with each
   * weapon that can parry, or with the shield (Armes de mêlée); all share the same modifiers, so
   * the best is the highest skill, the first listed on a tie. Against a missile only the shield
   * parries (F-D3). Undefined: the engine's default.
   */
  private parryWith(t: Runtime, defender: FantasiaCombatant, ranged: boolean): string | undefined {
    if (ranged) return t.shieldSkill >= 0 ? '' : undefined;
    const s = defender.states;
    const weapons = defender.weapons ?? [];
    let best: string | undefined;
    let bestSkill = -Infinity;
    for (const p of t.parriers) {
      if (p.skill <= bestSkill) continue;
      if (s.weaponBroken?.includes(p.id) || s.disarmed?.weaponId === p.id) continue;
      const w = weapons.find((x) => x.id === p.id);
      if (!w?.ready) continue;
      // A bound weapon's parry is the bare Armes de mêlée one (parryWeapon finds none).
      const skill = s.weaponBound?.weaponId === p.id ? (t.shieldSkill >= 0 ? t.shieldSkill : -1) : p.skill;
      if (skill > bestSkill) {
        best = s.weaponBound?.weaponId === p.id ? '' : p.id;
        bestSkill = skill;
      }
    }
    if (t.shieldSkill > bestSkill) best = '';
    return best;
  }

  /**
   * A fumble's consequence (F-H6..F-H9, F-W6): the option the GM would pick from the card's list
   * (fumbleOptions; a friend to hit only when one stands), by the encounter's `fumbles` setting:
   * 'random' draws it with a die, an option id takes that one where the weapon allows it.
   */
  private fumble(
    i: number,
    attack: Parameters<typeof fumbleOptions>[0],
    dice: Dice,
    out: FightResult,
  ): { option: FumbleOptionId; friend: number } | undefined {
    const f = this.fighters[i]!;
    const friend = this.friendOf(i);
    const offered = fumbleOptions(attack).filter((o) => !o.needsFriend || friend >= 0);
    if (!offered.length) return undefined;
    const wanted = this.fumbles;
    const chosen: FumbleOptionId =
      offered.find((o) => o.id === wanted)?.id ?? offered[dice.die(offered.length) - 1]!.id;
    const outcome = resolveFumble(
      attack,
      chosen,
      { attacker: f.c, ...(friend >= 0 ? { friend: this.fighters[friend]!.c } : {}) },
      dice,
      this.options,
    );
    f.c = reshaped(outcome.attacker.combatant, f.c);
    if (outcome.friend && friend >= 0) {
      const t = this.fighters[friend]!;
      t.c = reshaped(outcome.friend.combatant, t.c);
    }
    return this.fumbled(i, chosen, outcome.friend ? friend : -1, out);
  }

  /** The first friend of `i` standing (the one a fumble may hit, F-H6), -1 when none. */
  private friendOf(i: number): number {
    const arena = this.arena;
    for (let j = 0; j < this.fighters.length; j++)
      if (j !== i && this.sideOf[j] === this.sideOf[i] && !arena.fighters[j]!.out) return j;
    return -1;
  }

  /**
   * A melee weapon's fumble (F-H6) by the simulator's own steps: the option as `fumble` picks
   * it from the card's three (weapon breaks, lose balance, hit a friend: only with a friend
   * standing), and resolveFumble's outcome: the broken weapon listed; the DEX×3 roll (F-H6) and
   * the lost attack, on the ground when it fails; the friend hit by the weapon's damage, no
   * critical and no defence (rollDamage of the attack made a hit), armour off.
   */
  private meleeFumble(
    i: number,
    striker: Striker,
    dice: Dice,
    out: FightResult,
  ): { option: FumbleOptionId; friend: number } {
    const f = this.fighters[i]!;
    const friend = this.friendOf(i);
    const wanted = this.fumbles;
    const count = friend >= 0 ? 3 : 2;
    let option =
      wanted === 'weaponBreaks'
        ? 0
        : wanted === 'loseBalance'
          ? 1
          : wanted === 'hitFriend' && friend >= 0
            ? 2
            : -1;
    if (option < 0) option = dice.die(count) - 1;
    if (option === 0) {
      f.c = patched(f.c, { weaponBroken: [...(f.c.states.weaponBroken ?? []), striker.weapon.id] });
      return this.fumbled(i, 'weaponBreaks', -1, out);
    }
    if (option === 1) {
      const roll = dice.die(100);
      const critical = this.critical;
      const fumbles = this.fumbleRange;
      const kept =
        (roll >= critical.from && roll <= critical.to) ||
        (!(roll >= fumbles.from && roll <= fumbles.to) && roll <= f.c.characteristics.DEX * 3);
      f.c = patched(f.c, kept ? { skipNextAttack: true } : { skipNextAttack: true, fallen: true });
      return this.fumbled(i, 'loseBalance', -1, out);
    }
    const t = this.fighters[friend]!;
    let raw = rollTotal(striker.damage, dice);
    if (striker.bonus) raw += rollTotal(striker.bonus, dice);
    raw = Math.max(0, raw);
    (t.c.pv as Pv).value -= raw - Math.min(t.c.armour, raw);
    return this.fumbled(i, 'hitFriend', friend, out);
  }

  /** What follows a fumble's outcome: timed states, weapons put away, fighters down. */
  private fumbled(
    i: number,
    option: FumbleOptionId,
    friend: number,
    out: FightResult,
  ): { option: FumbleOptionId; friend: number } {
    const f = this.fighters[i]!;
    const round = this.round;
    if (f.c.states.skipNextAttack) f.skipUntil = round + 2;
    if (f.c.states.weaponBound) f.boundUntil = round + 1;
    const broken = f.c.states.weaponBroken ?? [];
    if (broken.includes(f.melee.id)) {
      f.melee = f.melees.find((w) => !broken.includes(w.id)) ?? f.melees[f.melees.length - 1]!;
      f.meleeStriker = f.strikers.get(f.melee.id)!;
    }
    // A jammed or broken missile weapon is put away: its owner fights in melee from then on.
    if (f.missile && (broken.includes(f.missile.id) || f.c.states.jammed?.weaponId === f.missile.id)) {
      f.missile = undefined;
      f.missileStriker = undefined;
    }
    if (friend >= 0) this.checkDown(friend, i, out);
    if (this.isDown(f)) this.checkDown(i, i, out);
    return { option, friend };
  }

  /** Marks fighter `j` out of the fight once down, felled by `by`. */
  private checkDown(j: number, by: number, out: FightResult): void {
    const t = this.fighters[j]!;
    if (!this.isDown(t) || this.arena.fighters[j]!.out) return;
    this.arena.fighters[j]!.out = true;
    out.down[j] = 1;
    out.downedBy[j] = by;
    if (t.c.states.dead === true || fightCondition(t.c, this.options.zeroPv) === 'dead') out.dead[j] = 1;
  }
}
