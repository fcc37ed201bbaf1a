import { DEFAULT_LADDER } from '../../../src/engine/souffle';

/**
 * The level of the default ladder's row with this name (the seed names levels in its examples).
 * Production reads levels, never names; the tests check the names sit where the seed puts them.
 */
export function namedLevel(name: string): number {
  const row = DEFAULT_LADDER.rows.find((r) => r.name === name);
  if (!row) throw new Error(`no ladder row named ${name}`);
  return row.level;
}
