import type { Dice } from '../dice/port';
import type { Gauge, SouffleFighter } from '../souffle/fighter';
import { rollInitiative, settleTie, ties } from '../souffle/initiative';
import { choosePosture, postureShortActions, type Posture } from '../souffle/posture';
import { shuffled } from './arena';
import type { FightResult } from './stats';
import { SouffleFightBlows } from './souffle-blows';
import type { Mutable } from './souffle-runtime';

export type { SouffleSteps } from './souffle-runtime';

/*
 * Souffle fights on the rules the attack card follows (S-R1..S-R3, S-P1..S-P4, S-AT1..S-AT5,
 * S-DF1..S-DF3): initiative once for the fight (rollInitiative, Guerriers first); each round,
 * in that order, a fighter spends its posture's short actions on attacks. An attack is
 * resolveAttack with the sheet's choice (better characteristic, best métier, a second one-handed
 * weapon, S-AT3), forced with souffle by the tactic (forceAttack + souffleSpent, S-AT2); the
 * defender rolls resolveDefence (parry with a weapon or shield, dodge otherwise; only a shield
 * parries missiles, S-DF1) and damageChange takes souffle, then PV (S-DF3: what applyDamage
 * applies, written here on the fight's own copy of the fighter). Moving is passive.
 * Down at 0 PV; dead when one blow's damage past 0 PV reaches half the PV maximum (simulator
 * convention: the seed leaves death to the GM).
 */

export class SouffleFight extends SouffleFightBlows {
  play(dice: Dice, out: FightResult): void {
    const arena = this.arena;
    const fighters = this.fighters;
    arena.reset(this.gap);
    for (const r of fighters) {
      // The fights' own copy, reset (the blows write on it in place, see `hurt`).
      const own = r.own as Mutable<SouffleFighter>;
      (own.souffle as Mutable<Gauge>).value = r.base.souffle.value;
      (own.pv as Mutable<Gauge>).value = r.base.pv.value;
      own.states = r.base.states;
      // The fight's own wounds list, the base's wounds in it (hurt pushes onto it).
      const wounds = r.wounds;
      while (wounds.length > 0) wounds.pop(); // (a length set is a slow call; a fight adds few)
      for (const w of r.base.wounds) wounds.push(w);
      own.wounds = wounds;
      r.f = own;
      r.posture0 = r.posture;
    }
    // Down from the start at 0 PV: such a fighter takes no part (as at the table).
    for (let i = 0; i < fighters.length; i++)
      if (fighters[i]!.base.pv.value <= 0) {
        arena.leave(i);
        out.down[i] = 1;
      }
    // S-R3: initiative once, when the fight starts.
    const order = this.initiative(dice);
    let round = 0;
    let winner = arena.winner();
    while (winner === -2 && round < this.roundLimit) {
      round += 1;
      this.round = round;
      arena.startRound();
      for (let k = 0; k < order.length; k++) {
        const i = order[k]!;
        const me = fighters[i]!;
        const a = arena.fighters[i]!;
        if (a.out) continue;
        const limit = me.retreatBelow;
        if (limit > 0 && me.f.pv.value <= limit * me.f.pv.max) {
          arena.leave(i);
          out.fled[i] = 1;
          continue;
        }
        this.turn(i, dice, out);
        // S-P1: a posture may change at the end of one's own turn.
        const next = this.nextPosture(i);
        if (next !== me.posture0)
          me.posture0 =
            choosePosture({ posture: me.posture0, spent: 0 }, next, 'endOfOwnTurn').posture ?? next;
        if (arena.winner() !== -2) break;
      }
      winner = arena.winner();
    }
    out.winner = winner >= 0 ? winner : -1;
    out.rounds = round;
    for (let i = 0; i < fighters.length; i++) {
      const r = fighters[i]!;
      out.pvLost[i] = r.base.pv.value - r.f.pv.value;
      out.souffleLost[i] = r.base.souffle.value - r.f.souffle.value;
    }
  }

  /**
   * The fight's acting order (S-R3), fighter indices: rollInitiative's rolls in the fighters'
   * order, Guerriers first then the highest totals, equal ones in their order; each group of equal
   * totals then shuffled through the dice (the players' call, settled at random so no side is
   * favoured by its place in the file), as ties, shuffled and settleTie do it. The engine's steps
   * take those functions themselves.
   */
  protected initiative(dice: Dice): Int32Array {
    const fighters = this.fighters;
    const order = this.order;
    if (this.engineSteps) {
      let rolled = rollInitiative(
        fighters.map((r) => ({ id: r.base.id, initiative: r.base.initiative, guerrier: r.guerrier })),
        dice,
        this.options,
      );
      for (const group of ties(rolled)) rolled = settleTie(rolled, shuffled(group, dice));
      rolled.forEach((o, k) => (order[k] = this.index.get(o.id) ?? 0));
      return order;
    }
    const totals = this.totals;
    const adds = this.options.initiativeAddsScore;
    for (let i = 0; i < fighters.length; i++) {
      const score = fighters[i]!.base.initiative;
      totals[i] = this.ladder(score, dice) + (adds ? score : 0);
    }
    // Before: Guerrier first, then the higher total (a stable insertion sort keeps file order).
    const before = (a: number, b: number): boolean => {
      const ga = fighters[a]!.guerrier;
      if (ga !== fighters[b]!.guerrier) return ga;
      return totals[a]! > totals[b]!;
    };
    for (let k = 0; k < order.length; k++) {
      const i = k;
      let at = k;
      while (at > 0 && before(i, order[at - 1]!)) {
        order[at] = order[at - 1]!;
        at--;
      }
      order[at] = i;
    }
    for (let a = 0; a < order.length;) {
      const first = order[a]!;
      let b = a + 1;
      while (
        b < order.length &&
        fighters[order[b]!]!.guerrier === fighters[first]!.guerrier &&
        totals[order[b]!] === totals[first]
      )
        b++;
      // Fisher–Yates on the group, as shuffleInPlace does it.
      for (let x = b - a - 1; x > 0; x--) {
        const y = dice.die(x + 1) - 1;
        const t = order[a + x]!;
        order[a + x] = order[a + y]!;
        order[a + y] = t;
      }
      a = b;
    }
    return order;
  }

  /** The posture a fighter's tactics take at the end of its own turn (S-P1). */
  protected nextPosture(i: number): Posture {
    const me = this.fighters[i]!;
    const hurt = me.postureWhenHurt;
    if (hurt && me.f.pv.value * 2 < me.f.pv.max) return hurt;
    if (!me.adaptive) return me.posture0;
    if (me.f.pv.value * 3 < me.f.pv.max) return 'defensif';
    const side = this.sideOf[i];
    let mine = 0;
    let theirs = 0;
    const all = this.arena.fighters;
    for (let j = 0; j < all.length; j++) {
      if (all[j]!.out) continue;
      if (this.sideOf[j] === side) mine += 1;
      else theirs += 1;
    }
    return mine > theirs ? 'intrepide' : 'prudent';
  }

  /** One fighter's turn: its posture's short actions, all in a row (S-R1, S-P2..S-P4). */
  protected turn(i: number, dice: Dice, out: FightResult): void {
    const pv = this.pvOf;
    const arena = this.arena;
    const me = this.fighters[i]!;
    const actions = postureShortActions(me.posture0);
    let foe = arena.pick(i, pv);
    if (foe < 0) return;
    const shoot = me.ranged !== undefined && me.tactics.shootFirst !== false && !arena.engaged(i);
    if (!shoot && arena.distance(i, foe) > 0) arena.close(i, foe); // base movement is passive
    for (let k = 0; k < actions; k++) {
      if (arena.fighters[foe]!.out) foe = arena.pick(i, pv);
      if (foe < 0) return;
      const distance = arena.distance(i, foe);
      if (!shoot && distance > 0) return;
      this.strike(i, foe, shoot ? me.ranged! : me.melee, distance, dice, out);
    }
  }
}
