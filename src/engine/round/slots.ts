import { ensure, RulesError } from '../core/errors';
import type { Budgets, CombatantId, RoundCombatant, RoundState, Slot } from './types';
import { type AnyRules, stepForPass, currentStep, lastResolveStep, ensureLive } from './state';

/**
 * Moving through a round's slots: the cursor moved to the next open slot, a slot's budget spent
 * or given back, the check that the round is resolving. Shared by engine.ts and declare.ts.
 */

/** Moves `current` to the first waiting slot after `from`, updating step and pass. */
export function moveTo<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  slots: Slot[],
  from: number,
): RoundState<C, D, R> {
  const next = slots.findIndex((s, i) => i > from && s.status === 'waiting');
  if (next < 0) {
    const last = lastResolveStep(rules);
    return { ...state, slots, slotIndex: -1, step: last.id, pass: last.pass };
  }
  const slot = slots[next] as Slot;
  slots[next] = { ...slot, status: 'current' };
  const step = stepForPass(rules, slot.pass);
  if (!step) throw new RulesError('PDA.Error.BadRoundRules', { rules: rules.id });
  return { ...state, slots, slotIndex: next, step: step.id, pass: slot.pass };
}

function spend(budgets: Budgets | undefined, pool: string | undefined, delta: number): Budgets | undefined {
  if (!budgets || !pool) return budgets;
  const entry = budgets[pool];
  if (!entry) return budgets;
  return { ...budgets, [pool]: { ...entry, used: Math.max(0, entry.used + delta) } };
}

export function withBudget<C extends RoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  slot: Slot,
  delta: number,
): Readonly<Record<CombatantId, Budgets>> {
  const updated = spend(state.budgets[slot.combatantId], slot.spends, delta);
  if (!updated || updated === state.budgets[slot.combatantId]) return state.budgets;
  return { ...state.budgets, [slot.combatantId]: updated };
}

export function ensureResolving<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
): void {
  ensureLive(state);
  ensure(currentStep(rules, state)?.kind === 'resolve', 'PDA.Error.NotResolving');
}
