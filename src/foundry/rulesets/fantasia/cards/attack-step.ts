import { RulesError } from '../../../../engine/core/errors';
import type { Dice } from '../../../../engine/dice/port';
import { resolveAttack, type AttackInput } from '../../../../engine/fantasia/attack';
import { fumbleOptions } from '../../../../engine/fantasia/fumbles';
import type { FantasiaOptions } from '../../../../engine/fantasia/options';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { type AttackIntent, type FantasiaAttackState, optionsSource, STEP, storable } from './attack-state';

// ---------------------------------------------------------------------------------- the steps

export interface AttackRequest {
  readonly attacker: FantasiaCombatant;
  readonly defender: FantasiaCombatant;
  readonly weaponId: string;
  readonly intent: AttackIntent;
  readonly memory: readonly string[];
  readonly attackerDodging?: boolean;
  /** A missile or thrown weapon already used this round (F-R9). */
  readonly missileUsed?: boolean;
}

/** The engine's attack input for a request (refuses an unknown weapon). */
function attackInput(req: AttackRequest): AttackInput {
  const weapon = req.attacker.weapons?.find((w) => w.id === req.weaponId);
  if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: req.weaponId });
  if (req.intent.whip && weapon.kind !== 'whip')
    throw new RulesError('PDA.Error.CardNotAWhip', { weapon: weapon.name });
  return {
    attacker: req.attacker,
    defender: req.defender,
    weapon,
    cover: req.intent.cover,
    ...(req.intent.thrustId ? { thrust: { thrustId: req.intent.thrustId } } : {}),
    memory: req.memory,
    knockOut: req.intent.knockOut,
    ...(req.attackerDodging ? { attackerDodging: true } : {}),
    ...(req.missileUsed ? { missileUsed: true } : {}),
    ...(req.intent.assisted ? { assisted: true } : {}),
  };
}

export interface OpenedAttack {
  readonly step: string;
  readonly state: FantasiaAttackState;
  readonly attackerAfter?: FantasiaCombatant;
}

/** The first step, run on the attacker's client: the attack roll. RulesError before any die. */
export function openAttack(
  req: AttackRequest,
  dice: Dice,
  options: FantasiaOptions = optionsSource(),
): OpenedAttack {
  const input = attackInput(req);
  const attack = resolveAttack(input, dice, options);
  const base: FantasiaAttackState = {
    attackerName: req.attacker.name,
    intent: req.intent,
    attack: storable(attack),
    defence: null,
    damage: null,
    whip: null,
    applied: null,
    undone: 0,
    fumble: null,
    mishap: null,
    thrustPlaced: false,
    escapes: [],
  };
  const after = attack.attackerAfter ? { attackerAfter: attack.attackerAfter } : {};
  if (attack.fumble && fumbleOptions(attack).length) return { step: STEP.fumble, state: base, ...after };
  if (attack.firearmMishap) return { step: STEP.mishap, state: base, ...after };
  if (!attack.hit) return { step: STEP.done, state: base, ...after };
  // A critical thrust (F-B4) still goes to the defence step, where the engine refuses parry and
  // dodge with the reason shown on the card; only "no defence" remains.
  return { step: STEP.defence, state: base, ...after };
}
