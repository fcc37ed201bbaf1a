import { RulesError } from '../engine/core/errors';
import { SYSTEM_ID } from './constants';
import { errorMessage } from './i18n';

/**
 * GM-side work requested by players. A player never writes to a document they do not own: they
 * send a query to the active GM, whose handler re-validates the request (the requesting user,
 * their ownership, the rules) and writes. Handlers return a `QueryResult` instead of throwing so
 * that the player sees the GM's refusal, localized.
 */
export type QueryResult<T = unknown> =
  { ok: true; value: T } | { ok: false; key: string; data?: Record<string, string | number> };

/** Every query carries the requesting user's id; handlers look the user up and check them. */
export interface QueryPayload {
  userId: string;
}

export type QueryHandler<P extends QueryPayload, T> = (payload: P, user: User) => Promise<T> | T;

const handlers = new Map<string, QueryHandler<QueryPayload, unknown>>();

export function queryName(name: string): string {
  return `${SYSTEM_ID}.${name}`;
}

/**
 * Registers a GM-side handler under `passe-d-armes.<name>` in CONFIG.queries. The wrapper refuses
 * to run on a non-GM client, resolves the requesting user, and turns RulesErrors into refusals.
 */
export function registerQuery<P extends QueryPayload, T>(name: string, handler: QueryHandler<P, T>): void {
  handlers.set(name, handler as QueryHandler<QueryPayload, unknown>);
  // fvtt-types types CONFIG.queries as a closed interface; our names are prefixed dynamic keys.
  const queries = CONFIG.queries as unknown as Record<string, (data: unknown) => Promise<unknown>>;
  queries[queryName(name)] = (data: unknown, options?: unknown) => runQuery(name, data, options);
}

/** Runs a registered handler as the GM would (exported for tests and for the GM's own calls). */
export async function runQuery(name: string, data: unknown, options?: unknown): Promise<QueryResult> {
  try {
    if (!game.user?.isGM) throw new RulesError('PDA.Error.NotGM');
    const handler = handlers.get(name);
    if (!handler) throw new RulesError('PDA.Error.UnknownQuery', { name });
    const payload = data as Partial<QueryPayload> | null;
    const user = typeof payload?.userId === 'string' ? game.users?.get(payload.userId) : undefined;
    if (!user) throw new RulesError('PDA.Error.UnknownUser');
    // Where the transport names the sender, it must be the user the payload claims to be.
    const sender = (options as { user?: { id?: string } } | undefined)?.user;
    if (sender?.id !== undefined && sender.id !== user.id) throw new RulesError('PDA.Error.UnknownUser');
    const value = await handler(payload as QueryPayload, user);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof RulesError) return { ok: false, key: error.key, data: { ...error.data } };
    console.error(error);
    return { ok: false, key: 'PDA.Error.Unexpected' };
  }
}

/**
 * Asks the active GM to run a query. A GM calling it runs the handler locally. With no GM
 * connected, or on a refusal, the user sees a localized warning and the promise resolves to the
 * refusal; nothing is changed.
 */
export async function askGM<T>(name: string, data: Record<string, unknown>): Promise<QueryResult<T>> {
  const payload = { ...data, userId: game.user?.id ?? '' };
  let result: QueryResult;
  if (game.user?.isGM) {
    result = await runQuery(name, payload);
  } else {
    const gm = game.users?.activeGM;
    if (!gm) {
      result = { ok: false, key: 'PDA.Error.NoGM' };
    } else {
      try {
        // User#query is typed for core query names only; ours are registered at init.
        const query = gm.query as unknown as (
          n: string,
          d: unknown,
          o: { timeout: number },
        ) => Promise<unknown>;
        result = (await query.call(gm, queryName(name), payload, { timeout: 30_000 })) as QueryResult;
      } catch {
        result = { ok: false, key: 'PDA.Error.GMNoAnswer' };
      }
    }
  }
  if (!result.ok) ui.notifications?.warn(errorMessage(new RulesError(result.key, result.data ?? {})));
  return result as QueryResult<T>;
}
