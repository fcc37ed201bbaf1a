import type { Dice } from '../dice/port';
import type { FightResult } from './stats';
import { FantasiaFightBlows } from './fantasia-blows';
import {
  patched,
  type Pv,
  type Runtime,
  SLOT_RELOAD,
  SLOT_STRIKE_MELEE,
  SLOT_STRIKE_MISSILE,
} from './fantasia-runtime';

export type { FantasiaSteps } from './fantasia-base';

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

/** Keys of the timed states' ends (see FantasiaFightBase.keptPatch). */
const UNSKIP = 'unskip';
const UNBIND = 'unbind';

export class FantasiaFight extends FantasiaFightBlows {
  /** A slot of this round set a fighter's reloadingId (the round's end clears it). */
  private reloaded = false;

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
      f.meleeIndex = 0;
      f.missile = f.missile0;
      f.meleeStriker = f.startMeleeStriker;
      f.missileStriker = f.startMissileStriker;
      f.skipUntil = 0;
      f.boundUntil = 0;
      f.timed = true;
      // The same readiness every fight starts with, its one object looked up once.
      const start = (f.start ??= this.canonical(f, f.initialReadiness));
      f.readiness = start.readiness;
      f.readinessId = start.id;
    }
    // Down means down from the start: a fighter at 0 PV or below (or unconscious, or dead) takes
    // no part, as the cards and the tracker refuse him any action.
    for (let i = 0; i < fighters.length; i++)
      if (this.isDown(fighters[i]!)) {
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
        // Timed states end as the round's upkeep ends them at the table (timedRecords' lengths);
        // read only while some may be there (see Runtime.timed).
        if (f.timed) this.upkeep(f, round);
        // The readiness the round starts with (declarations and the initiative leave it).
        f.roundReadiness = f.readiness;
        // Retreat (tactics) before anyone declares.
        const a = arena.fighters[i]!;
        if (a.out) continue;
        const limit = f.tactics.retreatBelow ?? 0;
        if (limit > 0 && f.c.pv.value <= limit * f.c.pv.max) {
          arena.leave(i);
          out.fled[i] = 1;
        }
      }
      winner = arena.winner();
      if (winner !== -2) break;
      this.initiative(dice);
      this.filled = false;
      // Each fighter's declaration and its slots (see `part`): their count and passes, whether
      // they all fit the simulator's own schedule (see `schedule`), whether one carries its
      // readiness over (see `carryOver`).
      const orderIdx = this.orderIdx;
      const engineSteps = this.engineSteps;
      let plain = !engineSteps;
      let carries = false;
      let moves = false;
      let passes = 0;
      for (let k = 0; k < this.orderCount; k++) {
        const i = orderIdx[k]!;
        const f = fighters[i]!;
        const kind = this.declare(i);
        // Most rounds a fighter declares what it declared the round before (see `made`'s key).
        const last = f.declared;
        const d = last !== undefined && last.key === f.meleeIndex * 16 + kind ? last : this.made(i, kind);
        f.declared = d;
        if (d.carries) carries = true;
        if (d.moves) moves = true;
        if (engineSteps) continue;
        const part = this.part(f);
        f.part = part;
        if (!part.plain) plain = false;
        passes |= part.passes;
      }
      // The passes (F-R6..F-R9), then each slot played in turn: straight from the parts when no
      // slot's outcome is read after the round (no carry-over), else through the schedule.
      if (plain && !carries) this.playParts(passes, dice, out);
      else this.playSlots(plain, passes, dice, out);
      // End of the round: movement, readiness carried over (F-R9, F-W5, F-W6), reloads ended.
      // Nothing to do when nobody moves, carries its readiness over or reloaded.
      if (moves || carries || this.reloaded) {
        this.reloaded = false;
        for (let i = 0; i < fighters.length; i++) {
          const f = fighters[i]!;
          const a = arena.fighters[i]!;
          const declared = f.declared;
          f.reloadingId = undefined;
          if (!declared || a.out) continue;
          if (declared.moves && a.foe >= 0) arena.close(i, a.foe);
          if (declared.carries) this.carryOver(i, dice);
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

  /** The timed states of `f` that end this round, ended (see Runtime.timed). */
  private upkeep(f: Runtime, round: number): void {
    if (f.c.states.skipNextAttack && round >= f.skipUntil)
      f.c =
        this.keptPatch(f, f.c, UNSKIP) ??
        this.keepPatch(f, f.c, UNSKIP, patched(f.c, { skipNextAttack: undefined }));
    if (f.c.states.weaponBound && round >= f.boundUntil)
      f.c =
        this.keptPatch(f, f.c, UNBIND) ??
        this.keepPatch(f, f.c, UNBIND, patched(f.c, { weaponBound: undefined }));
    const s = f.c.states;
    f.timed = s.skipNextAttack !== undefined || s.weaponBound !== undefined;
  }

  /**
   * The round's slots as `schedule` lays them out (each pass, the fighters in initiative order,
   * each one's slots of that pass), played as they come, with no schedule written: every part
   * is plain (see `schedule`) and no slot's status is read after the round.
   */
  private playParts(passes: number, dice: Dice, out: FightResult): void {
    const fighters = this.fighters;
    const arena = this.arena;
    const orderIdx = this.orderIdx;
    const count = this.orderCount;
    const outs = arena.outs;
    for (let pass = 1; pass <= 3; pass++) {
      const bit = 1 << pass;
      if ((passes & bit) === 0) continue;
      for (let k = 0; k < count; k++) {
        const i = orderIdx[k]!;
        const f = fighters[i]!;
        const part = f.part!;
        if ((part.passes & bit) === 0) continue;
        if (part.solo) {
          // One slot (a plain melee or missile fighter): its act and weapon read straight.
          if (outs[i] !== 0) continue;
          const act = part.soloAct;
          if (act === SLOT_STRIKE_MELEE || act === SLOT_STRIKE_MISSILE)
            this.strike(i, act === SLOT_STRIKE_MELEE, part.soloWeapon, dice, out);
          else if (act === SLOT_RELOAD) {
            f.reloadingId = part.soloWeapon;
            this.reloaded = true;
          }
          continue;
        }
        const xs = part.byPass[pass]!;
        for (let y = 0; y < xs.length; y++) {
          if (outs[i] !== 0) continue;
          const x = xs[y]!;
          const act = part.act[x]!;
          if (act === SLOT_STRIKE_MELEE || act === SLOT_STRIKE_MISSILE)
            this.strike(i, act === SLOT_STRIKE_MELEE, part.weapon[x]!, dice, out);
          else if (act === SLOT_RELOAD) {
            f.reloadingId = part.weapon[x]!;
            this.reloaded = true;
          }
        }
      }
    }
  }

  /** The round's schedule written (see `schedule`), then each slot played in turn, its status kept. */
  private playSlots(plain: boolean, passes: number, dice: Dice, out: FightResult): void {
    const fighters = this.fighters;
    const arena = this.arena;
    this.schedule(plain, passes);
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
      else if (act === SLOT_RELOAD) {
        fighters[i]!.reloadingId = weapons[k]!;
        this.reloaded = true;
      }
      statuses[k] = done ? 1 : 0;
    }
  }
}
