import { SYSTEM_ID } from '../constants';
import { readGmClientSetting, registerGmClientSetting, type GmClientSetting } from './gm-client-setting';

/*
 * The GM's record of the binding facts (docs/trust.md, "Facts that bind a fighter"): what a GM
 * last wrote (or what the GM's client saw at load) of each fact a player can write but must not
 * change: a binding Active Effect, a binding actor key (a Fantasia state, the Souffle knock-out
 * count), a token's side, a Combat's round and turn. The active GM writes a player's change back
 * to it.
 *
 * It must survive a reload of the GM's page, or a change made while the GM was away would become
 * the truth at the next load: so it lives, like the GMs' vault (combat/vault.ts), in a
 * client-scoped setting of the GM's own client (the browser's localStorage), which no other client
 * reads or writes. At `ready` each guard compares the world with it and writes back what a player
 * changed meanwhile.
 */

export const RECORD_SETTING = 'gmRecord' satisfies GmClientSetting;

let cache: Record<string, unknown> | null = null;
let stored = false;

function load(): Record<string, unknown> {
  cache ??= readGmClientSetting(RECORD_SETTING);
  return cache;
}

/** Writes the record to the client setting once the current task is done (one write per burst). */
function save(): void {
  if (stored) return;
  stored = true;
  queueMicrotask(() => {
    stored = false;
    if (!game.user?.isGM || !cache) return;
    void Promise.resolve(game.settings?.set(SYSTEM_ID, RECORD_SETTING, JSON.stringify(cache))).catch(
      (e: unknown) => console.error(e),
    );
  });
}

/** Registers the record's client setting (every client, at `init`; only a GM's holds data). */
export function registerGmRecord(): void {
  cache = null;
  registerGmClientSetting(RECORD_SETTING);
}

/** What the GM last knew of `key` (undefined: never recorded). */
export function recorded(key: string): unknown {
  if (!game.user?.isGM) return undefined;
  const all = load();
  return Object.hasOwn(all, key) ? all[key] : undefined;
}

export function hasRecord(key: string): boolean {
  return Boolean(game.user?.isGM) && Object.hasOwn(load(), key);
}

/** Records `value` for `key` on a GM's client (`undefined` forgets it). */
export function record(key: string, value: unknown): void {
  if (!game.user?.isGM) return;
  const all = load();
  if (value === undefined) delete all[key];
  else all[key] = value === null ? null : (JSON.parse(JSON.stringify(value)) as unknown);
  save();
}

/** Every recorded key starting with `prefix`. */
export function recordedKeys(prefix: string): string[] {
  if (!game.user?.isGM) return [];
  return Object.keys(load()).filter((k) => k.startsWith(prefix));
}

/*
 * A write-back under way on the active GM's client, by the document it restores (an actor's
 * uuid): a rule the GM checks after a move waits for it, so a condition deleted and a move sent
 * in the same instant are read as the GM last knew them.
 */
const pending = new Map<string, Set<Promise<unknown>>>();

export function restoring(owner: string, work: Promise<unknown>): void {
  const set = pending.get(owner) ?? new Set<Promise<unknown>>();
  pending.set(owner, set);
  const done = work
    .catch((e: unknown) => console.error(e))
    .finally(() => {
      set.delete(done);
      if (!set.size) pending.delete(owner);
    });
  set.add(done);
}

/** True while a write-back for `owner` is under way. */
export function isRestoring(owner: string | undefined): boolean {
  return Boolean(owner && pending.get(owner)?.size);
}

/** Resolves once every write-back under way for `owner` has landed. */
export async function restored(owner: string | undefined): Promise<void> {
  if (!owner) return;
  for (let i = 0; i < 5 && pending.get(owner)?.size; i += 1)
    await Promise.all([...(pending.get(owner) ?? [])]);
}
