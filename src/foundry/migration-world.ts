import { SYSTEM_ID } from './constants';
import { t } from './i18n';
import { migrateDocuments, SCHEMA_VERSION, SURPRISE_ON_COMBAT, type MigratableDocument } from './migrations';
import { isActiveGM } from './active-gm';

/**
 * The world migration at `ready`, on the active GM's client: the migrations of migrations.ts
 * newer than the world's schema version, over every stored document they concern, as Foundry
 * systems' migrations walk them: world actors and their items, world items, each scene's
 * unlinked tokens (their actor data lives in the token's delta), and the actors and items of
 * unlocked world compendiums. Locked world compendiums are left as they are and named to the GM;
 * the system's own compendiums are rebuilt from packs-src instead.
 */

type Sys = Record<string, unknown>;

function isRecord(value: unknown): value is Sys {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `base` with `over` merged in, nested objects key by key (a token's delta over its actor). */
function merged(base: Sys, over: Sys): Sys {
  const out: Sys = structuredClone(base);
  for (const [k, v] of Object.entries(over))
    out[k] = isRecord(v) && isRecord(out[k]) ? merged(out[k] as Sys, v) : structuredClone(v);
  return out;
}

/** The values of `after` that differ from `before`, nested (what a delta needs to receive). */
function changedValues(before: Sys, after: Sys): Sys {
  const out: Sys = {};
  for (const [k, v] of Object.entries(after)) {
    const was = before[k];
    if (isRecord(v) && isRecord(was)) {
      const inner = changedValues(was, v);
      if (Object.keys(inner).length) out[k] = inner;
    } else if (JSON.stringify(v ?? null) !== JSON.stringify(was ?? null)) out[k] = v;
  }
  return out;
}

interface StoredToken {
  _id?: string;
  actorLink?: boolean;
  delta?: { system?: unknown } | null;
}
interface StoredWorld {
  actors?: { _id?: string; system?: unknown }[];
  scenes?: { _id?: string; tokens?: StoredToken[] }[];
}
interface TokenLike {
  readonly id?: string | null;
  readonly actorLink?: boolean;
  readonly actorId?: string | null;
  readonly delta?: { toObject?(): { system?: unknown } } | null;
  readonly actor?: (MigratableDocument & { items?: Iterable<unknown> }) | null;
}
interface PackLike {
  readonly collection?: string;
  readonly documentName?: string;
  readonly locked?: boolean;
  readonly metadata?: { packageType?: string; label?: string };
  getDocuments(): Promise<Iterable<unknown>>;
}

const own = (doc: MigratableDocument, storedSystem: Sys): MigratableDocument => ({
  documentName: doc.documentName,
  type: doc.type,
  storedSystem,
  toObject: () => doc.toObject(),
  update: (changes) => doc.update(changes),
  ...(doc.createEmbeddedDocuments
    ? { createEmbeddedDocuments: (type, data) => doc.createEmbeddedDocuments!(type, data) }
    : {}),
});

/**
 * An unlinked token's actor as the migration sees it: its stored system is the world actor's
 * stored system with the token's delta over it, and its update writes only the values the
 * migration changed (through the synthetic actor, so into the delta), never the whole system.
 */
function tokenActor(
  token: TokenLike,
  baseSystem: Sys | undefined,
  storedDelta: unknown,
): MigratableDocument | null {
  const actor = token.actor;
  if (!actor) return null;
  const deltaSystem = isRecord(storedDelta) ? storedDelta : (token.delta?.toObject?.().system ?? {});
  const before = merged(baseSystem ?? {}, isRecord(deltaSystem) ? deltaSystem : {});
  return {
    ...own(actor, before),
    update: async (changes) => {
      const after = isRecord(changes.system) ? changes.system : {};
      const diff = changedValues(before, after);
      if (Object.keys(diff).length) await actor.update({ system: diff });
    },
  };
}

/** Every document the world migration walks (see the module's comment). */
export async function worldMigratables(): Promise<{ documents: MigratableDocument[]; locked: string[] }> {
  const documents: MigratableDocument[] = [];
  const data = (game as { data?: StoredWorld }).data;
  // The stored data keeps fields a model no longer declares; the loaded documents do not.
  const stored = new Map<string, Sys>();
  for (const a of data?.actors ?? []) if (a._id && isRecord(a.system)) stored.set(a._id, a.system);
  for (const actor of game.actors ?? []) {
    const doc = actor as unknown as MigratableDocument;
    const storedSystem = stored.get(actor.id ?? '');
    documents.push(storedSystem ? own(doc, storedSystem) : doc);
    for (const item of actor.items) documents.push(item as unknown as MigratableDocument);
  }
  for (const item of game.items ?? []) documents.push(item as unknown as MigratableDocument);
  // Each scene's unlinked tokens: their actor data is the token's, not the world actor's.
  const storedDeltas = new Map<string, unknown>();
  for (const scene of data?.scenes ?? [])
    for (const tok of scene.tokens ?? []) if (tok._id) storedDeltas.set(tok._id, tok.delta?.system);
  for (const scene of (game.scenes ?? []) as Iterable<{ tokens?: Iterable<unknown> }>) {
    for (const raw of scene.tokens ?? []) {
      const token = raw as TokenLike;
      if (token.actorLink !== false || !token.actorId) continue;
      const doc = tokenActor(token, stored.get(token.actorId), storedDeltas.get(token.id ?? ''));
      if (doc) documents.push(doc);
      for (const item of token.actor?.items ?? []) documents.push(item as MigratableDocument);
    }
  }
  // Unlocked world compendiums of actors and items; a locked one is named, not changed.
  const locked: string[] = [];
  for (const raw of (game.packs ?? []) as Iterable<unknown>) {
    const pack = raw as PackLike;
    if (pack.metadata?.packageType !== 'world') continue;
    if (pack.documentName !== 'Actor' && pack.documentName !== 'Item') continue;
    if (pack.locked) {
      locked.push(pack.metadata.label ?? pack.collection ?? '');
      continue;
    }
    for (const entry of await pack.getDocuments()) {
      documents.push(entry as MigratableDocument);
      for (const item of (entry as { items?: Iterable<unknown> }).items ?? [])
        documents.push(item as MigratableDocument);
    }
  }
  return { documents, locked };
}

interface CombatantMark {
  readonly id?: string | null;
  readonly system?: { surprised?: unknown } | null;
  update(changes: Record<string, unknown>): Promise<unknown>;
}
interface CombatMarks {
  readonly system?: { surprised?: unknown } | null;
  readonly combatants: Iterable<CombatantMark>;
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/**
 * Version 8 (issue 42): the surprise mark (F-R10) moved from the Combatant (`system.surprised`, a
 * boolean its owner may write) to its Combat (`system.surprised`, the marked combatants' ids, which
 * only a GM writes). A world's marks are carried over, none lost: each combat's list gets every
 * combatant marked the old way, then the old marks are cleared. Returns the failures.
 */
export async function migrateSurpriseMarks(combats: Iterable<unknown>): Promise<unknown[]> {
  const failed: unknown[] = [];
  for (const raw of combats) {
    const combat = raw as CombatMarks;
    const old = [...combat.combatants].filter((c) => c.id && c.system?.surprised === true);
    if (!old.length) continue;
    const listed = Array.isArray(combat.system?.surprised) ? (combat.system.surprised as unknown[]) : [];
    const surprised = [...new Set([...listed.map(String), ...old.map((c) => c.id ?? '')])];
    try {
      await combat.update({ system: { surprised } });
      for (const c of old) await c.update({ system: { surprised: false } });
    } catch (error) {
      failed.push(error);
    }
  }
  return failed;
}

export async function migrateWorld(): Promise<void> {
  if (!isActiveGM()) return;
  const from = Number(game.settings?.get(SYSTEM_ID, 'schemaVersion') ?? 0);
  if (from >= SCHEMA_VERSION) return;
  const { documents, locked } = await worldMigratables();
  const { failed } = await migrateDocuments(documents, from);
  if (from < SURPRISE_ON_COMBAT)
    failed.push(
      ...(await migrateSurpriseMarks(game.combats ?? [])).map((error) => ({ type: 'Combat', error })),
    );
  if (locked.length) ui.notifications?.warn(t('PDA.Migration.LockedPacks', { packs: locked.join(', ') }));
  if (failed.length > 0) {
    ui.notifications?.error(t('PDA.Migration.Failed', { count: failed.length }));
    for (const f of failed) console.error(f.error);
    return; // the version stays, so the next start tries again
  }
  await game.settings?.set(SYSTEM_ID, 'schemaVersion', SCHEMA_VERSION);
}
