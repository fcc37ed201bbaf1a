import { describe, expect, it } from 'vitest';
import { migrateDocuments, type Migration, type MigratableDocument } from '../../../src/foundry/migrations';
import { clampCharacteristics } from '../../../src/foundry/migrations';
import { storedAcAsArmour } from '../../../src/foundry/rulesets/greyhawk/models/migration';

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

describe('migrateData steps on a partial update (foundryvtt issue #14482: they run on update data too)', () => {
  it('an over-bound characteristic written alone is left to validation, and PV sent with it are not cut to a CON/TAI of 10', () => {
    const partial = { characteristics: { FOR: 100000 }, pv: { value: 14 } };
    expect(clampCharacteristics(partial)).toEqual(partial);
    // A whole source (all six characteristics) is clamped, its PV to the clamped maximum.
    const whole = clampCharacteristics({
      characteristics: { FOR: 100000, CON: 4, TAI: 4, DEX: 10, INT: 10, CHA: 10 },
      pv: { value: 14 },
    });
    expect((whole.characteristics as { FOR: number }).FOR).toBe(200);
    expect(whole.pv).toEqual({ value: 4 });
  });

  it('an old Greyhawk AC written without the DEX is dropped instead of converted as if the DEX were 10', () => {
    expect(storedAcAsArmour({ ac: 2 })).toEqual({});
    expect(storedAcAsArmour({ ac: 2, abilities: { dex: 16 }, shield: '' })).toMatchObject({ acMagic: 0 });
  });
});
