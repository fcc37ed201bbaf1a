import type { CardFlow } from '../../../chat';
import { greyhawkParryFlow } from './flow';
import { hookParryRefresh } from './refresh';

export { greyhawkParryFlow, GREYHAWK_PARRY_FLOW, parryContext } from './flow';
export { startGreyhawkParry, onParryClick, parryDialogContext } from './start';
export { declaredDmgParry } from './view';

/** The parry's card flow, for the ruleset's `cardFlows`. */
export const greyhawkParryFlows: readonly CardFlow[] = [greyhawkParryFlow];

/**
 * The parry cards' refresh. The parried (G-PA1) and shield punched (G-SH1) marks are Greyhawk
 * conditions (conditions.ts): their statuses are installed with the others, and the round's tick
 * ends them with what lasts to the end of the round.
 */
export function installParries(): void {
  hookParryRefresh();
}
