import { canonical } from '../../../../engine/core/canonical';
import { RulesError } from '../../../../engine/core/errors';
import type { Dice } from '../../../../engine/dice/port';
import { type AttackResult, type DefenceResult } from '../../../../engine/fantasia/attack';
import { applyChange, rollDamage, undoDiff } from '../../../../engine/fantasia/damage';
import type { FantasiaOptions } from '../../../../engine/fantasia/options';
import type { FantasiaCombatant, FantasiaStates } from '../../../../engine/fantasia/types';
import { lutteHold, lutteStrangle, lutteThrow } from '../../../../engine/fantasia/unarmed';
import { whipCriticalEffect, whipDisarm, whipTrip } from '../../../../engine/fantasia/whip';
import { withStates } from '../../../../engine/fantasia/weapons';
import type { FlowEnv, FlowResult, Text } from '../../../chat/flow';
import { ensureUnchanged } from '../../../security/undo';
import { combatantWrite } from './actor-writes';
import {
  type Card,
  type FantasiaAttackState,
  type HoldOutcome,
  type LutteHold,
  need,
  STEP,
  target,
  tryCombatant,
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
    writes: [combatantWrite(t?.actorUuid ?? '', applied.diff.before, applied.diff.after)],
  };
}

/** PV and states as undo compares them (states whatever their key order). */
function undoView(c: Pick<FantasiaCombatant, 'pv' | 'states'>): Record<string, unknown> {
  return { pv: { value: c.pv.value }, states: canonical(c.states) };
}

/**
 * The defender as the undo restores it: the offers taken after the damage are undone first,
 * newest first, then the damage. Each step refuses (PDA.Chat.Undo.TargetChanged) when the
 * defender no longer holds what it wrote: later damage, a healed wound, a state set elsewhere.
 */
function undoRestored(card: Card, env: FlowEnv): FantasiaCombatant {
  const t = target(card);
  const diff = card.state.applied;
  if (!diff) throw new RulesError('PDA.Error.CardNothingToUndo');
  let defender = need(env, t?.actorUuid, t?.name ?? '');
  for (const taken of [...(card.state.offersTaken ?? [])].reverse()) {
    ensureUnchanged(defender.name, undoView(defender), undoView(taken.diff.after));
    defender = { ...defender, pv: taken.diff.before.pv, states: taken.diff.before.states };
  }
  ensureUnchanged(defender.name, undoView(defender), undoView(diff.after));
  return undoDiff({ ...defender, states: diff.after.states }, diff);
}

/** Why the undo button is disabled now (the defender changed since), or undefined. */
export function undoBlocked(card: Card, env: FlowEnv): Text | undefined {
  if (!card.state.applied || !tryCombatant(env, target(card)?.actorUuid)) return undefined;
  try {
    undoRestored(card, env);
    return undefined;
  } catch (error) {
    if (error instanceof RulesError) return { key: error.key, data: { ...error.data } };
    throw error;
  }
}

export async function performUndo(card: Card, env: FlowEnv): Promise<FlowResult<FantasiaAttackState>> {
  const t = target(card);
  const restored = undoRestored(card, env);
  const current = need(env, t?.actorUuid, t?.name ?? '');
  return {
    step: STEP.damage,
    state: { ...card.state, applied: null, offersTaken: [], undone: card.state.undone + 1 },
    writes: [combatantWrite(t?.actorUuid ?? '', current, { pv: restored.pv, states: restored.states })],
  };
}
