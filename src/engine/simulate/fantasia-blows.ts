import type { Dice } from '../dice/port';
import {
  NO_DEFENCE,
  resolveAttack,
  resolveDefence,
  type DefenceOption,
  type DefenceResult,
} from '../fantasia/attack';
import { damagedDefender, rollDamage, type DamageResult } from '../fantasia/damage';
import type { FumbleOptionId } from '../fantasia/fumbles';
import type { FantasiaCombatant, FantasiaWeapon } from '../fantasia/types';
import type { FightResult } from './stats';
import type { FightTracer } from './trace';
import { FantasiaFightDefences } from './fantasia-defences';
import { patched, type Pv, reshaped, type Runtime, type Striker } from './fantasia-runtime';
import { MELEE_ATTACK, RANGED_ATTACK, rollTotal } from './fantasia-striker';

/** A Fantasia fight's blows: the engine's steps or the simulator's own for plain ones, defences, damage. */
export class FantasiaFightBlows extends FantasiaFightDefences {
  /** One attack slot: the target picked again if it fell, then the engine's exchange. */
  protected strike(i: number, melee: boolean, weaponId: string, dice: Dice, out: FightResult): boolean {
    const arena = this.arena;
    const f = this.fighters[i]!;
    let foe = arena.fighters[i]!.foe;
    if (foe < 0 || arena.outs[foe] !== 0) foe = arena.pick(i, this.pvOf);
    if (foe < 0) return false;
    const weapon0 = melee ? f.melee : f.missile;
    if (!weapon0 || weapon0.id !== weaponId) return false;
    // What stops the attack at the table (checkCanAttack) stops it here: the slot passes (read
    // with `plain`'s answer, once per states, readiness and weapon).
    if (f.plainStates !== f.c.states || f.plainReadiness !== f.readiness || f.plainWeapon !== weapon0)
      this.plainFor(f, weapon0);
    if (f.plainBlocked) return false;
    const distance = arena.distance(i, foe);
    if (melee ? distance > 0 : distance > weapon0.range) return false;
    const t = this.fighters[foe]!;
    const striker = melee ? f.meleeStriker : f.missileStriker;
    if (!this.engineSteps && striker && striker.fast && !t.reloadingId && f.c.pv.value > 0 && f.plainIs)
      return this.fastStrike(i, foe, striker, distance, dice, out);
    return this.engineStrike(i, foe, melee, weapon0, weaponId, distance, dice, out);
  }

  /** strike's attack by the attack card's own steps (see FantasiaSteps, and a blow fastStrike cannot play). */
  private engineStrike(
    i: number,
    foe: number,
    melee: boolean,
    weapon0: FantasiaWeapon,
    weaponId: string,
    distance: number,
    dice: Dice,
    out: FightResult,
  ): boolean {
    const f = this.fighters[i]!;
    const t = this.fighters[foe]!;
    const weapon = this.view(weapon0, f.readiness);
    const defender = t.reloadingId ? patched(t.c, { reloading: { weaponId: t.reloadingId } }) : t.c;
    out.blows += 1;
    const tracer = this.tracer;
    tracer?.start();
    // The attack card's steps: attack roll; the defences open (F-D1..F-D4), the defender taking
    // the best one; its roll; damage; applied to the defender.
    const attack = resolveAttack(
      melee ? { attacker: f.c, defender, weapon } : { attacker: f.c, defender, weapon, distance },
      dice,
      this.options,
    );
    if (!attack.hit) {
      const fumbled =
        attack.fumble && this.fumbles !== 'none' ? this.fumble(i, attack, dice, out) : undefined;
      if (tracer)
        tracer.blow({
          round: this.round,
          attacker: i,
          defender: foe,
          weaponId,
          hit: false,
          defence: 'none',
          defended: false,
          damage: 0,
          defenderPv: t.c.pv.value,
          attackerPv: f.c.pv.value,
          ...(fumbled ? { fumble: fumbled.option } : {}),
          ...(fumbled && fumbled.friend >= 0
            ? { friend: fumbled.friend, friendPv: this.fighters[fumbled.friend]!.c.pv.value }
            : {}),
        });
      return true;
    }
    let defence: DefenceResult = NO_DEFENCE;
    if (t.tactics.defence !== 'none') {
      const picked = this.defenceOf(t, defender, attack);
      if (picked) defence = resolveDefence(attack, picked, dice, this.options);
    }
    const damage = rollDamage(attack, f.c, defender, defence, dice, this.options);
    // The attacker's own view stays: readiness lives in the round (fantasiaCarryOver), and no
    // tactic places secret thrusts, so there is nothing for afterThrust to record.
    const after = this.hurt(defender, damage);
    t.c = t.reloadingId ? patched(after, { reloading: undefined }) : after;
    t.timed = true;
    if (defence.parryUsed) t.parried = true;
    this.checkDown(foe, i, out);
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId,
        hit: true,
        defence: defence.kind,
        defended: defence.success,
        damage: damage.total,
        defenderPv: t.c.pv.value,
        attackerPv: f.c.pv.value,
        dodgeDeclared: t.dodging,
        attackDeclared: t.attacking,
        ...(t.reloadingId ? { reloadingWeaponId: t.reloadingId } : {}),
      });
    return true;
  }

  /**
   * For `f`'s states, readiness and `weapon` (kept in Runtime.plain*): whether its states stop
   * the attack (plainBlocked: the slot passes), and whether it can strike as the cards let it
   * (plainIs; checkCanAttack finds nothing to refuse, with strike checking it still stands): its
   * weapon whole, free, in hand and loaded. When not, the engine's steps play the slot (and
   * refuse it as the card would).
   */
  protected plainFor(f: Runtime, weapon: FantasiaWeapon): void {
    const s = f.c.states;
    f.plainStates = s;
    f.plainReadiness = f.readiness;
    f.plainWeapon = weapon;
    f.plainBlocked = s.skipNextAttack === true || s.weaponBound?.weaponId === weapon.id;
    f.plainIs = this.plainNow(f, weapon);
  }

  protected plainNow(f: Runtime, weapon: FantasiaWeapon): boolean {
    const s = f.c.states;
    const id = weapon.id;
    if (s.dead || s.unconscious || s.reloading || s.immobilised) return false;
    if (s.weaponBroken?.includes(id)) return false;
    if (s.jammed?.weaponId === id || s.disarmed?.weaponId === id || s.arquebusReload?.weaponId === id)
      return false;
    const r = f.readiness.weapons[id];
    return r ? r.ready && r.loaded : weapon.ready && weapon.loaded;
  }

  /**
   * A plain blow (see Striker and `plain`) by the simulator's own steps, the same dice in the
   * same order as the attack card's: the attack d100 (F-H1: a critical on 01–05 whatever the
   * skill, F-H5; a fumble on 96–00, F-H9 ruling); the defender's best allowed defence and its
   * d100 (F-D1..F-D4, worked out by availableDefences once per states); the damage dice (F-H2),
   * again on a critical (F-H5), the damage bonus in melee (F-H4), armour off (F-H3); the PV
   * changed in place (damagedDefender's loss, with no state to set). A fumble's consequence goes
   * through the engine (resolveAttack from the same d100, then resolveFumble).
   */
  protected fastStrike(
    i: number,
    foe: number,
    striker: Striker,
    distance: number,
    dice: Dice,
    out: FightResult,
  ): boolean {
    const t = this.fighters[foe]!;
    const critical = this.critical;
    const fumbles = this.fumbleRange;
    out.blows += 1;
    const tracer = this.tracer;
    tracer?.start();
    this.plainBlows += 1;
    const roll = dice.die(100);
    const crit = roll >= critical.from && roll <= critical.to;
    if (!crit) {
      const fumbled = roll >= fumbles.from && roll <= fumbles.to;
      // A plain miss with nobody to tell ends here; a fumble or a traced miss, in fastMiss.
      if (!fumbled && roll > striker.skill && !tracer) return true;
      if (fumbled || roll > striker.skill) return this.fastMiss(i, foe, striker, distance, roll, dice, out);
    }
    let kind: DefenceOption['kind'] | 'none' = 'none';
    let defended = false;
    if (t.tactics.defence !== 'none') {
      const picked = this.defenceOf(t, t.c, striker.ranged ? RANGED_ATTACK : MELEE_ATTACK);
      if (picked) {
        kind = picked.kind;
        const d = dice.die(100);
        defended =
          (d >= critical.from && d <= critical.to) ||
          (!(d >= fumbles.from && d <= fumbles.to) && d <= t.defenceTarget);
      }
    }
    let damage = 0;
    if (!defended) {
      let raw = rollTotal(striker.damage, dice);
      if (crit && striker.extra) raw += rollTotal(striker.extra, dice);
      if (striker.bonus) raw += rollTotal(striker.bonus, dice);
      raw = Math.max(0, raw);
      damage = raw - Math.min(t.c.armour, raw);
      (t.c.pv as Pv).value -= damage;
    }
    if (kind === 'parry') t.parried = true;
    this.checkDown(foe, i, out);
    if (tracer) this.traceHit(tracer, i, foe, striker.weapon.id, kind, defended, damage);
    return true;
  }

  /**
   * fastStrike's missed attack: a fumble's consequence (F-H6..F-H9) when the d100 fumbled, the
   * blow told to the tracer. Out of fastStrike, so the hit's steps stay short.
   */
  private fastMiss(
    i: number,
    foe: number,
    striker: Striker,
    distance: number,
    roll: number,
    dice: Dice,
    out: FightResult,
  ): boolean {
    const f = this.fighters[i]!;
    const t = this.fighters[foe]!;
    const fumbles = this.fumbleRange;
    let fumbled: { option: FumbleOptionId; friend: number } | undefined;
    const fumbled0 = this.fumbles !== 'none' && roll >= fumbles.from && roll <= fumbles.to;
    if (fumbled0 && striker.meleeFumble) fumbled = this.meleeFumble(i, striker, dice, out);
    else if (fumbled0) {
      // The card lists a fumble's options from the engine's attack: the same one, same d100.
      const weapon = this.view(striker.weapon, f.readiness);
      const preset = this.preset.arm(dice, 100, roll);
      const attack = resolveAttack(
        striker.ranged
          ? { attacker: f.c, defender: t.c, weapon, distance }
          : { attacker: f.c, defender: t.c, weapon },
        preset,
        this.options,
      );
      preset.check();
      fumbled = this.fumble(i, attack, dice, out);
    }
    const tracer = this.tracer;
    if (tracer)
      tracer.blow({
        round: this.round,
        attacker: i,
        defender: foe,
        weaponId: striker.weapon.id,
        hit: false,
        defence: 'none',
        defended: false,
        damage: 0,
        defenderPv: t.c.pv.value,
        attackerPv: f.c.pv.value,
        ...(fumbled ? { fumble: fumbled.option } : {}),
        ...(fumbled && fumbled.friend >= 0
          ? { friend: fumbled.friend, friendPv: this.fighters[fumbled.friend]!.c.pv.value }
          : {}),
      });
    return true;
  }

  /** fastStrike's hit told to the tracer. */
  private traceHit(
    tracer: FightTracer,
    i: number,
    foe: number,
    weaponId: string,
    kind: DefenceOption['kind'] | 'none',
    defended: boolean,
    damage: number,
  ): void {
    const t = this.fighters[foe]!;
    tracer.blow({
      round: this.round,
      attacker: i,
      defender: foe,
      weaponId,
      hit: true,
      defence: kind,
      defended,
      damage,
      defenderPv: t.c.pv.value,
      attackerPv: this.fighters[i]!.c.pv.value,
      dodgeDeclared: t.dodging,
      attackDeclared: t.attacking,
    });
  }

  /**
   * The damage applied to the defender, as damagedDefender applies it (F-H5): PV minus the total
   * and the states it sets. PV alone are changed in place on the fight's own copy (no copy of
   * the whole fighter every blow); a blow that sets states goes through damagedDefender.
   */
  protected hurt(defender: FantasiaCombatant, damage: DamageResult): FantasiaCombatant {
    for (const _key in damage.states) return reshaped(damagedDefender(defender, damage), defender);
    if (defender.id !== damage.defenderId || !Number.isInteger(damage.total) || damage.total < 0)
      return damagedDefender(defender, damage); // the engine's refusal
    (defender.pv as Pv).value -= damage.total;
    return defender;
  }
}
