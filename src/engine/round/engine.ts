import { ensure, RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import type { CombatantId, Requester, RoundCombatant, RoundState, Slot, SlotStatus } from './types';
import {
  type AnyRules,
  ENDED_STEP,
  stepsOfKind,
  stepForPass,
  currentStep,
  firstDeclareStep,
  ensureLive,
  ensureGm,
  owns,
  combatantOf,
  readinessOf,
  declarants,
  currentSlot,
  isRoundComplete,
  canContinue,
  computeBudgets,
  uniqueRoster,
} from './state';
import { moveTo, withBudget, ensureResolving } from './slots';

export interface StartOptions<C extends RoundCombatant, D, R> {
  /** The finished round this one follows (readiness and out-of-fight list carry over). */
  readonly previous?: RoundState<C, D, R>;
  /** Readiness to use instead of the ruleset's initial readiness (GM set-up before round 1). */
  readonly readiness?: Readonly<Record<CombatantId, R>>;
}

/**
 * Starts a round: snapshots the combatants, orders initiative (first step) and opens the
 * declarations. Without `previous` this is round 1 of a new fight.
 */
export function startRound<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  combatants: readonly C[],
  dice: Dice,
  options: StartOptions<C, D, R> = {},
): RoundState<C, D, R> {
  const previous = options.previous;
  if (previous) ensureLive(previous);
  const roster = uniqueRoster(combatants);
  const round = previous ? previous.round + 1 : 1;
  const out = previous ? previous.out.filter((id) => roster[id] !== undefined) : [];
  const outSet = new Set(out);

  const readiness: Record<CombatantId, R> = {};
  for (const c of combatants) {
    readiness[c.id] = options.readiness?.[c.id] ?? previous?.readiness[c.id] ?? rules.initialReadiness(c);
  }

  const acting = combatants.filter((c) => !outSet.has(c.id));
  const known = previous ? new Set(previous.order.map((e) => e.combatantId)) : new Set<string>();
  const reuse =
    previous !== undefined && rules.initiativeEvery === 'fight' && acting.every((c) => known.has(c.id));
  const ordered = reuse
    ? previous.order.filter((e) => roster[e.combatantId] !== undefined && !outSet.has(e.combatantId))
    : rules.orderInitiative(acting, dice, previous ? { round, previous } : { round });
  const outEntries = (previous?.order ?? []).filter((e) => outSet.has(e.combatantId));
  const order = [...ordered, ...outEntries];

  const declarations: Record<CombatantId, D> = {};
  if (previous && rules.carryDeclaration) {
    for (const c of acting) {
      const before = previous.declarations[c.id];
      if (before === undefined) continue;
      const kept = rules.carryDeclaration(before, c);
      if (kept !== undefined) declarations[c.id] = kept;
    }
  }

  const base = { combatants: roster, declarations, readiness };
  return {
    rules: rules.id,
    round,
    step: firstDeclareStep(rules).id,
    combatants: roster,
    order,
    declarations,
    readiness,
    budgets: computeBudgets(rules, base),
    slots: [],
    slotIndex: -1,
    out,
    ended: false,
  };
}

export interface ForceOption {
  readonly by: Requester;
  /** GM only: go on despite missing declarations / unfinished slots. */
  readonly force?: boolean;
}

/**
 * Closes the declarations and builds the schedule (GM). Missing declarations are refused unless
 * the GM forces, which gives the ruleset's default declaration to whoever did not declare.
 */
export function startPasses<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  options: ForceOption,
): RoundState<C, D, R> {
  ensureLive(state);
  ensureGm(options.by);
  ensure(currentStep(rules, state)?.kind === 'declare', 'PDA.Error.NotDeclarationStep');
  const missing = declarants(rules, state).filter((c) => state.declarations[c.id] === undefined);
  ensure(missing.length === 0 || options.force === true, 'PDA.Error.DeclarationsMissing', {
    names: missing.map((c) => c.name).join(', '),
  });
  const declarations: Record<CombatantId, D> = { ...state.declarations };
  for (const c of missing) declarations[c.id] = rules.defaultDeclaration(c, readinessOf(state, c.id));
  for (const id of state.out) delete declarations[id];

  const specs = rules.buildSchedule({ state: { ...state, declarations }, declarations });
  const passes = new Set(stepsOfKind(rules, 'resolve').map((step) => step.pass));
  for (const spec of specs) ensure(passes.has(spec.pass), 'PDA.Error.BadRoundRules', { rules: rules.id });
  const slots: Slot[] = specs.map((spec, i) => ({ ...spec, id: `${state.round}.${i}`, status: 'waiting' }));
  const budgets = computeBudgets(rules, { ...state, declarations });
  return moveTo(rules, { ...state, declarations, budgets }, slots, -1);
}

function finishCurrent<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  status: Extract<SlotStatus, 'done' | 'skipped'>,
): RoundState<C, D, R> {
  const slot = currentSlot(state);
  if (!slot) throw new RulesError('PDA.Error.NoCurrentSlot');
  const slots = [...state.slots];
  slots[state.slotIndex] = { ...slot, status };
  const budgets = status === 'done' ? withBudget(state, slot, 1) : state.budgets;
  return moveTo(rules, { ...state, budgets }, slots, state.slotIndex);
}

/** GM: the current slot is done; the next waiting slot becomes current (maybe in a later pass). */
export function nextSlot<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  by: Requester,
): RoundState<C, D, R> {
  ensureResolving(rules, state);
  ensureGm(by);
  return finishCurrent(rules, state, 'done');
}

/** GM: the current slot is skipped (the action did not happen). */
export function skipSlot<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  by: Requester,
): RoundState<C, D, R> {
  ensureResolving(rules, state);
  ensureGm(by);
  return finishCurrent(rules, state, 'skipped');
}

/**
 * The owner of the current slot (or the GM) ends it. `slotId` guards against a stale click: it
 * must name the current slot.
 */
export function endSlot<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  slotId: string,
  by: Requester,
): RoundState<C, D, R> {
  ensureResolving(rules, state);
  const slot = currentSlot(state);
  if (!slot) throw new RulesError('PDA.Error.NoCurrentSlot');
  ensure(slot.id === slotId, 'PDA.Error.NotCurrentSlot');
  ensure(owns(by, slot.combatantId), 'PDA.Error.NotOwner', {
    name: state.combatants[slot.combatantId]?.name ?? slot.combatantId,
  });
  return finishCurrent(rules, state, 'done');
}

/** GM: back to the previous finished slot (it becomes current again; its budget is refunded). */
export function previousSlot<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  by: Requester,
): RoundState<C, D, R> {
  ensureResolving(rules, state);
  ensureGm(by);
  const from = state.slotIndex >= 0 ? state.slotIndex : state.slots.length;
  let back = -1;
  for (let i = from - 1; i >= 0; i--) {
    const s = state.slots[i];
    if (s && (s.status === 'done' || s.status === 'skipped') && !state.out.includes(s.combatantId)) {
      back = i;
      break;
    }
  }
  ensure(back >= 0, 'PDA.Error.NothingToUndo');
  const slots = [...state.slots];
  const current = currentSlot(state);
  if (current) slots[state.slotIndex] = { ...current, status: 'waiting' };
  const target = slots[back] as Slot;
  const budgets = target.status === 'done' ? withBudget(state, target, -1) : state.budgets;
  slots[back] = { ...target, status: 'current' };
  const step = stepForPass(rules, target.pass);
  if (!step) throw new RulesError('PDA.Error.BadRoundRules', { rules: rules.id });
  return { ...state, budgets, slots, slotIndex: back, step: step.id, pass: target.pass };
}

/** GM: the rest of the current pass is skipped; resolution goes on with the next pass. */
export function nextPass<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  by: Requester,
): RoundState<C, D, R> {
  ensureResolving(rules, state);
  ensureGm(by);
  const pass = state.pass;
  ensure(pass !== undefined && state.slotIndex >= 0, 'PDA.Error.NoCurrentSlot');
  const slots = state.slots.map((s) =>
    s.pass === pass && (s.status === 'waiting' || s.status === 'current')
      ? { ...s, status: 'skipped' as const }
      : s,
  );
  return moveTo(rules, state, slots, -1);
}

/**
 * A combatant leaves the fight mid-round (incapacitated, fled): their waiting slots are removed,
 * a current one is skipped, and later rounds give them none.
 */
export function dropCombatant<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  id: CombatantId,
  by: Requester,
): RoundState<C, D, R> {
  ensureLive(state);
  ensureGm(by);
  combatantOf(state, id);
  if (state.out.includes(id)) return state;
  const out = [...state.out, id];
  const current = currentSlot(state);
  const kept: Slot[] = [];
  let index = -1;
  state.slots.forEach((s) => {
    if (s.combatantId === id && s.status === 'waiting') return;
    if (s === current) index = kept.length;
    kept.push(s.combatantId === id && s.status === 'current' ? { ...s, status: 'skipped' } : s);
  });
  const declarations = { ...state.declarations };
  if (currentStep(rules, state)?.kind === 'declare') delete declarations[id];
  const base = { ...state, out, declarations, slots: kept, slotIndex: index };
  if (current && current.combatantId === id) return moveTo(rules, base, [...kept], index);
  return base;
}

/** GM: a combatant back in the fight from the next round on. */
export function restoreCombatant<C extends RoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  id: CombatantId,
  by: Requester,
): RoundState<C, D, R> {
  ensureLive(state);
  ensureGm(by);
  combatantOf(state, id);
  return { ...state, out: state.out.filter((o) => o !== id) };
}

/**
 * GM: replaces a combatant's readiness (set-up before round 1, a fumbled crossbow, a doubled
 * arquebus countdown…). Only the readiness changes: this round's budgets, schedule and
 * declarations stay as they are (F-W5, F-W6).
 */
export function setReadiness<C extends RoundCombatant, D, R>(
  _rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  id: CombatantId,
  readiness: R,
  by: Requester,
): RoundState<C, D, R> {
  ensureLive(state);
  ensureGm(by);
  combatantOf(state, id);
  return { ...state, readiness: { ...state.readiness, [id]: readiness } };
}

export interface NextRoundOptions<C extends RoundCombatant> extends ForceOption {
  /** A fresh roster (combatants added or updated); defaults to the current snapshots. */
  readonly combatants?: readonly C[];
}

/**
 * GM: the round is over (F-R1: everyone acted) and a new one starts if someone can still fight.
 * Readiness carries over through the ruleset; `force` ends a round with slots still waiting.
 */
export function nextRound<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  dice: Dice,
  options: NextRoundOptions<C>,
): RoundState<C, D, R> {
  ensureLive(state);
  ensureGm(options.by);
  const force = options.force === true;
  ensure(force || isRoundComplete(rules, state), 'PDA.Error.RoundNotFinished');
  ensure(force || canContinue(rules, state), 'PDA.Error.FightOver');
  const slots = state.slots.map((s) =>
    s.status === 'waiting' || s.status === 'current' ? { ...s, status: 'skipped' as const } : s,
  );
  const finished: RoundState<C, D, R> = { ...state, slots, slotIndex: -1 };
  const readiness: Record<CombatantId, R> = {};
  for (const [id, combatant] of Object.entries(state.combatants)) {
    const current = state.readiness[id];
    if (current === undefined) continue;
    readiness[id] = state.out.includes(id)
      ? current
      : rules.carryOver({
          state: finished,
          combatant,
          readiness: current,
          declaration: state.declarations[id],
          slots: slots.filter((s) => s.combatantId === id),
          dice,
        });
  }
  const roster = options.combatants ?? Object.values(state.combatants);
  return startRound(rules, roster, dice, { previous: { ...finished, readiness } });
}

/** GM: the fight is over; every round-scoped datum is cleared. */
export function endCombat<C extends RoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  by: Requester,
): RoundState<C, D, R> {
  ensureGm(by);
  return {
    ...state,
    step: ENDED_STEP,
    pass: undefined,
    declarations: {},
    readiness: {},
    budgets: {},
    slots: [],
    slotIndex: -1,
    ended: true,
  };
}

export {
  ENDED_STEP,
  stepForPass,
  currentStep,
  activeCombatants,
  currentSlot,
  isRoundComplete,
  nextDeclarant,
  declarants,
  canContinue,
  slotVisible,
  yetToAct,
} from './state';

export { declare, amendDeclaration } from './declare';
