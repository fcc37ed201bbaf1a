import { RulesError } from '../../engine/core/errors';
import { checkUpdate, holds } from '../security/writes';
import type { DocumentWrite, StatusWrite } from './flow';
import { applyStatusWrites } from './statuses';

/**
 * A card action's write-ahead journal. An accepted action with document writes is stored in two
 * steps: first the card's next state together with the pending writes (all absolute values) in
 * one update of the card, then the documents, then the card again without the journal. While a
 * journal is on a card every flow action is disabled and the only button is "finish the action"
 * (`RESUME_ACTION`); the active GM also finishes pending journals when it loads the world. Since
 * the writes are absolute, finishing twice writes what finishing once does, and a request made on
 * the card's older revision (the retry of the failed click) is stale: nothing is applied twice.
 */
export interface CardJournal {
  /** The card revision the journal belongs to (the revision of the action's result). */
  readonly revision: number;
  /** Whose owners may press "finish" (those of the action that wrote it; the GM always may). */
  readonly owners: readonly string[];
  readonly writes: readonly DocumentWrite[];
}

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
    (w): w is DocumentWrite => isPlainObject(w) && typeof w.uuid === 'string' && isPlainObject(w.update),
  );
  const owners = Array.isArray(raw.owners)
    ? raw.owners.filter((o): o is string => typeof o === 'string')
    : [];
  return { revision: raw.revision, owners, writes };
}

interface Writable {
  update(changes: Record<string, unknown>): Promise<unknown>;
  items?: { get(id: string): Writable | undefined };
  effects?: Iterable<{ statuses?: Iterable<string> }>;
}

function targetOf(write: DocumentWrite, resolve: (uuid: string) => unknown): Writable | null {
  const doc = resolve(write.uuid) as Writable | null;
  const target = write.itemId ? doc?.items?.get(write.itemId) : doc;
  return target ?? null;
}

/** Every write checked before any is made: a refusal leaves every document as it was. */
export function checkWrites(writes: readonly DocumentWrite[], resolve: (uuid: string) => unknown): void {
  for (const write of writes) {
    const target = targetOf(write, resolve);
    if (!target) throw new RulesError('PDA.Chat.Gone.Document');
    checkUpdate(target, write.update, write.statuses !== undefined && Object.keys(write.statuses).length > 0);
  }
}

/** True when the target already carries exactly the statuses the write sets and none it removes. */
function statusesHeld(target: Writable, statuses: Readonly<Record<string, StatusWrite | null>>): boolean {
  const held = new Set<string>();
  for (const effect of target.effects ?? []) for (const s of effect.statuses ?? []) held.add(s);
  return Object.entries(statuses).every(([id, w]) => (w === null ? !held.has(id) : held.has(id)));
}

/**
 * Makes the writes. `resuming`: finishing a journal, where a value already held is not written
 * again and a document deleted since is skipped (there is nothing left half-written on it).
 */
export async function applyWrites(
  writes: readonly DocumentWrite[],
  resolve: (uuid: string) => unknown,
  resuming = false,
): Promise<void> {
  for (const write of writes) {
    const target = targetOf(write, resolve);
    if (!target) {
      if (resuming) continue;
      throw new RulesError('PDA.Chat.Gone.Document');
    }
    if (!resuming || !holds(target, write.update)) await target.update(write.update);
    if (write.statuses && (!resuming || !statusesHeld(target, write.statuses)))
      await applyStatusWrites(target, write.statuses);
  }
}
