import { applyDamage } from '../defence';
import { disarm, knockOut } from '../manoeuvres';
import { fighterEffects, fighterMark } from './effects';
import type { SouffleExchangeView } from './view';
import type { SouffleApplied, SouffleAttackState, SouffleManoeuvreEffect } from './attack-state';

/*
 * Two rules of the Souffle attack exchange (attack.ts), kept apart for the file's length: when the
 * attacker may still force (S-AT2) and what applying the blow writes (S-DF3).
 */

/**
 * S-AT2 (issue 46, docs/rulings.md "Forcing comes before the defence"): the attacker forces right
 * after his roll, so while he still may (a melee blow with room, souffle left, not épuisé, and he
 * has not said he is done), the defender's choice waits for his.
 */
export function forcingOpen(state: SouffleAttackState, view: SouffleExchangeView): boolean {
  const fighter = view.attacker?.fighter;
  return (
    state.attack.kind === 'melee' &&
    !state.forceDone &&
    state.attack.maxForce >= 1 &&
    fighter !== undefined &&
    fighter.souffle.value >= 1 &&
    !fighter.states.includes('epuise')
  );
}

/** S-DF3: what applying the blow writes on the defender (with a manoeuvre's effect), or undefined. */
export function applyOutcome(
  state: SouffleAttackState,
  view: SouffleExchangeView,
): { applied: SouffleApplied } | undefined {
  if (!state.defence || !view.defender) return undefined;
  const before = view.defender.fighter;
  const out = applyDamage(before, state.defence.result.taken, view.options);
  let after = out.fighter;
  let effect: SouffleManoeuvreEffect | undefined;
  if (state.test?.effect) {
    effect = state.test.kind === 'desarmer' ? 'desarme' : 'assomme';
    after = effect === 'desarme' ? disarm(after) : knockOut(after, state.test.rounds);
  }
  const applied: SouffleApplied = {
    toSouffle: out.toSouffle,
    toPv: out.toPv,
    ...(effect ? { effect } : {}),
    luckSpent: false,
    written: fighterEffects('defender', before, after),
    undo: fighterEffects('defender', after, before),
    after: fighterMark(after),
    taken: state.defence.result.taken,
    alreadyDown: before.pv.value <= 0,
    down: after.pv.value <= 0,
  };
  return { applied };
}
