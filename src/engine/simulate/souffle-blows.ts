import type { Dice } from '../dice/port';
import { forceAttack, resolveAttack, type AttackInput } from '../souffle/attack';
import { defenceLevel, resolveDefence, souffleSpent, type DefenceInput } from '../souffle/defence';
import { canRollDefence } from '../souffle/states';
import type { Gauge, SouffleFighter } from '../souffle/fighter';
import type { FightResult } from './stats';
import { SouffleFightBase } from './souffle-base';
import type { LadderDraw } from './souffle-ladder-draw';
import { type Mutable, postureIndex, type Runtime } from './souffle-runtime';

/** A Souffle fight's attacks: the engine's steps or the simulator's own for plain ones (S-AT1..S-DF3). */
export class SouffleFightBlows extends SouffleFightBase {
  /**
   * An attack with no aim, context or extra levels (every attack a tactic makes) by the
   * simulator's own steps, the same dice and values as the card's: resolveAttack's level die,
   * potential (die + weapon + characteristic and métier) and room to force (S-AT1, S-AT2,
   * S-AT4); the souffle forced (forceAttack, spendSouffle); the defence die at defenceLevel's
   * level (S-DF1, S-DF2) and what gets through: potential − die − défense − ½ métier (S-DF3).
   */
  protected plainStrike(
    i: number,
    foe: number,
    input: AttackInput,
    distance: number,
    dice: Dice,
    out: FightResult,
  ): void {
    const o = this.options;
    const me = this.fighters[i]!;
    const them = this.fighters[foe]!;
    const ranged = input.kind === 'ranged';
    const read = ranged ? me.rangedRead! : me.meleeRead;
    const die = this.roll(read.draw, dice);
    let potential = die + read.weaponDamage + read.statsDamage;
    const cap = this.capTen ? 10 : this.keptMax;
    const maxForce = ranged ? 0 : Math.max(0, cap - die);
    let forced = 0;
    if (me.force !== 'never' && maxForce > 0) {
      const n = Math.min(maxForce, me.f.souffle.value - me.reserve);
      if (n > 0) {
        potential += n;
        const spent = souffleSpent(me.f, n);
        const f = me.f as Mutable<SouffleFighter>;
        (f.souffle as Mutable<Gauge>).value = spent.souffle;
        // The list with épuisé added, the one kept for it (see withKept).
        if (spent.states !== f.states) f.states = this.withKept(me, f.states, 'epuise');
        forced = n;
      }
    }
    let mode: DefenceInput['mode'];
    let draw: LadderDraw;
    let rolls: boolean;
    if (ranged) {
      const defence: DefenceInput = {
        mode: them.shield !== undefined ? 'parade' : 'esquive',
        states: them.f.states,
        posture: them.posture0,
        ...(them.armour ? { armour: them.armour } : {}),
        ...(them.shield ? { shield: them.shield } : {}),
        distance,
        shooterMetier: input.metier,
      };
      const l = defenceLevel({ kind: input.kind }, defence, o);
      mode = defence.mode;
      draw = this.draw(l.level);
      rolls = l.canRoll;
    } else {
      // The level by posture, worked out once; the states decide only whether it is rolled.
      mode = them.parries ? 'parade' : 'esquive';
      const p = postureIndex(them.posture0);
      let known = them.meleeDraws[p];
      if (known === undefined) {
        const level = defenceLevel(
          { kind: input.kind },
          {
            mode,
            states: [],
            posture: them.posture0,
            ...(them.armour ? { armour: them.armour } : {}),
            ...(them.shield ? { shield: them.shield } : {}),
          },
          o,
        ).level;
        known = this.draw(level);
        them.meleeDraws[p] = known;
      }
      const states = them.f.states;
      if (them.canRollFor !== states) {
        // Read once per list (the lists repeat from fight to fight, see withKept).
        them.canRollFor = states;
        them.canRoll = this.canRollKept(them, states);
      }
      draw = known;
      rolls = them.canRoll;
    }
    const parried = rolls ? this.roll(draw, dice) : 0;
    const taken = Math.max(0, potential - parried - them.f.defense - them.halfMetier);
    out.blows += 1;
    this.struck(i, foe, input, mode, taken, forced, ranged, distance, out);
  }

  /** canRollDefence(states), kept by list (see Runtime.canRollKept). */
  private canRollKept(r: Runtime, states: SouffleFighter['states']): boolean {
    const kept = r.canRollKept;
    for (let k = 0; k < kept.length; k++) if (kept[k]!.states === states) return kept[k]!.canRoll;
    const canRoll = canRollDefence(states);
    if (kept.length < 32) kept.push({ states, canRoll });
    return canRoll;
  }

  protected strike(
    i: number,
    foe: number,
    input: AttackInput,
    distance: number,
    dice: Dice,
    out: FightResult,
  ): void {
    const o = this.options;
    const me = this.fighters[i]!;
    const them = this.fighters[foe]!;
    const tracer = this.tracer;
    tracer?.start();
    if (!this.engineSteps && !input.aim && input.context === undefined && input.extraLevels === undefined) {
      this.plainStrike(i, foe, input, distance, dice, out);
      return;
    }
    let attack = resolveAttack(input, dice, o);
    let forced = 0;
    if (me.force !== 'never' && attack.maxForce > 0) {
      const n = Math.min(attack.maxForce, me.f.souffle.value - me.reserve);
      if (n > 0) {
        attack = forceAttack(attack, n, me.f.souffle.value, o);
        // S-AT2's values written on the fight's own fighter (what spendSouffle puts on a copy).
        const spent = souffleSpent(me.f, n);
        const f = me.f as Mutable<SouffleFighter>;
        (f.souffle as Mutable<Gauge>).value = spent.souffle;
        f.states = spent.states;
        forced = n;
      }
    }
    const ranged = attack.kind === 'ranged';
    let input2 = ranged ? undefined : them.meleeDefence;
    if (!input2 || input2.states !== them.f.states || input2.posture !== them.posture0) {
      input2 = {
        mode: (ranged ? them.shield !== undefined : them.parries) ? 'parade' : 'esquive',
        states: them.f.states,
        posture: them.posture0,
        ...(them.armour ? { armour: them.armour } : {}),
        ...(them.shield ? { shield: them.shield } : {}),
        ...(ranged ? { distance, shooterMetier: input.metier } : {}),
      };
      if (!ranged) them.meleeDefence = input2;
    }
    const defence = resolveDefence(attack, { defense: them.f.defense, metier: them.metier }, input2, dice, o);
    out.blows += 1;
    this.struck(i, foe, input, input2.mode, defence.taken, forced, ranged, distance, out);
  }

  /** The blow's damage written on the defender (S-DF3), told to the tracer; down and dead. */
  protected struck(
    i: number,
    foe: number,
    input: AttackInput,
    mode: DefenceInput['mode'],
    taken: number,
    forced: number,
    ranged: boolean,
    distance: number,
    out: FightResult,
  ): void {
    const me = this.fighters[i]!;
    const them = this.fighters[foe]!;
    const tracer = this.tracer;
    const before = them.f.pv.value;
    const hit = taken === 0 ? undefined : this.hurt(them, taken);
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId: input.weapons?.[0]?.id ?? '',
        hit: taken > 0,
        defence: mode,
        defended: taken === 0,
        damage: taken,
        defenderPv: them.f.pv.value,
        attackerPv: me.f.pv.value,
        forced,
        posture: them.posture0,
        defenderSouffle: them.f.souffle.value,
        attackerSouffle: me.f.souffle.value,
        ...(ranged ? { distance } : {}),
      });
    if (!hit) return;
    if (hit.pv === 0 && before > 0) {
      this.arena.leave(foe);
      out.down[foe] = 1;
      out.downedBy[foe] = i;
      const beyond = taken - hit.toSouffle - hit.toPv;
      if (beyond * 2 >= them.f.pv.max) out.dead[foe] = 1;
    }
  }
}
