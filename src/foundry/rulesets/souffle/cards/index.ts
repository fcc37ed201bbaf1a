import type { CardFlow, CardOpener } from '../../../chat';
import { souffleAttackFlow } from './attack-flow';
import { souffleDepartureOpener } from './departure';
import { souffleFleeFlow } from './flee-flow';
import { souffleAimFlow, souffleGrappleFlow } from './manoeuvre-flows';
import { souffleAimOpener, souffleAttackOpener, souffleFleeOpener, souffleGrappleOpener } from './openers';
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
export { souffleOpportunityFlow, SOUFFLE_OPPORTUNITY_FLOW } from './opportunity-flow';
export { pickUpSouffleWeapon, registerDepartureHooks } from './departure';
export { setSouffleOptionsSource } from './fighters';
export { registerSouffleOpenQuery, SOUFFLE_OPEN_QUERY } from './request';
export {
  souffleFleeFlow,
  startSouffleFlee,
  promptSouffleFlee,
  SOUFFLE_FLEE_FLOW,
  type SouffleFleeState,
} from './flee-flow';

const opened = <S, C>(flow: CardFlow<S>, opener: CardOpener<C>): CardFlow<S> => ({ ...flow, opener });

/**
 * Souffle's card flows, for registerFlow (the ruleset lists them in `cardFlows`), each with the
 * GM-side opener that posts its cards (openers.ts, departure.ts).
 */
export const souffleCardFlows: readonly CardFlow[] = [
  opened(souffleAttackFlow, souffleAttackOpener),
  opened(souffleAimFlow, souffleAimOpener),
  opened(souffleGrappleFlow, souffleGrappleOpener),
  opened(souffleFleeFlow, souffleFleeOpener),
  opened(souffleOpportunityFlow, souffleDepartureOpener),
];
