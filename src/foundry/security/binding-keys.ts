import { isActiveGM } from '../active-gm';
import { hasRecord, record, recorded, restoring } from './gm-record';

/**
 * Binding facts kept in an actor's own data (docs/trust.md, "Facts that bind a fighter"): the
 * Fantasia states in `system.states` (cannot move, fallen, immobilised, reloading…), the Souffle
 * knock-out count `system.assommeRounds`. Foundry lets the actor's owner write them, so they are
 * guarded like the binding Active Effects, and each still lives in one place:
 *
 * - the system's Actor refuses, on the writer's own client (`_preUpdate`), a non-GM's change of
 *   such a key, unless it only puts a penalty where there was none (a player may mark her own
 *   fighter fallen, never stand him up);
 * - the active GM's client, told by the server who wrote, writes back a non-GM's change of one
 *   (a raw call from the console) to what a GM last wrote, and at `ready` what changed while it
 *   was away (the GM's record survives a reload: gm-record.ts).
 *
 * Each ruleset registers the keys its rules read (`registerBindingKeys`, at init).
 */

const keys = new Set<string>();

export function registerBindingKeys(paths: Iterable<string>): void {
  for (const p of paths) keys.add(p);
}

interface ActorDoc {
  readonly uuid?: string;
  readonly _source?: object;
  update(changes: object, options?: object): Promise<unknown>;
}

const get = (data: unknown, path: string): unknown => foundry.utils.getProperty(data as object, path);

/** Nothing set: false, '', 0, an empty list, absent. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    value === '' ||
    value === 0 ||
    (Array.isArray(value) && value.length === 0)
  );
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The binding keys a requested change names (as requested: nested or dotted) and their new values. */
function touched(changed: object): Map<string, unknown> {
  const flat = foundry.utils.flattenObject(changed) as Record<string, unknown>;
  const expanded = foundry.utils.expandObject(flat) as object;
  const out = new Map<string, unknown>();
  for (const path of keys) {
    const named = Object.keys(flat).some(
      (k) => k === path || k.startsWith(`${path}.`) || path.startsWith(`${k}.`),
    );
    if (named) out.set(path, get(expanded, path));
  }
  return out;
}

const sourceOf = (actor: ActorDoc): unknown => actor._source ?? actor;

/**
 * The refusal of the system's Actor for a non-GM user: true when the change alters a binding key
 * otherwise than by setting one that was empty.
 */
export function bindingKeyRefused(user: unknown, actor: ActorDoc, changed: object): boolean {
  if ((user as { isGM?: boolean } | null)?.isGM) return false;
  for (const [path, next] of touched(changed)) {
    const now = get(sourceOf(actor), path);
    if (now === undefined || same(now, next)) continue;
    if (!isEmpty(now)) return true;
  }
  return false;
}

const keyOf = (actor: ActorDoc, path: string): string => `Actor|${actor.uuid ?? ''}|${path}`;

function remember(actor: ActorDoc, paths: Iterable<string> = keys): void {
  for (const path of paths) {
    const value = get(sourceOf(actor), path);
    if (value !== undefined) record(keyOf(actor, path), value);
  }
}

/** What to write back on `actor` for the given keys: the GM's values where a player changed them. */
function writeBackOf(actor: ActorDoc, paths: Iterable<string>): Record<string, unknown> {
  const back: Record<string, unknown> = {};
  for (const path of paths) {
    const now = get(sourceOf(actor), path);
    if (now === undefined) continue;
    const key = keyOf(actor, path);
    if (!hasRecord(key)) {
      record(key, now);
      continue;
    }
    const was = recorded(key);
    if (same(was, now)) continue;
    // A penalty the player put where the GM knew none binds her from then on.
    if (isEmpty(was)) record(key, now);
    else back[path] = was;
  }
  return back;
}

function writeBack(actor: ActorDoc, paths: Iterable<string>): void {
  const back = writeBackOf(actor, paths);
  if (!Object.keys(back).length || !isActiveGM()) return;
  restoring(actor.uuid ?? '', actor.update(back));
}

function worldActors(): ActorDoc[] {
  const actors: unknown[] = [...(game.actors ?? [])];
  for (const scene of game.scenes ?? [])
    for (const token of scene.tokens) if (!token.actorLink && token.actor) actors.push(token.actor);
  return actors as ActorDoc[];
}

/** The GM's side: a non-GM's change of a binding key is written back (see above). */
export function registerBindingKeyGuard(): void {
  Hooks.once('ready', () => {
    if (!game.user?.isGM) return;
    for (const actor of worldActors()) writeBack(actor, keys);
  });
  Hooks.on('createActor', (actor: ActorDoc) => {
    if (game.user?.isGM) remember(actor);
  });
  Hooks.on('updateActor', (actor: ActorDoc, changed: object, _options: object, userId: string) => {
    if (!game.user?.isGM) return;
    const paths = [...touched(changed).keys()];
    if (!paths.length) return;
    if ((game.users?.get(String(userId)) as { isGM?: boolean } | undefined)?.isGM)
      return remember(actor, paths);
    writeBack(actor, paths);
  });
}
