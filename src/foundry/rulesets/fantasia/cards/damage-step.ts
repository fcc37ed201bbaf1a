import { canonical } from '../../../../engine/core/canonical';
import { RulesError } from '../../../../engine/core/errors';
import type { Dice } from '../../../../engine/dice/port';
import { type AttackResult, type DefenceResult } from '../../../../engine/fantasia/attack';
import { applyChange, rollDamage, undoDiff, type CombatantDiff } from '../../../../engine/fantasia/damage';
import type { FantasiaOptions } from '../../../../engine/fantasia/options';
import type { FantasiaCombatant, FantasiaStates } from '../../../../engine/fantasia/types';
import { lutteHold, lutteStrangle, lutteThrow } from '../../../../engine/fantasia/unarmed';
import { whipCriticalEffect, whipDisarm, whipTrip } from '../../../../engine/fantasia/whip';
import { withStates } from '../../../../engine/fantasia/weapons';
import type { FlowEnv, FlowResult } from '../../../chat/flow';
import { combatantUpdate } from './actor-writes';
import {
  type Card,
  type FantasiaAttackState,
  type HoldOutcome,
  type LutteHold,
  need,
  STEP,
  target,
  type WhipOutcome,
} from './attack-state';

/** Damage of a hit that was not stopped, plus the whip's effect (F-W2). */
export function land(
  state: FantasiaAttackState,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  defence: DefenceResult,
  withName: string,
  dice: Dice,
  options: FantasiaOptions,
): { step: string; state: FantasiaAttackState } {
  const attack = state.attack;
  const holdKind = attack.weapon.skill === 'lutte' ? (state.intent.lutte ?? '') : '';
  if (holdKind && !defence.success) {
    // F-U3: the Lutte hit takes the hold instead of dealing its 2d3 (ruling).
    const hold = holdOutcome(holdKind, attack, attacker, defender, dice, options);
    return {
      step: STEP.damage,
      state: { ...state, defence: { ...defence, withName }, damage: null, hold },
    };
  }
  const damage = rollDamage(attack, attacker, defender, defence, dice, options);
  let whip: WhipOutcome | null = null;
  if (attack.weapon.kind === 'whip' && !defence.success) {
    whip = whipOutcome(state, attacker, defender, dice, options);
  }
  const stopped = defence.success && damage.parts.length === 0;
  return {
    step: stopped ? STEP.done : STEP.damage,
    state: { ...state, defence: { ...defence, withName }, damage, whip },
  };
}

/** F-U3: throw down and strangle land on the hit; immobilise needs FOR vs FOR at once. */
function holdOutcome(
  kind: Exclude<LutteHold, ''>,
  attack: AttackResult,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions,
): HoldOutcome {
  if (kind === 'throw') {
    const applied = lutteThrow(attack, defender);
    return { kind, roll: null, success: true, patch: patchOf(defender, applied.combatant) };
  }
  if (kind === 'strangle') {
    const applied = lutteStrangle(attack, defender);
    return { kind, roll: null, success: true, patch: patchOf(defender, applied.combatant) };
  }
  const r = lutteHold(attacker, defender, dice, options);
  return { kind, roll: r.roll, success: r.roll.success, patch: patchOf(defender, r.victim.combatant) };
}

/** F-W2: the lash wraps the foe; trip (FOR vs TAI) or disarm (DEX×3), no roll on a critical. */
function whipOutcome(
  state: FantasiaAttackState,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  dice: Dice,
  options: FantasiaOptions,
): WhipOutcome {
  const attack = state.attack;
  const entangled = { entangled: { by: attacker.id, weaponId: attack.weapon.id } };
  const wrapped = withStates(defender, entangled);
  const effect = state.intent.whip;
  if (!effect) return { effect: 'trip', percent: null, resistance: null, success: false, patch: entangled };
  if (attack.critical) {
    const applied = whipCriticalEffect(attack, wrapped, effect);
    return {
      effect,
      percent: null,
      resistance: null,
      success: true,
      patch: patchOf(defender, applied.combatant),
    };
  }
  if (effect === 'trip') {
    const r = whipTrip(attacker, wrapped, dice, options);
    return {
      effect,
      percent: null,
      resistance: r.roll,
      success: r.roll.success,
      patch: patchOf(defender, r.victim.combatant),
    };
  }
  const r = whipDisarm(attacker, wrapped, dice, options);
  return {
    effect,
    percent: r.roll,
    resistance: null,
    success: r.roll.success,
    patch: patchOf(defender, r.victim.combatant),
  };
}

/** The states that differ between two views of a combatant. */
function patchOf(before: FantasiaCombatant, after: FantasiaCombatant): Partial<FantasiaStates> {
  const patch: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before.states), ...Object.keys(after.states)]);
  for (const k of keys) {
    const a = (before.states as Record<string, unknown>)[k];
    const b = (after.states as Record<string, unknown>)[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) patch[k] = b;
  }
  return patch as Partial<FantasiaStates>;
}

export async function performApply(card: Card, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const damage = card.state.damage;
  const hold = card.state.hold;
  if ((!damage && !hold) || card.state.applied) throw new RulesError('PDA.Error.CardAlreadyApplied');
  const defender = need(env, t?.actorUuid, t?.name ?? '');
  const patch = { ...(damage?.states ?? {}), ...(card.state.whip?.patch ?? {}), ...(hold?.patch ?? {}) };
  const applied = applyChange(defender, damage?.total ?? 0, patch, damage?.rule ?? ['F-U3']);
  return {
    step: STEP.applied,
    state: { ...card.state, applied: applied.diff },
    writes: [{ uuid: t?.actorUuid ?? '', update: combatantUpdate(applied.diff.after) }],
  };
}

/** Same PV and states, whatever the key order of the stored states. */
function sameChange(c: FantasiaCombatant, side: CombatantDiff['after']): boolean {
  return c.pv.value === side.pv.value && canonical(c.states) === canonical(side.states);
}

export async function performUndo(card: Card, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const diff = card.state.applied;
  if (!diff) throw new RulesError('PDA.Error.CardNothingToUndo');
  let defender = need(env, t?.actorUuid, t?.name ?? '');
  // Offers taken after the damage are undone first, newest first, then the damage itself. The
  // actor's states may come back in another key order, so the check ignores key order.
  for (const taken of [...(card.state.offersTaken ?? [])].reverse()) {
    if (!sameChange(defender, taken.diff.after))
      throw new RulesError('PDA.Error.UndoStale', { name: defender.name });
    defender = { ...defender, pv: taken.diff.before.pv, states: taken.diff.before.states };
  }
  if (sameChange(defender, diff.after)) defender = { ...defender, states: diff.after.states };
  const restored = undoDiff(defender, diff);
  return {
    step: STEP.damage,
    state: { ...card.state, applied: null, offersTaken: [], undone: card.state.undone + 1 },
    writes: [
      { uuid: t?.actorUuid ?? '', update: combatantUpdate({ pv: restored.pv, states: restored.states }) },
    ],
  };
}
