import { describe, expect, it } from 'vitest';
import { migrateDocuments, type Migration, type MigratableDocument } from '../../../src/foundry/migrations';

/** A rename of `pv` to `pointsDeVie` on aventurier, keeping every other value. */
const rename: Migration = {
  version: 2,
  description: 'pv → pointsDeVie',
  types: { Actor: ['aventurier'] },
  migrate: ({ pv, ...rest }) => ({ ...rest, pointsDeVie: pv }),
};

function doc(
  type: string,
  system: Record<string, unknown>,
  failing = false,
): MigratableDocument & { system: unknown } {
  return {
    documentName: 'Actor',
    type,
    system,
    toObject() {
      return { system: structuredClone(this.system) };
    },
    async update(changes) {
      if (failing) throw new Error('refused');
      this.system = changes.system;
    },
  };
}

describe('world migration', () => {
  it('moves values to their new place and keeps every other value', async () => {
    const a = doc('aventurier', { pv: { value: 7, max: 12 }, notes: 'garde' });
    const result = await migrateDocuments([a], 1, [rename]);
    expect(result).toEqual({ updated: 1, failed: [] });
    expect(a.system).toEqual({ pointsDeVie: { value: 7, max: 12 }, notes: 'garde' });
  });

  it('leaves other types, already migrated worlds and failing documents unchanged', async () => {
    const other = doc('pnj', { pv: { value: 3, max: 3 } });
    const failing = doc('aventurier', { pv: { value: 1, max: 1 } }, true);
    const ok = doc('aventurier', { pv: { value: 2, max: 2 } });
    const result = await migrateDocuments([other, failing, ok], 1, [rename]);
    expect(result.updated).toBe(1);
    expect(result.failed.map((f) => f.type)).toEqual(['aventurier']);
    expect(other.system).toEqual({ pv: { value: 3, max: 3 } });
    expect(failing.system).toEqual({ pv: { value: 1, max: 1 } });
    expect((await migrateDocuments([doc('aventurier', { pv: 1 })], 2, [rename])).updated).toBe(0);
  });
});
