import { RulesError } from '../../engine/core/errors';
import type { Dice } from '../../engine/dice/port';
import { normaliseRulesetId } from '../../engine/rulesets';
import { templatePath } from '../constants';
import { withFoundryDice, type DieRoller, foundryDieRoller } from '../dice';
import { t } from '../i18n';
import { gmIds, type MessageMode, userMessageMode } from '../compat';
import { CARD_TYPE } from './card-model';
import { journalOf, RESUME_ACTION } from './journal';
import {
  getFlow,
  type CardAction,
  type CardSnapshot,
  type CardTarget,
  type FlowEnv,
  type Text,
} from './flow';

/**
 * The card pipeline: creating a card, rendering it from templates/chat/card.hbs, and the GM-side
 * handler every card action goes through. Players never write a card or another user's actor:
 * their click becomes a query to the GM, who re-checks the card's revision, the action's
 * availability and the user's ownership, serialises per message, and writes.
 */

export const CARD_TEMPLATE = templatePath('chat/card.hbs');
/** What a card message stores as its content (chat/message.ts renders the card itself). */
export const STORED_CARD_TEMPLATE = templatePath('chat/card-stored.hbs');

/**
 * The parts every card of the three rulesets is made of (header, result badge, rows with their
 * rule IDs, buttons): card.hbs and the one-shot roll cards include them as partials.
 */
export const CARD_PARTIALS = ['header', 'check', 'rows', 'actions'].map((p) =>
  templatePath(`chat/parts/${p}.hbs`),
);

/** Renders a template with a context; Foundry's renderTemplate by default, Handlebars in tests. */
export type TemplateRenderer = (path: string, context: Record<string, unknown>) => Promise<string>;

let renderer: TemplateRenderer = (path, context) =>
  foundry.applications.handlebars.renderTemplate(path, context);
let dieRoller: DieRoller = foundryDieRoller;

export function setTemplateRenderer(next: TemplateRenderer): void {
  renderer = next;
}

/** Renders one of our templates with the configured renderer. */
export function renderTemplateWith(path: string, context: Record<string, unknown>): Promise<string> {
  return renderer(path, context);
}

/** Test seam: the roller withFoundryDice uses for card steps. */
export function setDieRoller(next: DieRoller): void {
  dieRoller = next;
}

/** The message's system data as a flow snapshot. */
export function snapshotOf<S = unknown>(message: ChatMessage): CardSnapshot<S> {
  const s = message.system as unknown as Record<string, unknown>;
  const journal = journalOf(s);
  return {
    ruleset: normaliseRulesetId(s.ruleset),
    flow: String(s.flow ?? ''),
    step: String(s.step ?? ''),
    revision: Number(s.revision ?? 0),
    actorUuid: String(s.actorUuid ?? ''),
    tokenUuid: String(s.tokenUuid ?? ''),
    itemId: String(s.itemId ?? ''),
    targets: ((s.targets as CardTarget[] | undefined) ?? []).map((x) => ({ ...x })),
    combatId: String(s.combatId ?? ''),
    round: Number(s.round ?? 0),
    state: (s.state ?? {}) as S,
    ...(journal ? { journal } : {}),
  };
}

/** A document by uuid, null when it is gone. */
export function resolveUuid(uuid: string): unknown {
  if (!uuid) return null;
  try {
    // fvtt-types wants a typed uuid template; stored uuids are plain strings.
    return fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) ?? null;
  } catch {
    return null;
  }
}

interface Permissioned {
  testUserPermission(user: User, level: 'OWNER'): boolean;
}

/** True when `user` may use an action limited to the owners of `owners` (the GM always may). */
export function userMayUse(user: User, owners: readonly string[], resolve = resolveUuid): boolean {
  if (user.isGM) return true;
  return owners.some((uuid) => {
    const doc = resolve(uuid) as Partial<Permissioned> | null;
    return typeof doc?.testUserPermission === 'function' && doc.testUserPermission(user, 'OWNER');
  });
}

export type { CardEnv } from './types';
import type { CardEnv } from './types';

/** The services a flow runs with; the Rolls it made are collected for the message. */
export function makeEnv(user: User): CardEnv {
  const rolls: Roll[] = [];
  return {
    user,
    rolls,
    resolve: resolveUuid,
    async roll<T>(step: (dice: Dice) => T): Promise<T> {
      const out = await withFoundryDice(step, dieRoller);
      rolls.push(...out.rolls);
      return out.value;
    },
    t: (text: Text) => t(text.key, text.data ? { ...text.data } : undefined),
    userTargets,
  };
}

/** The tokens the current user targets, as card targets (tokens without an actor are skipped). */
export function userTargets(): CardTarget[] {
  const targets = (game.user?.targets ?? []) as Iterable<{
    actor?: { uuid: string } | null;
    document?: { uuid: string };
    name?: string;
  }>;
  return [...targets].flatMap((tok) =>
    tok.actor
      ? [{ actorUuid: tok.actor.uuid, tokenUuid: tok.document?.uuid ?? '', name: tok.name ?? '' }]
      : [],
  );
}

/** Why none of the card's buttons work any more (its combat ended), or undefined. */
function cardGone(card: CardSnapshot): Text | undefined {
  if (card.combatId && !game.combats?.get(card.combatId)) return { key: 'PDA.Chat.Gone.Combat' };
  return undefined;
}

/**
 * The flow's actions with the pipeline's own refusals added: a combat that ended, or an actor
 * an action concerns that was deleted, disables the action and says why.
 */
export function cardActions(card: CardSnapshot, env: FlowEnv): CardAction[] {
  const flow = getFlow(card.flow);
  if (!flow) return [];
  const gone = cardGone(card);
  const actions = flow.actions(card, env).map((a) => {
    if (!a.enabled) return a;
    if (gone) return { ...a, enabled: false, reason: gone };
    const missing = a.owners.find((uuid) => env.resolve(uuid) === null);
    if (missing !== undefined) {
      const name = card.targets.find((x) => x.actorUuid === missing)?.name ?? '';
      return { ...a, enabled: false, reason: { key: 'PDA.Chat.Gone.Actor', data: { name } } };
    }
    return a;
  });
  if (!card.journal) return actions;
  // An action's writes are not all made yet (chat/journal.ts): only finishing it is possible.
  const pending: Text = { key: 'PDA.Chat.Journal.Pending' };
  return [
    ...actions.map((a) => ({ ...a, enabled: false, reason: a.enabled ? pending : a.reason })),
    {
      id: RESUME_ACTION,
      label: { key: 'PDA.Chat.Journal.Resume' },
      owners: [...card.journal.owners],
      enabled: true,
      style: 'primary',
    },
  ];
}

/**
 * Issue 46: the card has nothing left for anyone to answer (only an undo, or nothing): a slot its
 * fighter played it in may close itself (combat/slot-close.ts).
 */
export function cardSettled(card: CardSnapshot, env: FlowEnv): boolean {
  return !cardActions(card, env).some((a) => a.enabled && !a.id.startsWith('undo'));
}

/** What a user sees of one button now: hidden, or shown enabled / disabled with a reason. */
export interface LiveAction {
  readonly visible: boolean;
  readonly enabled: boolean;
  readonly reason: string;
}

/**
 * The card's buttons as `user` should see them now, from the live world (a deleted actor or an
 * ended combat disables them even though the stored HTML predates it). Used by the render hook.
 */
export function liveActions(message: ChatMessage, user: User): Map<string, LiveAction> {
  const out = new Map<string, LiveAction>();
  if ((message.type as string) !== CARD_TYPE) return out;
  const card = snapshotOf(message);
  const env = makeEnv(user);
  for (const a of cardActions(card, env)) {
    out.set(a.id, {
      visible: userMayUse(user, a.owners, env.resolve),
      enabled: a.enabled,
      reason: a.reason ? env.t(a.reason) : '',
    });
  }
  return out;
}

/** What both renderings of a card show: the flow's context, the card's step, whether it is over. */
function cardContext(card: CardSnapshot, env: FlowEnv): Record<string, unknown> {
  const flow = getFlow(card.flow);
  if (!flow) throw new RulesError('PDA.Error.CardUnknownFlow', { flow: card.flow });
  const gone = cardGone(card);
  return {
    ...flow.context(card, env),
    flow: card.flow.replace(/\W/g, '-'),
    step: card.step,
    revision: card.revision,
    gone: gone ? env.t(gone) : '',
  };
}

/** The HTML of a card in its current state, as this client's user sees it (buttons included). */
export async function renderCard(card: CardSnapshot, env: FlowEnv): Promise<string> {
  const context = cardContext(card, env);
  const actions = cardActions(card, env).map((a) => ({
    id: a.id,
    label: env.t(a.label),
    enabled: a.enabled,
    reason: a.reason ? env.t(a.reason) : '',
    rule: a.rule ?? '',
    owners: a.owners.join(','),
    style: a.style ?? 'secondary',
  }));
  return renderer(CARD_TEMPLATE, { ...context, actions });
}

/**
 * The content a card message stores: a plain record of the card in its current state (no
 * buttons, no rule tooltips). Every client renders the card from the message's data for its own
 * user (chat/message.ts), so the stored content is only what a client shows when it cannot, and
 * what Foundry's chat export keeps; kept small, each card update sends and parses less.
 */
export async function renderStoredCard(card: CardSnapshot, env: FlowEnv): Promise<string> {
  return renderer(STORED_CARD_TEMPLATE, cardContext(card, env));
}

/** The users who own `uuid`'s document (its actor's players), GMs excluded. */
function ownersOf(uuid: string): string[] {
  const doc = resolveUuid(uuid) as Partial<Permissioned> | null;
  if (typeof doc?.testUserPermission !== 'function') return [];
  return (game.users?.filter((u) => !u.isGM && doc.testUserPermission!(u as User, 'OWNER')) ?? [])
    .map((u) => u.id ?? '')
    .filter(Boolean);
}

/**
 * Who sees a shared (multi-step) card, from the mode the user chose (docs/foundry-versions.md, "Roll
 * and message modes"). Public and in-character: everyone. A private mode (gm, blind, self) keeps
 * the card from the rest of the table but never from its participants: the GMs, the user who made
 * it, and the owners of its actor and of every target, who must see the steps to act on them. A
 * blind card is therefore whispered like a GM one (its author acts on later steps); a one-shot
 * roll with no one else to act (simple-card.ts) keeps the full private mode instead.
 */
export function cardVisibility(
  card: CardSnapshot,
  mode: MessageMode,
  requester: string = game.user?.id ?? '',
): { whisper?: string[] } {
  if (mode === 'public' || mode === 'ic') return {};
  // An explicit whisper list on both generations (a v14 message may also carry its mode).
  const who = new Set<string>([...gmIds(), requester]);
  for (const uuid of [card.actorUuid, ...card.targets.map((x) => x.actorUuid)])
    for (const id of ownersOf(uuid)) who.add(id);
  who.delete('');
  return { whisper: [...who] };
}

/** Whose card it is: the mode the requesting user chose and their id (the GM posts for them). */
export interface CardOrigin {
  readonly mode: MessageMode;
  readonly requester: string;
}

/**
 * Creates a card message. The caller ran the flow's first step (rolls in `env.rolls`). `origin`
 * is the user the card is opened for, when the GM posts it on their request (default: this user).
 */
export async function createCard(
  card: CardSnapshot,
  env: CardEnv,
  speaker?: Record<string, unknown>,
  origin: CardOrigin = { mode: userMessageMode(), requester: game.user?.id ?? '' },
): Promise<ChatMessage> {
  const content = await renderStoredCard(card, env);
  const data = {
    type: CARD_TYPE,
    system: { ...card },
    content,
    rolls: env.rolls,
    ...(speaker ? { speaker } : {}),
  };
  // Who sees a shared card: its participants at least, whatever the user's private mode.
  Object.assign(data, cardVisibility(card, origin.mode, origin.requester));
  // fvtt-types only knows core ChatMessage subtypes; `carte` is declared in system.json.
  const created = await CONFIG.ChatMessage.documentClass.create(data as unknown as ChatMessage.CreateData);
  if (!created) throw new RulesError('PDA.Error.Unexpected');
  return created as ChatMessage;
}

/** Creates a card spoken by `actor` (its token or name in the chat log). */
export async function createActorCard(
  card: CardSnapshot,
  env: CardEnv,
  actor: unknown,
): Promise<ChatMessage> {
  const speaker = CONFIG.ChatMessage.documentClass.getSpeaker({
    actor: actor as never,
  }) as unknown as Record<string, unknown>;
  return createCard(card, env, speaker);
}
