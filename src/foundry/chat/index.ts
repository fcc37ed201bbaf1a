import { CardData, CARD_TYPE } from './card-model';
import { registerCardQueries } from './card';
import { onCombatRound, onRenderCardHTML } from './hooks';
import { PassedArmesChatMessage } from './message';
import { registerCardOpenQuery } from './open';

export { registerFlow, type CardFlow } from './flow';
export { CARD_TYPE } from './card-model';

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
  CONFIG.ChatMessage.documentClass = PassedArmesChatMessage;
  Hooks.on('renderChatMessageHTML', (message: ChatMessage, html: HTMLElement) => {
    onRenderCardHTML(message, html);
  });
  Hooks.on('updateCombat', (combat: { id: string | null }, changes: { round?: unknown }) => {
    void onCombatRound(combat, changes);
  });
  registerCardQueries();
  registerCardOpenQuery();
}
