import { isActiveGM } from '../active-gm';
import { hasRecord, record, recorded, restoring } from '../security';

/**
 * Which side a token is on, for the rules that tell foes apart (Souffle's opportunity blow and
 * flight pursuers S-AT6/S-FL1, outnumbering, Greyhawk's free-shot groups G-F1). Foundry keeps it
 * in the token's `disposition`, which the token's owner may write: flipping one's own token
 * friendly must not shed one's foes. So the side is a binding fact fixed by the GM:
 *
 * - on a GM's client the rules read the disposition a GM last wrote (or that the GM's client saw
 *   at load or at the token's creation), never a player's change of it;
 * - the active GM writes a player's change back, at once and, for a change made while it was
 *   away, at `ready` (the GM's record survives a reload: security/gm-record.ts).
 *
 * A GM still marks a side by hand (two players' fighters both friendly: the GM marks one
 * hostile), and that write is recorded.
 */

interface TokenSide {
  readonly uuid?: string;
  readonly disposition?: number;
  readonly actor?: { readonly uuid?: string } | null;
  update?(changes: object, options?: object): Promise<unknown>;
}

const keyOf = (token: TokenSide): string => `Token|${token.uuid ?? ''}|disposition`;

/** The token's side as the rules read it (see above). */
export function sideOf(token: TokenSide | null | undefined): number | undefined {
  if (!token) return undefined;
  if (token.uuid && hasRecord(keyOf(token))) return recorded(keyOf(token)) as number;
  return token.disposition;
}

function check(token: TokenSide): void {
  if (!token.uuid || typeof token.disposition !== 'number') return;
  const key = keyOf(token);
  if (!hasRecord(key)) return record(key, token.disposition);
  const was = recorded(key);
  if (was === token.disposition || typeof was !== 'number' || !isActiveGM() || !token.update) return;
  restoring(token.actor?.uuid ?? token.uuid, token.update({ disposition: was }));
}

let registered = false;

/** The GM's side of it: the record and the write-back (once, at init). */
export function registerSides(): void {
  if (registered) return;
  registered = true;
  Hooks.once('ready', () => {
    if (!game.user?.isGM) return;
    for (const scene of game.scenes ?? []) for (const token of scene.tokens) check(token as TokenSide);
  });
  Hooks.on('createToken', (token: TokenSide) => {
    if (game.user?.isGM && token.uuid) record(keyOf(token), token.disposition);
  });
  Hooks.on(
    'updateToken',
    (token: TokenSide, changed: Record<string, unknown>, _o: unknown, userId: string) => {
      if (!game.user?.isGM || !('disposition' in changed)) return;
      if ((game.users?.get(String(userId)) as { isGM?: boolean } | undefined)?.isGM)
        return record(keyOf(token), token.disposition);
      check(token);
    },
  );
}
