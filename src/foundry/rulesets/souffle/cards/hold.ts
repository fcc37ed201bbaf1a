import { SOUFFLE_GRAPPLE_EXCHANGE } from '../../../../engine/souffle/exchange';
import { CARD_TYPE, renderCardsAgain } from '../../../chat';

/**
 * S-GR1: whether `holderUuid` holds `heldUuid` now: a grapple card (written by the GM only) of
 * the holder against that target whose hold is applied and not escaped or undone.
 */
export function holdsNow(holderUuid: string, heldUuid: string): boolean {
  const messages = (game.messages?.contents ?? []) as unknown as {
    system?: { flow?: string; step?: string; actorUuid?: string; targets?: { actorUuid?: string }[] };
  }[];
  return messages.some(
    (m) =>
      m.system?.flow === SOUFFLE_GRAPPLE_EXCHANGE &&
      m.system.step === 'held' &&
      m.system.actorUuid === holderUuid &&
      m.system.targets?.[0]?.actorUuid === heldUuid,
  );
}

interface HoldMessage {
  readonly type: string;
  readonly system: { readonly flow?: string; readonly step?: string; readonly combatId?: string };
}

/**
 * S-GR1/S-R1: a held fighter escapes on her own turns: when the combat moves on (a slot closed, a
 * budget spent, a new round), every client renders the combat's open holds again from the live
 * world, so that the escape button follows whose turn it is. Nothing is written.
 */
export async function refreshHoldCards(combat: { id: string | null }): Promise<void> {
  if (!combat.id) return;
  const all = (game.messages as unknown as { contents?: HoldMessage[] } | undefined)?.contents ?? [];
  const open = all.filter(
    (m) =>
      m.type === CARD_TYPE &&
      m.system.flow === SOUFFLE_GRAPPLE_EXCHANGE &&
      m.system.step === 'held' &&
      m.system.combatId === combat.id,
  );
  if (open.length) await renderCardsAgain(open as unknown as ChatMessage[]);
}

/** Hooks the refresh on every client, once at init. */
export function registerHoldRefresh(): void {
  Hooks.on('updateCombat', (combat: { id: string | null }) => void refreshHoldCards(combat));
}
