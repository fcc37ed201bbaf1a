import { RulesError } from '../../core/errors';
import type { Dice } from '../../dice/port';
import { resolveAttack, type AttackInput } from '../attack';
import type { ThrustContext } from '../bottes';
import type { DeclaredBlow } from '../declared';
import { fumbleOptions } from '../fumbles';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../options';
import type { FantasiaCombatant } from '../types';
import { STEP, storable, type AttackIntent, type FantasiaAttackState } from './state';

export interface AttackRequest {
  readonly attacker: FantasiaCombatant;
  readonly defender: FantasiaCombatant;
  readonly weaponId: string;
  readonly intent: AttackIntent;
  readonly memory: readonly string[];
  readonly attackerDodging?: boolean;
  /** A missile or thrown weapon already used this round (F-R9). */
  readonly missileUsed?: boolean;
  /** In the passes, no attack was declared this round (F-R5). */
  readonly undeclared?: boolean;
  /** The pass the round is in (F-R6..F-R9) and the blows declared for it (F-R5). */
  readonly pass?: number;
  readonly declaredBlows?: readonly DeclaredBlow[];
  /** What the documents and the round know, and what the GM answered (F-B7 conditions). */
  readonly context?: ThrustContext;
  /** Metres from the attacker's token to the target's, elevation included, when both are placed (F-M4). */
  readonly distance?: number;
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
    ...(req.intent.thrustId
      ? { thrust: { thrustId: req.intent.thrustId, ...(req.context ? { context: req.context } : {}) } }
      : {}),
    memory: req.memory,
    knockOut: req.intent.knockOut,
    ...(req.attackerDodging ? { attackerDodging: true } : {}),
    ...(req.missileUsed ? { missileUsed: true } : {}),
    ...(req.undeclared ? { undeclared: true } : {}),
    ...(req.pass !== undefined ? { pass: req.pass } : {}),
    ...(req.declaredBlows ? { declaredBlows: req.declaredBlows } : {}),
    ...(req.intent.assisted ? { assisted: true } : {}),
    ...(req.distance !== undefined ? { distance: req.distance } : {}),
  };
}

export interface OpenedAttack {
  readonly step: string;
  readonly state: FantasiaAttackState;
  readonly attackerAfter?: FantasiaCombatant;
}

/**
 * The exchange's first step: the attack roll (F-H1, F-D5, F-B2/F-B3). RulesError before any die.
 * A fumble goes to the GM's fumble choice, a missed arquebus to its Chance roll, a hit to the
 * defence (where a critical thrust, F-B4, leaves only "no defence").
 */
export function openAttack(
  req: AttackRequest,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): OpenedAttack {
  const attack = resolveAttack(attackInput(req), dice, options);
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
  return { step: STEP.defence, state: base, ...after };
}
