import { RulesError } from '../engine/core/errors';
import { deletionUpdate, isDeletionValue } from './compat';
import { SYSTEM_ID } from './constants';
import { errorMessage } from './i18n';
import { object, parsePayload, type ObjectOf, type Schema, gmTask } from './security';
import { isActiveGM, noActiveGM } from './active-gm';

/**
 * GM-side work requested by players, with a sender Foundry's server vouches for.
 *
 * Foundry v13 does not tell a `CONFIG.queries` handler who sent the query (foundryvtt issue
 * #13418), and an id in the payload proves nothing. So a player's request is a write the server
 * attests: the player updates their own User document (the only User a player may write) with
 * the request under `flags.passe-d-armes.requests.<id>`. Every client's `updateUser` hook then
 * receives the id of the user who made that write, stamped by the server; the active GM's client
 * alone runs the request as that user, and answers by writing `flags.passe-d-armes.answers.<id>`
 * on the requester's User (a write only a GM may make, so the player knows the answer is the
 * GM's). Handlers return a `QueryResult` instead of throwing so the player sees the GM's refusal,
 * localized. See docs/trust.md.
 */
export type QueryResult<T = unknown> =
  { ok: true; value: T } | { ok: false; key: string; data?: Record<string, string | number> };

/** Kept for handlers' signatures: the payload of a request (never trusted for identity). */
export type QueryPayload = Record<string, unknown>;

/** A handler runs on the active GM's client for `user`, the requester Foundry attests. */
export type QueryHandler<P extends QueryPayload, T> = (payload: P, user: User) => Promise<T> | T;

/** The schema of a request's fields (src/foundry/security/payload.ts). */
export type QueryShape = Record<string, Schema<unknown>>;

/** The payload a handler receives once its schema accepted it. */
export type PayloadOf<S extends QueryShape> = ObjectOf<S> & QueryPayload;

interface Registered {
  readonly schema: Schema<unknown>;
  readonly handler: QueryHandler<QueryPayload, unknown>;
}

const handlers = new Map<string, Registered>();

export function queryName(name: string): string {
  return `${SYSTEM_ID}.${name}`;
}

/**
 * Registers a GM-side handler for requests named `name`. Its payload is parsed with `shape`
 * first: a payload that does not fit (a wrong type, an out-of-range integer, an id naming a
 * prototype member, an unknown key) is refused with PDA.Error.BadPayload, nothing read or written.
 */
export function registerQuery<S extends QueryShape, T>(
  name: string,
  shape: S,
  handler: QueryHandler<PayloadOf<S>, T>,
): void {
  handlers.set(name, {
    schema: object(shape),
    handler: handler as unknown as QueryHandler<QueryPayload, unknown>,
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Runs a registered handler for `sender` on the GM's client. `sender` must come from Foundry (the
 * user the server attests for a write, or the GM themselves), never from the payload.
 */
export async function runRequest(
  name: string,
  data: unknown,
  sender: User | null | undefined,
): Promise<QueryResult> {
  try {
    if (!game.user?.isGM) throw new RulesError('PDA.Error.NotGM');
    // Exactly one client decides: with two GMs connected, only the active one runs a request.
    if (noActiveGM()) throw new RulesError('PDA.Error.NoGM');
    if (!isActiveGM()) throw new RulesError('PDA.Error.NotActiveGM');
    const registered = typeof name === 'string' ? handlers.get(name) : undefined;
    if (!registered) throw new RulesError('PDA.Error.UnknownQuery', { name: String(name).slice(0, 60) });
    if (!sender) throw new RulesError('PDA.Error.UnknownUser');
    if (!isPlainObject(data)) throw new RulesError('PDA.Error.BadRequest');
    const payload = parsePayload(registered.schema, data) as QueryPayload;
    // One queue for the table's GM-side work: this request reads what every earlier one wrote.
    const value = await gmTask(async () => registered.handler(payload, sender));
    return { ok: true, value };
  } catch (error) {
    if (error instanceof RulesError) return { ok: false, key: error.key, data: { ...error.data } };
    console.error(error);
    return { ok: false, key: 'PDA.Error.Unexpected' };
  }
}

/** How a player's request reaches the GM (Foundry's User writes; replaceable in unit tests). */
export type RequestTransport = (name: string, data: Record<string, unknown>) => Promise<QueryResult>;

interface StoredRequest {
  readonly name: string;
  readonly data: Record<string, unknown>;
}

/**
 * A GM's request, on the User: its name and a one-time token naming its data. Every client
 * receives every User, and every chat message too under the stricter reading (issue 39), so a
 * second GM's request (a PNJ's exact intent) never travels on either: its data goes straight to
 * the active GM's client by `User#query` (the server relays a query to its target user only),
 * and waits there under the token until the attested request on the User names it.
 */
interface SealedRequest {
  readonly name: string;
  readonly sealed: string;
}

/** The query carrying a sealed request's data to the active GM's client. */
const SEALED_QUERY = `${SYSTEM_ID}.sealedRequest`;
/** Sealed data the active GM holds, by token (oldest first, bounded). */
const inbox = new Map<string, StoredRequest & { readonly id: string }>();
const INBOX_SIZE = 32;
const TOKEN = /^[A-Za-z0-9]{32}$/;

/**
 * The active GM's `CONFIG.queries` handler: keeps a sealed request's data under its token. The
 * handler is not told who sent it (foundryvtt #13418), so nothing here is trusted yet: the data
 * runs only once the sender's own attested User write names the token (`unseal`), and a token
 * already held is never replaced (the real GM's data arrives before the User write shows the
 * token to anyone).
 */
function receiveSealed(data: unknown): boolean {
  if (!game.user?.isGM || !isPlainObject(data)) return false;
  const { token, id, name, data: payload } = data;
  if (typeof token !== 'string' || !TOKEN.test(token) || inbox.has(token)) return false;
  if (typeof id !== 'string' || !REQUEST_ID.test(id) || typeof name !== 'string' || !isPlainObject(payload))
    return false;
  if (JSON.stringify(payload).length > MAX_REQUEST_CHARS) return false;
  inbox.set(token, { id, name, data: payload });
  while (inbox.size > INBOX_SIZE) inbox.delete(inbox.keys().next().value as string);
  return true;
}

/** 32 random letters and digits (about 190 bits): nobody guesses a token before it is shown. */
function sealToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
}

/** Sends a GM's request data to the active GM's client only; returns the token naming it. */
async function seal(id: string, name: string, data: Record<string, unknown>): Promise<string> {
  const target = game.users?.activeGM as {
    query?: (n: string, d: unknown, o: object) => Promise<unknown>;
  } | null;
  if (!target || typeof target.query !== 'function') throw new Error('no active GM to seal for');
  const token = sealToken();
  const kept = await target.query(SEALED_QUERY, { token, id, name, data }, { timeout: TIMEOUT_MS });
  if (kept !== true) throw new Error('sealed request not kept');
  return token;
}

/**
 * The data of a sealed request, read on the active GM's client: only for a request its attested
 * sender (a GM) wrote, whose token names data held for that very request id and name; the data is
 * forgotten once read.
 */
async function unseal(id: string, request: SealedRequest, sender: User): Promise<StoredRequest | undefined> {
  if (!sender.isGM || typeof request.sealed !== 'string') return undefined;
  const stored = inbox.get(request.sealed);
  if (!stored || stored.id !== id || stored.name !== request.name) return undefined;
  inbox.delete(request.sealed);
  return Promise.resolve({ name: stored.name, data: stored.data });
}

const TIMEOUT_MS = 30_000;
/** Most requests one user may have waiting for the GM at once: the rest are refused. */
export const MAX_PENDING = 4;
/** Request ids the GM remembers per user (an older id sent again is re-checked like any request). */
const REMEMBERED = 64;
/** The largest request a User may carry, as JSON. */
const MAX_REQUEST_CHARS = 16_000;
/** What a request id may be (this client makes `<user id>-<time>-<counter>`). */
const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;

const pending = new Map<string, (result: QueryResult) => void>();
/** GM side: the ids already run, per user, newest last (bounded: REMEMBERED each). */
const handled = new Map<string, string[]>();
/** GM side: how many requests of each user are waiting or running. */
const inFlight = new Map<string, number>();
let lastSent: string | null = null;
/** The first request after load clears every stale request and answer left on the User. */
let clearedSinceLoad = false;
let counter = 0;

function requestId(): string {
  counter += 1;
  return `${game.user?.id ?? 'anon'}-${Date.now().toString(36)}-${counter}`;
}

/** The Foundry transport: a write to one's own User, answered by the GM on that User. */
const userTransport: RequestTransport = async (name, data) => {
  const user = game.user;
  if (!user) return { ok: false, key: 'PDA.Error.UnknownUser' };
  if (pending.size >= MAX_PENDING) return { ok: false, key: 'PDA.Error.TooManyRequests' };
  const id = requestId();
  const answer = new Promise<QueryResult>((resolve) => {
    pending.set(id, resolve);
    setTimeout(() => {
      if (pending.delete(id)) resolve({ ok: false, key: 'PDA.Error.GMNoAnswer' });
    }, TIMEOUT_MS);
  });
  let stored: StoredRequest | SealedRequest = { name, data };
  try {
    if (user.isGM) stored = { name, sealed: await seal(id, name, data) };
  } catch {
    pending.delete(id);
    return { ok: false, key: 'PDA.Error.GMNoAnswer' };
  }
  const previous = lastSent;
  lastSent = id;
  const update: Record<string, unknown> = { [`flags.${SYSTEM_ID}.requests.${id}`]: stored };
  // One request and one answer kept at a time: the previous ones are cleared with this write,
  // and the first one after load clears whatever earlier sessions left on the User.
  if (!clearedSinceLoad) {
    clearedSinceLoad = true;
    const own = (user.flags as Record<string, UserFlags | undefined> | undefined)?.[SYSTEM_ID];
    for (const kind of ['requests', 'answers'] as const)
      for (const old of Object.keys(isPlainObject(own?.[kind]) ? own[kind] : {}))
        Object.assign(update, deletionUpdate(`flags.${SYSTEM_ID}.${kind}.${old}`));
  } else if (previous) {
    // (a `-=` key on v13, the deletion operator from v14: compat.ts)
    Object.assign(update, deletionUpdate(`flags.${SYSTEM_ID}.requests.${previous}`));
    Object.assign(update, deletionUpdate(`flags.${SYSTEM_ID}.answers.${previous}`));
  }
  try {
    await user.update(update);
  } catch {
    pending.delete(id);
    return { ok: false, key: 'PDA.Error.GMNoAnswer' };
  }
  return answer;
};

let transport: RequestTransport = userTransport;

/** Test seam: how requests travel (unit tests without a server replace it). */
export function setRequestTransport(next: RequestTransport | null): void {
  transport = next ?? userTransport;
}

interface UserFlags {
  requests?: Record<string, unknown>;
  answers?: Record<string, unknown>;
}

function systemFlags(changed: unknown): UserFlags | undefined {
  const flags = (changed as { flags?: Record<string, unknown> } | null)?.flags;
  const own = flags?.[SYSTEM_ID];
  return isPlainObject(own) ? (own as UserFlags) : undefined;
}

/** Marks a request id as run for `userId`; false when it already was (a replay does nothing). */
function remember(userId: string, id: string): boolean {
  const ids = handled.get(userId) ?? [];
  if (ids.includes(id)) return false;
  ids.push(id);
  if (ids.length > REMEMBERED) ids.splice(0, ids.length - REMEMBERED);
  handled.set(userId, ids);
  return true;
}

/** Runs one stored request for `sender`, within the cap of what a user may have waiting. */
async function runStored(id: string, raw: unknown, sender: User): Promise<QueryResult> {
  const size = JSON.stringify(raw ?? null).length;
  if (!REQUEST_ID.test(id) || !isPlainObject(raw) || size > MAX_REQUEST_CHARS)
    return { ok: false, key: 'PDA.Error.BadRequest' };
  const count = inFlight.get(sender.id ?? '') ?? 0;
  if (count >= MAX_PENDING) return { ok: false, key: 'PDA.Error.TooManyRequests' };
  inFlight.set(sender.id ?? '', count + 1);
  try {
    const request = 'sealed' in raw ? await unseal(id, raw as unknown as SealedRequest, sender) : raw;
    return typeof request?.name === 'string'
      ? await runRequest(request.name, request.data, sender)
      : { ok: false, key: 'PDA.Error.BadRequest' };
  } finally {
    const left = (inFlight.get(sender.id ?? '') ?? 1) - 1;
    if (left > 0) inFlight.set(sender.id ?? '', left);
    else inFlight.delete(sender.id ?? '');
  }
}

/**
 * The active GM answers the new requests of one User update, with one write on that User: the
 * answer, the request removed, and the answers nobody will read (their request is gone, so the
 * requester already received them) removed too. This client writes one request per update, so an
 * update carrying several is a script's flood: none of it runs and one write clears it. A
 * requester who left meanwhile gets no answer (nobody would read it), only the clean-up.
 */
async function answerRequests(sender: User, requests: Record<string, unknown>): Promise<void> {
  const fresh = Object.entries(requests).filter(
    ([id, raw]) => !id.startsWith('-=') && !isDeletionValue(raw) && remember(sender.id ?? '', id),
  );
  if (!fresh.length) return;
  const update: Record<string, unknown> = {};
  for (const [id] of fresh) Object.assign(update, deletionUpdate(`flags.${SYSTEM_ID}.requests.${id}`));
  const [first] = fresh;
  if (fresh.length === 1 && first) {
    const [id, raw] = first;
    const result = await runStored(id, raw, sender);
    if ((sender as { active?: boolean }).active !== false)
      update[`flags.${SYSTEM_ID}.answers.${id}`] = result;
    const own = (sender.flags as Record<string, UserFlags | undefined> | undefined)?.[SYSTEM_ID];
    const waiting = isPlainObject(own?.requests) ? own.requests : {};
    for (const old of Object.keys(isPlainObject(own?.answers) ? own.answers : {}))
      if (old !== id && !Object.hasOwn(waiting, old))
        Object.assign(update, deletionUpdate(`flags.${SYSTEM_ID}.answers.${old}`));
  }
  await sender.update(update).catch((error: unknown) => console.error(error));
}

/**
 * `updateUser` on every client. On the active GM's: new requests written by the user themselves
 * (the server's `userId`) are run as that user, once each, and answered (`answerRequests`). On
 * the requester's:
 * answers written by a GM resolve the pending request.
 */
async function onUpdateUser(user: User, changed: unknown, _options: unknown, userId: string): Promise<void> {
  const flags = systemFlags(changed);
  if (!flags) return;
  const me = game.user;
  if (!me) return;
  if (isPlainObject(flags.requests) && isActiveGM()) {
    // A request counts only when its user wrote it: nobody can ask in someone else's name.
    const sender = userId === user.id ? game.users?.get(userId) : undefined;
    if (sender) await answerRequests(sender, flags.requests);
  }
  if (isPlainObject(flags.answers) && user.id === me.id && game.users?.get(userId)?.isGM) {
    for (const [id, result] of Object.entries(flags.answers)) {
      const resolve = pending.get(id);
      if (!resolve || !isPlainObject(result)) continue;
      pending.delete(id);
      resolve(result as QueryResult);
    }
  }
}

/** Wires the request channel (every client, at `init`). */
export function registerRequests(): void {
  // Where Foundry runs a query on its target client (API v13 `CONFIG.queries`).
  const queries = (CONFIG as unknown as { queries?: Record<string, (data: unknown) => unknown> }).queries;
  if (queries) queries[SEALED_QUERY] = (data: unknown) => receiveSealed(data);
  Hooks.on('updateUser', (user: User, changed: unknown, options: unknown, userId: string) => {
    void onUpdateUser(user, changed, options, userId);
  });
}

/**
 * Asks the active GM to run a request. The active GM runs the handler locally, as themselves. With no GM
 * connected, or on a refusal, the user sees a localized warning and the promise resolves to the
 * refusal; nothing is changed.
 */
export async function askGM<T>(name: string, data: Record<string, unknown>): Promise<QueryResult<T>> {
  let result: QueryResult;
  const me = game.user;
  // Only the active GM's client decides: another GM's click travels like a player's, so two GMs
  // can never both accept the same step; with no active GM, nobody does.
  if (me && isActiveGM()) result = await runRequest(name, data, me);
  else if (noActiveGM()) result = { ok: false, key: 'PDA.Error.NoGM' };
  else result = await transport(name, data);
  if (!result.ok) ui.notifications?.warn(errorMessage(new RulesError(result.key, result.data ?? {})));
  return result as QueryResult<T>;
}
