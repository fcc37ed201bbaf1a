import type { Dice } from '../dice/port';
import {
  buildFantasiaSchedule,
  fantasiaCarryOver,
  fantasiaInitiative,
  type FantasiaRoundCombatant,
} from '../fantasia/round';
import type { Slot } from '../round/types';
import type { FightResult } from './stats';
import {
  patched,
  SCHEDULE_CACHE,
  SLOT_STRIKE_MELEE,
  SLOT_STRIKE_MISSILE,
  SLOT_RELOAD,
  Pv,
} from './fantasia-runtime';
import { FantasiaFightBlows } from './fantasia-blows';

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

export class FantasiaFight extends FantasiaFightBlows {
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
}
