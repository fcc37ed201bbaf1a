import { RulesError } from '../core/errors';
import type { CombatantId, Requester, RoundCombatant, RoundRules, RoundState, RoundStep } from './types';
import { ENDED_STEP } from './engine';

/*
 * Whose turn it is to attack (F-R1, F-R6..F-R8; Greyhawk's round; S-R1). A fighter attacks in
 * its own current slot only: before the slots (initiative, declarations, postures) and in another
 * fighter's slot an attack is refused with a message saying when the fighter's turn comes. The GM
 * referees: a GM's request is never refused here (the GM may act for anyone and moves the turn
 * on). A combatant the round does not hold, a round not started or an ended combat check nothing:
 * outside a tracked round attacks stay free.
 */

type Rules = Pick<RoundRules<RoundCombatant, unknown, unknown>, 'steps'>;

function nameOf(
  state: { combatants: Partial<Record<CombatantId, RoundCombatant>> },
  id: CombatantId,
): string {
  return state.combatants[id]?.name ?? id;
}

function stepOf(rules: Rules, id: string): RoundStep | undefined {
  return rules.steps.find((s) => s.id === id);
}

/**
 * Why `id` may not attack now, or undefined when it may (its own current slot, a GM, no round).
 * The error's data holds lang keys for the steps and passes (the adapter localizes them).
 */
export function attackTurnRefusal<C extends RoundCombatant, D, R>(
  rules: Rules,
  state: RoundState<C, D, R> | null | undefined,
  id: CombatantId,
  by: Requester,
): RulesError | undefined {
  if (!state || state.ended || state.step === ENDED_STEP || state.round < 1) return undefined;
  if (by.gm || !state.combatants[id]) return undefined;
  const name = nameOf(state, id);
  const step = stepOf(rules, state.step);
  if (step && step.kind !== 'resolve')
    return new RulesError('PDA.Error.Turn.NotYet', { name, step: step.label });
  const current = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  if (current?.combatantId === id && current.status === 'current') return undefined;
  const later = state.slots.find(
    (s, i) => i > state.slotIndex && s.combatantId === id && s.status === 'waiting',
  );
  const passLabel = (pass: number) =>
    rules.steps.find((s) => s.kind === 'resolve' && s.pass === pass)?.label ?? '';
  if (!current) return new RulesError('PDA.Error.Turn.RoundOver', { name });
  const currentName = nameOf(state, current.combatantId);
  if (later) {
    return new RulesError('PDA.Error.Turn.Later', {
      name,
      current: currentName,
      pass: passLabel(later.pass),
    });
  }
  return new RulesError('PDA.Error.Turn.NoneLeft', { name, current: currentName });
}
