import { CARD_TYPE } from './card-model';
import { liveActions, requestCardAction } from './card';

/**
 * `renderChatMessageHTML`: on a card, removes the buttons the current user may not use (a
 * defender's buttons show only to the target's owners and the GM), disables those the live world
 * no longer allows (deleted actor, ended combat) with the reason, and wires the rest to the
 * GM-side handler. The handler checks everything again; this is only what the user sees.
 */
export function onRenderChatMessageHTML(message: ChatMessage, html: HTMLElement): void {
  if ((message.type as string) !== CARD_TYPE || !game.user) return;
  const live = liveActions(message, game.user);
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
        reason = document.createElement('span');
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
