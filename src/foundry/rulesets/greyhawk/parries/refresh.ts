import { gmCardMessages, renderCardsAgain, CARD_TYPE } from '../../../chat';
import { GREYHAWK_PARRY_FLOW } from './flow';
import { ATTACK_FLOW } from './view';

/**
 * A parry card lists the attacks made against the fighter it defends (G-PA1): when an attack
 * card against that fighter is posted or applied, every client renders its open parry cards again
 * from the live world, so their buttons follow. Nothing is written: the card's data has not
 * changed, only what the world now allows.
 */

interface CardMessage {
  readonly id: string | null;
  readonly type: string;
  readonly author?: { isGM?: boolean } | null;
  readonly system: {
    readonly flow?: string;
    readonly step?: string;
    readonly targets?: readonly { readonly actorUuid: string }[];
  };
}

const defendedBy = (m: CardMessage): string => m.system.targets?.[0]?.actorUuid ?? '';

/** Re-renders the open parry cards defending the target of `message` (an attack card). */
export async function refreshParryCards(message: unknown): Promise<void> {
  const m = message as CardMessage;
  if (m.type !== CARD_TYPE || m.system.flow !== ATTACK_FLOW) return;
  // Only a GM's card: a look-alike a player posts does not stand for an attack.
  if (m.author?.isGM !== true) return;
  const defended = defendedBy(m);
  const open = (gmCardMessages() as unknown as CardMessage[]).filter(
    (p) =>
      p.type === CARD_TYPE &&
      p.system.flow === GREYHAWK_PARRY_FLOW &&
      p.system.step === 'ready' &&
      defendedBy(p) === defended,
  );
  await renderCardsAgain(open as unknown as ChatMessage[]);
}

/** Hooks the refresh on every client (posted and updated attack cards). */
export function hookParryRefresh(): void {
  Hooks.on('createChatMessage', (message: unknown) => void refreshParryCards(message));
  Hooks.on('updateChatMessage', (message: unknown) => void refreshParryCards(message));
}
