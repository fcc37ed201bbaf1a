/**
 * The encounter file the CLI reads (docs/simulator.md): sides of fighters referenced by
 * compendium pack and name, or exported actors, with overrides and tactics. Pure: the caller
 * provides the lookups that read packs-src and actor files.
 */
import { RulesError } from '../core/errors';
import { isRulesetId, RULESET_IDS } from '../rulesets';
import { entryFromDocument, mergeDeep, type DocumentData } from './sources';
import { checkTactics } from './tactics';
import type { Encounter, FantasiaEntry, GreyhawkEntry, Side, SouffleEntry, Tactics } from './types';

export interface ItemRef {
  readonly pack: string;
  readonly name: string;
  readonly overrides?: unknown;
}

export interface FighterRef {
  /** A compendium (packs-src/<ruleset>/<pack>) and the entry's name… */
  readonly pack?: string;
  readonly name?: string;
  /** …or an actor JSON exported from Foundry (path relative to the encounter file). */
  readonly actor?: string;
  /** Several identical fighters (default 1); they are numbered "Name 2", "Name 3"… */
  readonly count?: number;
  /** Deep-merged into the actor document: { "system": { "pv": { "value": 8 } } }. */
  readonly overrides?: unknown;
  /** Items added to the actor (equipped / worn). */
  readonly items?: readonly ItemRef[];
  readonly tactics?: Tactics;
}

export interface EncounterFile {
  readonly ruleset: string;
  readonly fights?: number;
  readonly seed?: number;
  readonly roundLimit?: number;
  readonly distance?: number;
  readonly drawn?: boolean;
  /** Greyhawk: equal initiatives strike together (default true). */
  readonly simultaneous?: boolean;
  readonly sides: readonly { readonly name?: string; readonly fighters: readonly FighterRef[] }[];
}

export interface Lookups {
  /** The document called `name` in pack `pack`, or undefined. */
  pack(pack: string, name: string): DocumentData | undefined;
  /** The entry names of pack `pack`, to suggest the closest ones when a name is not found. */
  names?(pack: string): readonly string[];
  /** The actor document in file `path`. */
  actor(path: string): DocumentData;
}

/** The keys each object of an encounter file may hold: anything else is a typo, refused. */
export const ENCOUNTER_KEYS = [
  'ruleset',
  'fights',
  'seed',
  'roundLimit',
  'distance',
  'drawn',
  'simultaneous',
  'sides',
] as const;
export const SIDE_KEYS = ['name', 'fighters'] as const;
export const FIGHTER_KEYS = ['pack', 'name', 'actor', 'count', 'overrides', 'items', 'tactics'] as const;
export const ITEM_KEYS = ['pack', 'name', 'overrides'] as const;
export const TACTIC_KEYS = [
  'target',
  'defence',
  'shootFirst',
  'retreatBelow',
  'posture',
  'postureWhenHurt',
  'force',
] as const;

/** Refuses an unknown key of `value` (a plain object), naming where it stands and the allowed keys. */
function checkKeys(value: unknown, allowed: readonly string[], where: string): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
  for (const key of Object.keys(value))
    if (!allowed.includes(key))
      throw new RulesError('PDA.Error.Simulate.UnknownKey', { key, where, allowed: allowed.join(', ') });
}

/** Edit distance between two short names (case and accents ignored), for suggestions. */
function distance(a: string, b: string): number {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const x = norm(a);
  const y = norm(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length]!;
}

/** Up to three entry names of a pack closest to `name` (those containing it first). */
export function closestNames(name: string, names: readonly string[]): string[] {
  const lower = name.toLowerCase();
  return [...names]
    .map((n) => ({ n, d: n.toLowerCase().includes(lower) ? -1 : distance(name, n) }))
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, 3)
    .map((e) => e.n);
}

function notFound(lookups: Lookups, pack: string, name: string): RulesError {
  const near = lookups.names ? closestNames(name, lookups.names(pack)) : [];
  return new RulesError('PDA.Error.Simulate.NotFound', {
    pack,
    name,
    near: near.length ? near.map((n) => `« ${n} »`).join(', ') : '—',
  });
}

function itemFlags(ruleset: string, item: DocumentData): DocumentData {
  const on: Record<string, unknown> =
    ruleset === 'souffle'
      ? { equipped: true, worn: true }
      : ruleset === 'greyhawk'
        ? { equipped: true }
        : { worn: true };
  return { ...item, system: { ...item.system, ...on } };
}

/** Builds the simulator's encounter from a file; `fights`/`seed` from the command line win. */
export function resolveEncounter(
  file: EncounterFile,
  lookups: Lookups,
  overrides: { readonly fights?: number; readonly seed?: number } = {},
): Encounter {
  if (!isRulesetId(file.ruleset))
    throw new RulesError('PDA.Error.Simulate.Ruleset', {
      ruleset: String(file.ruleset),
      allowed: RULESET_IDS.join(', '),
    });
  const ruleset = file.ruleset;
  checkKeys(file, ENCOUNTER_KEYS, 'encounter');
  if (!Array.isArray(file.sides)) throw new RulesError('PDA.Error.Simulate.Sides', { count: 0 });
  const sides = file.sides.map((side, s) => {
    const sideName = typeof side.name === 'string' && side.name ? side.name : `Side ${s + 1}`;
    checkKeys(side, SIDE_KEYS, sideName);
    const fighters: (FantasiaEntry | SouffleEntry | GreyhawkEntry)[] = [];
    for (const [k, ref] of (Array.isArray(side.fighters) ? side.fighters : []).entries()) {
      const who = `${sideName} › ${ref.name ?? ref.actor ?? `#${k + 1}`}`;
      checkKeys(ref, FIGHTER_KEYS, who);
      checkKeys(ref.tactics, TACTIC_KEYS, `${who} › tactics`);
      for (const it of ref.items ?? []) checkKeys(it, ITEM_KEYS, `${who} › items`);
      let doc: DocumentData | undefined;
      if (ref.actor !== undefined) doc = lookups.actor(ref.actor);
      else if (ref.pack !== undefined && ref.name !== undefined) {
        doc = lookups.pack(ref.pack, ref.name);
        if (!doc) throw notFound(lookups, ref.pack, ref.name);
      } else throw new RulesError('PDA.Error.Simulate.NoSource', { side: sideName });
      doc = mergeDeep(doc, ref.overrides);
      if (ref.items?.length) {
        const added = ref.items.map((it: ItemRef) => {
          const item = lookups.pack(it.pack, it.name);
          if (!item) throw notFound(lookups, it.pack, it.name);
          return mergeDeep(itemFlags(ruleset, item), it.overrides);
        });
        doc = { ...doc, items: [...(doc.items ?? []), ...added] };
      }
      const count = ref.count ?? 1;
      if (!Number.isInteger(count) || count < 1 || count > 100)
        throw new RulesError('PDA.Error.OutOfRange', {
          what: 'count',
          value: String(count),
          min: 1,
          max: 100,
        });
      const baseName = doc.name ?? '?';
      checkTactics(ref.tactics, baseName);
      for (let n = 1; n <= count; n++) {
        const named = count > 1 ? { ...doc, name: `${baseName} ${n}` } : doc;
        fighters.push(entryFromDocument(ruleset, named, ref.tactics));
      }
    }
    return { name: sideName, fighters };
  });
  const base = {
    fights: overrides.fights ?? file.fights ?? 1000,
    seed: overrides.seed ?? file.seed ?? 1,
    ...(file.roundLimit !== undefined ? { roundLimit: file.roundLimit } : {}),
    ...(file.distance !== undefined ? { distance: file.distance } : {}),
    ...(file.drawn !== undefined ? { drawn: file.drawn } : {}),
  };
  if (ruleset === 'fantasia') return { ...base, ruleset, sides: sides as Side<FantasiaEntry>[] };
  if (ruleset === 'souffle') return { ...base, ruleset, sides: sides as Side<SouffleEntry>[] };
  return {
    ...base,
    ruleset,
    sides: sides as Side<GreyhawkEntry>[],
    ...(file.simultaneous !== undefined ? { simultaneous: file.simultaneous } : {}),
  };
}
