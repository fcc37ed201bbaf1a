import { RulesError } from '../../engine/core/errors';
import { askGM, registerQuery, type QueryPayload, type QueryResult } from '../queries';
import { showRollsToAll } from '../dice';
import { MAX_REVISION, id, int, token, serialise } from '../security';
import { CARD_TYPE } from './card-model';
import { gmCardMessages, isGmCard } from './card-log';
import {
  cardActions,
  cardSettled,
  makeEnv,
  renderStoredCard,
  snapshotOf,
  userMayUse,
  type CardEnv,
} from './card';
import { getFlow, type CardSnapshot, type DocumentWrite } from './flow';
import { applyWrites, checkWrites, valuesBefore, type JournalWrite } from './journal';
import { closeSlotsSpentBy, finishRoundJournals } from '../combat';
import { isActiveGM } from '../active-gm';

export { serialise };

export const CARD_ACTION_QUERY = 'card.action';

// ------------------------------------------------------------------------------ GM-side handler

export interface CardActionPayload extends QueryPayload {
  messageId: string;
  actionId: string;
  revision: number;
}

interface Updatable {
  update(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

/**
 * The GM's handler: refuses a card that changed since the user saw it (two clicks at once apply
 * once), an action not offered now or disabled, or a user who owns none of its documents; then
 * performs it and writes the documents and the card.
 */
export async function handleCardAction(
  payload: CardActionPayload,
  user: User,
): Promise<{ revision: number }> {
  const messageId = String(payload.messageId ?? '');
  return serialise(messageId, async () => {
    const message = game.messages?.get(messageId) as ChatMessage | undefined;
    if (!message || (message.type as string) !== CARD_TYPE) throw new RulesError('PDA.Error.CardGone');
    // Only a GM writes cards: one a player made from the console is not a card to act on.
    if (!writtenByGM(message)) throw new RulesError('PDA.Error.CardGone');
    const card = snapshotOf(message);
    if (card.revision !== payload.revision) throw new RulesError('PDA.Error.CardStale');
    const flow = getFlow(card.flow);
    if (!flow) throw new RulesError('PDA.Error.CardUnknownFlow', { flow: card.flow });
    const env = makeEnv(user);
    const action = cardActions(card, env).find((a) => a.id === payload.actionId);
    if (!action) throw new RulesError('PDA.Error.CardNoSuchAction');
    if (!action.enabled)
      throw new RulesError(action.reason?.key ?? 'PDA.Error.CardActionDisabled', { ...action.reason?.data });
    if (!userMayUse(user, action.owners, env.resolve)) throw new RulesError('PDA.Error.CardNotYours');

    if (card.journal) {
      // Only RESUME_ACTION is enabled on a card with a journal: finish the writes, once.
      await finishJournal(message, card, env);
      return { revision: card.revision };
    }
    // An earlier action cut off on another card is finished first: this one reads its result.
    await finishPendingJournals(message.id ?? '', env);
    const result = await flow.perform(card, action.id, env);
    const writes = result.writes ?? [];
    // Everything checked before anything is written: a refusal leaves the documents and the card.
    checkWrites(writes, env.resolve);
    const next: CardSnapshot = {
      ruleset: card.ruleset,
      flow: card.flow,
      step: result.step,
      revision: card.revision + 1,
      actorUuid: card.actorUuid,
      tokenUuid: card.tokenUuid,
      itemId: card.itemId,
      targets: result.targets ?? card.targets,
      combatId: card.combatId,
      round: card.round,
      state: result.state,
    };
    const rolls = env.rolls.length ? [...message.rolls, ...env.rolls] : undefined;
    if (writes.length) {
      // Write-ahead: the next state and its absolute writes in one card update, then the
      // documents, then the card without its journal (chat/journal.ts).
      const stored = writes.map((w) => storedWrite(w, env.resolve));
      const journal = { revision: next.revision, owners: action.owners, writes: stored };
      await writeCard(message, { ...next, journal }, env, rolls);
      await applyWrites(writes, env.resolve);
      await writeCard(message, next, env);
    } else await writeCard(message, next, env, rolls);
    await closeSpentSlots(next, env);
    // Dice So Nice animates the rolls of a new message by itself, not those added to an existing
    // card: the GM's client shows them to everyone who may see the card.
    if (env.rolls.length) await showRollsToAll(env.rolls, message);
    return { revision: next.revision };
  });
}

/**
 * True when a GM wrote this message: its author, which the server records and lets no player set
 * or change, is a GM. Nothing in a message a player could author is ever executed.
 */
const writtenByGM = isGmCard;

/** A settled card of a fighter in its slot closes the slot (issue 46); never fails the action. */
export async function closeSpentSlots(card: CardSnapshot, env: CardEnv): Promise<void> {
  try {
    if (cardSettled(card, env)) await closeSlotsSpentBy(card);
  } catch (error) {
    console.error(error);
  }
}

/** A cleared journal: its fields replace the old ones whether the update merges or replaces. */
const NO_JOURNAL = { revision: -1, owners: [], writes: [] };

/**
 * A write as the journal stores it: nested keys only (a stored object keeps no dotted key), and
 * the values it replaces (`from`, nested the same way).
 */
function storedWrite(write: DocumentWrite, resolve: (uuid: string) => unknown): JournalWrite {
  const expand = (o: Record<string, unknown>) => foundry.utils.expandObject(o) as Record<string, unknown>;
  return {
    uuid: write.uuid,
    ...(write.itemId ? { itemId: write.itemId } : {}),
    update: expand(write.update),
    from: expand(valuesBefore(write, resolve)),
    ...(write.statuses ? { statuses: write.statuses } : {}),
  };
}

/** Stores a card's snapshot (its journal, or none) with its plain record as the content. */
async function writeCard(
  message: ChatMessage,
  card: CardSnapshot,
  env: CardEnv,
  rolls?: Roll[],
): Promise<void> {
  const content = await renderStoredCard(card, env);
  const update: Record<string, unknown> = {
    system: { ...card, journal: card.journal ?? NO_JOURNAL },
    content,
  };
  if (rolls) update.rolls = rolls.map((r) => JSON.stringify(r));
  await (message as unknown as Updatable).update(update, { recursive: false });
}

/**
 * Makes a journal's remaining writes (those already held are skipped, those changed since are
 * rebased on the current value: chat/journal.ts), then clears it. A later value that could not be
 * rebased is kept, and the GM told which document.
 */
async function finishJournal(message: ChatMessage, card: CardSnapshot, env: CardEnv): Promise<void> {
  if (!card.journal) return;
  // Only a GM's card holds a journal the system wrote; every write checked as a live one is.
  if (!writtenByGM(message)) throw new RulesError('PDA.Error.CardGone');
  checkWrites(card.journal.writes, env.resolve, true);
  const kept = await applyWrites(card.journal.writes, env.resolve, true);
  const { journal: _done, ...rest } = card;
  await writeCard(message, rest, env);
  for (const name of kept)
    ui.notifications?.warn(game.i18n?.format('PDA.Chat.Journal.Kept', { name }) ?? name);
}

/**
 * Finishes the journal of every card but `except`, and every combat's round journal (in the
 * GM-side queue, before an action reads the documents it may write).
 */
async function finishPendingJournals(except: string, env: CardEnv): Promise<void> {
  try {
    await finishRoundJournals();
  } catch (error) {
    console.error(error);
    ui.notifications?.warn(game.i18n?.localize('PDA.Error.PendingJournal') ?? 'PDA.Error.PendingJournal');
  }
  for (const message of gmCardMessages()) {
    if (message.id === except) continue;
    const card = snapshotOf(message as ChatMessage);
    if (!card.journal) continue;
    try {
      await finishJournal(message as ChatMessage, card, makeEnv(env.user));
    } catch (error) {
      // Not a reason to block every card of the table: that card keeps its Terminer, which
      // rebases on the values then current (chat/journal.ts). The GM is told.
      console.error(error);
      ui.notifications?.warn(game.i18n?.localize('PDA.Error.PendingJournal') ?? 'PDA.Error.PendingJournal');
    }
  }
}

/**
 * On the active GM's client at `ready`: finishes the journals of cards whose action was cut off
 * (a failed write, a GM who left mid-action). Failures are logged and the card keeps its button.
 */
export async function resumeCardJournals(): Promise<void> {
  const me = game.user;
  if (!me || !isActiveGM()) return;
  // A player's look-alike card is not a card: its journal is never run.
  for (const message of gmCardMessages()) {
    const card = snapshotOf(message as ChatMessage);
    if (!card.journal) continue;
    await serialise(message.id ?? '', () => finishJournal(message as ChatMessage, card, makeEnv(me))).catch(
      (error: unknown) => console.error(error),
    );
  }
}

/** A click on a card button: the GM performs it (locally when the user is the GM). */
export async function requestCardAction(
  messageId: string,
  actionId: string,
): Promise<QueryResult<{ revision: number }>> {
  const message = game.messages?.get(messageId) as ChatMessage | undefined;
  const revision = message ? snapshotOf(message).revision : -1;
  return askGM<{ revision: number }>(CARD_ACTION_QUERY, { messageId, actionId, revision });
}

/** What a card click may carry: the message, one action id, the revision the user saw. */
export const CARD_ACTION_SHAPE = { messageId: id(), actionId: token(), revision: int(0, MAX_REVISION) };

export function registerCardQueries(): void {
  registerQuery(CARD_ACTION_QUERY, CARD_ACTION_SHAPE, handleCardAction);
}
