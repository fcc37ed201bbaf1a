import { CardData, CARD_TYPE } from './card-model';
import { CARD_PARTIALS } from './card';
import { registerCardQueries } from './card-action';
import { onCombatRound, onRenderCardHTML } from './hooks';
import { PasseDArmesChatMessage } from './message';
import { registerCardOpenQuery } from './open';

export { requestCardAction, resumeCardJournals, serialise } from './card-action';
export { CARD_TYPE } from './card-model';
export { gmCardMessages, renderCardsAgain } from './hooks';
export {
  cardActions,
  type CardEnv,
  createCard,
  makeEnv,
  renderCard,
  renderTemplateWith,
  resolveUuid,
  snapshotOf,
  userTargets,
} from './card';
import { registerDamageRightsSetting } from './damage-rights';
export { type ExchangeBinding, flowFromExchange, performExchange } from './exchange-flow';
export {
  type CardAction,
  type CardCheck,
  type CardFlow,
  type CardRow,
  type CardSection,
  type CardSnapshot,
  type CardTarget,
  type DocumentWrite,
  type FlowContext,
  type FlowEnv,
  type FlowResult,
  registerFlow,
  type StatusWrite,
  type Text,
} from './flow';
export {
  CARD_OPEN_SHAPE,
  type CardOpener,
  handleCardOpen,
  idOrEmpty,
  list,
  type OpenedCard,
  type OpenRequest,
  requestCardOpen,
  uuid,
} from './open';
export { postTemplateCard } from './simple-card';
export { applyStatusWrites } from './statuses';

/**
 * Registers the chat-card pipeline: the `carte` data model, the ChatMessage class that renders a
 * card for each client, the render hook (its buttons' guard and listeners) and the GM-side
 * query. Each ruleset's flows come with its FoundryRuleset (`cardFlows`), registered by
 * src/foundry/system.ts. Called once at `init`.
 */
export function registerChat(): void {
  const models = CONFIG.ChatMessage.dataModels as Record<string, unknown>;
  models[CARD_TYPE] = CardData;
  // A card renders its own body for this client before the chat log shows it (chat/message.ts).
  CONFIG.ChatMessage.documentClass = PasseDArmesChatMessage;
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) => {
    onRenderCardHTML(message, html);
  });
  Hooks.on('updateCombat', (combat: { id: string | null }, changes: { round?: unknown }) => {
    void onCombatRound(combat, changes);
  });
  registerDamageRightsSetting();
  registerCardQueries();
  registerCardOpenQuery();
  void foundry.applications.handlebars.loadTemplates(CARD_PARTIALS);
}
