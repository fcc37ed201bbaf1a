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
  /** Active Effects the values it moves out of `system` become (read from the stored source). */
  effects?(system: Record<string, unknown>): Record<string, unknown>[];
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
 *
 * `migrateData` also runs on the partial data of an update (foundryvtt #14482), and cannot tell
 * it from a stored source: only data carrying all six characteristics (as every stored source
 * does) is clamped. A partial update keeps its values, so one over the bound is refused by the
 * model's validation instead of being silently changed, and its PV are never cut against a CON or
 * TAI it does not carry.
 */
export function clampCharacteristics(system: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(system.characteristics)) return system;
  const given = system.characteristics;
  if (!CHARACTERISTICS.every((id) => typeof given[id] === 'number')) return system;
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
  const con = characteristics.CON;
  const tai = characteristics.TAI;
  // A partial update (migrateData runs on it too) may carry the PV without CON or TAI: the
  // maximum is then unknown here, and the actor's own update check clamps the PV instead.
  if (
    pv &&
    typeof pv.value === 'number' &&
    typeof pv.max !== 'number' &&
    typeof con === 'number' &&
    typeof tai === 'number'
  ) {
    const max = Math.ceil((con + tai) / 2);
    if (pv.value > max) out.pv = { ...pv, value: max };
  }
  return out;
}

/**
 * A `guerrier-adnd` stored with no class gets the schema's default (fighter 1). `migrateData` also
 * runs on the partial data of an update (foundryvtt #14482): an update emptying the classes gets
 * fighter 1 as well, so no fighter is ever classless (slots and THAC0 come from the classes).
 */
export function ensureAClass(system: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(system.classes) || system.classes.length > 0) return system;
  return { ...system, classes: [{ cls: 'fighter', level: 1 }] };
}

/** `system` rewrites a ruleset registers for a migration of its own (like the effect builders). */
const systemSteps = new Map<number, (system: Record<string, unknown>) => Record<string, unknown>>();

export function registerMigrationStep(
  version: number,
  step: (system: Record<string, unknown>) => Record<string, unknown>,
): void {
  systemSteps.set(version, step);
}

/**
 * Migration 7 (guerrier-adnd): the AC stored whole becomes the armour's AC, the AC being computed
 * from armour, shield, DEX and magic; the ruleset registers the rewrite (its models' side).
 */
export function acToArmour(system: Record<string, unknown>): Record<string, unknown> {
  return systemSteps.get(7)?.(system) ?? system;
}

const TIMED_FIELDS = [
  'skipNextAttack',
  'boundWeapon',
  'boundUntilRound',
  'jammedWeapon',
  'jamCause',
  'jamRepairRounds',
] as const;

/** Localized when a game runs (the migration's tests run without one). */
function localize(key: string): string {
  const g = (globalThis as { game?: { i18n?: { localize(k: string): string } } }).game;
  return g?.i18n?.localize(key) ?? key;
}

/**
 * The Active Effect a timed state of migration 4 becomes (the shape the Fantasia ruleset's
 * timed-states.ts reads: the status, the weapon and the rule in the system's flags, the length
 * in `duration.rounds`).
 */
function timedEffect(
  status: string,
  img: string,
  rule: string,
  rounds: number | undefined,
  more: Record<string, string> = {},
): Record<string, unknown> {
  return {
    name: localize(`PDA.FantasiaUI.State.${status}`),
    img,
    statuses: [status],
    duration: rounds === undefined ? {} : { rounds },
    flags: { 'passe-d-armes': { timed: { rule, ...more } } },
  };
}

/**
 * Migration 4 (aventurier, pnj): lost balance, bound weapon and jammed weapon leave
 * `system.states` for Active Effects carrying their status. The fields are removed; the effects have no
 * start round, so one with a length ends at the next new round of a tracked combat.
 */
export function dropTimedStateFields(system: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(system.states)) return system;
  const states = { ...system.states };
  let changed = false;
  for (const k of TIMED_FIELDS)
    if (k in states) {
      delete states[k];
      changed = true;
    }
  return changed ? { ...system, states } : system;
}

export function timedStateEffects(system: Record<string, unknown>): Record<string, unknown>[] {
  const s = isRecord(system.states) ? system.states : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const out: Record<string, unknown>[] = [];
  // Lost balance: no attack this round and the next (F-H6).
  if (s.skipNextAttack === true) out.push(timedEffect('skipNextAttack', 'icons/svg/daze.svg', 'F-H6', 2));
  // A bound weapon: for this round (F-B7).
  if (text(s.boundWeapon))
    out.push(timedEffect('weaponBound', 'icons/svg/chain.svg', 'F-B7', 1, { weaponId: text(s.boundWeapon) }));
  // A jam lasts until repaired, then the repair's rounds (F-H7).
  if (text(s.jammedWeapon)) {
    const rounds =
      typeof s.jamRepairRounds === 'number' && s.jamRepairRounds > 0 ? s.jamRepairRounds : undefined;
    const cause = s.jamCause === 'bowString' ? 'bowString' : 'crossbow';
    out.push(
      timedEffect('jammed', 'icons/svg/cog.svg', 'F-H7', rounds, { weaponId: text(s.jammedWeapon), cause }),
    );
  }
  return out;
}

/**
 * Effect builders a ruleset registers for a migration of its own (this shared module names no
 * ruleset): the ruleset's folder knows the statuses and the effect shape its fields become.
 */
const effectBuilders = new Map<number, (system: Record<string, unknown>) => Record<string, unknown>[]>();

export function registerMigrationEffects(
  version: number,
  build: (system: Record<string, unknown>) => Record<string, unknown>[],
): void {
  effectBuilders.set(version, build);
}

/**
 * Migration 5 (guerrier-adnd, monstre-adnd): the fighter's `system.conditions` leave for Active
 * Effects carrying their statuses (the ruleset's builder makes them from the stored values, with
 * the pin's rounds left and the hold's data). The field is removed only when a builder is there.
 */
export function dropConditionsField(system: Record<string, unknown>): Record<string, unknown> {
  if (!('conditions' in system) || !effectBuilders.has(5)) return system;
  const { conditions: _moved, ...rest } = system;
  return rest;
}

function conditionEffectsOf(system: Record<string, unknown>): Record<string, unknown>[] {
  return effectBuilders.get(5)?.(system) ?? [];
}

/**
 * Migration 6 (combattant, adversaire): the Souffle states stored as booleans in `system.states`
 * leave for Active Effects carrying their statuses (the ruleset's builder makes one per true
 * state). The field is removed only when a builder is there.
 */
export function dropStatesField(system: Record<string, unknown>): Record<string, unknown> {
  if (!('states' in system) || !effectBuilders.has(6)) return system;
  const { states: _moved, ...rest } = system;
  return rest;
}

function stateEffectsOf(system: Record<string, unknown>): Record<string, unknown>[] {
  return effectBuilders.get(6)?.(system) ?? [];
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
  {
    version: 4,
    description: 'Timed states (lost balance, bound and jammed weapons) become Active Effects',
    types: { Actor: ['aventurier', 'pnj'] },
    migrate: dropTimedStateFields,
    effects: timedStateEffects,
  },
  {
    version: 5,
    description: 'Fighters’ conditions (pinned, held, disarmed, prone…) become Active Effects',
    types: { Actor: ['guerrier-adnd', 'monstre-adnd'] },
    migrate: dropConditionsField,
    effects: conditionEffectsOf,
  },
  {
    version: 6,
    description: 'Souffle states (épuisé, agrippé, désarmé…) become Active Effects',
    types: { Actor: ['combattant', 'adversaire'] },
    migrate: dropStatesField,
    effects: stateEffectsOf,
  },
  {
    version: 7,
    description:
      'Fighters’ AC is computed from armour, shield, DEX and magic: the stored AC becomes the armour',
    types: { Actor: ['guerrier-adnd'] },
    migrate: acToArmour,
  },
  {
    version: 8,
    description:
      'Surprise marks (F-R10) move from each Combatant, which its owner may write, to its Combat (migration-world.ts)',
    // No actor or item: the world migration moves the marks itself (migrateSurpriseMarks).
    types: {},
    migrate: (system) => system,
  },
];

/** The schema version from which Combatants' surprise marks live on their Combat. */
export const SURPRISE_ON_COMBAT = 8;

/** The schema version this code writes: the newest migration's version. */
export const SCHEMA_VERSION: number = MIGRATIONS.reduce((v, m) => Math.max(v, m.version), 1);

/** The Active Effects the migrations newer than `fromVersion` make of a stored source. */
export function migrationEffects(
  documentName: 'Actor' | 'Item',
  type: string,
  system: Record<string, unknown>,
  fromVersion: number,
  migrations: readonly Migration[] = MIGRATIONS,
): Record<string, unknown>[] {
  return migrations
    .filter((m) => m.version > fromVersion && m.types[documentName]?.includes(type) && m.effects)
    .flatMap((m) => m.effects?.(system) ?? []);
}

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
  /**
   * The system data as stored, fields the model no longer knows included (Foundry's document
   * drops them when it loads); toObject().system when absent.
   */
  readonly storedSystem?: Record<string, unknown>;
  toObject(): { system?: unknown };
  update(changes: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments?(type: 'ActiveEffect', data: Record<string, unknown>[]): Promise<unknown>;
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
    const before = (doc.storedSystem ?? doc.toObject().system ?? {}) as Record<string, unknown>;
    const after = migrateSystem(doc.documentName, doc.type, structuredClone(before), fromVersion, migrations);
    const effects = migrationEffects(doc.documentName, doc.type, before, fromVersion, migrations);
    if (JSON.stringify(after) === JSON.stringify(before) && !effects.length) continue;
    try {
      await doc.update({ system: after });
      if (effects.length) await doc.createEmbeddedDocuments?.('ActiveEffect', effects);
      updated += 1;
    } catch (error) {
      failed.push({ type: doc.type, error });
    }
  }
  return { updated, failed };
}
