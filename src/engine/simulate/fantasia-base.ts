import type { PercentRange } from '../dice/formula';
import type { DefenceOption } from '../fantasia/attack';
import type { FumbleOptionId } from '../fantasia/fumbles';
import { cachedRange, DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../fantasia/options';
import {
  fantasiaInitialReadiness,
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
import type { InitiativeEntry, SlotSpec } from '../round/types';
import { Arena } from './arena';
import type { FightTracer } from './trace';
import type { FantasiaEncounter } from './types';
import { type Canonical, combatant, type Runtime, shaped, type Striker } from './fantasia-runtime';
import { BARE_HANDS, expected, prepared, PresetDice, striker } from './fantasia-striker';

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

/**
 * A Fantasia fight's state (see fantasia.ts): the fighters, the arena and the round's records, set
 * up once per encounter; the classes above it add the round, the fumbles, the blows and `play`.
 */
export class FantasiaFightBase {
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
  /** Parts made so far (see Part). */
  protected parts = 0;
  /** This round's slots in order: whose, what, with which weapon, the spec; done or not. */
  protected slotWho = new Int32Array(16);
  protected slotAct = new Uint8Array(16);
  protected statuses = new Uint8Array(16);
  protected readonly slotWeapon: string[] = [];
  protected readonly slotSpec: SlotSpec[] = [];
  protected slotCount = 0;
  readonly names: string[] = [];
  readonly sideOf: number[] = [];
  /** Fighter indices by DEX, highest first, equal DEX in their own order. */
  protected readonly byDex: readonly number[];
  /**
   * The fighters by initiative group, in the initiative's order: by DEX, highest first (F-R2);
   * on equal DEX the Aventuriers' group, then the PNJ's (F-R4); each in byDex's order. Group g
   * ends at groupEnd[g].
   */
  protected readonly groupMembers: Int32Array;
  protected readonly groupEnd: Int32Array;
  /** The fumble setting (see FantasiaEncounter.fumbles) and the round being played. */
  protected readonly fumbles: FumbleOptionId | 'random' | 'none';
  protected round = 0;
  /** This round's initiative order, and whether the round's records were filled (stateOf). */
  protected order: readonly InitiativeEntry[] = [];
  protected filled = false;
  /** Told about every attack (equivalence tests); undefined in simulations. */
  tracer: FightTracer | undefined;
  /** Blows played by the simulator's own steps so far (the equivalence tests count them). */
  plainBlows = 0;
  /** Every blow and initiative through the engine's own functions (see FantasiaSteps). */
  protected readonly engineSteps: boolean;
  /** The d100 ranges of a critical (F-H5) and a fumble (F-H9 ruling), read once. */
  protected readonly critical: PercentRange;
  protected readonly fumbleRange: PercentRange;
  protected readonly preset = new PresetDice();
  /** This round's acting order, fighter indices (the initiative, F-R2..F-R4). */
  protected readonly orderIdx: Int32Array;
  protected orderCount = 0;
  /** The fighters tied and their d10s (scratch for the initiative). */
  protected readonly tied: Int32Array;
  protected readonly tieValues: Int32Array;
  /** A foe's current PV, for the tactics' target choice (made once). */
  protected readonly pvOf = (j: number): number => this.fighters[j]!.c.pv.value;

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
        const base = combatant(valid, valid.pv, shaped(valid.states));
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
        const own = combatant(base, { value: base.pv.value, max: base.pv.max }, base.states);
        const strikers = new Map<string, Striker>();
        for (const w of missile ? [...sorted, missile] : sorted) strikers.set(w.id, striker(base, w));
        const startDefences: (DefenceOption | null | undefined)[] = [];
        const startTargets = new Float64Array(16);
        this.fighters.push({
          base,
          own,
          round,
          tactics,
          melees: sorted,
          missile0: missile,
          melee,
          missile,
          meleeIndex: 0,
          declaredBy: [],
          strikers,
          meleeStriker: strikers.get(melee.id)!,
          missileStriker: missile ? strikers.get(missile.id) : undefined,
          startMeleeStriker: strikers.get(melee.id)!,
          startMissileStriker: missile ? strikers.get(missile.id) : undefined,
          pc: round.side === 'pc',
          skipUntil: 0,
          boundUntil: 0,
          timed: true,
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
          declared: undefined,
          part: undefined,
          partOf: undefined,
          partReadiness: -1,
          roundReadiness: initialReadiness,
          parriers: weapons
            .filter((w) => w.canParry)
            .map((w) => ({ id: w.id, skill: skillValue(base, w.skill) })),
          shieldSkill: base.shield ? skillValue(base, 'armesDeMelee') : -1,
          defences: startDefences,
          defenceTargets: startTargets,
          defenceSets: [
            { states: own.states, weapons: own.weapons, defences: startDefences, targets: startTargets },
          ],
          patches: new Map(),
          defenceTarget: 0,
          defencesFor: undefined,
          drawnFor: undefined,
          drawnWeapon: undefined,
          drawn: false,
          plainStates: undefined,
          plainReadiness: undefined,
          plainWeapon: undefined,
          plainIs: false,
          plainBlocked: false,
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
    this.arena = new Arena(arenaFighters);
    this.orderIdx = new Int32Array(this.fighters.length);
    this.tied = new Int32Array(this.fighters.length);
    this.tieValues = new Int32Array(this.fighters.length);
    this.byDex = this.fighters
      .map((_, i) => i)
      .sort((a, b) => this.fighters[b]!.round.dex - this.fighters[a]!.round.dex);
    // The initiative's groups (see FantasiaFightRound.initiative): equal DEX, Aventuriers then PNJ.
    const groups: number[][] = [];
    for (let a = 0; a < this.byDex.length;) {
      const dex = this.fighters[this.byDex[a]!]!.round.dex;
      let b = a + 1;
      while (b < this.byDex.length && this.fighters[this.byDex[b]!]!.round.dex === dex) b++;
      const same = this.byDex.slice(a, b);
      for (const pc of [true, false]) {
        const group = same.filter((i) => this.fighters[i]!.pc === pc);
        if (group.length) groups.push(group);
      }
      a = b;
    }
    this.groupMembers = Int32Array.from(groups.flat());
    let end = 0;
    this.groupEnd = Int32Array.from(groups, (g) => (end += g.length));
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

  /** The fighter kept for `from` changed by `key` (see Runtime.patches), if any. */
  protected keptPatch(f: Runtime, from: FantasiaCombatant, key: unknown): FantasiaCombatant | undefined {
    const patches = f.patches.get(from);
    if (patches === undefined) return undefined;
    for (let k = 0; k < patches.length; k++) {
      const x = patches[k]!;
      if (x.key === key) return x.to;
    }
    return undefined;
  }

  /** Keeps `to`, the fighter `from` changed by `key` (a pure change: the same every time), and returns it. */
  protected keepPatch(
    f: Runtime,
    from: FantasiaCombatant,
    key: unknown,
    to: FantasiaCombatant,
  ): FantasiaCombatant {
    // Bounded, as the fighters a fight's fumbles can make are: a few hundred at most in practice.
    if (f.patches.size >= 4096) return to;
    const patches = f.patches.get(from);
    if (patches) patches.push({ key, to });
    else f.patches.set(from, [{ key, to }]);
    return to;
  }

  protected isDown(f: Runtime): boolean {
    const s = f.c.states;
    return f.c.pv.value <= 0 || s.unconscious !== undefined || s.dead === true;
  }

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
        declarations[entry.combatantId] = this.runtimeOf(entry.combatantId).declared!.declaration;
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
}
