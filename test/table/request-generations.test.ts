/**
 * The request channel on each generation: a player's request is a write on their own User, and
 * each new request clears the previous request and answer in the same write, and the GM's answer
 * removes the request it answers. v13 clears them with
 * `-=` keys; v14 deprecates those keys and v16 refuses them (the harness logs a deprecation on
 * v14 and throws on v16, as foundryvtt issue #13090 announces), so there the system writes the
 * deletion operators. Every generation ends with the same User flags.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, itemId } from './fantasia-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

/** The `-=` / `==` keys of a change, at any depth. */
function legacyKeys(change: unknown, prefix = ''): string[] {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return [];
  return Object.entries(change as Record<string, unknown>).flatMap(([k, v]) => [
    ...(k.split('.').some((p) => p.startsWith('-=') || p.startsWith('==')) ? [`${prefix}${k}`] : []),
    ...legacyKeys(v, `${prefix}${k}.`),
  ]);
}

describe('the request channel writes what each generation expects', () => {
  it.each([13, 14, 16] as const)(
    'F-H1 v%i: two attacks from Alice’s sheet; the second request clears the first request and answer',
    async (generation) => {
      const table = await Table.open({ ruleset: 'fantasia', generation, players: ['Alice'] });
      await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
      await table.importActor('fantasia-bestiaire', 'Brigand');
      await table.placeToken('Bretteur', 1, 1);
      await table.placeToken('Brigand', 2, 1);
      const alice = table.seat('Alice');
      const sword = itemId(alice, 'Bretteur', 'Épée fantasque');
      table.dice.push([100, 30]);
      await attackFromSheet(alice, 'Bretteur', sword, 'Brigand');
      table.dice.push([100, 40]);
      await attackFromSheet(alice, 'Bretteur', sword, 'Brigand');
      await table.settle();
      const cards = [...table.server.world.messages.values()].filter((m: any) => m.type === 'carte');
      expect(cards.length).toBe(2);
      const flags = (table.server.user(alice.user.id)!.flags as any)['passe-d-armes'];
      // The GM's answer removes the request it answers; the second request removed the first
      // answer: only the last answer is left, until the next request.
      expect(Object.keys(flags.requests ?? {})).toEqual([]);
      expect(Object.keys(flags.answers)).toHaveLength(1);
      const userWrites = table.server.log.filter((op) => op.documentName === 'User');
      const legacy = userWrites.flatMap((op) => (op.result as unknown[]).flatMap((r) => legacyKeys(r)));
      if (generation === 13) expect(legacy.length).toBeGreaterThan(0);
      else expect(legacy).toEqual([]);
      for (const c of table.clients) expect(c.deprecations).toEqual([]);
      expect(table.errors()).toEqual([]);
    },
  );
});
