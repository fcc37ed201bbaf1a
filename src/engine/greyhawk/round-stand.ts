import type { RoundState } from '../round/types';

/**
 * G-P2: the fighters on their feet again by now: those whose standing-up slot (given up an attack
 * this round, or waited for their turn of the next) is current or over. Their prone state ends.
 */
export function stoodUp(state: Pick<RoundState, 'slots'>): string[] {
  return state.slots
    .filter(
      (s) =>
        s.action === 'standUp' &&
        s.detail?.stands === true &&
        (s.status === 'current' || s.status === 'done'),
    )
    .map((s) => s.combatantId);
}
