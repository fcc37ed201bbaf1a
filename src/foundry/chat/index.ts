import { CardData, CARD_TYPE } from './card-model';
import { registerCardQueries } from './card';
import { fantasiaAttackFlow } from './fantasia/attack-flow';
import { fantasiaResistanceFlow } from './fantasia/resistance-flow';
import { registerFlow } from './flow';
import { onRenderChatMessageHTML } from './hooks';

export { startAttack, type StartAttackOptions } from './attack';
export { postResistanceRoll } from './resistance';
export { registerFlow, type CardFlow } from './flow';
export { setFantasiaRoundProvider, type FantasiaRoundProvider } from './fantasia/round-context';
export { CARD_TYPE } from './card-model';

/**
 * Registers the chat-card pipeline: the `carte` data model, the flows, the render hook and the
 * GM-side query. Called once at `init` by src/index.ts.
 */
export function registerChat(): void {
  const models = CONFIG.ChatMessage.dataModels as Record<string, unknown>;
  models[CARD_TYPE] = CardData;
  registerFlow(fantasiaAttackFlow);
  registerFlow(fantasiaResistanceFlow);
  Hooks.on('renderChatMessageHTML', ((message: ChatMessage, html: HTMLElement) => {
    void onRenderChatMessageHTML(message, html);
  }) as never);
  registerCardQueries();
}
