/**
 * Data migrations. Most schema growth needs none: a new field takes its default when a document
 * loads. A field that is renamed, moved or removed from an existing type needs an entry here, so
 * stored values are carried to their new place instead of being dropped. The template snapshot
 * test (test/project/template-snapshot.test.ts) refuses a model change that removes a field of an
 * existing type without a migration newer than the snapshot.
 */
export interface Migration {
  /** Strictly increasing; the world remembers the last one it ran. */
  readonly version: number;
  readonly description: string;
  /** Document name and subtypes it touches, e.g. { Actor: ['aventurier'] }. */
  readonly types: Readonly<Partial<Record<'Actor' | 'Item', readonly string[]>>>;
  /** Returns the migrated `system` source; must keep every value it does not move. */
  migrate(system: Record<string, unknown>): Record<string, unknown>;
}

/** The most a d100 characteristic (FOR, CON, TAI…) holds; the seed's strongest creature has TAI 38. */
export const CHARACTERISTIC_MAX = 200;

const CHARACTERISTICS = ['FOR', 'CON', 'TAI', 'INT', 'DEX', 'CHA'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Aventurier / PNJ data from before the characteristics were bounded: each characteristic is
 * clamped into 0–CHARACTERISTIC_MAX (a FOR + TAI of 1625 or more made the damage bonus
 * an impossible formula, so every card involving the actor failed), and the current PV into the
 * maximum the clamped CON and TAI give when no override is set. Every other value is kept.
 */
export function clampCharacteristics(system: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(system.characteristics)) return system;
  const characteristics = { ...system.characteristics };
  let changed = false;
  for (const id of CHARACTERISTICS) {
    const v = characteristics[id];
    if (typeof v === 'number' && v > CHARACTERISTIC_MAX) {
      characteristics[id] = CHARACTERISTIC_MAX;
      changed = true;
    }
  }
  if (!changed) return system;
  const out: Record<string, unknown> = { ...system, characteristics };
  const pv = isRecord(system.pv) ? system.pv : undefined;
  const con = Number(characteristics.CON ?? 10);
  const tai = Number(characteristics.TAI ?? 10);
  if (pv && typeof pv.value === 'number' && typeof pv.max !== 'number') {
    const max = Math.ceil((con + tai) / 2);
    if (pv.value > max) out.pv = { ...pv, value: max };
  }
  return out;
}

/** A `guerrier-adnd` stored with no class gets the schema's default (fighter 1). */
export function ensureAClass(system: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(system.classes) || system.classes.length > 0) return system;
  return { ...system, classes: [{ cls: 'fighter', level: 1 }] };
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 2,
    description: 'Characteristics at most 200 (and PV within the maximum they give)',
    types: { Actor: ['aventurier', 'pnj'] },
    migrate: clampCharacteristics,
  },
  {
    version: 3,
    description: 'Characters with classes have at least one',
    types: { Actor: ['guerrier-adnd'] },
    migrate: ensureAClass,
  },
];

/** The schema version this code writes: the newest migration's version. */
export const SCHEMA_VERSION: number = MIGRATIONS.reduce((v, m) => Math.max(v, m.version), 1);

/** Applies, in order, the migrations newer than `fromVersion` that concern this document. */
export function migrateSystem(
  documentName: 'Actor' | 'Item',
  type: string,
  system: Record<string, unknown>,
  fromVersion: number,
  migrations: readonly Migration[] = MIGRATIONS,
): Record<string, unknown> {
  let out = system;
  for (const m of migrations) {
    if (m.version > fromVersion && m.types[documentName]?.includes(type)) out = m.migrate(out);
  }
  return out;
}

/** A document as the world migration sees it. */
export interface MigratableDocument {
  readonly documentName: string;
  readonly type: string;
  toObject(): { system?: unknown };
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/**
 * Runs the migrations newer than `fromVersion` over world documents. Each document is updated
 * only if its data changed; a document that fails is reported and left as it was, and the
 * migration goes on with the others. Returns the number of updated documents and the failures.
 */
export async function migrateDocuments(
  documents: Iterable<MigratableDocument>,
  fromVersion: number,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<{ updated: number; failed: { type: string; error: unknown }[] }> {
  let updated = 0;
  const failed: { type: string; error: unknown }[] = [];
  for (const doc of documents) {
    if (doc.documentName !== 'Actor' && doc.documentName !== 'Item') continue;
    const before = (doc.toObject().system ?? {}) as Record<string, unknown>;
    const after = migrateSystem(doc.documentName, doc.type, structuredClone(before), fromVersion, migrations);
    if (JSON.stringify(after) === JSON.stringify(before)) continue;
    try {
      await doc.update({ system: after });
      updated += 1;
    } catch (error) {
      failed.push({ type: doc.type, error });
    }
  }
  return { updated, failed };
}
