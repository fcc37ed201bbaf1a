import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import type { AttackResult } from './attack';
import { applyChange, type Applied } from './damage';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { rollCharacteristic, type PercentRoll } from './resolution';
import { rollResistance, type ResistanceRoll } from './resistance';
import type { FantasiaCombatant, FantasiaWeapon } from './types';

function heldWeapon(c: FantasiaCombatant): FantasiaWeapon | undefined {
  return c.weapons?.find((w) => w.ready && w.kind !== 'unarmed' && c.states.disarmed?.weaponId !== w.id);
}

function needEntangled(attacker: FantasiaCombatant, victim: FantasiaCombatant): void {
  const bound = victim.states.entangled?.by === attacker.id || victim.states.weaponBound !== undefined;
  if (!bound) throw new RulesError('PDA.Error.NotEntangled', { name: victim.name, rule: 'F-W2' });
}

/** F-W2: trip the entangled foe, FOR (attacker) vs TAI (victim) on the resistance table. */
export function whipTrip(
  attacker: FantasiaCombatant,
  victim: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { victim: Applied; roll: ResistanceRoll } {
  needEntangled(attacker, victim);
  const roll = rollResistance(
    attacker.characteristics.FOR,
    victim.characteristics.TAI,
    dice,
    'F-W2',
    options,
  );
  return { victim: applyChange(victim, 0, roll.success ? { fallen: true } : {}, roll.rule), roll };
}

/** F-W2 (and Désarmement, F-B7): disarm the entangled foe with d100 ≤ DEX×3. */
export function whipDisarm(
  attacker: FantasiaCombatant,
  victim: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { victim: Applied; roll: PercentRoll } {
  needEntangled(attacker, victim);
  const roll = rollCharacteristic(attacker.characteristics.DEX, 3, dice, 'F-W2', [], options);
  const weapon = heldWeapon(victim);
  const patch = roll.success && weapon ? { disarmed: { weaponId: weapon.id } } : {};
  return { victim: applyChange(victim, 0, patch, roll.rule), roll };
}

/** F-W2: on a critical whip hit the attacker picks trip or disarm, no roll. */
export function whipCriticalEffect(
  attack: AttackResult,
  victim: FantasiaCombatant,
  effect: 'trip' | 'disarm',
): Applied {
  if (attack.weapon.kind !== 'whip' || !attack.critical) {
    throw new RulesError('PDA.Error.NeedCriticalWhip', { rule: 'F-W2' });
  }
  if (effect === 'trip') return applyChange(victim, 0, { fallen: true }, ['F-W2', 'F-H5']);
  const weapon = heldWeapon(victim);
  return applyChange(victim, 0, weapon ? { disarmed: { weaponId: weapon.id } } : {}, ['F-W2', 'F-H5']);
}

/**
 * F-W2: the entangled victim pulls, FOR vs FOR: a win frees it and tears the whip from the
 * attacker's hand; a critical also throws the attacker down.
 */
export function whipPull(
  victim: FantasiaCombatant,
  attacker: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { victim: Applied; attacker: Applied; roll: ResistanceRoll } {
  const tangle = victim.states.entangled;
  if (!tangle || tangle.by !== attacker.id)
    throw new RulesError('PDA.Error.NotEntangled', { name: victim.name, rule: 'F-W2' });
  const roll = rollResistance(
    victim.characteristics.FOR,
    attacker.characteristics.FOR,
    dice,
    'F-W2',
    options,
  );
  if (!roll.success) {
    return {
      victim: applyChange(victim, 0, {}, roll.rule),
      attacker: applyChange(attacker, 0, {}, roll.rule),
      roll,
    };
  }
  const attackerPatch =
    roll.outcome === 'critical'
      ? { disarmed: { weaponId: tangle.weaponId }, fallen: true }
      : { disarmed: { weaponId: tangle.weaponId } };
  return {
    victim: applyChange(victim, 0, { entangled: undefined }, roll.rule),
    attacker: applyChange(attacker, 0, attackerPatch, roll.rule),
    roll,
  };
}

/** F-W2: the entangled victim slips free, DEX vs the attacker's FOR. */
export function whipSlip(
  victim: FantasiaCombatant,
  attacker: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { victim: Applied; roll: ResistanceRoll } {
  if (victim.states.entangled?.by !== attacker.id) {
    throw new RulesError('PDA.Error.NotEntangled', { name: victim.name, rule: 'F-W2' });
  }
  const roll = rollResistance(
    victim.characteristics.DEX,
    attacker.characteristics.FOR,
    dice,
    'F-W2',
    options,
  );
  return { victim: applyChange(victim, 0, roll.success ? { entangled: undefined } : {}, roll.rule), roll };
}
