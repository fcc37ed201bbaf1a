import type { CardFlow } from './types';

/**
 * The card "flow" registry: what a ruleset plugs into the chat-card pipeline. A card is one ChatMessage of
 * type `carte` whose system data holds the whole chain's state; every step updates that message.
 * A flow says, for a card in a given step, which actions exist (and who may use them, or why they
 * are disabled), performs one action (GM side, with Foundry dice), and builds the render context
 * of the shared template templates/chat/card.hbs. Each ruleset's flows live in its own folder
 * (src/foundry/rulesets/<id>/cards/) and come with its FoundryRuleset (`cardFlows`). The flow's
 * types are in types.ts.
 */

export type {
  Text,
  CardTarget,
  CardSnapshot,
  CardAction,
  DocumentWrite,
  StatusWrite,
  FlowResult,
  FlowEnv,
  CardRow,
  CardCheck,
  CardSection,
  FlowContext,
  CardFlow,
} from './types';

const flows = new Map<string, CardFlow>();

export function registerFlow<S>(flow: CardFlow<S>): void {
  flows.set(flow.id, flow);
}

export function getFlow(id: string): CardFlow | undefined {
  return flows.get(id);
}
