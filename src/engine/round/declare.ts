import { ensure } from '../core/errors';
import type { CombatantId, Requester, RoundCombatant, RoundState, Slot, SlotSpec } from './types';
import {
  type AnyRules,
  currentStep,
  ensureLive,
  ensureGm,
  owns,
  combatantOf,
  readinessOf,
  currentSlot,
  nextDeclarant,
  rebudget,
  before,
} from './state';
import { moveTo, ensureResolving } from './slots';

/**
 * Declaring in a round: who may declare now, declaring (or declaring again) and amending a
 * declaration.
 * Split from engine.ts, which re-exports it.
 */

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
  // One the ruleset sits out is told why by its validation, not to wait for its turn.
  const waits = !by.gm && rules.declarationOrder === 'initiative' && !rules.sitsOut?.(combatant);
  if (waits && state.declarations[id] === undefined) {
    const expected = nextDeclarant(state, rules);
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
