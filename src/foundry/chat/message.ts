import { CARD_TYPE } from './card-model';
import { isGmCard, localCardHtml, swapCardBody, whileRebuilding, wireCard } from './hooks';

/**
 * The system's ChatMessage: a `carte` message renders its own HTML from its data for the user
 * reading it, as dnd5e and draw-steel render their chat messages. Foundry calls the
 * `renderChatMessageHTML` hook inside `renderHTML` and does not wait for its listeners, so the
 * card's body in this client's language, and the buttons this user may press, are settled here,
 * before `renderHTML` resolves and the chat log shows the element. The stored content is only a
 * plain record of the card (chat/card.ts `renderStoredCard`, no buttons), so core parses little
 * before the card itself is put in its place. The hook (chat/hooks.ts) keeps only the synchronous
 * guard and the listeners.
 */
export class PasseDArmesChatMessage extends foundry.documents.ChatMessage {
  override async renderHTML(
    ...args: Parameters<foundry.documents.ChatMessage['renderHTML']>
  ): ReturnType<foundry.documents.ChatMessage['renderHTML']> {
    const user = game.user;
    const message = this as unknown as ChatMessage;
    // This client's rendering first (it waits on templates), then core's element around it.
    // A player's look-alike card is never rebuilt (chat/hooks.ts strips its buttons).
    const local =
      (this.type as string) === CARD_TYPE && user && isGmCard(message)
        ? await localCardHtml(message, user)
        : null;
    if (local === null) return super.renderHTML(...args);
    const html = await whileRebuilding(message, () => super.renderHTML(...args));
    swapCardBody(html, local);
    wireCard(message, html);
    return html;
  }
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    ChatMessage: typeof PasseDArmesChatMessage;
  }
}
