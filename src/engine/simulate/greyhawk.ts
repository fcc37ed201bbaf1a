import type { Dice } from '../dice/port';
import {
  attackModifiers,
  criticalThreshold,
  damageModifiers,
  resolveAttack,
  rollDamage,
  total,
  type AttackContext,
} from '../greyhawk/attack';
import { thac0 } from '../greyhawk/character';
import { sizeIndex } from '../greyhawk/data';
import { parseFormula } from '../dice/formula';
import { plainDice, rollTotal } from './arena';
import type { FightResult } from './stats';
import { GreyhawkFightBase } from './greyhawk-base';
import { type MeleeRead, MISSILE_STRIKE, MOVE, NO_STRIKE, NOT_FALLEN } from './greyhawk-runtime';

export type { GreyhawkSteps } from './greyhawk-runtime';

/*
 * Greyhawk fights on the rules the attack card follows: each round the sealed d10 of
 * greyhawkInitiative, declarations from the tactics, and greyhawkSchedule's order (d10 + weapon
 * speed, lowest first; further attacks of 3/2, 2/1… fighters in pass 3). Each attack is
 * resolveAttack (d20 + modifiers against THAC0 − AC) then, on a hit, rollDamage, taken off the
 * hit points as the card's Apply does. Down at 0 hp; dead at −10 (the AD&D 2e optional rule,
 * simulator convention). No parry in Greyhawk's plain attack: AC does the defending.
 */

export class GreyhawkFight extends GreyhawkFightBase {
  play(dice: Dice, out: FightResult): void {
    const arena = this.arena;
    const fighters = this.fighters;
    arena.reset(this.gap);
    for (const f of fighters) f.hp = f.hp0;
    // Down from the start at 0 hp or below: such a fighter takes no part (as at the table).
    for (let i = 0; i < fighters.length; i++)
      if (fighters[i]!.hp0 <= 0) {
        arena.leave(i);
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
          arena.leave(i);
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

  protected strike(i: number, missile: boolean, dice: Dice, out: FightResult, order: number): void {
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
    if (!missile && !this.engineSteps) {
      const read = this.meleeRead(i, foe);
      if (read) {
        this.fastStrike(i, foe, read, dice, out, order);
        return;
      }
    }
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
    if (hit) this.felled(i, foe, order, out);
  }

  /**
   * What resolveAttack and rollDamage work out of a melee blow of `i` on `foe` before their dice
   * (the fighters' sheets do not change during a fight): the sum of attackModifiers, THAC0 − AC,
   * the critical threshold, the damage dice and the sum of damageModifiers; read through those
   * functions once per pair. Undefined when the damage dice keep some (the engine's steps play it).
   */
  protected meleeRead(i: number, foe: number): MeleeRead | undefined {
    const n = this.fighters.length;
    const known = this.meleeReads[i * n + foe];
    if (known !== undefined) return known ?? undefined;
    const f = this.fighters[i]!;
    const t = this.fighters[foe]!;
    const ctx: AttackContext = { attacker: f.c, weapon: f.melee, target: { ac: t.ac, size: t.c.size } };
    const large = sizeIndex(t.c.size) >= sizeIndex('L');
    const damage = parseFormula(large ? f.melee.damageL : f.melee.damageSM);
    const read: MeleeRead | null = plainDice(damage)
      ? {
          modifierTotal: total(attackModifiers(ctx, this.options)),
          needed: thac0(f.c) - t.ac,
          critical: this.options.criticalHits ? criticalThreshold(f.c, f.melee, false) : 0,
          damage,
          damageModifiers: total(damageModifiers(ctx)),
        }
      : null;
    this.meleeReads[i * n + foe] = read;
    return read ?? undefined;
  }

  /**
   * A melee blow by the simulator's own steps, the same dice and values as resolveAttack and
   * rollDamage: the d20 against THAC0 − AC with the modifiers (a natural 20 hits and a natural 1
   * misses with the option naturalRolls); a critical (option criticalHits) rolls the damage dice
   * twice; the damage at least 1 (ruling), taken off the hit points.
   */
  protected fastStrike(
    i: number,
    foe: number,
    read: MeleeRead,
    dice: Dice,
    out: FightResult,
    order: number,
  ): void {
    const f = this.fighters[i]!;
    const t = this.fighters[foe]!;
    out.blows += 1;
    const tracer = this.tracer;
    tracer?.start();
    const natural = dice.die(20);
    let hit = natural + read.modifierTotal >= read.needed;
    if (this.options.naturalRolls && natural === 20) hit = true;
    else if (this.options.naturalRolls && natural === 1) hit = false;
    let damage = 0;
    if (hit) {
      let rolled = rollTotal(read.damage, dice);
      if (read.critical > 0 && natural >= read.critical) rolled += rollTotal(read.damage, dice);
      damage = Math.max(1, rolled + read.damageModifiers);
    }
    t.hp -= damage;
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId: f.melee.id,
        hit,
        defence: 'none',
        defended: false,
        damage,
        defenderPv: t.hp,
        attackerPv: f.hp,
        order,
        missile: false,
      });
    if (hit) this.felled(i, foe, order, out);
  }

  /** Down at 0 hp or below (struck at `order`), dead at −10. */
  protected felled(i: number, foe: number, order: number, out: FightResult): void {
    const arena = this.arena;
    const t = this.fighters[foe]!;
    if (t.hp <= 0 && !arena.fighters[foe]!.out) {
      this.fellAt[foe] = order;
      arena.leave(foe);
      out.down[foe] = 1;
      out.downedBy[foe] = i;
      if (t.hp <= -10) out.dead[foe] = 1;
    }
  }
}
