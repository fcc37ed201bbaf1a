import type { Dice } from '../dice/port';
import { resolveAttack, rollDamage, type AttackContext } from '../greyhawk/attack';
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
import type { FightResult } from './stats';
import type { FightTracer } from './trace';
import type { GreyhawkEncounter, Tactics } from './types';

/*
 * Greyhawk fights on the rules the attack card follows: each round the sealed d10 of
 * greyhawkInitiative, declarations from the tactics, and greyhawkSchedule's order (d10 + weapon
 * speed, lowest first; further attacks of 3/2, 2/1… fighters in pass 3). Each attack is
 * resolveAttack (d20 + modifiers against THAC0 − AC) then, on a hit, rollDamage, taken off the
 * hit points as the card's Apply does. Down at 0 hp; dead at −10 (the AD&D 2e optional rule,
 * simulator convention). No parry in Greyhawk's plain attack: AC does the defending.
 */

interface Runtime {
  readonly c: GreyhawkCharacter;
  readonly tactics: Tactics;
  readonly melee: GreyhawkWeapon;
  readonly missile?: GreyhawkWeapon;
  readonly asMelee: GreyhawkRoundCombatant;
  readonly asMissile?: GreyhawkRoundCombatant;
  readonly hp0: number;
  readonly ac: number;
  hp: number;
  useMissile: boolean;
  /**
   * The initiative modifiers (initiativeModifiers) of each action it declares, by weapon (melee,
   * missile) and action, in round 1 and after: read once (see GreyhawkFight.schedule).
   */
  readonly initMods: Int32Array;
}

/** The actions a tactic declares, numbered (see GreyhawkFight.declare). */
const ACTIONS = ['attack', 'missile', 'move', 'other'] as const;
const ATTACK = 0;
const MISSILE = 1;
const MOVE = 2;
const OTHER = 3;

/** How a GreyhawkFight plays its rounds. */
export interface GreyhawkSteps {
  /**
   * Each round's initiative and schedule through greyhawkInitiative and greyhawkSchedule, as the
   * tracker builds them, instead of the simulator's own reading of them (the same dice and order,
   * slower). The equivalence tests play both and compare them.
   */
  readonly engineSteps?: boolean;
}

const FIST: GreyhawkWeapon = {
  id: 'fist',
  base: '',
  name: 'Poings',
  kind: 'melee',
  melee: true,
  hands: 1,
  size: 'S',
  speed: 1,
  damageSM: '1d2',
  damageL: '1d2',
  magic: 0,
};

const NOT_FALLEN = Number.NaN;

/** What a slot does: nothing to strike, a melee attack, a missile. */
const NO_STRIKE = 0;
const MELEE_STRIKE = 1;
const MISSILE_STRIKE = 2;

/** The declarations a tactic makes, by action (targets are picked again when a slot strikes). */
const DECLARED: readonly GreyhawkDeclaration[] = ACTIONS.map((action) => ({ action }));

/** Sorts fighter indices by key, lowest first, keeping their order on a tie (no allocation). */
function sortBy(items: number[], key: Int32Array): void {
  for (let k = 1; k < items.length; k++) {
    const item = items[k]!;
    const v = key[item]!;
    let at = k;
    while (at > 0 && key[items[at - 1]!]! > v) {
      items[at] = items[at - 1]!;
      at--;
    }
    items[at] = item;
  }
}

export class GreyhawkFight {
  private readonly fighters: Runtime[] = [];
  private readonly arena: Arena;
  private readonly options: GreyhawkOptions;
  private readonly roundLimit: number;
  private readonly gap: number;
  private readonly index = new Map<string, number>();
  private readonly simultaneous: boolean;
  /** The initiative total at which each fighter fell this round (NOT_FALLEN otherwise). */
  private readonly fellAt: Float64Array;
  readonly names: string[] = [];
  readonly sideOf: number[] = [];
  /** Told about every attack (equivalence tests); undefined in simulations. */
  tracer: FightTracer | undefined;
  private round = 0;
  private readonly engineSteps: boolean;
  /** This round's action of each fighter (ACTIONS), its d10, and the slots (see schedule). */
  private readonly action: Int32Array;
  private readonly d10: Int32Array;
  private readonly total: Int32Array;
  private readonly acting: number[] = [];
  private readonly rows: number[] = [];
  private slotWho = new Int32Array(32);
  private slotOrder = new Int32Array(32);
  private slotMissile = new Uint8Array(32);
  private slotCount = 0;
  /** A foe's hit points, for the tactics' target choice (made once). */
  private readonly pvOf = (j: number): number => this.fighters[j]!.hp;

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
    this.arena = new Arena(arenaFighters, encounter.sides.length);
    this.simultaneous = encounter.simultaneous !== false;
    this.fellAt = new Float64Array(this.fighters.length);
    const n = this.fighters.length;
    this.action = new Int32Array(n);
    this.d10 = new Int32Array(n);
    this.total = new Int32Array(n);
    // A free shot (G-F1) has slots of its own: the tracker's schedule plays those rounds.
    this.plainRounds = this.fighters.every((f) => !f.asMelee.freeShot && !f.asMissile?.freeShot);
  }

  /** Whether the simulator's own reading of the schedule plays the rounds (see schedule). */
  private readonly plainRounds: boolean;

  play(dice: Dice, out: FightResult): void {
    const arena = this.arena;
    const fighters = this.fighters;
    arena.reset(this.gap);
    for (const f of fighters) f.hp = f.hp0;
    // Down from the start at 0 hp or below: such a fighter takes no part (as at the table).
    for (let i = 0; i < fighters.length; i++)
      if (fighters[i]!.hp0 <= 0) {
        arena.fighters[i]!.out = true;
        out.down[i] = 1;
      }
    let round = 0;
    let winner = arena.winner();
    while (winner === -2 && round < this.roundLimit) {
      round += 1;
      this.round = round;
      arena.startRound();
      for (let i = 0; i < fighters.length; i++) {
        const f = fighters[i]!;
        const a = arena.fighters[i]!;
        const limit = f.tactics.retreatBelow ?? 0;
        if (!a.out && limit > 0 && f.hp <= limit * f.hp0) {
          a.out = true;
          out.fled[i] = 1;
        }
      }
      winner = arena.winner();
      if (winner !== -2) break;
      for (let i = 0; i < fighters.length; i++)
        this.action[i] = arena.fighters[i]!.out ? -1 : this.declare(i);
      if (this.engineSteps || !this.plainRounds) this.trackerSchedule(round, dice);
      else this.schedule(round, dice);
      // Equal totals strike together (PHB): who falls to a blow of his own initiative still
      // strikes; the fight is over only once that initiative's blows are all struck.
      const fell = this.fellAt;
      fell.fill(NOT_FALLEN);
      const count = this.slotCount;
      for (let k = 0; k < count; k++) {
        const i = this.slotWho[k]!;
        const order = this.slotOrder[k]!;
        const kind = this.slotMissile[k]!;
        if (kind !== NO_STRIKE) {
          const struckTogether = this.simultaneous && fell[i] === order;
          if (!arena.fighters[i]!.out || struckTogether)
            this.strike(i, kind === MISSILE_STRIKE, dice, out, order);
        }
        if (
          arena.winner() !== -2 &&
          (!this.simultaneous || k + 1 >= count || this.slotOrder[k + 1] !== order)
        )
          break;
      }
      for (let i = 0; i < fighters.length; i++) {
        const a = arena.fighters[i]!;
        if (!a.out && this.action[i] === MOVE && a.foe >= 0) arena.close(i, a.foe);
      }
      winner = arena.winner();
    }
    out.winner = winner >= 0 ? winner : -1;
    out.rounds = round;
    for (let i = 0; i < fighters.length; i++) {
      const f = fighters[i]!;
      out.pvLost[i] = f.hp0 - Math.max(0, f.hp);
    }
  }

  /** The action fighter `i` declares this round, from its tactics (its foe picked). */
  private declare(i: number): number {
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
  private combatant(i: number, action: number): GreyhawkRoundCombatant {
    const f = this.fighters[i]!;
    return action === MISSILE && f.asMissile ? f.asMissile : f.asMelee;
  }

  private room(n: number): void {
    if (this.slotWho.length >= n) return;
    const size = Math.max(n, 2 * this.slotWho.length);
    this.slotWho = new Int32Array(size);
    this.slotOrder = new Int32Array(size);
    this.slotMissile = new Uint8Array(size);
  }

  private slot(i: number, order: number, action: number): void {
    const n = this.slotCount++;
    this.slotWho[n] = i;
    this.slotOrder[n] = order;
    this.slotMissile[n] = action === ATTACK ? MELEE_STRIKE : action === MISSILE ? MISSILE_STRIKE : NO_STRIKE;
  }

  /**
   * The round's slots as the tracker lays them out: the fighters' declarations, the sealed d10s
   * of greyhawkInitiative (the list shuffled first, see schedule) and greyhawkSchedule.
   */
  private trackerSchedule(round: number, dice: Dice): void {
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
  private schedule(round: number, dice: Dice): void {
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
      most = Math.max(most, attacksThisRound(this.combatant(i, a), DECLARED[a]!, round));
    }
    sortBy(rows, total);
    this.room(rows.length * Math.max(1, most));
    this.slotCount = 0;
    for (const i of rows) this.slot(i, total[i]!, action[i]!);
    for (let index = 2; index <= most; index++)
      for (const i of rows) {
        const a = action[i]!;
        if (attacksThisRound(this.combatant(i, a), DECLARED[a]!, round) >= index) this.slot(i, total[i]!, a);
      }
  }

  private strike(i: number, missile: boolean, dice: Dice, out: FightResult, order: number): void {
    const arena = this.arena;
    const f = this.fighters[i]!;
    let foe = arena.fighters[i]!.foe;
    if (foe < 0 || arena.fighters[foe]!.out) foe = arena.pick(i, this.pvOf);
    if (foe < 0) return;
    const distance = arena.distance(i, foe);
    const weapon = missile ? f.missile : f.melee;
    if (!weapon) return;
    if (missile ? distance > (weapon.ranges?.long ?? 0) : distance > 0) return;
    const t = this.fighters[foe]!;
    const ctx: AttackContext = {
      attacker: f.c,
      weapon,
      target: { ac: t.ac, size: t.c.size },
      ...(missile ? { missile: true, distance } : {}),
    };
    out.blows += 1;
    const tracer = this.tracer;
    tracer?.start();
    const attack = resolveAttack(ctx, dice, this.options);
    const hit = attack.outcome === 'hit';
    // DMG optional critical hits (option criticalHits): the damage dice twice.
    const damage = hit ? rollDamage(attack.critical?.hit ? { ...ctx, critical: true } : ctx, dice).total : 0;
    t.hp -= damage;
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId: weapon.id,
        hit,
        defence: 'none',
        defended: false,
        damage,
        defenderPv: t.hp,
        attackerPv: f.hp,
        order,
        missile,
        ...(missile ? { distance } : {}),
      });
    if (!hit) return;
    if (t.hp <= 0 && !arena.fighters[foe]!.out) {
      this.fellAt[foe] = order;
      arena.fighters[foe]!.out = true;
      out.down[foe] = 1;
      out.downedBy[foe] = i;
      if (t.hp <= -10) out.dead[foe] = 1;
    }
  }
}
