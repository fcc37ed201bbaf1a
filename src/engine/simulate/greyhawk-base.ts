import type { Dice } from '../dice/port';
import { DEFAULT_GREYHAWK_OPTIONS, type GreyhawkOptions } from '../greyhawk/options';
import {
  attacksThisRound,
  greyhawkInitiative,
  greyhawkSchedule,
  initiativeModifiers,
  toGreyhawkRoundCombatant,
  type GreyhawkDeclaration,
  type GreyhawkReadiness,
  type GreyhawkRoundCombatant,
  type GreyhawkRoundState,
} from '../greyhawk/round';
import { thac0 } from '../greyhawk/character';
import type { GreyhawkCharacter, GreyhawkWeapon } from '../greyhawk/types';
import { Arena, meanOf, shuffleInPlace } from './arena';
import type { FightTracer } from './trace';
import type { GreyhawkEncounter } from './types';
import {
  ACTIONS,
  ATTACK,
  DECLARED,
  FIST,
  type GreyhawkSteps,
  MELEE_STRIKE,
  MISSILE,
  type MeleeRead,
  MISSILE_STRIKE,
  MOVE,
  NO_STRIKE,
  OTHER,
  type Runtime,
  sortBy,
} from './greyhawk-runtime';

/**
 * A Greyhawk fight's state and round (see greyhawk.ts): the fighters and the arena set up once per
 * encounter, the declarations and the round's slots; `play` and the blows come above it.
 */
export class GreyhawkFightBase {
  protected readonly fighters: Runtime[] = [];
  protected readonly arena: Arena;
  protected readonly options: GreyhawkOptions;
  protected readonly roundLimit: number;
  protected readonly gap: number;
  protected readonly index = new Map<string, number>();
  protected readonly simultaneous: boolean;
  /** The initiative total at which each fighter fell this round (NOT_FALLEN otherwise). */
  protected readonly fellAt: Float64Array;
  readonly names: string[] = [];
  readonly sideOf: number[] = [];
  /** Told about every attack (equivalence tests); undefined in simulations. */
  tracer: FightTracer | undefined;
  protected round = 0;
  protected readonly engineSteps: boolean;
  /** This round's action of each fighter (ACTIONS), its d10, and the slots (see schedule). */
  protected readonly action: Int32Array;
  protected readonly d10: Int32Array;
  protected readonly total: Int32Array;
  /** This round's attacks of each fighter acting (attacksThisRound, see schedule). */
  protected readonly attacks: Int32Array;
  protected readonly acting: number[] = [];
  protected readonly rows: number[] = [];
  protected slotWho = new Int32Array(32);
  protected slotOrder = new Int32Array(32);
  protected slotMissile = new Uint8Array(32);
  protected slotCount = 0;
  /** Each melee pair's blow read once, by attacker × fighters + foe (null: the engine's steps). */
  protected readonly meleeReads: (MeleeRead | null | undefined)[] = [];
  /** A foe's hit points, for the tactics' target choice (made once). */
  protected readonly pvOf = (j: number): number => this.fighters[j]!.hp;

  constructor(encounter: GreyhawkEncounter, steps: GreyhawkSteps = {}) {
    this.engineSteps = steps.engineSteps === true;
    this.options = encounter.options ?? DEFAULT_GREYHAWK_OPTIONS;
    this.roundLimit = encounter.roundLimit ?? 50;
    this.gap = encounter.distance ?? 0;
    const arenaFighters: ConstructorParameters<typeof Arena>[0][number][] = [];
    encounter.sides.forEach((side, s) => {
      side.fighters.forEach((entry, k) => {
        const id = `${s}.${k}`;
        const c: GreyhawkCharacter = { ...entry.character, id };
        const tactics = entry.tactics ?? {};
        const melee = entry.weapons.find((w) => w.melee) ?? FIST;
        const missile = entry.weapons.find((w) => !w.melee && w.ranges !== undefined);
        const sideTag = c.monster ? 'npc' : 'pc';
        const perTwo = entry.attacksPerTwoRounds;
        const round = (w: GreyhawkWeapon): GreyhawkRoundCombatant => {
          const rc = toGreyhawkRoundCombatant(c, w, {
            side: sideTag,
            ...(entry.shield ? { shield: entry.shield } : {}),
          });
          return perTwo !== undefined && c.monster ? { ...rc, attacksPerTwoRounds: perTwo } : rc;
        };
        const asMelee = round(melee);
        const asMissile = missile ? round(missile) : undefined;
        // Modifiers by (weapon, action, round 1 or not): readiness holds only the fight's round.
        const initMods = new Int32Array(16);
        for (let w = 0; w < 2; w++)
          for (let a = 0; a < ACTIONS.length; a++)
            for (let first = 0; first < 2; first++) {
              const rc = w === 1 && asMissile ? asMissile : asMelee;
              const round = first ? 1 : 2;
              const mods = initiativeModifiers(
                rc,
                { action: ACTIONS[a]! },
                { round, readiness: { fightRound: round } },
              );
              initMods[w * 8 + a * 2 + first] = mods.reduce((sum, m) => sum + m.value, 0);
            }
        this.fighters.push({
          c,
          tactics,
          melee,
          ...(missile ? { missile } : {}),
          asMelee,
          ...(asMissile ? { asMissile } : {}),
          hp0: entry.hp,
          ac: entry.ac,
          hp: entry.hp,
          useMissile: false,
          initMods,
        });
        this.index.set(id, this.fighters.length - 1);
        this.names.push(c.name);
        this.sideOf.push(s);
        const hitChance = Math.min(0.95, Math.max(0.05, (21 - (thac0(c) - 5)) / 20));
        arenaFighters.push({
          side: s,
          mouvement: Math.max(1, (entry.movement ?? 12) * 3),
          danger: (hitChance * meanOf(melee.damageSM) * asMelee.attacksPerTwoRounds) / 2,
          target: tactics.target ?? 'nearest',
        });
      });
    });
    this.arena = new Arena(arenaFighters);
    this.simultaneous = encounter.simultaneous !== false;
    this.fellAt = new Float64Array(this.fighters.length);
    const n = this.fighters.length;
    this.action = new Int32Array(n);
    this.d10 = new Int32Array(n);
    this.total = new Int32Array(n);
    this.attacks = new Int32Array(n);
    // A free shot (G-F1) has slots of its own: the tracker's schedule plays those rounds.
    this.plainRounds = this.fighters.every((f) => !f.asMelee.freeShot && !f.asMissile?.freeShot);
  }

  /** Whether the simulator's own reading of the schedule plays the rounds (see schedule). */
  protected readonly plainRounds: boolean;

  /** The action fighter `i` declares this round, from its tactics (its foe picked). */
  protected declare(i: number): number {
    const f = this.fighters[i]!;
    const arena = this.arena;
    f.useMissile = false;
    const foe = arena.pick(i, this.pvOf);
    if (foe < 0) return OTHER;
    const distance = arena.distance(i, foe);
    const m = f.missile;
    if (m?.ranges && f.tactics.shootFirst !== false && !arena.engaged(i) && distance <= m.ranges.long) {
      f.useMissile = true;
      return MISSILE;
    }
    if (distance > 0) return MOVE;
    return ATTACK;
  }

  /** The round combatant a fighter acts as with this action (its missile weapon or not). */
  protected combatant(i: number, action: number): GreyhawkRoundCombatant {
    const f = this.fighters[i]!;
    return action === MISSILE && f.asMissile ? f.asMissile : f.asMelee;
  }

  protected room(n: number): void {
    if (this.slotWho.length >= n) return;
    const size = Math.max(n, 2 * this.slotWho.length);
    this.slotWho = new Int32Array(size);
    this.slotOrder = new Int32Array(size);
    this.slotMissile = new Uint8Array(size);
  }

  protected slot(i: number, order: number, action: number): void {
    const n = this.slotCount++;
    this.slotWho[n] = i;
    this.slotOrder[n] = order;
    this.slotMissile[n] = action === ATTACK ? MELEE_STRIKE : action === MISSILE ? MISSILE_STRIKE : NO_STRIKE;
  }

  /**
   * The round's slots as the tracker lays them out: the fighters' declarations, the sealed d10s
   * of greyhawkInitiative (the list shuffled first, see schedule) and greyhawkSchedule.
   */
  protected trackerSchedule(round: number, dice: Dice): void {
    const fighters = this.fighters;
    const arena = this.arena;
    const declarations: Record<string, GreyhawkDeclaration> = {};
    const combatants: Record<string, GreyhawkRoundCombatant> = {};
    const readiness: Record<string, GreyhawkReadiness> = {};
    const outIds: string[] = [];
    const acting: GreyhawkRoundCombatant[] = [];
    for (let i = 0; i < fighters.length; i++) {
      const f = fighters[i]!;
      const id = f.c.id;
      const action = this.action[i]!;
      if (action < 0) {
        outIds.push(id);
        combatants[id] = f.asMelee;
        continue;
      }
      const foe = arena.fighters[i]!.foe;
      declarations[id] =
        action === OTHER ? { action: 'other' } : { action: ACTIONS[action]!, targetId: fighters[foe]!.c.id };
      const rc = this.combatant(i, action);
      combatants[id] = rc;
      readiness[id] = { fightRound: round };
      acting.push(rc);
    }
    shuffleInPlace(acting, dice);
    const order = greyhawkInitiative(acting, dice);
    const state: GreyhawkRoundState = {
      rules: 'greyhawk',
      round,
      step: 'declaration',
      combatants,
      order,
      declarations,
      readiness,
      budgets: {},
      slots: [],
      slotIndex: -1,
      out: outIds,
      ended: false,
    };
    const specs = greyhawkSchedule({ state, declarations });
    this.room(specs.length);
    this.slotCount = 0;
    for (const spec of specs) {
      const kind = spec.action === 'attack' ? ATTACK : spec.action === 'missile' ? MISSILE : OTHER;
      this.slot(this.index.get(spec.combatantId)!, spec.order, kind);
    }
  }

  /**
   * The round's slots by the simulator's own reading of greyhawkInitiative and greyhawkSchedule
   * for the actions a tactic declares (attack, missile, move, other) and no free shot:
   * - the fighters standing, listed in a shuffled order (ties must not favour the side written
   *   first: simulator convention), each rolls its sealed d10 in that order; the initiative lists
   *   them by d10, lowest first, the list's order on a tie;
   * - each total is the d10 plus its action's initiative modifiers (weapon speed for an attack,
   *   G-R1), and the slots follow the totals, lowest first, the initiative's order on a tie:
   *   every fighter's first action (pass 2), then the further attacks of 3/2, 2/1… (pass 3), in
   *   the same order, each at its total.
   */
  protected schedule(round: number, dice: Dice): void {
    const acting = this.acting;
    const d10 = this.d10;
    const total = this.total;
    const action = this.action;
    acting.length = 0;
    for (let i = 0; i < this.fighters.length; i++) if (action[i]! >= 0) acting.push(i);
    shuffleInPlace(acting, dice);
    for (const i of acting) d10[i] = dice.die(10);
    sortBy(acting, d10);
    const first = round === 1 ? 1 : 0;
    let most = 0;
    const rows = this.rows;
    rows.length = 0;
    for (const i of acting) {
      const a = action[i]!;
      total[i] = d10[i]! + this.fighters[i]!.initMods[(a === MISSILE ? 8 : 0) + a * 2 + first]!;
      rows.push(i);
      const attacks = attacksThisRound(this.combatant(i, a), DECLARED[a]!, round);
      this.attacks[i] = attacks;
      if (attacks > most) most = attacks;
    }
    sortBy(rows, total);
    this.room(rows.length * Math.max(1, most));
    this.slotCount = 0;
    for (const i of rows) this.slot(i, total[i]!, action[i]!);
    for (let index = 2; index <= most; index++)
      for (const i of rows) if (this.attacks[i]! >= index) this.slot(i, total[i]!, action[i]!);
  }
}
