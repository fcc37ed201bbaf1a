import type { StatusWrite } from './types';

interface EffectDoc {
  readonly id: string | null;
  readonly statuses?: Iterable<string>;
}

interface EffectParent {
  readonly effects?: { filter(fn: (e: EffectDoc) => boolean): EffectDoc[] };
  createEmbeddedDocuments?(type: 'ActiveEffect', data: Record<string, unknown>[]): Promise<unknown>;
  deleteEmbeddedDocuments?(type: 'ActiveEffect', ids: string[]): Promise<unknown>;
}

/**
 * Sets an actor's status effects: for each status, the effects carrying it are removed, then the
 * given effect (if any) is created. One deletion and one creation at most, whatever the count.
 */
export async function applyStatusWrites(
  doc: unknown,
  writes: Readonly<Record<string, StatusWrite | null>>,
): Promise<void> {
  const parent = doc as EffectParent;
  if (!parent.effects || !parent.createEmbeddedDocuments || !parent.deleteEmbeddedDocuments) return;
  const ids = Object.keys(writes);
  if (!ids.length) return;
  const old = parent.effects
    .filter((e) => [...(e.statuses ?? [])].some((s) => ids.includes(s)))
    .flatMap((e) => (e.id ? [e.id] : []));
  if (old.length) await parent.deleteEmbeddedDocuments('ActiveEffect', old);
  const created = Object.values(writes).filter((w): w is StatusWrite => w !== null);
  if (created.length) await parent.createEmbeddedDocuments('ActiveEffect', created);
}
