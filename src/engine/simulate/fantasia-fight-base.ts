import { type FumbleOptionId } from '../fantasia/fumbles';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../fantasia/options';
import {
  fantasiaInitialReadiness,
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
import { isRanged } from '../fantasia/weapons';
import type { InitiativeEntry, Slot, SlotSpec } from '../round/types';
import { Arena } from './arena';
import type { FightTracer } from './trace';
import type { FantasiaEncounter } from './types';
import {
  shaped,
  Declared,
  OTHER,
  DODGE,
  MELEE,
  MOVE,
  SHOOT,
  DRAW_MISSILE,
  DRAW_MELEE,
  RELOAD,
  SLOT_OTHER,
  SLOT_STRIKE_MELEE,
  SLOT_STRIKE_MISSILE,
  SLOT_RELOAD,
  Plan,
  Runtime,
  Canonical,
  expected,
  prepared,
} from './fantasia-runtime';

/**
 * The Fantasia fight's state and its round set-up (declarations, schedules, readiness views),
 * the bottom of the simulator's fight class (fantasia-blows.ts, then fantasia.ts, build on it).
 */
export abstract class FantasiaFightBase {
  protected readonly fighters: Runtime[] = [];
  protected readonly arena: Arena;
  protected readonly options: FantasiaOptions;
  protected readonly roundLimit: number;
  protected readonly gap: number;
  protected readonly index = new Map<string, number>();
  protected readonly roster: Record<string, FantasiaRoundCombatant> = {};
  /** Weapon views with the round's readiness, by weapon id and flags. */
  protected readonly views = new Map<string, FantasiaWeapon>();
  protected readonly declarations: Record<string, FantasiaDeclaration> = {};
  protected readonly readiness: Record<string, FantasiaReadiness> = {};
  /** Declarations made once and reused, by fighter and (kind, foe); each with a serial number. */
  protected readonly declared: Map<number, Declared>[] = [];
  protected serial = 0;
  /** Schedules already built, by order and declarations (serials). */
  protected readonly schedules = new Map<number, Plan[]>();
  protected readonly serials: Int32Array;
  /** Whether each slot of the current round was done (reused from round to round). */
  protected readonly statuses: boolean[] = [];
  readonly names: string[] = [];
  readonly sideOf: number[] = [];
  /** Fighter indices by DEX, highest first, equal DEX in their own order. */
  protected readonly byDex: readonly number[];
  /** The fumble setting (see FantasiaEncounter.fumbles) and the round being played. */
  protected readonly fumbles: FumbleOptionId | 'random' | 'none';
  protected round = 0;
  /** This round's initiative order, and whether the round's records were filled (stateOf). */
  protected order: readonly InitiativeEntry[] = [];
  protected filled = false;
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

  protected view(w: FantasiaWeapon, readiness: FantasiaReadiness): FantasiaWeapon {
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

  protected isDown(f: Runtime): boolean {
    const s = f.c.states;
    return f.c.pv.value <= 0 || s.unconscious !== undefined || s.dead === true;
  }

  /** Plays one fight to its end and writes what happened into `out` (reset by the caller). */

  protected runtimeOf(id: string): Runtime {
    return this.fighters[this.index.get(id)!]!;
  }

  /**
   * The round engine's state, built only when a ruleset function needs it (a new schedule, a
   * carry-over). Its records are reused from round to round: only the acting fighters (those in
   * the order) are read, and they are filled at the first need of the round.
   */
  protected stateOf(): FantasiaRoundState {
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
  protected canonical(f: Runtime, r: FantasiaReadiness): Canonical {
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
  protected slot(plan: Plan, k: number, done: boolean): Slot {
    const cache = done ? plan.done : plan.skipped;
    let slot = cache[k];
    if (!slot) {
      slot = { ...plan.specs[k]!, id: String(k), status: done ? 'done' : 'skipped' };
      cache[k] = slot;
    }
    return slot;
  }

  /** The schedule built before for these declarations in this order (hash, then exact check). */
  protected cached(key: number, count: number): Plan | undefined {
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

  protected plan(specs: readonly SlotSpec[], serials: Int32Array): Plan {
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
  protected made(i: number, kind: number): Declared {
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

  protected build(i: number, kind: number): FantasiaDeclaration {
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
  protected declare(i: number, pv: (j: number) => number): Declared {
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
}
