import { RulesError } from '../../../engine/core/errors';
import { moveRefusal } from '../../../engine/fantasia/movement';
import { fightCondition } from '../../../engine/fantasia/fallen';
import { fantasiaOptionsFromSettings } from './settings';
import type { FantasiaCombatant } from '../../../engine/fantasia/types';
import { notifyError } from '../../i18n';
import { fantasiaRound } from './cards/round-context';
import { isActiveGM } from '../../active-gm';
import { movedBy, movesToken, registerSeenPlaces, seenPlaces } from '../../canvas';
import { isRestoring, restored } from '../../security';

/**
 * `preUpdateToken` (the mover's client): a player may not drag the token of a fighter who cannot
 * move (Faucheuse, held, winding a crossbow in passes 2 and 3); the move is refused with the
 * reason. The GM's hand stays free (to set the scene right). The rules are the engine's.
 */
interface TokenDoc {
  readonly x?: number;
  readonly y?: number;
  readonly actor?: { readonly uuid?: string; readonly name?: string; engineView?<T>(): T } | null;
}

interface MovedToken extends TokenDoc {
  readonly id?: string | null;
  readonly x?: number;
  readonly y?: number;
  update?(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

/** Why this token's fighter may not move now (F-B7, F-W5), or undefined. */
function refusalOf(doc: TokenDoc): RulesError | undefined {
  const actor = doc.actor;
  if (!actor?.uuid || typeof actor.engineView !== 'function') return undefined;
  let view: FantasiaCombatant;
  try {
    view = actor.engineView<FantasiaCombatant>();
  } catch {
    return undefined;
  }
  const combatId = (game.combat as { id?: string | null } | null)?.id ?? '';
  const reloading = Boolean(fantasiaRound().facts(combatId, actor.uuid).reloadingWeaponId);
  const fallen = fightCondition(view, fantasiaOptionsFromSettings().zeroPv);
  const refusal = moveRefusal(view.states, reloading, fallen);
  return refusal ? new RulesError(refusal.key, { name: view.name, rule: refusal.rule }) : undefined;
}

export function fantasiaPreUpdateToken(
  doc: TokenDoc,
  changed: Record<string, unknown>,
  options: Record<string, unknown> = {},
): boolean | void {
  if (!movesToken(doc, changed)) return;
  if (game.user?.isGM || options[PUT_BACK] === true) return;
  const refusal = refusalOf(doc);
  if (!refusal) return;
  notifyError(refusal);
  return false;
}

/** The update option of the GM's put-back (the one move such a token makes). */
const PUT_BACK = 'pdaRefusedMove';

/**
 * `createToken`/`updateToken` on every client: the active GM puts back, to where it last saw it,
 * the token of a fighter who may not move that a player moved anyway (a client that skipped its
 * own hook: a console). The GM's own moves stay free.
 */
export async function watchFantasiaMove(
  doc: MovedToken,
  changed: Record<string, unknown>,
  options: Record<string, unknown>,
  userId: string,
): Promise<void> {
  if (!doc.id || !isActiveGM()) return;
  const before = seenPlaces.before(doc);
  seenPlaces.remember(doc);
  const byPlayer = !(game.users?.get(userId) as { isGM?: boolean } | undefined)?.isGM;
  if (!movedBy(changed) || !before || !byPlayer || options[PUT_BACK] === true) return;
  let refused = Boolean(refusalOf(doc));
  // A condition a player removed in the same instant is read as the GM last knew it: its
  // write-back lands first.
  if (!refused && isRestoring(doc.actor?.uuid)) {
    await restored(doc.actor?.uuid);
    refused = Boolean(refusalOf(doc));
  }
  if (!refused) return;
  seenPlaces.hold(doc, before);
  await doc.update?.({ x: before.x, y: before.y }, { [PUT_BACK]: true });
}

export function registerFantasiaMoveWatch(): void {
  registerSeenPlaces();
  Hooks.on(
    'updateToken',
    (doc: MovedToken, changed: Record<string, unknown>, options: Record<string, unknown>, userId: string) =>
      watchFantasiaMove(doc, changed, options ?? {}, userId),
  );
}
