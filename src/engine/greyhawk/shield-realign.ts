import { RulesError } from '../core/errors';
import type { Budgets } from '../round/types';
import type { GreyhawkConditionState } from './conditions';
import { offLineRecovery } from './manoeuvres';

/*
 * G-D3: a fighter whose shield was knocked aside may spend one of this round's attacks to bring
 * it back in line at once (its AC point returns); with no attack left it waits for the round's
 * end. Outside a combat round nothing is counted.
 */

/** The round's attack pool a realignment spends (the Greyhawk round's budget name). */
export const ATTACK_POOL = 'attacks';

export interface ShieldRealigned {
  /** The fighter's conditions afterwards (the shield back in line). */
  readonly conditions: Partial<GreyhawkConditionState>;
  /** The fighter's budgets afterwards, one attack more used; undefined outside a round. */
  readonly budgets?: Budgets;
}

/** Refuses a shield not knocked aside, or a round with no attack left. */
export function realignShield(
  name: string,
  conditions: Partial<GreyhawkConditionState>,
  budgets: Budgets | undefined,
): ShieldRealigned {
  if (conditions.shieldOffLine !== true) throw new RulesError('PDA.Greyhawk.Realign.NotOffLine', { name });
  const after = { ...conditions, shieldOffLine: false };
  const attacks = budgets?.[ATTACK_POOL];
  if (!budgets || !attacks) return { conditions: after };
  if (attacks.max - attacks.used <= 0) throw new RulesError('PDA.Greyhawk.Realign.NoAttack', { name });
  return {
    conditions: after,
    budgets: { ...budgets, [ATTACK_POOL]: { ...attacks, used: attacks.used + 1 } },
  };
}

/**
 * G-D2: a two-handed weapon knocked off line is realigned with one of this round's attacks
 * (offLineRecovery); with none left it cannot be now, and the next round's initiative pays for it
 * (conditionsAtRoundStart). Outside a combat round nothing is counted.
 */
export function realignWeapon(
  name: string,
  conditions: Partial<GreyhawkConditionState>,
  budgets: Budgets | undefined,
): ShieldRealigned {
  if (conditions.offLine !== true) throw new RulesError('PDA.Greyhawk.Realign.WeaponNotOffLine', { name });
  const after = { ...conditions, offLine: false };
  const attacks = budgets?.[ATTACK_POOL];
  if (!budgets || !attacks) return { conditions: after };
  const recovery = offLineRecovery(attacks.max - attacks.used, 'realign');
  if (recovery.losesNextInitiative) throw new RulesError('PDA.Greyhawk.Realign.WeaponNoAttack', { name });
  return {
    conditions: after,
    budgets: { ...budgets, [ATTACK_POOL]: { ...attacks, used: attacks.used + recovery.attacksUsed } },
  };
}
