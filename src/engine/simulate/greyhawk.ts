import type { Dice } from '../dice/port';
import { resolveAttack, rollDamage, type AttackContext } from '../greyhawk/attack';
import { DEFAULT_GREYHAWK_OPTIONS, type GreyhawkOptions } from '../greyhawk/options';
import {
  greyhawkInitiative,
  greyhawkSchedule,
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

  constructor(encounter: GreyhawkEncounter) {
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
  }

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
    const pv = (j: number): number => fighters[j]!.hp;
    let round = 0;
    let winner = arena.winner();
    const acting: GreyhawkRoundCombatant[] = [];
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
      const declarations: Record<string, GreyhawkDeclaration> = {};
      const combatants: Record<string, GreyhawkRoundCombatant> = {};
      const readiness: Record<string, GreyhawkReadiness> = {};
      const outIds: string[] = [];
      acting.length = 0;
      for (let i = 0; i < fighters.length; i++) {
        const f = fighters[i]!;
        const id = f.c.id;
        if (arena.fighters[i]!.out) {
          outIds.push(id);
          combatants[id] = f.asMelee;
          continue;
        }
        const d = this.declare(i, pv);
        declarations[id] = d;
        const rc = f.useMissile && f.asMissile ? f.asMissile : f.asMelee;
        combatants[id] = rc;
        readiness[id] = { fightRound: round };
        acting.push(rc);
      }
      // Equal totals act in the listed order (greyhawkSchedule): the list is shuffled each round
      // so that ties do not favour the side written first (simulator convention).
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
      // Equal totals strike together (PHB): who falls to a blow of his own initiative still
      // strikes; the fight is over only once that initiative's blows are all struck.
      const specs = greyhawkSchedule({ state, declarations });
      const fell = this.fellAt;
      fell.fill(NOT_FALLEN);
      for (let k = 0; k < specs.length; k++) {
        const spec = specs[k]!;
        const next = specs[k + 1];
        const over = () => arena.winner() !== -2 && (!this.simultaneous || next?.order !== spec.order);
        if (spec.action !== 'attack' && spec.action !== 'missile') {
          if (over()) break;
          continue;
        }
        const i = this.index.get(spec.combatantId)!;
        const struckTogether = this.simultaneous && fell[i] === spec.order;
        if (!arena.fighters[i]!.out || struckTogether)
          this.strike(i, spec.action === 'missile', dice, out, pv, spec.order);
        if (over()) break;
      }
      for (let i = 0; i < fighters.length; i++) {
        const a = arena.fighters[i]!;
        if (!a.out && declarations[fighters[i]!.c.id]?.action === 'move' && a.foe >= 0) arena.close(i, a.foe);
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

  private declare(i: number, pv: (j: number) => number): GreyhawkDeclaration {
    const f = this.fighters[i]!;
    const arena = this.arena;
    f.useMissile = false;
    const foe = arena.pick(i, pv);
    if (foe < 0) return { action: 'other' };
    const targetId = this.fighters[foe]!.c.id;
    const distance = arena.distance(i, foe);
    const m = f.missile;
    if (m?.ranges && f.tactics.shootFirst !== false && !arena.engaged(i) && distance <= m.ranges.long) {
      f.useMissile = true;
      return { action: 'missile', targetId };
    }
    if (distance > 0) return { action: 'move', targetId };
    return { action: 'attack', targetId };
  }

  private strike(
    i: number,
    missile: boolean,
    dice: Dice,
    out: FightResult,
    pv: (j: number) => number,
    order: number,
  ): void {
    const arena = this.arena;
    const f = this.fighters[i]!;
    let foe = arena.fighters[i]!.foe;
    if (foe < 0 || arena.fighters[foe]!.out) foe = arena.pick(i, pv);
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
