import { createElementNear } from '../apps';
import { CARD_TYPE } from './card-model';
import { gmCardMessages, isGmCard } from './card-log';

export { gmCardMessages, isGmCard } from './card-log';
import { liveActions, makeEnv, renderCard, snapshotOf, type LiveAction } from './card';
import { requestCardAction } from './card-action';
import { getFlow } from './flow';
import { SYSTEM_ID } from '../constants';

/**
 * A message the system keeps for its own use (a store for the GMs): not shown in the log. Only a
 * GM writes those: a player's message flagged hidden is shown like any other.
 */
export function isHiddenMessage(message: ChatMessage): boolean {
  return message.flags?.[SYSTEM_ID]?.hidden === true && isGmCard(message);
}

/**
 * Cards whose element the system's ChatMessage is building (chat/message.ts): it puts this
 * client's body in place, then wires the buttons itself, so the hook leaves them alone (it would
 * decide and wire buttons about to be replaced).
 */
const rebuilding = new WeakSet<ChatMessage>();

/** Runs `render` with the hook told that the caller wires `message`'s buttons itself. */
export async function whileRebuilding<T>(message: ChatMessage, render: () => Promise<T>): Promise<T> {
  rebuilding.add(message);
  try {
    return await render();
  } finally {
    rebuilding.delete(message);
  }
}

/**
 * `renderChatMessageHTML`, synchronous: Foundry does not wait for a render hook, and the chat log
 * shows the element as soon as `renderHTML` resolves. So nothing here waits: a hidden store is
 * hidden, and a card's buttons are decided for the current user (those they may not use removed,
 * those the live world no longer allows disabled with the reason) and wired. The card's body in
 * this client's language comes from the system's ChatMessage (chat/message.ts), which renders it
 * before the element reaches the log; this hook is only the guard and the listeners.
 */
export function onRenderCardHTML(message: ChatMessage, html: HTMLElement): void {
  if (isHiddenMessage(message)) {
    html.hidden = true;
    html.style.display = 'none';
    return;
  }
  if ((message.type as string) !== CARD_TYPE || !game.user) return;
  // Only a GM writes cards: a player's look-alike is not rebuilt, and offers no button (no
  // action on it would be accepted), so its data cannot break the render for anyone.
  if (!isGmCard(message)) {
    for (const button of html.querySelectorAll('button')) button.remove();
    return;
  }
  if (rebuilding.has(message)) return;
  wireCard(message, html);
}

/** Puts this client's rendering of a card (`local`) in place of the stored body inside `html`. */
export function swapCardBody(html: HTMLElement, local: string): void {
  const body = html.querySelector<HTMLElement>('[data-pda-card]');
  // The card root is inside the message element: replacing its outer HTML swaps the body only.
  if (body) body.outerHTML = local;
}

/**
 * A card rendered again for this client from `message.system` with its localization (the stored
 * content, a plain record without buttons in the GM's language, stays as the fallback when the
 * card cannot be rebuilt here), then its buttons decided and wired for the current user. The
 * handler checks everything again; this is only what the user sees.
 */
export async function onRenderChatMessageHTML(message: ChatMessage, html: HTMLElement): Promise<void> {
  if (
    isHiddenMessage(message) ||
    (message.type as string) !== CARD_TYPE ||
    !game.user ||
    !isGmCard(message)
  ) {
    onRenderCardHTML(message, html);
    return;
  }
  const local = await localCardHtml(message, game.user);
  if (local !== null) swapCardBody(html, local);
  wireCard(message, html);
}

/**
 * The card's HTML as this client renders it (its language, the live world), or null when this
 * client cannot build it (unknown flow, broken data): the stored content is shown then.
 */
export async function localCardHtml(message: ChatMessage, user: User): Promise<string | null> {
  if ((message.type as string) !== CARD_TYPE) return null;
  try {
    const card = snapshotOf(message);
    if (!getFlow(card.flow)) return null;
    return await renderCard(card, makeEnv(user));
  } catch {
    return null;
  }
}

/** Hides, disables or wires the card's buttons for the current user. */
export function wireCard(
  message: ChatMessage,
  html: HTMLElement,
  live: Map<string, LiveAction> | null = null,
): void {
  if (!game.user) return;
  live ??= liveActions(message, game.user);
  for (const wrap of html.querySelectorAll<HTMLElement>('[data-pda-action-wrap]')) {
    const button = wrap.querySelector<HTMLButtonElement>('button[data-pda-action]');
    const actionId = button?.dataset.pdaAction ?? '';
    const state = live.get(actionId);
    if (!button || !state?.visible) {
      wrap.remove();
      continue;
    }
    if (!state.enabled) {
      button.disabled = true;
      let reason = wrap.querySelector<HTMLElement>('.pda-card__reason');
      if (!reason) {
        // The chat log may be popped out (v14): the node belongs to the card's own window.
        reason = createElementNear(wrap, 'span');
        reason.className = 'pda-card__reason';
        wrap.append(reason);
      }
      reason.textContent = state.reason;
      continue;
    }
    button.addEventListener('click', (event) => {
      event.preventDefault();
      button.disabled = true;
      void requestCardAction(message.id ?? '', actionId).then((result) => {
        if (!result.ok) button.disabled = false;
      });
    });
  }
}

/**
 * Renders again, for this client's user, the cards of `messages` its chat log shows, from the
 * live world (their buttons follow what the world now allows). Nothing is written: each client
 * does it for itself.
 */
export async function renderCardsAgain(messages: Iterable<ChatMessage>): Promise<void> {
  const log = (globalThis as { ui?: { chat?: { element?: HTMLElement | null } } }).ui?.chat?.element;
  if (!log) return;
  for (const message of messages)
    for (const li of log.querySelectorAll<HTMLElement>(`[data-message-id="${message.id ?? ''}"]`))
      await onRenderChatMessageHTML(message, li);
}

/**
 * `updateCombat`: when a combat's round changes, the cards of that combat are rendered again from
 * the live world, so that an action the rules allow "once a round" or "from the next round" is
 * offered without waiting for another click on the card.
 */
export async function onCombatRound(
  combat: { id: string | null },
  changes: { round?: unknown },
): Promise<void> {
  if (changes.round === undefined || !combat.id) return;
  await renderCardsAgain(gmCardMessages().filter((message) => snapshotOf(message).combatId === combat.id));
}
