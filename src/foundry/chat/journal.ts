import { RulesError } from '../../engine/core/errors';
import { checkUpdate, holds } from '../security';
import type { CardJournal, DocumentWrite, JournalWrite, StatusWrite } from './types';
import { applyStatusWrites } from './statuses';

export type { CardJournal, JournalWrite } from './types';

export const RESUME_ACTION = 'pda.resume';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The journal stored on a card's system data, or undefined when there is none. */
export function journalOf(system: unknown): CardJournal | undefined {
  const raw = isPlainObject(system) ? system.journal : undefined;
  if (!isPlainObject(raw) || !Array.isArray(raw.writes) || raw.writes.length === 0) return undefined;
  if (typeof raw.revision !== 'number' || raw.revision < 0) return undefined;
  const writes = raw.writes.filter(
    (w): w is JournalWrite =>
      isPlainObject(w) &&
      typeof w.uuid === 'string' &&
      isPlainObject(w.update) &&
      (w.from === undefined || isPlainObject(w.from)),
  );
  const owners = Array.isArray(raw.owners)
    ? raw.owners.filter((o): o is string => typeof o === 'string')
    : [];
  return { revision: raw.revision, owners, writes };
}

interface Writable {
  readonly name?: string | null;
  update(changes: Record<string, unknown>): Promise<unknown>;
  items?: { get(id: string): Writable | undefined };
  effects?: Iterable<{ statuses?: Iterable<string> }>;
}

function targetOf(write: DocumentWrite, resolve: (uuid: string) => unknown): Writable | null {
  const doc = resolve(write.uuid) as Writable | null;
  const target = write.itemId ? doc?.items?.get(write.itemId) : doc;
  return target ?? null;
}

/**
 * The documents a card action writes: fighters (an actor, its items and effects), their Combatant
 * and the Combat. Never a User, a message, a setting or a scene, whatever a stored journal names.
 */
const CARD_WRITABLE: ReadonlySet<string> = new Set(['Actor', 'Item', 'Combat', 'Combatant']);

/**
 * Every write checked before any is made: a refusal leaves every document as it was. `resuming`:
 * finishing a stored journal, where a document deleted since is skipped (applyWrites); every other
 * write passes the same checks as a live action's.
 */
export function checkWrites(
  writes: readonly DocumentWrite[],
  resolve: (uuid: string) => unknown,
  resuming = false,
): void {
  for (const write of writes) {
    const doc = resolve(write.uuid) as { documentName?: unknown } | null;
    const target = targetOf(write, resolve);
    if (!target) {
      if (resuming && !doc) continue;
      throw new RulesError('PDA.Chat.Gone.Document');
    }
    if (!CARD_WRITABLE.has(String(doc?.documentName)))
      throw new RulesError('PDA.Error.WriteLocked', { name: String(target.name ?? write.uuid) });
    checkUpdate(target, write.update, write.statuses !== undefined && Object.keys(write.statuses).length > 0);
  }
}

/** True when the target already carries exactly the statuses the write sets and none it removes. */
function statusesHeld(target: Writable, statuses: Readonly<Record<string, StatusWrite | null>>): boolean {
  const held = new Set<string>();
  for (const effect of target.effects ?? []) for (const s of effect.statuses ?? []) held.add(s);
  return Object.entries(statuses).every(([id, w]) => (w === null ? !held.has(id) : held.has(id)));
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The flattened values the write's document holds at its keys: what the write replaces. */
export function valuesBefore(
  write: DocumentWrite,
  resolve: (uuid: string) => unknown,
): Record<string, unknown> {
  const target = targetOf(write, resolve);
  const flat = foundry.utils.flattenObject(write.update) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(flat))
    out[key] = target ? (foundry.utils.getProperty(target, key) ?? null) : null;
  return out;
}

/**
 * What finishing `write` still has to write on `target`, by flattened key, and the keys whose
 * later value is kept. A journal stored before `from` existed keeps the old rule (absolute).
 */
function rebased(target: Writable, write: JournalWrite): { update: Record<string, unknown>; kept: string[] } {
  const flat = foundry.utils.flattenObject(write.update) as Record<string, unknown>;
  const before = write.from
    ? (foundry.utils.flattenObject(write.from) as Record<string, unknown>)
    : undefined;
  const update: Record<string, unknown> = {};
  const kept: string[] = [];
  for (const [key, to] of Object.entries(flat)) {
    const now = foundry.utils.getProperty(target, key) ?? null;
    if (same(now, to)) continue;
    const from = before && key in before ? before[key] : undefined;
    if (from === undefined || same(now, from)) update[key] = to;
    else if (typeof now === 'number' && typeof from === 'number' && typeof to === 'number')
      update[key] = now + (to - from);
    else kept.push(key);
  }
  return { update, kept };
}

/**
 * Makes the writes. `resuming`: finishing a journal, where a value already held is not written
 * again, a value changed since is rebased (above) and a document deleted since is skipped (there
 * is nothing left half-written on it). Returns the names of documents where a later value was kept.
 */
export async function applyWrites(
  writes: readonly JournalWrite[],
  resolve: (uuid: string) => unknown,
  resuming = false,
): Promise<string[]> {
  const keptOn: string[] = [];
  for (const write of writes) {
    const target = targetOf(write, resolve);
    if (!target) {
      if (resuming) continue;
      throw new RulesError('PDA.Chat.Gone.Document');
    }
    if (!resuming) await target.update(write.update);
    else if (!holds(target, write.update)) {
      const { update, kept } = rebased(target, write);
      if (kept.length) keptOn.push(String(target.name ?? write.uuid));
      if (Object.keys(update).length) await target.update(update);
    }
    if (write.statuses && (!resuming || !statusesHeld(target, write.statuses)))
      await applyStatusWrites(target, write.statuses);
  }
  return keptOn;
}
