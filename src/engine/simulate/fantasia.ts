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
import { fightCondition } from '../fantasia/fallen';
import { fumbleOptions, resolveFumble, type FumbleOptionId } from '../fantasia/fumbles';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../fantasia/options';
import {
  buildFantasiaSchedule,
  fantasiaCarryOver,
  fantasiaInitialReadiness,
  fantasiaInitiative,
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
import { isRanged } from '../fantasia/weapons';
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
  readonly serial: number;
}

/** Schedules kept at most, then the cache starts again (bounded memory). */
const SCHEDULE_CACHE = 50_000;

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

/** A schedule with what the loop needs of each slot read once. */
interface Plan {
  /** The declarations' serial numbers in initiative order: the key. */
  readonly serials: Int32Array;
  readonly specs: readonly SlotSpec[];
  readonly who: Int32Array;
  readonly act: Uint8Array;
  readonly weapon: readonly string[];
  /** Slots made from the specs for fantasiaCarryOver, once done and once skipped. */
  readonly done: Slot[];
  readonly skipped: Slot[];
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
  readonly carried: Map<string, Canonical>;
  readinessId: number;
  /** Serial of this round's declaration. */
  serial: number;
  /** The declaration of the round it last acted in. */
  declaration: FantasiaDeclaration | undefined;
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

/** Weapons start drawn and loaded (encounter option `drawn`, default true). */
function prepared(c: FantasiaCombatant, drawn: boolean): FantasiaCombatant {
  if (!drawn) return c;
  return { ...c, weapons: (c.weapons ?? []).map((w) => ({ ...w, ready: true, loaded: true })) };
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
  /** Declarations made once and reused, by fighter and (kind, foe); each with a serial number. */
  private readonly declared: Map<number, Declared>[] = [];
  private serial = 0;
  /** Schedules already built, by order and declarations (serials). */
  private readonly schedules = new Map<number, Plan[]>();
  private readonly serials: Int32Array;
  /** Whether each slot of the current round was done (reused from round to round). */
  private readonly statuses: boolean[] = [];
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

  constructor(encounter: FantasiaEncounter) {
    this.options = encounter.options ?? DEFAULT_FANTASIA_OPTIONS;
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
        const bareHands: FantasiaWeapon = {
          id: 'bagarre',
          name: 'Bagarre',
          type: 'bagarre',
          skill: 'bagarre' as const,
          damage: '1d3',
          hands: 1 as const,
          kind: 'unarmed' as const,
          blunt: true,
          range: 0,
          canParry: false,
          reload: 'none' as const,
          ready: true,
          loaded: true,
        };
        const sorted = [...melees].sort(byValue);
        if (!sorted.some((w) => w.kind === 'unarmed')) sorted.push(bareHands);
        const melee = sorted[0]!;
        const missile = [...missiles].sort(byValue)[0];
        const round = toRoundCombatant(base);
        const tactics = entry.tactics ?? {};
        const initialReadiness = fantasiaInitialReadiness(round);
        const own: FantasiaCombatant = { ...base, pv: { value: base.pv.value, max: base.pv.max } };
        this.fighters.push({
          base,
          own,
          round,
          tactics,
          melees: sorted,
          missile0: missile,
          melee,
          missile,
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
          serial: 0,
          declaration: undefined,
          roundReadiness: initialReadiness,
          parriers: weapons
            .filter((w) => w.canParry)
            .map((w) => ({ id: w.id, skill: skillValue(base, w.skill) })),
          shieldSkill: base.shield ? skillValue(base, 'armesDeMelee') : -1,
          defences: [],
          defencesFor: undefined,
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
    this.serials = new Int32Array(this.fighters.length);
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
    const pv = (j: number): number => fighters[j]!.c.pv.value;
    let round = 0;
    let winner = arena.winner();
    const acting: FantasiaRoundCombatant[] = [];
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
      acting.length = 0;
      // Listed by DEX already (a stable order), so the initiative's stable sort finds them sorted
      // and gives what it gives for the fighters' own order.
      for (const i of this.byDex) if (!arena.fighters[i]!.out) acting.push(fighters[i]!.round);
      const order = fantasiaInitiative(acting, dice);
      this.order = order;
      this.filled = false;
      const declarations = this.declarations;
      let key = 0;
      let count = 0;
      const serials = this.serials;
      for (const entry of order) {
        const i = this.index.get(entry.combatantId)!;
        const f = fighters[i]!;
        const d = this.declare(i, pv);
        f.serial = d.serial;
        f.declaration = d.declaration;
        serials[count++] = d.serial;
        key = (Math.imul(key, 31) + d.serial + 1) & 0x3fffffff; // a small integer (Smi) key
      }
      for (const f of fighters) f.roundReadiness = f.readiness;
      // buildFantasiaSchedule is pure: the same order and declarations give the same passes.
      let plan = this.cached(key, count);
      if (!plan) {
        plan = this.plan(
          buildFantasiaSchedule({ state: this.stateOf(), declarations }),
          serials.slice(0, count),
        );
        if (this.schedules.size > SCHEDULE_CACHE) this.schedules.clear();
        const bucket = this.schedules.get(key);
        if (bucket) bucket.push(plan);
        else this.schedules.set(key, [plan]);
      }
      const specs = plan.specs;
      const statuses = this.statuses;
      if (statuses.length < specs.length) statuses.length = specs.length;
      for (let k = 0; k < specs.length; k++) {
        const i = plan.who[k]!;
        const act = plan.act[k]!;
        let done = true;
        if (arena.fighters[i]!.out) done = false;
        else if (act === SLOT_STRIKE_MELEE || act === SLOT_STRIKE_MISSILE)
          done = this.strike(i, act === SLOT_STRIKE_MELEE, plan.weapon[k]!, dice, out, pv);
        else if (act === SLOT_RELOAD) fighters[i]!.reloadingId = plan.weapon[k]!;
        statuses[k] = done;
      }
      // End of the round: movement, readiness carried over (F-R9, F-W5, F-W6).
      for (let i = 0; i < fighters.length; i++) {
        const f = fighters[i]!;
        const a = arena.fighters[i]!;
        const declaration = f.declaration;
        f.reloadingId = undefined;
        if (!declaration || a.out) continue;
        let needsCarry = false;
        for (const intent of declaration.intents) {
          if (intent.kind === 'move' && a.foe >= 0) arena.close(i, a.foe);
          if (
            intent.kind === 'shoot' ||
            intent.kind === 'throw' ||
            intent.kind === 'draw' ||
            intent.kind === 'reload'
          )
            needsCarry = true;
        }
        if (needsCarry) {
          // The round engine's slots, for this fighter only (what fantasiaCarryOver reads).
          const mine: Slot[] = [];
          for (let k = 0; k < specs.length; k++)
            if (plan.who[k] === i) mine.push(this.slot(plan, k, statuses[k]!));
          // fantasiaCarryOver is pure but for an arquebus countdown's die: otherwise the same
          // readiness, declaration and slot outcomes give the same readiness, kept once.
          let key = '';
          if (!f.arquebus) {
            key = `${f.readinessId}|${f.serial}|`;
            for (const slot of mine) key += slot.status === 'done' ? '1' : '0';
          }
          const known = key ? f.carried.get(key) : undefined;
          if (known) {
            f.readiness = known.readiness;
            f.readinessId = known.id;
          } else {
            const next = this.canonical(
              f,
              fantasiaCarryOver({
                state: { ...this.stateOf(), slots: mine },
                combatant: f.round,
                readiness: f.readiness,
                declaration,
                slots: mine,
                dice,
              }),
            );
            if (key) f.carried.set(key, next);
            f.readiness = next.readiness;
            f.readinessId = next.id;
          }
        }
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

  /** Slot k of a plan as the round engine would hold it once done or skipped (made once). */
  private slot(plan: Plan, k: number, done: boolean): Slot {
    const cache = done ? plan.done : plan.skipped;
    let slot = cache[k];
    if (!slot) {
      slot = { ...plan.specs[k]!, id: String(k), status: done ? 'done' : 'skipped' };
      cache[k] = slot;
    }
    return slot;
  }

  /** The schedule built before for these declarations in this order (hash, then exact check). */
  private cached(key: number, count: number): Plan | undefined {
    const bucket = this.schedules.get(key);
    if (!bucket) return undefined;
    for (const plan of bucket) {
      if (plan.serials.length !== count) continue;
      let same = true;
      for (let k = 0; k < count; k++) {
        if (plan.serials[k] !== this.serials[k]) {
          same = false;
          break;
        }
      }
      if (same) return plan;
    }
    return undefined;
  }

  private plan(specs: readonly SlotSpec[], serials: Int32Array): Plan {
    const who = new Int32Array(specs.length);
    const act = new Uint8Array(specs.length);
    const weapon: string[] = [];
    specs.forEach((spec, k) => {
      who[k] = this.index.get(spec.combatantId) ?? 0;
      act[k] =
        spec.action === 'melee'
          ? SLOT_STRIKE_MELEE
          : spec.action === 'shoot' || spec.action === 'throw'
            ? SLOT_STRIKE_MISSILE
            : spec.action === 'reload' && spec.pass === 2
              ? SLOT_RELOAD
              : SLOT_OTHER;
      weapon.push(String(spec.detail?.weaponId ?? ''));
    });
    return { serials, specs, who, act, weapon, done: [], skipped: [] };
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
      d = { declaration: this.build(i, kind), serial: this.serial++ };
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
  private declare(i: number, pv: (j: number) => number): Declared {
    const f = this.fighters[i]!;
    const arena = this.arena;
    const t = f.tactics;
    f.parried = false;
    f.dodging = false;
    f.attacking = false;
    const foe = arena.pick(i, pv);
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
    const r = f.readiness.weapons[f.melee.id];
    if (r && !r.ready) return this.made(i, DRAW_MELEE);
    f.attacking = true;
    return this.made(i, MELEE);
  }

  /** One attack slot: the target picked again if it fell, then the engine's exchange. */
  private strike(
    i: number,
    melee: boolean,
    weaponId: string,
    dice: Dice,
    out: FightResult,
    pv: (j: number) => number,
  ): boolean {
    const arena = this.arena;
    const f = this.fighters[i]!;
    let foe = arena.fighters[i]!.foe;
    if (foe < 0 || arena.fighters[foe]!.out) foe = arena.pick(i, pv);
    if (foe < 0) return false;
    const weapon0 = melee ? f.melee : f.missile;
    if (!weapon0 || weapon0.id !== weaponId) return false;
    const s = f.c.states;
    // What stops the attack at the table (checkCanAttack) stops it here: the slot passes.
    if (s.skipNextAttack || s.weaponBound?.weaponId === weapon0.id) return false;
    const distance = arena.distance(i, foe);
    if (melee ? distance > 0 : distance > weapon0.range) return false;
    const t = this.fighters[foe]!;
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
    const arena = this.arena;
    let friend = -1;
    for (let j = 0; j < this.fighters.length; j++)
      if (j !== i && this.sideOf[j] === this.sideOf[i] && !arena.fighters[j]!.out) {
        friend = j;
        break;
      }
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
    const round = this.round;
    if (f.c.states.skipNextAttack) f.skipUntil = round + 2;
    if (f.c.states.weaponBound) f.boundUntil = round + 1;
    const broken = f.c.states.weaponBroken ?? [];
    if (broken.includes(f.melee.id))
      f.melee = f.melees.find((w) => !broken.includes(w.id)) ?? f.melees[f.melees.length - 1]!;
    // A jammed or broken missile weapon is put away: its owner fights in melee from then on.
    if (f.missile && (broken.includes(f.missile.id) || f.c.states.jammed?.weaponId === f.missile.id))
      f.missile = undefined;
    if (outcome.friend && friend >= 0) {
      const t = this.fighters[friend]!;
      t.c = reshaped(outcome.friend.combatant, t.c);
      this.checkDown(friend, i, out);
    }
    if (this.isDown(f)) this.checkDown(i, i, out);
    return { option: chosen, friend: outcome.friend ? friend : -1 };
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
