import type { CardFlow } from '../../../chat/flow';
import { greyhawkAttackFlow } from './attack-flow';

export {
  greyhawkAttackFlow,
  GREYHAWK_ATTACK_FLOW,
  setGreyhawkOptionsSource,
  type GreyhawkAttackState,
} from './attack-flow';
export { startGreyhawkAttack, greyhawkDialogContext, readGreyhawkChoices } from './start';

/** Greyhawk's card flows, for registerFlow (the ruleset lists them in `cardFlows`). */
export const greyhawkCardFlows: readonly CardFlow[] = [greyhawkAttackFlow as unknown as CardFlow];
