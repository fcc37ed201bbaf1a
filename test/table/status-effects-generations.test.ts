/**
 * Issue 39: `CONFIG.statusEffects` is an array on v13 and a record keyed by id on v14, whose
 * insertion order is the token HUD's display order. The harness gives each generation core's own
 * shape; the Souffle states and postures must be offered in the same order on both, after core's,
 * and a state set on a fighter must reach every client.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { WARRIOR } from './souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

/** The status ids in display order, whatever the shape. */
const order = (config: unknown): string[] =>
  Array.isArray(config) ? config.map((e: any) => e.id) : Object.keys(config as object);

describe('status effects on v13 (array) and v14 (keyed record)', () => {
  it.each([13, 14] as const)(
    'S-ST1 v%i: the Souffle states follow core’s statuses in one order, and a knocked-out warrior is marked on every client',
    async (generation) => {
      const table = await Table.open({ ruleset: 'souffle', generation });
      await table.importActor('souffle-combattants', WARRIOR, 'Alice');
      const config = table.gm.client.CONFIG.statusEffects;
      expect(Array.isArray(config)).toBe(generation === 13);
      const ids = order(config);
      expect(ids.slice(0, 2)).toEqual(['dead', 'prone']);
      expect(ids).toContain('assomme');
      expect(new Set(ids).size).toBe(ids.length);
      await table.gm.actor(WARRIOR).toggleStatusEffect('assomme', { active: true });
      await table.settle();
      for (const seat of table.seats.values())
        expect(seat.actor(WARRIOR).statuses.has('assomme'), seat.name).toBe(true);
      expect(table.errors()).toEqual([]);
    },
  );

  it('S-ST1 the display order of the statuses is the same on v13 and v14', async () => {
    const ids = [];
    for (const generation of [13, 14] as const) {
      const table = await Table.open({ ruleset: 'souffle', generation, players: [] });
      ids.push(order(table.gm.client.CONFIG.statusEffects));
    }
    expect(ids[1]).toEqual(ids[0]);
  });
});
