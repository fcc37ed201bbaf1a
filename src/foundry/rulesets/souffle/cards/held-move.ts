import type { RulesError } from '../../../../engine/core/errors';
import { withinReach } from '../../../../engine/souffle/attack';
import { isSlowed } from '../../../../engine/souffle/manoeuvres';
import { holdLasts, moveRefusal } from '../../../../engine/souffle/movement';
import { leftBehind } from '../../../../engine/souffle/exchange';
import { tokenDistance } from '../../../canvas';
import { notifyError } from '../../../i18n';
import { requestCardAction, resolveUuid } from '../../../chat';
import { souffleStatesOf } from '../states';
import { postureCombatOf } from '../posture';
import { conditionMark, isSouffleActor } from './fighters';
import { heldCards } from './hold';
import { foesAround, standingAt, tokenOf } from './opportunity-flow';
import { isActiveGM } from '../../../active-gm';
import { movesToken, registerSeenPlaces, seenPlaces } from '../../../canvas';
import { isRestoring, restored } from '../../../security';

/**
 * Token moves the rules stop (engine/souffle/movement.ts): a knocked-out fighter (S-MN3), a held
 * one while a conscious holder holds her (S-GR1), a holder walking away from the fighter she holds
 * (she lets go first, from the hold's card), a runner slowed this round leaving his pursuers'
 * reach (S-FL1 "freiné"). The mover's client refuses the move with the reason (nothing is sent,
 * no opportunity card follows); a held or knocked-out fighter's move that still reaches the server
 * (another client) is put back by the active GM to where the GM last saw the token. A held
 * fighter whose holders are all unconscious walks away: the active GM ends those holds.
 */

interface TokenDoc {
  readonly id?: string | null;
  readonly uuid?: string;
  readonly x?: number;
  readonly y?: number;
  readonly actor?: { name?: string; uuid?: string } | null;
  update?(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

const moved = (changed: Record<string, unknown>) => 'x' in changed || 'y' in changed;

/** The holds on this actor (card and holder's states) and the holds it keeps. */
function holdsAround(actorUuid: string) {
  const cards = heldCards();
  return {
    on: cards.filter((m) => m.system.targets?.[0]?.actorUuid === actorUuid),
    by: cards.filter((m) => m.system.actorUuid === actorUuid),
  };
}

/**
 * The refusal of moving this token now, or undefined; `to`: where the move goes (scene pixels),
 * for the refusals that depend on it (the holder's, the slowed runner's).
 */
export function heldMoveRefusal(doc: TokenDoc, to?: { x: number; y: number }): RulesError | undefined {
  const actor = doc.actor;
  if (!actor || !isSouffleActor(actor)) return undefined;
  const holds = holdsAround(actor.uuid);
  const own = to ? tokenOf(actor.uuid, doc.uuid ?? '') : undefined;
  const there = own && to ? standingAt(own, to.x, to.y) : undefined;
  const heldLeft = there
    ? holds.by.flatMap((m) => {
        const held = m.system.targets?.[0];
        const token = held ? tokenOf(held.actorUuid ?? '', held.tokenUuid ?? '') : undefined;
        return token && !withinReach(tokenDistance(there, token)) ? [held?.name ?? ''] : [];
      })
    : [];
  const fight = postureCombatOf(actor.uuid);
  const slowed = Boolean(
    fight && isSlowed(conditionMark(actor, 'freine'), fight.combat.id ?? '', fight.combat.round),
  );
  const slowedLeaving = Boolean(
    slowed &&
    own &&
    there &&
    leftBehind(foesAround(own), foesAround(own, there), (a, b) => a.actorUuid === b.actorUuid).length,
  );
  return moveRefusal({
    name: actor.name ?? '',
    states: souffleStatesOf(actor),
    holders: holds.on.map((m) => souffleStatesOf(resolveUuid(m.system.actorUuid ?? ''))),
    heldLeft,
    slowedLeaving,
  });
}

/** The update option of the GM's put-back (the one move a held token makes). */
export const PUT_BACK = 'pdaHeldMove';

/** `preUpdateToken` on the mover's client: false (and the message) when the move is stopped. */
export function refuseHeldMove(
  doc: TokenDoc,
  changed: Record<string, unknown>,
  options: Record<string, unknown> = {},
): boolean | void {
  if (!movesToken(doc, changed) || options[PUT_BACK] === true) return;
  const to = {
    x: typeof changed.x === 'number' ? changed.x : (doc.x ?? 0),
    y: typeof changed.y === 'number' ? changed.y : (doc.y ?? 0),
  };
  const refused = heldMoveRefusal(doc, to);
  if (!refused) return;
  notifyError(refused);
  return false;
}

/** S-GR1: the active GM ends the holds on a fighter who walked away from unconscious holders. */
async function endLapsedHolds(actorUuid: string): Promise<void> {
  for (const m of holdsAround(actorUuid).on) {
    const holder = resolveUuid(m.system.actorUuid ?? '');
    if (m.id && !holdLasts(souffleStatesOf(holder))) await requestCardAction(m.id, 'release');
  }
}

/** `createToken`/`updateToken` on every client: the active GM puts back a held fighter's token
 *  that another client moved anyway, to where it last saw it (canvas/seen.ts, filled at load). */
export async function watchTokenMove(
  doc: TokenDoc,
  changed: Record<string, unknown>,
  userId: string,
): Promise<void> {
  if (!doc.id || !isActiveGM()) return;
  const before = seenPlaces.before(doc);
  seenPlaces.remember(doc);
  if (!moved(changed) || !before || userId === game.user?.id) {
    if (moved(changed) && doc.actor?.uuid) await endLapsedHolds(doc.actor.uuid);
    return;
  }
  let refused = heldMoveRefusal(doc);
  // A hold a player removed in the same instant is read as the GM last knew it: its write-back
  // lands first.
  if (!refused && isRestoring(doc.actor?.uuid)) {
    await restored(doc.actor?.uuid);
    refused = heldMoveRefusal(doc);
  }
  if (refused) {
    seenPlaces.hold(doc, before);
    await doc.update?.({ x: before.x, y: before.y }, { [PUT_BACK]: true });
    return;
  }
  if (moved(changed) && doc.actor?.uuid) await endLapsedHolds(doc.actor.uuid);
}

export function registerHeldMoveHooks(): void {
  registerSeenPlaces();
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
