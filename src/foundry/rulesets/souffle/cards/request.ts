import { RulesError } from '../../../../engine/core/errors';
import { type CardTarget, CARD_OPEN_SHAPE, handleCardOpen, idOrEmpty, requestCardOpen } from '../../../chat';
import { registerQuery, type QueryPayload } from '../../../queries';
import { souffleActor, type SouffleActorDoc } from './fighters';

/**
 * Opening a Souffle card goes through the GM (src/foundry/chat/open.ts): the player's client
 * gathers the choices, the active GM checks them, rolls, spends the action and posts the card as
 * its author. Souffle's cards without a weapon (aim, grapple, flight, pick-up) use their own
 * query, the card-open request with an empty item allowed, for Souffle flows only.
 */

export const SOUFFLE_OPEN_QUERY = 'souffle.open';

export const SOUFFLE_OPEN_SHAPE = { ...CARD_OPEN_SHAPE, itemId: idOrEmpty() };

interface SouffleOpenPayload extends QueryPayload {
  flow: string;
}

/** GM side: a card-open request for a Souffle flow. */
export function handleSouffleOpen(
  payload: SouffleOpenPayload,
  user: User,
): Promise<{ messageIds: string[] }> {
  if (typeof payload.flow !== 'string' || !payload.flow.startsWith('souffle.'))
    throw new RulesError('PDA.Error.CardUnknownFlow', { flow: String(payload.flow) });
  return handleCardOpen(payload as never, user);
}

export function registerSouffleOpenQuery(): void {
  registerQuery(SOUFFLE_OPEN_QUERY, SOUFFLE_OPEN_SHAPE, handleSouffleOpen);
}

export interface OwnActor extends SouffleActorDoc {
  readonly id: string | null;
  readonly isOwner: boolean;
  readonly items: { get(id: string): { name?: string; system: { toEngine?: () => unknown } } | undefined };
  getFlag?(scope: string, key: string): unknown;
}

/** The user's own Souffle actor, or the refusal (checked again by the GM). */
export function ownActor(doc: Actor): OwnActor {
  const actor = doc as unknown as OwnActor;
  if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
  souffleActor(actor, actor.name);
  return actor;
}

/** Asks the GM to open a Souffle card; the created messages (empty when refused, shown). */
export function requestSouffleCard(request: {
  readonly flow: string;
  readonly actor: { readonly uuid: string };
  readonly itemId?: string;
  readonly tokenUuid?: string;
  readonly targets: readonly CardTarget[];
  readonly combatId?: string;
  readonly choices: unknown;
}): Promise<ChatMessage[]> {
  return requestCardOpen({ ...request, itemId: request.itemId ?? '', query: SOUFFLE_OPEN_QUERY });
}
