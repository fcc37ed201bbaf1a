import { RulesError } from '../../engine/core/errors';
import { askGM, registerQuery, type QueryPayload } from '../queries';
import { normaliseMode, userMessageMode, type MessageMode } from '../compat';
import { id, object, oneOf, optional, PayloadError, token, type Schema } from '../security';
import { cardSettled, createCard, makeEnv, resolveUuid } from './card';
import { closeSpentSlots } from './card-action';
import { getFlow, type CardTarget } from './flow';

/**
 * Opening a card, on the GM's client only. A player's client gathers the choices (the dialog:
 * targets, weapon, intent…) and asks the GM to open the card; the active GM checks that the
 * requester owns the acting actor and that every target is an actor they may aim at, lets the
 * flow's opener roll the first step with Foundry dice and perform the writes it implies, then
 * creates the card message itself: the GM is its author (so no player can edit its stored state)
 * and the actor its speaker. A GM opening a card runs the same code locally.
 */
export const CARD_OPEN_QUERY = 'card.open';

/** Most targets one request may name (one card each). */
export const MAX_OPEN_TARGETS = 12;

export type { CardOpener, OpenedCard, OpenPlan, OpenRequest } from './types';

/** A document uuid: dot-separated ids ("Actor.x", "Scene.s.Token.t.Actor.a", compendium ones). */
export function uuid(): Schema<string> {
  return (value, path) => {
    if (typeof value !== 'string' || value.length > 300) throw new PayloadError(path);
    const parts = value.split('.');
    if (parts.length < 2 || parts.length > 8) throw new PayloadError(path);
    for (const part of parts) id()(part, path);
    return value;
  };
}

/** A bounded list of one schema. */
export function list<T>(item: Schema<T>, max: number): Schema<T[]> {
  return (value, path) => {
    if (!Array.isArray(value) || value.length > max) throw new PayloadError(path);
    return value.map((v, i) => item(v, `${path}.${i}`));
  };
}

/** An id or the empty string (no choice). */
export function idOrEmpty(): Schema<string> {
  return (value, path) => (value === '' ? '' : id()(value, path));
}

const MODES: readonly MessageMode[] = ['public', 'gm', 'blind', 'self', 'ic'];

/** The request's fields; `choices` is the flow's own schema, checked once the flow is known. */
export const CARD_OPEN_SHAPE = {
  flow: token(),
  actorUuid: uuid(),
  itemId: id(),
  tokenUuid: optional(uuid()),
  targets: list(object({ actorUuid: uuid(), tokenUuid: optional(uuid()) }), MAX_OPEN_TARGETS),
  combatId: optional(id()),
  mode: oneOf(MODES),
  choices: (value: unknown) => value,
};

interface OpenPayload extends QueryPayload {
  flow: string;
  actorUuid: string;
  itemId: string;
  tokenUuid?: string;
  targets: { actorUuid: string; tokenUuid?: string }[];
  combatId?: string;
  mode: MessageMode;
  choices: unknown;
}

interface Permissioned {
  testUserPermission(user: User, level: 'OWNER'): boolean;
}
interface TokenLike {
  name?: string;
  hidden?: boolean;
  actor?: { uuid?: string } | null;
}

/** A token stands for that actor (a token whose actor is not loaded is taken at its word). */
function sameActor(tok: TokenLike, actorUuid: string): boolean {
  const uuid = tok.actor?.uuid;
  return uuid === undefined || uuid === actorUuid;
}

/** True when one of the actor's tokens on the viewed scene is hidden. */
function hasHiddenToken(actor: unknown): boolean {
  const a = actor as { getActiveTokens?: (linked?: boolean, document?: boolean) => unknown[] } | null;
  const tokens = (a?.getActiveTokens?.(false, true) ?? []) as { hidden?: boolean; document?: TokenLike }[];
  return tokens.some((t) => Boolean((t.document ?? t).hidden));
}

function owns(user: User, doc: unknown): boolean {
  if (user.isGM) return true;
  const d = doc as Partial<Permissioned> | null;
  return typeof d?.testUserPermission === 'function' && d.testUserPermission(user, 'OWNER');
}

/**
 * A target as the GM names it: the actor must exist; its token, when given, must be that actor's
 * and, for a player, not hidden (a player cannot target a token they cannot see). The name comes
 * from the documents, never from the request.
 */
function checkedTarget(user: User, raw: { actorUuid: string; tokenUuid?: string }): CardTarget {
  const actor = resolveUuid(raw.actorUuid) as { uuid?: string; name?: string } | null;
  if (!actor) throw new RulesError('PDA.Chat.Gone.Document');
  const token = raw.tokenUuid ? (resolveUuid(raw.tokenUuid) as TokenLike | null) : null;
  if (raw.tokenUuid) {
    if (!token || !sameActor(token, raw.actorUuid)) throw new RulesError('PDA.Error.CardBadTarget');
    if (token.hidden && !user.isGM) throw new RulesError('PDA.Error.CardBadTarget');
  } else if (!user.isGM && hasHiddenToken(actor)) {
    // Named by its actor only, the flow would find and measure from that actor's token: a player
    // names no actor whose token the GM hid.
    throw new RulesError('PDA.Error.CardBadTarget');
  }
  return {
    actorUuid: raw.actorUuid,
    tokenUuid: raw.tokenUuid ?? '',
    name: String(token?.name ?? actor.name ?? ''),
  };
}

interface SpeakerSource {
  getSpeaker(options: { actor: unknown }): unknown;
}

/** GM side: checks the request, rolls the opening, writes, and posts the cards as the GM. */
export async function handleCardOpen(payload: OpenPayload, user: User): Promise<{ messageIds: string[] }> {
  const flow = getFlow(payload.flow);
  const opener = flow?.opener;
  if (!flow || !opener) throw new RulesError('PDA.Error.CardUnknownFlow', { flow: payload.flow });
  const choices = opener.choices(payload.choices, 'choices');
  const actor = resolveUuid(payload.actorUuid) as { name?: string } | null;
  if (!actor) throw new RulesError('PDA.Chat.Gone.Document');
  if (!owns(user, actor)) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name ?? '' });
  const tokenUuid = payload.tokenUuid ?? '';
  const own = tokenUuid ? (resolveUuid(tokenUuid) as TokenLike | null) : null;
  if (tokenUuid && (!own || !sameActor(own, payload.actorUuid)))
    throw new RulesError('PDA.Error.CardBadTarget');
  // One card per target actor: a target named twice is one target.
  const unique = payload.targets.filter(
    (x, i, all) => all.findIndex((y) => y.actorUuid === x.actorUuid) === i,
  );
  const targets = unique.map((x) => checkedTarget(user, x));
  if (targets.length === 0 && !opener.targetsOptional) throw new RulesError('PDA.Error.CardNoTarget');
  const plan = await opener.open(
    {
      user,
      actor,
      actorUuid: payload.actorUuid,
      itemId: payload.itemId,
      tokenUuid,
      targets,
      combatId: payload.combatId ?? '',
      choices,
    },
    () => makeEnv(user),
  );
  await plan.commit?.();
  const Message = CONFIG.ChatMessage.documentClass as unknown as SpeakerSource;
  const speaker = Message.getSpeaker({ actor }) as Record<string, unknown>;
  const ids: string[] = [];
  for (const { card, env } of plan.cards) {
    const message = await createCard(card, env, speaker, { mode: payload.mode, requester: user.id ?? '' });
    ids.push(message.id ?? '');
  }
  // A blow that asks nothing more (a miss) spends its slot at once, once every card of it has.
  const last = plan.cards.at(-1);
  if (last && plan.cards.every(({ card, env }) => cardSettled(card, env)))
    await closeSpentSlots(last.card, last.env);
  return { messageIds: ids };
}

export interface OpenCardRequest {
  readonly flow: string;
  readonly actor: { readonly uuid: string };
  readonly itemId: string;
  readonly tokenUuid?: string;
  readonly targets: readonly CardTarget[];
  readonly combatId?: string;
  readonly choices: unknown;
  /** The GM query to send (default card.open; a ruleset's own query with a wider shape). */
  readonly query?: string;
}

/**
 * From any client: asks the active GM to open the cards (a GM opens them locally). Returns the
 * created messages as this client holds them; empty when refused (the refusal is shown).
 */
export async function requestCardOpen(request: OpenCardRequest): Promise<ChatMessage[]> {
  const data: Record<string, unknown> = {
    flow: request.flow,
    actorUuid: request.actor.uuid,
    itemId: request.itemId,
    targets: request.targets.map((x) =>
      x.tokenUuid ? { actorUuid: x.actorUuid, tokenUuid: x.tokenUuid } : { actorUuid: x.actorUuid },
    ),
    mode: normaliseMode(userMessageMode()),
    choices: request.choices,
  };
  if (request.tokenUuid) data.tokenUuid = request.tokenUuid;
  if (request.combatId) data.combatId = request.combatId;
  const result = await askGM<{ messageIds: string[] }>(request.query ?? CARD_OPEN_QUERY, data);
  if (!result.ok) return [];
  return result.value.messageIds.flatMap((mid) => {
    const message = game.messages?.get(mid) as ChatMessage | undefined;
    return message ? [message] : [];
  });
}

export function registerCardOpenQuery(): void {
  registerQuery(CARD_OPEN_QUERY, CARD_OPEN_SHAPE, handleCardOpen);
}
