import { SYSTEM_ID } from './constants';
import { t } from './i18n';
import { migrateDocuments, SCHEMA_VERSION, type MigratableDocument } from './migrations';

/**
 * The world migration at `ready`, on the active GM's client: the migrations of migrations.ts
 * newer than the world's schema version, over the world's documents.
 */
export async function migrateWorld(): Promise<void> {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
  const from = Number(game.settings?.get(SYSTEM_ID, 'schemaVersion') ?? 0);
  if (from >= SCHEMA_VERSION) return;
  const documents: MigratableDocument[] = [];
  // The stored data keeps fields a model no longer declares; the loaded documents do not.
  const stored = new Map<string, Record<string, unknown>>();
  for (const a of (game as { data?: { actors?: { _id?: string; system?: unknown }[] } }).data?.actors ?? [])
    if (a._id && a.system && typeof a.system === 'object')
      stored.set(a._id, a.system as Record<string, unknown>);
  for (const actor of game.actors ?? []) {
    const storedSystem = stored.get(actor.id ?? '');
    const doc = actor as unknown as Required<Omit<MigratableDocument, 'storedSystem'>>;
    documents.push(
      storedSystem
        ? {
            documentName: doc.documentName,
            type: doc.type,
            storedSystem,
            toObject: () => doc.toObject(),
            update: (changes) => doc.update(changes),
            createEmbeddedDocuments: (type, data) => doc.createEmbeddedDocuments(type, data),
          }
        : doc,
    );
    for (const item of actor.items) documents.push(item as unknown as MigratableDocument);
  }
  for (const item of game.items ?? []) documents.push(item as unknown as MigratableDocument);
  const { failed } = await migrateDocuments(documents, from);
  if (failed.length > 0) {
    ui.notifications?.error(t('PDA.Migration.Failed', { count: failed.length }));
    for (const f of failed) console.error(f.error);
    return; // the version stays, so the next start tries again
  }
  await game.settings?.set(SYSTEM_ID, 'schemaVersion', SCHEMA_VERSION);
}
