import type { CardFlow } from '../../../chat';
import { greyhawkAttackCardFlow } from './start';

export {
  greyhawkAttackFlow,
  GREYHAWK_ATTACK_FLOW,
  setGreyhawkOptionsSource,
  type GreyhawkAttackState,
} from './attack-flow';
export {
  greyhawkAttackCardFlow,
  startGreyhawkAttack,
  greyhawkDialogContext,
  readGreyhawkChoices,
} from './start';

/** Greyhawk's card flows, for registerFlow (the ruleset lists them in `cardFlows`). */
export const greyhawkCardFlows: readonly CardFlow[] = [greyhawkAttackCardFlow];
