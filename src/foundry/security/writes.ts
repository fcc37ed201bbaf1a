import { RulesError } from '../../engine/core/errors';
import { isDeletionValue } from '../compat';

/**
 * Writes that land whole (docs/trust.md): every GM-side action checks all
 * of its writes before making any (the document exists, this client may write it, it is not a
 * compendium entry, the change passes the document's data model), runs one at a time per card or
 * combat, and writes absolute values so that finishing an interrupted action again changes
 * nothing more than finishing it once.
 */

const queues = new Map<string, Promise<unknown>>();

/** The end of the GM queue: resolved when the last place taken in it is freed. */
let table: Promise<void> = Promise.resolve();

/** A place in the queue; `free` lets the next task run. */
interface Place {
  free: () => void;
}

/** The task that holds the queue now (null while a parked task waits for a GM's answer). */
let running: Place | null = null;

/** Takes the next place in the queue (synchronously), resolved when every earlier one is freed. */
function enqueue(): Promise<Place> {
  const before = table;
  const place: Place = { free: () => undefined };
  table = new Promise<void>((resolve) => {
    place.free = resolve;
  });
  return before.then(() => place);
}

/**
 * Runs `task` after every earlier GM-side task of this client: one queue for the table's GM-side
 * work (requests, the GM's own round commands, the journals finished at `ready`), so every
 * action reads the documents with the writes of every action before it, and two wounds on the
 * same actor compose whatever card, combat or requester they come from. Only entry points queue
 * here (`runRequest`, `sendRoundCommand` on the GM, the resumes at `ready`); code running inside
 * a task calls the GM-side functions directly, never an entry point, or it would wait for itself.
 */
export async function gmTask<T>(task: () => Promise<T>): Promise<T> {
  const place = await enqueue();
  running = place;
  try {
    return await task();
  } finally {
    if (running === place) running = null;
    place.free();
  }
}

/**
 * Waits for `decision` (a GM's answer in a dialog) outside the GM queue: the task that calls it
 * gives its place up, so every other request is answered meanwhile, and takes a new place at the
 * end of the queue once the answer is in (what it read before may have changed: re-read after).
 * Outside a queued task it simply waits.
 */
export async function outsideGmQueue<T>(decision: () => Promise<T>): Promise<T> {
  const place = running;
  if (!place) return decision();
  running = null;
  place.free();
  try {
    return await decision();
  } finally {
    const again = await enqueue();
    place.free = again.free;
    running = place;
  }
}

/** Runs `task` after every earlier task with the same key: one action at a time per card or combat. */
export function serialise<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  queues.set(key, run);
  void run.then(
    () => queues.get(key) === run && queues.delete(key),
    () => queues.get(key) === run && queues.delete(key),
  );
  return run;
}

interface Checkable {
  readonly name?: string | null;
  readonly pack?: string | null;
  readonly system?: unknown;
  canUserModify?(user: User, action: 'update', data?: Record<string, unknown>): boolean;
  clone?(data?: Record<string, unknown>, options?: Record<string, unknown>): unknown;
}

interface SourceModel {
  toObject(): Record<string, unknown>;
  updateSource(changes: Record<string, unknown>, options?: Record<string, unknown>): unknown;
}

function isModel(value: unknown): value is SourceModel {
  const v = value as Partial<SourceModel> | null;
  return typeof v?.toObject === 'function' && typeof v.updateSource === 'function';
}

/**
 * Validates `update` against `doc`'s data model without writing: Foundry's `updateSource` on a
 * clone of the document (or of its system model), which cleans, validates and throws when the
 * change is invalid.
 */
function validateWithoutWriting(doc: Checkable, update: Record<string, unknown>): void {
  const expanded = foundry.utils.expandObject(update) as Record<string, unknown>;
  const system = doc.system;
  if (Object.keys(expanded).every((k) => k === 'system') && isModel(system)) {
    // A change of the system data alone: a copy of the system model is enough.
    const Model = system.constructor as new (data: unknown, options: unknown) => SourceModel;
    new Model(system.toObject(), { parent: null }).updateSource(expanded.system as Record<string, unknown>);
    return;
  }
  const probe = typeof doc.clone === 'function' ? doc.clone({}, { keepId: true }) : null;
  if (isModel(probe)) probe.updateSource(expanded);
}

/**
 * Refuses, before anything is written, a write this client could not make whole: a missing
 * document, a compendium entry, one this user may not update, or a change its data model rejects.
 */
export function checkUpdate(doc: unknown, update: Record<string, unknown>, statuses = false): void {
  const d = doc as Checkable | null | undefined;
  if (!d || typeof d !== 'object') throw new RulesError('PDA.Chat.Gone.Document');
  const name = String(d.name ?? '');
  if (d.pack) throw new RulesError('PDA.Error.WriteLocked', { name });
  const user = game.user;
  if (user && typeof d.canUserModify === 'function' && !d.canUserModify(user, 'update', update))
    throw new RulesError('PDA.Error.WriteLocked', { name });
  if (statuses) {
    const parent = d as { effects?: unknown; createEmbeddedDocuments?: unknown };
    if (!parent.effects || typeof parent.createEmbeddedDocuments !== 'function')
      throw new RulesError('PDA.Error.WriteInvalid', { name });
  }
  try {
    validateWithoutWriting(d, update);
  } catch (error) {
    if (error instanceof RulesError) throw error;
    throw new RulesError('PDA.Error.WriteInvalid', { name });
  }
}

/** True when `doc` already holds every value of `update` (dotted or nested keys). */
export function holds(doc: unknown, update: Record<string, unknown>): boolean {
  const flat = foundry.utils.flattenObject(update) as Record<string, unknown>;
  return Object.entries(flat).every(([key, value]) => {
    if (key.split('.').some((part) => part.startsWith('-=')) || isDeletionValue(value)) return false;
    const now = foundry.utils.getProperty(doc as object, key);
    return JSON.stringify(now ?? null) === JSON.stringify(value ?? null);
  });
}
