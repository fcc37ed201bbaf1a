import { RulesError } from '../core/errors';
import { stateStopping, type SouffleState } from './states';

/**
 * Whether a fighter's token may move now (S-GR1, S-MN3, S-FL1): what the adapter read of the
 * scene and the cards, and the rules that decide.
 */
export interface MoveFacts {
  readonly name: string;
  readonly states: readonly SouffleState[];
  /** The states of each fighter holding this one (from the holds applied); empty: none known. */
  readonly holders: readonly (readonly SouffleState[])[];
  /** The fighters this one holds whom the move would leave out of reach. */
  readonly heldLeft: readonly string[];
  /** Slowed this round after a failed flight (S-FL1 "freiné") and the move leaves a foe's reach. */
  readonly slowedLeaving: boolean;
}

/** S-GR1/S-MN3: an unconscious holder holds nothing ("tant que la prise est établie"). */
export function holdLasts(holderStates: readonly SouffleState[]): boolean {
  return !holderStates.includes('assomme');
}

/**
 * Why the move is refused, or undefined: knocked out (S-MN3: nothing at all); held (S-GR1), unless
 * every holder known is unconscious; a holder leaving the fighter she holds (S-GR1: the hold is at
 * contact only: she lets go first); a runner slowed this round leaving the pursuers' reach (S-FL1
 * ruling: "freiné" keeps him within reach).
 */
export function moveRefusal(f: MoveFacts): RulesError | undefined {
  const state = stateStopping(f.states, 'deplacement');
  const heldFree = state === 'agrippe' && f.holders.length > 0 && !f.holders.some(holdLasts);
  if (state && !heldFree)
    return new RulesError('PDA.Error.SouffleHeldMove', {
      name: f.name,
      state: `PDA.Souffle.StateWord.${state}`,
    });
  if (f.heldLeft.length > 0)
    return new RulesError('PDA.Error.SouffleHolderMove', { name: f.name, held: f.heldLeft.join(', ') });
  if (f.slowedLeaving) return new RulesError('PDA.Error.SouffleSlowedMove', { name: f.name });
  return undefined;
}
