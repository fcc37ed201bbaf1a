import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { roll as rollFormula } from '../dice/formula';
import type { AttackResult } from './attack';
import { applyChange, type Applied } from './damage';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { rollResistance, type ResistanceRoll } from './resistance';
import type { FantasiaCombatant, RuleId } from './types';

function needLutteHit(attack: AttackResult, victim: FantasiaCombatant): void {
  if (attack.weapon.skill !== 'lutte') throw new RulesError('PDA.Error.NeedLutte', { rule: 'F-U3' });
  if (!attack.hit) throw new RulesError('PDA.Error.NoHit', { rule: 'F-U3' });
  if (attack.defenderId !== victim.id) {
    throw new RulesError('PDA.Error.WrongCombatant', { expected: attack.defenderId, got: victim.id });
  }
}

/** F-U3: a plain Lutte success throws the foe to the ground. */
export function lutteThrow(attack: AttackResult, victim: FantasiaCombatant): Applied {
  needLutteHit(attack, victim);
  return applyChange(victim, 0, { fallen: true }, ['F-U3']);
}

/** F-U3: after a Lutte hit, a strangle hold; the victim may try FOR vs FOR each round (breakFree). */
export function lutteStrangle(attack: AttackResult, victim: FantasiaCombatant): Applied {
  needLutteHit(attack, victim);
  return applyChange(victim, 0, { strangled: { by: attack.attackerId } }, ['F-U3']);
}

/**
 * F-U3: immobilise with FOR vs FOR on the resistance table, rolled again each round the hold is
 * kept: a win holds the victim (no attack, parry, dodge or move), a loss lets it go.
 */
export function lutteHold(
  holder: FantasiaCombatant,
  victim: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { victim: Applied; roll: ResistanceRoll } {
  const roll = rollResistance(holder.characteristics.FOR, victim.characteristics.FOR, dice, 'F-U3', options);
  const patch = roll.success ? { immobilised: { by: holder.id } } : { immobilised: undefined };
  return { victim: applyChange(victim, 0, patch, roll.rule), roll };
}

/** F-U3: the strangled (or held) victim tries FOR vs FOR against the holder to break free. */
export function breakFree(
  victim: FantasiaCombatant,
  holder: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): { victim: Applied; roll: ResistanceRoll } {
  const held = victim.states.strangled?.by === holder.id || victim.states.immobilised?.by === holder.id;
  if (!held) throw new RulesError('PDA.Error.NotHeld', { name: victim.name, rule: 'F-U3' });
  const roll = rollResistance(victim.characteristics.FOR, holder.characteristics.FOR, dice, 'F-U3', options);
  const patch = roll.success ? { strangled: undefined, immobilised: undefined } : {};
  return { victim: applyChange(victim, 0, patch, roll.rule), roll };
}

/** F-U2, F-U3: the Lutte dice, dealt each round of a strangle hold as asphyxia. */
export const LUTTE_ASPHYXIA = '2d3';

/** One round of a strangle hold: the Lutte dice as asphyxia, plus Étranglement's extra dice. */
export interface StrangleRound {
  readonly victim: Applied;
  /** Total lost: asphyxia + extra. */
  readonly damage: number;
  /** The Lutte dice (2d3). */
  readonly asphyxia: number;
  /** Étranglement's extra damage (1d3, F-B7); 0 for a plain Lutte hold. */
  readonly extra: number;
}

/**
 * F-U3: a round of strangling deals the Lutte dice (2d3) as asphyxia: armour does not stop it and
 * no damage bonus is added. A hold set by Étranglement (F-B7) adds its extra 1d3.
 */
export function strangleRound(victim: FantasiaCombatant, dice: Dice): StrangleRound {
  const s = victim.states.strangled;
  if (!s) throw new RulesError('PDA.Error.NotHeld', { name: victim.name, rule: 'F-U3' });
  const rule: RuleId[] = s.extraDamage ? ['F-U3', 'F-B7'] : ['F-U3'];
  const asphyxia = Math.max(0, rollFormula(LUTTE_ASPHYXIA, dice).total);
  const extra = s.extraDamage ? Math.max(0, rollFormula(s.extraDamage, dice).total) : 0;
  const damage = asphyxia + extra;
  return { victim: applyChange(victim, damage, {}, rule), damage, asphyxia, extra };
}
