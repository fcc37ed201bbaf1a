import { CARD_TYPE } from './card-model';
import { requestCardAction, userMayUse } from './card';

/**
 * `renderChatMessageHTML`: on a card, removes the buttons the current user may not use (a
 * defender's buttons show only to the target's owners and the GM) and wires the others to the
 * GM-side handler. The handler checks everything again; hiding is only a courtesy.
 */
export function onRenderChatMessageHTML(message: ChatMessage, html: HTMLElement): void {
  if ((message.type as string) !== CARD_TYPE) return;
  const user = game.user;
  for (const wrap of html.querySelectorAll<HTMLElement>('[data-pda-action-wrap]')) {
    const button = wrap.querySelector<HTMLButtonElement>('button[data-pda-action]');
    if (!button) continue;
    const owners = (button.dataset.pdaOwners ?? '').split(',').filter((s) => s !== '');
    if (!user || !userMayUse(user, owners)) {
      wrap.remove();
      continue;
    }
    button.addEventListener('click', (event) => {
      event.preventDefault();
      const actionId = button.dataset.pdaAction ?? '';
      button.disabled = true;
      void requestCardAction(message.id ?? '', actionId).then((result) => {
        if (!result.ok) button.disabled = false;
      });
    });
  }
}
