import { ensure, RulesError } from '../core/errors';
import type {
  Budget,
  Budgets,
  CombatantId,
  Requester,
  RoundCombatant,
  RoundRules,
  RoundState,
  RoundStep,
  Slot,
} from './types';

/**
 * Reading a round state: its steps, the current slot and pass, who is active, who declares next,
 * whether the round is complete, the budgets. The generic round engine (engine.ts) builds on it and
 * re-exports the public part.
 */

/*
 * Generic, pure round transitions shared by every ruleset. Each function validates everything
 * first and throws a RulesError before building the new state, so a refusal changes nothing.
 */

export type AnyRules<C extends RoundCombatant, D, R> = RoundRules<C, D, R>;

export const ENDED_STEP = 'ended';

export function stepsOfKind(rules: { steps: readonly RoundStep[] }, kind: RoundStep['kind']): RoundStep[] {
  return rules.steps.filter((s) => s.kind === kind);
}

/** The step that resolves `pass`, or undefined. */
export function stepForPass(rules: { steps: readonly RoundStep[] }, pass: number): RoundStep | undefined {
  return rules.steps.find((s) => s.kind === 'resolve' && s.pass === pass);
}

/** The step definition of `state.step`, or undefined once the combat ended. */
export function currentStep<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
): RoundStep | undefined {
  return rules.steps.find((s) => s.id === state.step);
}

export function firstDeclareStep(rules: { steps: readonly RoundStep[]; id: string }): RoundStep {
  const step = stepsOfKind(rules, 'declare')[0];
  if (!step) throw new RulesError('PDA.Error.BadRoundRules', { rules: rules.id });
  return step;
}

export function lastResolveStep(rules: { steps: readonly RoundStep[]; id: string }): RoundStep {
  const steps = stepsOfKind(rules, 'resolve');
  const step = steps[steps.length - 1];
  if (!step) throw new RulesError('PDA.Error.BadRoundRules', { rules: rules.id });
  return step;
}

export function ensureLive<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>): void {
  ensure(!state.ended, 'PDA.Error.CombatEnded');
}

export function ensureGm(by: Requester): void {
  ensure(by.gm, 'PDA.Error.NotGM');
}

export function owns(by: Requester, id: CombatantId): boolean {
  return by.gm || by.owns.includes(id);
}

/** Whether `viewer` may see what a slot does: secret slots show once current or over (F-R5). */
export function slotVisible(slot: Slot, viewer: Requester): boolean {
  return !slot.secret || slot.status !== 'waiting' || owns(viewer, slot.combatantId);
}

export function combatantOf<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>, id: CombatantId): C {
  const combatant = state.combatants[id];
  if (!combatant) throw new RulesError('PDA.Error.UnknownCombatant', { id });
  return combatant;
}

export function readinessOf<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>, id: CombatantId): R {
  const readiness = state.readiness[id];
  if (readiness === undefined) throw new RulesError('PDA.Error.UnknownCombatant', { id });
  return readiness;
}

/** Combatants still in the fight, in initiative order. */
export function activeCombatants<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>): C[] {
  const out = new Set(state.out);
  return state.order
    .map((e) => state.combatants[e.combatantId])
    .filter((c): c is C => c !== undefined && !out.has(c.id));
}

/** The slot being resolved, or undefined. */
export function currentSlot<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>): Slot | undefined {
  return state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
}

/** True once the passes started and no slot is waiting or current (F-R1: everyone has acted). */
export function isRoundComplete<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
): boolean {
  if (currentStep(rules, state)?.kind !== 'resolve') return false;
  return state.slots.every((s) => s.status === 'done' || s.status === 'skipped');
}

/**
 * Who has not acted yet this round (a slot still waiting or current), in schedule order without
 * repeats: what a GM who moves on to the next round takes away (issue 46).
 */
export function yetToAct<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>): CombatantId[] {
  const ids: CombatantId[] = [];
  for (const s of state.slots)
    if ((s.status === 'waiting' || s.status === 'current') && !ids.includes(s.combatantId))
      ids.push(s.combatantId);
  return ids;
}

/** Combatants still in the fight who declare this round (not those the ruleset sits out). */
export function declarants<C extends RoundCombatant, D, R>(
  rules: Pick<AnyRules<C, D, R>, 'sitsOut'>,
  state: RoundState<C, D, R>,
): C[] {
  const active = activeCombatants(state);
  return rules.sitsOut ? active.filter((c) => !rules.sitsOut?.(c)) : active;
}

/** The next combatant expected to declare (initiative order, F-R5), or undefined when all did. */
export function nextDeclarant<C extends RoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  rules: Pick<AnyRules<C, D, R>, 'sitsOut'> = {},
): C | undefined {
  return declarants(rules, state).find((c) => state.declarations[c.id] === undefined);
}

/** F-R1 default: the fight goes on while two combatants are still in it. */
export function canContinue<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
): boolean {
  return rules.canContinue ? rules.canContinue(state) : activeCombatants(state).length >= 2;
}

export function computeBudgets<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: Pick<RoundState<C, D, R>, 'combatants' | 'declarations' | 'readiness'>,
): Record<CombatantId, Budgets> {
  const budgets: Record<CombatantId, Budgets> = {};
  for (const [id, combatant] of Object.entries(state.combatants)) {
    const readiness = state.readiness[id];
    if (readiness === undefined) continue;
    budgets[id] = rules.budgets(combatant, state.declarations[id], readiness);
  }
  return budgets;
}

/**
 * A combatant's budgets after a new declaration: the maxima come from the ruleset, what was
 * already spent this round stays spent, and pools the ruleset does not know (an adapter's own
 * counters) are kept.
 */
export function rebudget(fresh: Budgets, before: Budgets | undefined): Budgets {
  const out: Record<string, Budget> = { ...before };
  for (const [pool, budget] of Object.entries(fresh)) {
    out[pool] = { ...budget, used: before?.[pool]?.used ?? budget.used };
  }
  return out;
}

export function uniqueRoster<C extends RoundCombatant>(combatants: readonly C[]): Record<CombatantId, C> {
  const roster: Record<CombatantId, C> = {};
  for (const c of combatants) {
    ensure(typeof c.id === 'string' && c.id.length > 0, 'PDA.Error.UnknownCombatant', { id: String(c.id) });
    ensure(roster[c.id] === undefined, 'PDA.Error.DuplicateCombatant', { id: c.id });
    roster[c.id] = c;
  }
  return roster;
}

/** Whether slot `a` resolves before a slot in `pass` at initiative number `order`. */
export function before(a: { pass: number; order: number }, pass: number, order: number): boolean {
  return a.pass < pass || (a.pass === pass && a.order >= order);
}
