import { typesOf } from '../rulesets/registry';
import { activeRulesetId } from '../active-ruleset';

/** What a ruleset's data model offers the adapters: the engine's view of its document. */
export interface EngineViewSource<T = unknown> {
  toEngine(): T;
}

/** The engine's view built by a document's data model, or an error naming the type without one. */
export function engineViewOf<T>(system: unknown, what: string): T {
  const source = system as Partial<EngineViewSource> | null;
  if (typeof source?.toEngine !== 'function') throw new Error(`${what} has no engine view`);
  return source.toEngine() as T;
}

/**
 * The create dialog's options restricted to the active ruleset's subtypes. fvtt-types only knows
 * subtypes declared through its configuration; ours come from the registry, hence the loose type.
 */
export function withActiveTypes<O>(options: O, documentName: 'Actor' | 'Item'): O {
  return { ...(options ?? {}), types: typesOf(activeRulesetId(), documentName) } as unknown as O;
}
