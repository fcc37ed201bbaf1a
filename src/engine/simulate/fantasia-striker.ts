import type { Dice } from '../dice/port';
import type { AttackResult, DefenceOption } from '../fantasia/attack';
import { diceOnly, parseFormula } from '../dice/formula';
import { skillValue } from '../fantasia/skills';
import type { FantasiaCombatant, FantasiaWeapon } from '../fantasia/types';
import type { FantasiaStates } from '../fantasia/types';
import { addsDamageBonus, isRanged } from '../fantasia/weapons';
import { meanOf, plainDice } from './arena';

export { plainDice, rollTotal } from './arena';
import type { Striker } from './fantasia-runtime';

// What the Fantasia simulator's own steps read once of a weapon and a defence (Striker, the best
// defence), and their dice: plain totals and the preset d100 handed to the engine after a fumble.

/** The allowed defence with the best chance, as resolveExchange's 'best' choice picks it. */
export function bestDefence(options: readonly DefenceOption[]): DefenceOption | undefined {
  let best: DefenceOption | undefined;
  let bestTotal = -Infinity;
  for (const o of options) {
    if (!o.allowed || o.autoFail) continue;
    let total = o.base;
    for (const m of o.modifiers) total += m.value;
    if (total > bestTotal) {
      best = o;
      bestTotal = total;
    }
  }
  return best;
}

/**
 * Two states alike in all that availableDefences and FantasiaFight.parryWith read of them: out
 * of the fight (F-U4), held (F-U3), reloading (F-W5), the parrying weapons' state (F-D2, F-B7).
 */
export function sameForDefence(a: FantasiaStates | undefined, b: FantasiaStates): boolean {
  return (
    a !== undefined &&
    a.dead === b.dead &&
    a.unconscious === b.unconscious &&
    a.immobilised === b.immobilised &&
    a.strangled === b.strangled &&
    a.reloading === b.reloading &&
    a.weaponBroken === b.weaponBroken &&
    a.disarmed === b.disarmed &&
    a.weaponBound === b.weaponBound
  );
}

/**
 * Dice that hand out one die already rolled, then the stream's own: the engine's attack made
 * after the simulator's own d100 (a fumble's options need the engine's AttackResult).
 */
export class PresetDice implements Dice {
  private inner: Dice | undefined;
  private faces = 0;
  private value = 0;

  arm(inner: Dice, faces: number, value: number): this {
    this.inner = inner;
    this.faces = faces;
    this.value = value;
    return this;
  }

  die(faces: number): number {
    if (this.faces === 0) return this.inner!.die(faces);
    if (faces !== this.faces) throw new Error(`PresetDice: d${faces} asked for, d${this.faces} rolled`);
    this.faces = 0;
    return this.value;
  }

  /** The preset die was used. */
  check(): void {
    if (this.faces !== 0) throw new Error('PresetDice: the die rolled was not used');
    this.inner = undefined;
  }
}

/** Bare hands, for a fighter with no unarmed weapon of its own (Bagarre, F-U1). */
export const BARE_HANDS: FantasiaWeapon = {
  id: 'bagarre',
  name: 'Bagarre',
  type: 'bagarre',
  skill: 'bagarre',
  damage: '1d3',
  hands: 1,
  kind: 'unarmed',
  blunt: true,
  range: 0,
  canParry: false,
  reload: 'none',
  ready: true,
  loaded: true,
};

/**
 * What availableDefences reads of an attack with no secret thrust: whether it is a missile
 * (F-D3). The defences a fighter takes are worked out once against these two.
 */
export function plainAttack(ranged: boolean): AttackResult {
  return {
    attackerId: '',
    defenderId: '',
    weapon: BARE_HANDS, // not read: availableDefences reads thrust, critical and ranged
    roll: { base: 0, modifiers: [], target: 0, roll: 50, outcome: 'success', success: true, rule: [] },
    hit: true,
    critical: false,
    fumble: false,
    ranged,
    knockOut: false,
    firearmMishap: false,
    rule: [],
  };
}

export const MELEE_ATTACK = plainAttack(false);

export const RANGED_ATTACK = plainAttack(true);

export function average(weapon: FantasiaWeapon, c: FantasiaCombatant): number {
  const bonus = isRanged(weapon) ? 0 : meanOf(c.damageBonus);
  return Math.max(0, meanOf(weapon.damage) + bonus);
}

export function expected(c: FantasiaCombatant, w: FantasiaWeapon): number {
  return (Math.min(95, skillValue(c, w.skill)) / 100) * average(w, c);
}

/** What the simulator's own steps need of a weapon in these hands (see Striker). */
export function striker(c: FantasiaCombatant, weapon: FantasiaWeapon): Striker {
  const damage = parseFormula(weapon.damage);
  const bonus = c.damageBonus !== '' && addsDamageBonus(weapon) ? parseFormula(c.damageBonus) : undefined;
  return {
    weapon,
    skill: skillValue(c, weapon.skill),
    ranged: isRanged(weapon),
    damage,
    extra: diceOnly(damage),
    bonus,
    fast:
      weapon.kind !== 'whip' &&
      (weapon.minFOR === undefined || c.characteristics.FOR >= weapon.minFOR) &&
      plainDice(damage) &&
      (bonus === undefined || plainDice(bonus)),
    // fumbleOptions' last case: neither a firearm, bare hands, a bow, a crossbow nor a missile.
    meleeFumble: weapon.kind === 'melee' && weapon.reload !== 'bow' && weapon.reload !== 'crossbow',
  };
}

/** Weapons start drawn and loaded (encounter option `drawn`, default true). */
export function prepared(c: FantasiaCombatant, drawn: boolean): FantasiaCombatant {
  if (!drawn) return c;
  return { ...c, weapons: (c.weapons ?? []).map((w) => ({ ...w, ready: true, loaded: true })) };
}
