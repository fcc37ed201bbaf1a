import { SOUFFLE_GRAPPLE_EXCHANGE } from '../../../../engine/souffle/exchange';

/**
 * S-GR1: whether `holderUuid` holds `heldUuid` now: a grapple card (written by the GM only) of
 * the holder against that target whose hold is applied and not escaped or undone.
 */
export function holdsNow(holderUuid: string, heldUuid: string): boolean {
  const messages = (game.messages?.contents ?? []) as unknown as {
    author?: { isGM?: boolean } | null;
    system?: { flow?: string; step?: string; actorUuid?: string; targets?: { actorUuid?: string }[] };
  }[];
  return messages.some(
    (m) =>
      // A player's look-alike card is no card: only a GM's counts.
      m.author?.isGM === true &&
      m.system?.flow === SOUFFLE_GRAPPLE_EXCHANGE &&
      m.system.step === 'held' &&
      m.system.actorUuid === holderUuid &&
      m.system.targets?.[0]?.actorUuid === heldUuid,
  );
}
