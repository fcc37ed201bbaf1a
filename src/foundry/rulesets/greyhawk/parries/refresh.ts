import { makeEnv, renderCard, snapshotOf, serialise, CARD_TYPE } from '../../../chat';
import { GREYHAWK_PARRY_FLOW } from './flow';
import { ATTACK_FLOW } from './view';
import { isActiveGM } from '../../../active-gm';

/**
 * A parry card lists the attacks made against the fighter it defends (G-PA1): when an attack
 * card against that fighter is posted or applied, the active GM renders the open parry cards
 * again so their buttons follow (one card at a time, like every card action).
 */

interface CardMessage {
  readonly id: string | null;
  readonly type: string;
  readonly content: string;
  readonly author?: { isGM?: boolean } | null;
  readonly system: {
    readonly flow?: string;
    readonly step?: string;
    readonly targets?: readonly { readonly actorUuid: string }[];
  };
  update(data: Record<string, unknown>): Promise<unknown>;
}

const defendedBy = (m: CardMessage): string => m.system.targets?.[0]?.actorUuid ?? '';

/** Re-renders the open parry cards defending the target of `message` (an attack card). */
export async function refreshParryCards(message: unknown): Promise<void> {
  const m = message as CardMessage;
  if (!isActiveGM() || m.type !== CARD_TYPE || m.system.flow !== ATTACK_FLOW) return;
  // Only a GM's card: a look-alike a player posts must not make the GM write the parry cards.
  if (m.author?.isGM !== true) return;
  const defended = defendedBy(m);
  const all = (game.messages as unknown as { contents?: CardMessage[] } | undefined)?.contents ?? [];
  const open = all.filter(
    (p) =>
      p.type === CARD_TYPE &&
      p.system.flow === GREYHAWK_PARRY_FLOW &&
      p.system.step === 'ready' &&
      defendedBy(p) === defended,
  );
  for (const p of open) {
    await serialise(p.id ?? '', async () => {
      const card = snapshotOf(p as unknown as ChatMessage);
      const content = await renderCard(card, makeEnv(game.user as User));
      if (content !== p.content) await p.update({ content });
    });
  }
}

/** Hooks the refresh on the GM's client (posted and updated attack cards). */
export function hookParryRefresh(): void {
  Hooks.on('createChatMessage', (message: unknown) => void refreshParryCards(message));
  Hooks.on('updateChatMessage', (message: unknown) => void refreshParryCards(message));
}
