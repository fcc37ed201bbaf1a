import type { Dice } from '../../dice/port';
import {
  availableDefences,
  NO_DEFENCE,
  resolveAttack,
  resolveDefence,
  type AttackInput,
  type AttackResult,
  type DefenceDeclaration,
  type DefenceOption,
  type DefenceResult,
} from '../attack';
import { recordThrustSuccess, rememberThrust, type FightMemory } from '../bottes';
import { applyDamage, rollDamage, type CombatantDiff, type DamageResult } from '../damage';
import { fumbleOptions, type FumbleOption } from '../fumbles';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from '../options';
import type { FantasiaCombatant, RuleId } from '../types';

/**
 * After the damage step: a thrust that landed (hit and not defended) is remembered against this
 * foe (F-B5) and earns crosses, two on a critical (F-B6).
 */
export function afterThrust(
  attack: AttackResult,
  defence: DefenceResult,
  attacker: FantasiaCombatant,
  memory: FightMemory,
): { attacker: FantasiaCombatant; memory: FightMemory; placed: boolean } {
  const thrust = attack.thrust;
  if (!thrust || !attack.hit || defence.success) return { attacker, memory, placed: false };
  return {
    attacker: recordThrustSuccess(attacker, thrust.thrust.id, attack.critical),
    memory: rememberThrust(memory, attack.attackerId, attack.defenderId, thrust.thrust.id),
    placed: true,
  };
}

export type DefenceChoice = 'parry' | 'dodge' | 'none' | 'best';

export interface ExchangeInput extends AttackInput {
  readonly declaration?: DefenceDeclaration;
  readonly defenceChoice?: DefenceChoice;
}

export interface ExchangeResult {
  readonly attack: AttackResult;
  readonly defences: readonly DefenceOption[];
  readonly defence: DefenceResult;
  readonly damage?: DamageResult;
  readonly attacker: FantasiaCombatant;
  readonly defender: FantasiaCombatant;
  readonly diff?: CombatantDiff;
  readonly memory: FightMemory;
  readonly fumbles: readonly FumbleOption[];
  readonly rule: readonly RuleId[];
}

/** The three lists one after the other (a loop: concat and spreads are slower on every exchange). */
function joined(a: readonly RuleId[], b: readonly RuleId[], c: readonly RuleId[]): RuleId[] {
  const all = a.slice();
  for (let k = 0; k < b.length; k++) all.push(b[k]!);
  for (let k = 0; k < c.length; k++) all.push(c[k]!);
  return all;
}

function pickDefence(options: readonly DefenceOption[], choice: DefenceChoice): DefenceOption | undefined {
  if (choice === 'none') return undefined;
  if (choice === 'best') {
    // The allowed option with the highest total, the first listed on a tie.
    let best: DefenceOption | undefined;
    let bestTotal = -Infinity;
    for (let k = 0; k < options.length; k++) {
      const o = options[k]!;
      if (!o.allowed || o.autoFail) continue;
      let t = o.base;
      for (let m = 0; m < o.modifiers.length; m++) t += o.modifiers[m]!.value;
      if (t > bestTotal) {
        best = o;
        bestTotal = t;
      }
    }
    return best;
  }
  return options.find((o) => o.kind === choice);
}

/**
 * The whole pipeline in one call (simulations, bench, property tests): attack → defence →
 * damage → apply, plus thrust bookkeeping and the fumble options. Cards drive the steps one by one.
 */
export function resolveExchange(
  input: ExchangeInput,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): ExchangeResult {
  const attack = resolveAttack(input, dice, options);
  const attacker0 = attack.attackerAfter ?? input.attacker;
  const memory0 = input.memory ?? [];
  if (!attack.hit) {
    return {
      attack,
      defences: [],
      defence: NO_DEFENCE,
      attacker: attacker0,
      defender: input.defender,
      memory: memory0,
      fumbles: fumbleOptions(attack),
      rule: attack.rule,
    };
  }
  const defences = availableDefences(attack, input.defender, input.declaration);
  const option = pickDefence(defences, input.defenceChoice ?? 'best');
  const defence = option ? resolveDefence(attack, option, dice, options) : NO_DEFENCE;
  const damage = rollDamage(attack, input.attacker, input.defender, defence, dice, options);
  const applied = applyDamage(input.defender, damage);
  const after = afterThrust(attack, defence, attacker0, memory0);
  return {
    attack,
    defences,
    defence,
    damage,
    attacker: after.attacker,
    defender: applied.combatant,
    diff: applied.diff,
    memory: after.memory,
    fumbles: [],
    rule: joined(attack.rule, defence.rule, damage.rule),
  };
}
