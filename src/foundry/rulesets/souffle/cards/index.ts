import type { CardFlow } from '../../../chat/flow';
import { souffleAttackFlow } from './attack-flow';
import { souffleFleeFlow } from './flee-flow';
import { souffleAimFlow, souffleGrappleFlow } from './manoeuvre-flows';
import { souffleOpportunityFlow } from './opportunity-flow';

export { souffleAttackFlow, SOUFFLE_ATTACK_FLOW, type SouffleAttackState } from './attack-flow';
export {
  souffleAimFlow,
  souffleGrappleFlow,
  SOUFFLE_AIM_FLOW,
  SOUFFLE_GRAPPLE_FLOW,
} from './manoeuvre-flows';
export {
  startSouffleAttack,
  postSouffleAim,
  promptSouffleAim,
  startSouffleGrapple,
  grappleTargeted,
  checkBudget,
} from './start';
export {
  souffleOpportunityFlow,
  pickUpSouffleWeapon,
  postOpportunity,
  SOUFFLE_OPPORTUNITY_FLOW,
} from './opportunity-flow';
export { setSouffleOptionsSource } from './fighters';
export {
  souffleFleeFlow,
  startSouffleFlee,
  promptSouffleFlee,
  SOUFFLE_FLEE_FLOW,
  type SouffleFleeState,
} from './flee-flow';

/** Souffle's card flows, for registerFlow (the ruleset lists them in `cardFlows`). */
export const souffleCardFlows: readonly CardFlow[] = [
  souffleAttackFlow as unknown as CardFlow,
  souffleAimFlow as unknown as CardFlow,
  souffleGrappleFlow as unknown as CardFlow,
  souffleFleeFlow as unknown as CardFlow,
  souffleOpportunityFlow as unknown as CardFlow,
];
