import { availableDefences, type AttackResult, type DefenceOption } from '../fantasia/attack';
import type { FantasiaCombatant } from '../fantasia/types';
import { FantasiaFightFumbles } from './fantasia-fumbles';
import type { DefenceSet, Runtime } from './fantasia-runtime';
import { bestDefence, sameForDefence } from './fantasia-striker';

/**
 * A Fantasia fight's defences: which defence a fighter takes against a blow (the defence card's
 * choices, then the best), kept per states and weapons, and the weapon it parries with.
 */
export class FantasiaFightDefences extends FantasiaFightFumbles {
  /** The defence `t` takes against `attack` (availableDefences, then the best), kept while its states stay. */
  protected defenceOf(
    t: Runtime,
    defender: FantasiaCombatant,
    attack: AttackResult,
  ): DefenceOption | undefined {
    // The defence kept for these states and weapons (the usual case), else worked out.
    if (
      defender === t.c &&
      t.defencesFor === defender.states &&
      t.defencesWith === defender.weapons &&
      attack.thrust === undefined
    ) {
      const k = (attack.ranged ? 8 : 0) + (t.dodging ? 4 : 0) + (t.attacking ? 2 : 0) + (t.parried ? 1 : 0);
      const known = t.defences[k];
      if (known !== undefined) {
        t.defenceTarget = t.defenceTargets[k]!;
        return known ?? undefined;
      }
    }
    return this.defenceFound(t, defender, attack);
  }

  /** defenceOf's defence worked out (availableDefences, then the best), and kept when it can be. */
  private defenceFound(
    t: Runtime,
    defender: FantasiaCombatant,
    attack: AttackResult,
  ): DefenceOption | undefined {
    const cacheable = defender === t.c && attack.thrust === undefined;
    const k = (attack.ranged ? 8 : 0) + (t.dodging ? 4 : 0) + (t.attacking ? 2 : 0) + (t.parried ? 1 : 0);
    if (cacheable) {
      if (t.defencesFor !== defender.states || t.defencesWith !== defender.weapons) {
        // New states that differ in nothing the defences read (a lost balance, a fall) keep them.
        if (t.defencesWith !== defender.weapons || !sameForDefence(t.defencesFor, defender.states)) {
          // The table kept for states and weapons alike (the fight's start's, the next fight),
          // else a new one.
          let set: DefenceSet | undefined;
          for (const x of t.defenceSets)
            if (x.weapons === defender.weapons && sameForDefence(x.states, defender.states)) {
              set = x;
              break;
            }
          if (!set) {
            set = {
              states: defender.states,
              weapons: defender.weapons,
              defences: [],
              targets: new Float64Array(16),
            };
            if (t.defenceSets.length < 16) t.defenceSets.push(set);
          }
          t.defences = set.defences;
          t.defenceTargets = set.targets;
        }
        t.defencesFor = defender.states;
        t.defencesWith = defender.weapons;
      }
      const known = t.defences[k];
      if (known !== undefined) {
        t.defenceTarget = t.defenceTargets[k]!;
        return known ?? undefined;
      }
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
    // Its percentage (base and modifiers), what fastStrike's d100 is rolled against.
    let target = 0;
    if (picked) {
      target = picked.base;
      const mods = picked.modifiers;
      for (let m = 0; m < mods.length; m++) target += mods[m]!.value;
    }
    t.defenceTarget = target;
    if (cacheable) {
      t.defences[k] = picked ?? null;
      t.defenceTargets[k] = target;
    }
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
}
