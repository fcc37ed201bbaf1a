import { ensure, RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
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
  SlotSpec,
  SlotStatus,
} from './types';

/*
 * Generic, pure round transitions shared by every ruleset. Each function validates everything
 * first and throws a RulesError before building the new state, so a refusal changes nothing.
 */

type AnyRules<C extends RoundCombatant, D, R> = RoundRules<C, D, R>;

export const ENDED_STEP = 'ended';

function stepsOfKind(rules: { steps: readonly RoundStep[] }, kind: RoundStep['kind']): RoundStep[] {
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

function firstDeclareStep(rules: { steps: readonly RoundStep[]; id: string }): RoundStep {
  const step = stepsOfKind(rules, 'declare')[0];
  if (!step) throw new RulesError('PDA.Error.BadRoundRules', { rules: rules.id });
  return step;
}

function lastResolveStep(rules: { steps: readonly RoundStep[]; id: string }): RoundStep {
  const steps = stepsOfKind(rules, 'resolve');
  const step = steps[steps.length - 1];
  if (!step) throw new RulesError('PDA.Error.BadRoundRules', { rules: rules.id });
  return step;
}

function ensureLive<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>): void {
  ensure(!state.ended, 'PDA.Error.CombatEnded');
}

function ensureGm(by: Requester): void {
  ensure(by.gm, 'PDA.Error.NotGM');
}

function owns(by: Requester, id: CombatantId): boolean {
  return by.gm || by.owns.includes(id);
}

function combatantOf<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>, id: CombatantId): C {
  const combatant = state.combatants[id];
  if (!combatant) throw new RulesError('PDA.Error.UnknownCombatant', { id });
  return combatant;
}

function readinessOf<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>, id: CombatantId): R {
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

/** Slots of one pass, in acting order. */
export function slotsOfPass<C extends RoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  pass: number,
): Slot[] {
  return state.slots.filter((s) => s.pass === pass);
}

/** True once the passes started and no slot is waiting or current (F-R1: everyone has acted). */
export function isRoundComplete<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
): boolean {
  if (currentStep(rules, state)?.kind !== 'resolve') return false;
  return state.slots.every((s) => s.status === 'done' || s.status === 'skipped');
}

/** The next combatant expected to declare (initiative order, F-R5), or undefined when all did. */
export function nextDeclarant<C extends RoundCombatant, D, R>(state: RoundState<C, D, R>): C | undefined {
  return activeCombatants(state).find((c) => state.declarations[c.id] === undefined);
}

/** F-R1 default: the fight goes on while two combatants are still in it. */
export function canContinue<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
): boolean {
  return rules.canContinue ? rules.canContinue(state) : activeCombatants(state).length >= 2;
}

function computeBudgets<C extends RoundCombatant, D, R>(
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
function rebudget(fresh: Budgets, before: Budgets | undefined): Budgets {
  const out: Record<string, Budget> = { ...before };
  for (const [pool, budget] of Object.entries(fresh)) {
    out[pool] = { ...budget, used: before?.[pool]?.used ?? budget.used };
  }
  return out;
}

function uniqueRoster<C extends RoundCombatant>(combatants: readonly C[]): Record<CombatantId, C> {
  const roster: Record<CombatantId, C> = {};
  for (const c of combatants) {
    ensure(typeof c.id === 'string' && c.id.length > 0, 'PDA.Error.UnknownCombatant', { id: String(c.id) });
    ensure(roster[c.id] === undefined, 'PDA.Error.DuplicateCombatant', { id: c.id });
    roster[c.id] = c;
  }
  return roster;
}

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

function canDeclareNow<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  id: CombatantId,
): boolean {
  if (rules.canDeclareNow) return rules.canDeclareNow(state, id);
  return currentStep(rules, state)?.kind === 'declare';
}

/**
 * Records (or replaces) a combatant's declaration. Players declare for their own combatants, in
 * initiative order when the ruleset asks for it (F-R5); the GM may declare for anyone at any time
 * of the declare step. A declaration the ruleset allows during a resolve step (`canDeclareNow`,
 * Souffle's S-P1) leaves the schedule alone and keeps what was already spent this round.
 */
export function declare<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  id: CombatantId,
  declaration: D,
  by: Requester,
): RoundState<C, D, R> {
  ensureLive(state);
  const combatant = combatantOf(state, id);
  ensure(owns(by, id), 'PDA.Error.NotOwner', { name: combatant.name });
  ensure(!state.out.includes(id), 'PDA.Error.CombatantOut', { name: combatant.name });
  ensure(canDeclareNow(rules, state, id), 'PDA.Error.NotDeclarationStep');
  if (!by.gm && rules.declarationOrder === 'initiative' && state.declarations[id] === undefined) {
    const expected = nextDeclarant(state);
    ensure(expected === undefined || expected.id === id, 'PDA.Error.NotYourTurnToDeclare', {
      name: expected?.name ?? '',
    });
  }
  const readiness = readinessOf(state, id);
  rules.validateDeclaration({ state, combatant, readiness, declaration, by });
  const declarations = { ...state.declarations, [id]: declaration };
  const budgets = rebudget(rules.budgets(combatant, declaration, readiness), state.budgets[id]);
  return { ...state, declarations, budgets: { ...state.budgets, [id]: budgets } };
}

/** Removes a declaration during the declare step (a player takes it back, or the GM clears it). */
export function retractDeclaration<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  id: CombatantId,
  by: Requester,
): RoundState<C, D, R> {
  ensureLive(state);
  const combatant = combatantOf(state, id);
  ensure(owns(by, id), 'PDA.Error.NotOwner', { name: combatant.name });
  ensure(currentStep(rules, state)?.kind === 'declare', 'PDA.Error.NotDeclarationStep');
  const declarations = { ...state.declarations };
  delete declarations[id];
  return {
    ...state,
    declarations,
    budgets: { ...state.budgets, [id]: rules.budgets(combatant, undefined, readinessOf(state, id)) },
  };
}

/** Whether slot `a` resolves before a slot in `pass` at initiative number `order`. */
function before(a: { pass: number; order: number }, pass: number, order: number): boolean {
  return a.pass < pass || (a.pass === pass && a.order >= order);
}

/** Same pass, action and intent: a slot carrying out this part of the plan. */
function sameWork(a: SlotSpec, b: SlotSpec): boolean {
  return a.pass === b.pass && a.action === b.action && a.intent === b.intent;
}

/**
 * GM: changes a declaration after the passes started (F-R5). The combatant's not-yet-played slots
 * are replaced by the new declaration's: slots already played (done, skipped or current) stand
 * and account for the matching part of the new plan, slots of a pass already over are dropped,
 * and the rest goes ahead in order. Budgets keep what was spent.
 */
export function amendDeclaration<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
  id: CombatantId,
  declaration: D,
  by: Requester,
): RoundState<C, D, R> {
  ensureResolving(rules, state);
  ensureGm(by);
  const combatant = combatantOf(state, id);
  ensure(!state.out.includes(id), 'PDA.Error.CombatantOut', { name: combatant.name });
  const readiness = readinessOf(state, id);
  rules.validateDeclaration({ state, combatant, readiness, declaration, by });
  const declarations = { ...state.declarations, [id]: declaration };
  const specs = rules
    .buildSchedule({ state: { ...state, declarations }, declarations })
    .filter((spec) => spec.combatantId === id);

  const current = currentSlot(state);
  const slots: Slot[] = state.slots.filter((s) => !(s.combatantId === id && s.status === 'waiting'));
  // What was already played carries out its part of the new plan: it is not scheduled again.
  const ahead = [...specs];
  for (const played of slots) {
    if (played.combatantId !== id) continue;
    const match = ahead.findIndex((spec) => sameWork(spec, played));
    if (match >= 0) ahead.splice(match, 1);
  }
  // Nothing may be inserted at or before the current slot (or the last finished one).
  let floor = -1;
  slots.forEach((s, i) => {
    if (s.status !== 'waiting') floor = i;
  });
  const passNow = current?.pass ?? state.pass ?? 0;
  let serial = state.slots.reduce((m, s) => Math.max(m, Number(s.id.split('.')[1] ?? 0)), -1);
  for (const spec of ahead) {
    if (spec.pass < passNow) continue;
    let at = slots.length;
    for (let i = floor + 1; i < slots.length; i++) {
      const other = slots[i] as Slot;
      if (!before(other, spec.pass, spec.order)) {
        at = i;
        break;
      }
    }
    serial += 1;
    slots.splice(at, 0, { ...spec, id: `${state.round}.${serial}`, status: 'waiting' });
    floor = Math.max(floor, at);
  }
  const slotIndex = current ? slots.findIndex((s) => s.id === current.id) : -1;
  const budgets = rebudget(rules.budgets(combatant, declaration, readiness), state.budgets[id]);
  const next = { ...state, declarations, slots, slotIndex, budgets: { ...state.budgets, [id]: budgets } };
  // Amended while the round was over: the new slots are resolved now.
  return current ? next : moveTo(rules, next, [...slots], floor);
}

/** Moves `current` to the first waiting slot after `from`, updating step and pass. */
function moveTo<C extends RoundCombatant, D, R>(
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

function withBudget<C extends RoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  slot: Slot,
  delta: number,
): Readonly<Record<CombatantId, Budgets>> {
  const updated = spend(state.budgets[slot.combatantId], slot.spends, delta);
  if (!updated || updated === state.budgets[slot.combatantId]) return state.budgets;
  return { ...state.budgets, [slot.combatantId]: updated };
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
  const missing = activeCombatants(state).filter((c) => state.declarations[c.id] === undefined);
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

function ensureResolving<C extends RoundCombatant, D, R>(
  rules: AnyRules<C, D, R>,
  state: RoundState<C, D, R>,
): void {
  ensureLive(state);
  ensure(currentStep(rules, state)?.kind === 'resolve', 'PDA.Error.NotResolving');
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
