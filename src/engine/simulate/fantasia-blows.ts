import type { Dice } from '../dice/port';
import {
  availableDefences,
  NO_DEFENCE,
  resolveAttack,
  resolveDefence,
  type AttackResult,
  type DefenceOption,
  type DefenceResult,
} from '../fantasia/attack';
import { damagedDefender, rollDamage, type DamageResult } from '../fantasia/damage';
import { fightCondition } from '../fantasia/fallen';
import { fumbleOptions, resolveFumble, type FumbleOptionId } from '../fantasia/fumbles';
import type { FantasiaCombatant } from '../fantasia/types';
import type { FightResult } from './stats';
import { patched, reshaped, bestDefence, Runtime, Pv } from './fantasia-runtime';
import { FantasiaFightBase } from './fantasia-fight-base';

/** The Fantasia fight's blows: one attack slot through the attack card's steps, defences, fumbles. */
export abstract class FantasiaFightBlows extends FantasiaFightBase {
  protected strike(
    i: number,
    melee: boolean,
    weaponId: string,
    dice: Dice,
    out: FightResult,
    pv: (j: number) => number,
  ): boolean {
    const arena = this.arena;
    const f = this.fighters[i]!;
    let foe = arena.fighters[i]!.foe;
    if (foe < 0 || arena.fighters[foe]!.out) foe = arena.pick(i, pv);
    if (foe < 0) return false;
    const weapon0 = melee ? f.melee : f.missile;
    if (!weapon0 || weapon0.id !== weaponId) return false;
    const s = f.c.states;
    // What stops the attack at the table (checkCanAttack) stops it here: the slot passes.
    if (s.skipNextAttack || s.weaponBound?.weaponId === weapon0.id) return false;
    const distance = arena.distance(i, foe);
    if (melee ? distance > 0 : distance > weapon0.range) return false;
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

  /** The defence `t` takes against `attack` (availableDefences, then the best), kept while its states stay. */
  protected defenceOf(
    t: Runtime,
    defender: FantasiaCombatant,
    attack: AttackResult,
  ): DefenceOption | undefined {
    const cacheable = defender === t.c && attack.thrust === undefined;
    const k = (attack.ranged ? 8 : 0) + (t.dodging ? 4 : 0) + (t.attacking ? 2 : 0) + (t.parried ? 1 : 0);
    if (cacheable) {
      if (t.defencesFor !== defender.states || t.defencesWith !== defender.weapons) {
        t.defences.length = 0;
        t.defencesFor = defender.states;
        t.defencesWith = defender.weapons;
      }
      const known = t.defences[k];
      if (known !== undefined) return known ?? undefined;
    }
    const parryWeaponId = this.parryWith(t, defender, attack.ranged);
    const options = availableDefences(
      attack,
      defender,
      parryWeaponId !== undefined
        ? {
            dodgeDeclared: t.dodging,
            attackDeclared: t.attacking,
            parriedThisRound: t.parried,
            parryWeaponId,
          }
        : { dodgeDeclared: t.dodging, attackDeclared: t.attacking, parriedThisRound: t.parried },
      this.options,
    );
    const picked = bestDefence(options);
    if (cacheable) t.defences[k] = picked ?? null;
    return picked;
  }

  /**
   * The parry the defender takes among those the defence card lists (defenceChoices): with each
   * weapon that can parry, or with the shield (Armes de mêlée); all share the same modifiers, so
   * the best is the highest skill, the first listed on a tie. Against a missile only the shield
   * parries (F-D3). Undefined: the engine's default.
   */
  protected parryWith(t: Runtime, defender: FantasiaCombatant, ranged: boolean): string | undefined {
    if (ranged) return t.shieldSkill >= 0 ? '' : undefined;
    const s = defender.states;
    const weapons = defender.weapons ?? [];
    let best: string | undefined;
    let bestSkill = -Infinity;
    for (const p of t.parriers) {
      if (p.skill <= bestSkill) continue;
      if (s.weaponBroken?.includes(p.id) || s.disarmed?.weaponId === p.id) continue;
      const w = weapons.find((x) => x.id === p.id);
      if (!w?.ready) continue;
      // A bound weapon's parry is the bare Armes de mêlée one (parryWeapon finds none).
      const skill = s.weaponBound?.weaponId === p.id ? (t.shieldSkill >= 0 ? t.shieldSkill : -1) : p.skill;
      if (skill > bestSkill) {
        best = s.weaponBound?.weaponId === p.id ? '' : p.id;
        bestSkill = skill;
      }
    }
    if (t.shieldSkill > bestSkill) best = '';
    return best;
  }

  /**
   * A fumble's consequence (F-H6..F-H9, F-W6): the option the GM would pick from the card's list
   * (fumbleOptions; a friend to hit only when one stands), by the encounter's `fumbles` setting:
   * 'random' draws it with a die, an option id takes that one where the weapon allows it.
   */
  protected fumble(
    i: number,
    attack: Parameters<typeof fumbleOptions>[0],
    dice: Dice,
    out: FightResult,
  ): { option: FumbleOptionId; friend: number } | undefined {
    const f = this.fighters[i]!;
    const arena = this.arena;
    let friend = -1;
    for (let j = 0; j < this.fighters.length; j++)
      if (j !== i && this.sideOf[j] === this.sideOf[i] && !arena.fighters[j]!.out) {
        friend = j;
        break;
      }
    const offered = fumbleOptions(attack).filter((o) => !o.needsFriend || friend >= 0);
    if (!offered.length) return undefined;
    const wanted = this.fumbles;
    const chosen: FumbleOptionId =
      offered.find((o) => o.id === wanted)?.id ?? offered[dice.die(offered.length) - 1]!.id;
    const outcome = resolveFumble(
      attack,
      chosen,
      { attacker: f.c, ...(friend >= 0 ? { friend: this.fighters[friend]!.c } : {}) },
      dice,
      this.options,
    );
    f.c = reshaped(outcome.attacker.combatant, f.c);
    const round = this.round;
    if (f.c.states.skipNextAttack) f.skipUntil = round + 2;
    if (f.c.states.weaponBound) f.boundUntil = round + 1;
    const broken = f.c.states.weaponBroken ?? [];
    if (broken.includes(f.melee.id))
      f.melee = f.melees.find((w) => !broken.includes(w.id)) ?? f.melees[f.melees.length - 1]!;
    // A jammed or broken missile weapon is put away: its owner fights in melee from then on.
    if (f.missile && (broken.includes(f.missile.id) || f.c.states.jammed?.weaponId === f.missile.id))
      f.missile = undefined;
    if (outcome.friend && friend >= 0) {
      const t = this.fighters[friend]!;
      t.c = reshaped(outcome.friend.combatant, t.c);
      this.checkDown(friend, i, out);
    }
    if (this.isDown(f)) this.checkDown(i, i, out);
    return { option: chosen, friend: outcome.friend ? friend : -1 };
  }

  /** Marks fighter `j` out of the fight once down, felled by `by`. */
  protected checkDown(j: number, by: number, out: FightResult): void {
    const t = this.fighters[j]!;
    if (!this.isDown(t) || this.arena.fighters[j]!.out) return;
    this.arena.fighters[j]!.out = true;
    out.down[j] = 1;
    out.downedBy[j] = by;
    if (t.c.states.dead === true || fightCondition(t.c, this.options.zeroPv) === 'dead') out.dead[j] = 1;
  }
}
