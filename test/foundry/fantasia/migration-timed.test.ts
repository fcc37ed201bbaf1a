import { describe, expect, it } from 'vitest';
import { migrateDocuments, type MigratableDocument } from '../../../src/foundry/migrations';
import { timedStatesOf } from '../../../src/foundry/rulesets/fantasia/timed-states';

/** A stored Fantasia actor from before migration 4: its timed states are system fields. */
function storedActor(states: Record<string, unknown>) {
  const doc = {
    documentName: 'Actor',
    type: 'pnj',
    system: { pv: { value: 9, max: null }, states: { fallen: true, brokenWeapons: ['hache'], ...states } },
    effects: [] as Record<string, unknown>[],
    toObject() {
      return { system: structuredClone(this.system) };
    },
    async update(changes: Record<string, unknown>) {
      this.system = changes.system as typeof this.system;
    },
    async createEmbeddedDocuments(_type: 'ActiveEffect', data: Record<string, unknown>[]) {
      this.effects.push(...data.map((d, i) => ({ ...d, id: `e${i}` })));
    },
  };
  return doc satisfies MigratableDocument;
}

describe('migration 4: timed states become Active Effects', () => {
  it('moves lost balance, the bound weapon and the jam into effects the engine reads, keeping the other states', async () => {
    const actor = storedActor({
      skipNextAttack: true,
      boundWeapon: 'dague',
      boundUntilRound: 3,
      jammedWeapon: 'arbalete',
      jamCause: 'crossbow',
      jamRepairRounds: 2,
    });
    const result = await migrateDocuments([actor], 3);
    expect(result).toEqual({ updated: 1, failed: [] });
    expect(actor.system.states).toEqual({ fallen: true, brokenWeapons: ['hache'] });
    expect(actor.effects.map((e) => e.statuses)).toEqual([['skipNextAttack'], ['weaponBound'], ['jammed']]);
    expect(timedStatesOf({ effects: actor.effects as never })).toEqual({
      skipNextAttack: true,
      weaponBound: { weaponId: 'dague' },
      jammed: { weaponId: 'arbalete', cause: 'crossbow', repairRoundsLeft: 2 },
    });
  });

  it('an actor with none of them gets no effect and no write; a migrated world is left alone', async () => {
    const calm = storedActor({ skipNextAttack: false, jammedWeapon: '', boundWeapon: '' });
    await migrateDocuments([calm], 3);
    expect(calm.effects).toEqual([]);
    const again = storedActor({ skipNextAttack: true });
    expect((await migrateDocuments([again], 4)).updated).toBe(0);
    expect(again.effects).toEqual([]);
  });
});
