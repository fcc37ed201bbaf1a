/**
 * The bottom of the combat folder: the types its files share. This file imports no other file of
 * combat/; adapter.ts (the ruleset's round adapter contract) sits just above it, then store.ts and
 * round-writes.ts (reading and writing the round), service.ts (the GM-side commands), and at the
 * top documents.ts, tracker.ts and index.ts, which wire them into Foundry.
 */

/** How a stored round moved, for core's own method to run (and fire its hook, advance time). */
export type CoreAdvance = 'start' | 'round' | 'turn';

/** The document updates that store one round state. */
export interface RoundUpdates {
  readonly combat: Record<string, unknown>;
  readonly combatants: Record<string, unknown>[];
  /** Item updates of the combatants' actors, for readiness kept on items. */
  readonly items: { readonly actor: Actor.Implementation; readonly updates: Record<string, unknown>[] }[];
  /** Exact declarations kept in the rules' vault (none without one), by combatant id. */
  readonly secrets: Record<string, string>;
}
