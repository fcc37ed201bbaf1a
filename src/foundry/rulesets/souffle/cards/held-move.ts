import { RulesError } from '../../../../engine/core/errors';
import { stateStopping } from '../../../../engine/souffle/states';
import { notifyError } from '../../../i18n';
import { souffleStatesOf } from '../states';
import { isSouffleActor } from './fighters';
import { isActiveGM } from '../../../active-gm';

/**
 * S-GR1/S-MN3: a grabbed or knocked-out fighter does not move. The mover's client refuses the
 * token move with the reason (nothing is sent, no opportunity card follows); a move that still
 * reaches the server (another client) is put back by the active GM to where the GM last saw the
 * token.
 */

interface TokenDoc {
  readonly id?: string | null;
  readonly x?: number;
  readonly y?: number;
  readonly actor?: { name?: string } | null;
  update?(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

const moved = (changed: Record<string, unknown>) => 'x' in changed || 'y' in changed;

/** The refusal of moving this token now, or undefined. */
export function heldMoveRefusal(doc: TokenDoc): RulesError | undefined {
  const actor = doc.actor;
  if (!actor || !isSouffleActor(actor)) return undefined;
  const state = stateStopping(souffleStatesOf(actor), 'deplacement');
  if (!state) return undefined;
  return new RulesError('PDA.Error.SouffleHeldMove', {
    name: actor.name ?? '',
    state: `PDA.Souffle.StateWord.${state}`,
  });
}

/** The update option of the GM's put-back (the one move a held token makes). */
export const PUT_BACK = 'pdaHeldMove';

/** `preUpdateToken` on the mover's client: false (and the message) when the fighter is held. */
export function refuseHeldMove(
  doc: TokenDoc,
  changed: Record<string, unknown>,
  options: Record<string, unknown> = {},
): boolean | void {
  if (!moved(changed) || options[PUT_BACK] === true) return;
  const refused = heldMoveRefusal(doc);
  if (!refused) return;
  notifyError(refused);
  return false;
}

const lastSeen = new Map<string, { x: number; y: number }>();

/** `createToken`/`updateToken` on every client: the active GM remembers where tokens stand and
 *  puts back a held fighter's token that another client moved anyway. */
export async function watchTokenMove(
  doc: TokenDoc,
  changed: Record<string, unknown>,
  userId: string,
): Promise<void> {
  if (!doc.id || !isActiveGM()) return;
  const before = lastSeen.get(doc.id);
  if (moved(changed) && before && userId !== game.user?.id && heldMoveRefusal(doc)) {
    await doc.update?.({ x: before.x, y: before.y }, { [PUT_BACK]: true });
    return;
  }
  lastSeen.set(doc.id, { x: Math.round(doc.x ?? 0), y: Math.round(doc.y ?? 0) });
}

export function registerHeldMoveHooks(): void {
  Hooks.on(
    'preUpdateToken',
    (doc: TokenDoc, changed: Record<string, unknown>, options: Record<string, unknown>) =>
      refuseHeldMove(doc, changed, options),
  );
  // The promise is returned only so a caller may await it (Foundry ignores it).
  Hooks.on('createToken', (doc: TokenDoc, _options: unknown, userId: string) =>
    watchTokenMove(doc, {}, userId),
  );
  Hooks.on('updateToken', (doc: TokenDoc, changed: Record<string, unknown>, _o: unknown, userId: string) =>
    watchTokenMove(doc, changed, userId),
  );
}
