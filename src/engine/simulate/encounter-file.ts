/**
 * The encounter file the CLI reads (docs/simulator.md): sides of fighters referenced by
 * compendium pack and name, or exported actors, with overrides and tactics. Pure: the caller
 * provides the lookups that read packs-src and actor files.
 */
import { RulesError } from '../core/errors';
import { isRulesetId } from '../rulesets';
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
  readonly sides: readonly { readonly name?: string; readonly fighters: readonly FighterRef[] }[];
}

export interface Lookups {
  /** The document called `name` in pack `pack`, or undefined. */
  pack(pack: string, name: string): DocumentData | undefined;
  /** The actor document in file `path`. */
  actor(path: string): DocumentData;
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
    throw new RulesError('PDA.Error.Simulate.Ruleset', { ruleset: String(file.ruleset) });
  const ruleset = file.ruleset;
  if (!Array.isArray(file.sides)) throw new RulesError('PDA.Error.Simulate.Sides', { count: 0 });
  const sides = file.sides.map((side, s) => {
    const sideName = typeof side.name === 'string' && side.name ? side.name : `Side ${s + 1}`;
    const fighters: (FantasiaEntry | SouffleEntry | GreyhawkEntry)[] = [];
    for (const ref of Array.isArray(side.fighters) ? side.fighters : []) {
      let doc: DocumentData | undefined;
      if (ref.actor !== undefined) doc = lookups.actor(ref.actor);
      else if (ref.pack !== undefined && ref.name !== undefined) {
        doc = lookups.pack(ref.pack, ref.name);
        if (!doc) throw new RulesError('PDA.Error.Simulate.NotFound', { pack: ref.pack, name: ref.name });
      } else throw new RulesError('PDA.Error.Simulate.NoSource', { side: sideName });
      doc = mergeDeep(doc, ref.overrides);
      if (ref.items?.length) {
        const added = ref.items.map((it: ItemRef) => {
          const item = lookups.pack(it.pack, it.name);
          if (!item) throw new RulesError('PDA.Error.Simulate.NotFound', { pack: it.pack, name: it.name });
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
  return { ...base, ruleset, sides: sides as Side<GreyhawkEntry>[] };
}
