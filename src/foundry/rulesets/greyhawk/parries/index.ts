import type { CardFlow } from '../../../chat/flow';
import { configuredStatusEffects, setStatusEffects } from '../../../compat';
import { greyhawkParryFlow } from './flow';
import { hookParryRefresh } from './refresh';
import { hookRoundEnd } from '../shields/round-end';
import { SHIELD_PUNCHED_STATUS_ID } from '../shields/punch';
import { PARRIED_STATUS_ID } from './view';

export { greyhawkParryFlow, GREYHAWK_PARRY_FLOW, parryContext } from './flow';
export { startGreyhawkParry, onParryClick, parryDialogContext } from './start';
export { declaredDmgParry, parriedMarker, PARRIED_STATUS_ID } from './view';

/** The parry's card flow, for the ruleset's `cardFlows`. */
export const greyhawkParryFlows: readonly CardFlow[] = [greyhawkParryFlow as unknown as CardFlow];

/** The parried status (G-PA1) on the token, after the other statuses; the parry cards' refresh. */
export function installParries(): void {
  hookParryRefresh();
  hookRoundEnd();
  setStatusEffects([
    ...configuredStatusEffects(),
    { id: PARRIED_STATUS_ID, name: 'PDA.Greyhawk.Status.parried', img: 'icons/svg/shield.svg' },
    { id: SHIELD_PUNCHED_STATUS_ID, name: 'PDA.Greyhawk.Status.shieldPunched', img: 'icons/svg/shield.svg' },
  ]);
}
