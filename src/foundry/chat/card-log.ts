import { CARD_TYPE } from './card-model';

/** The card was written by a GM (only a GM's cards are rebuilt, offer buttons or are read). */
export function isGmCard(message: ChatMessage): boolean {
  return (message.author as { isGM?: boolean } | null | undefined)?.isGM === true;
}

/**
 * The one way the system reads the chat log's cards: the messages of its card subtype that a GM
 * wrote. Every card is created by the GM's client, so a player's look-alike (any subtype data, any
 * step) stands for nothing: no rule, refresh or journal reads it (docs/trust.md, "Every write
 * path", rows 2, 18 and 24).
 */
export function gmCardMessages(): ChatMessage[] {
  return (game.messages?.contents ?? []).filter(
    (m) => (m.type as string) === CARD_TYPE && isGmCard(m as ChatMessage),
  ) as ChatMessage[];
}
