import { describe, expect, it } from 'vitest';
import { SOUFFLE_STATES } from '../../../src/engine/souffle/states';
import { migrateDocuments, type MigratableDocument } from '../../../src/foundry/migrations';
// The Souffle folder registers migration 6's effects when it loads (as the system's init does).
import { souffleStatesOf } from '../../../src/foundry/rulesets/souffle/states';

const NONE = Object.fromEntries(SOUFFLE_STATES.map((s) => [s, false]));

/** A stored Souffle fighter from before migration 6: its states are booleans in the system data. */
function storedFighter(states: Record<string, boolean>, type = 'combattant') {
  const doc = {
    documentName: 'Actor',
    type,
    system: {
      souffle: { value: 7, max: 10 },
      pv: { value: 4, max: 10 },
      wounds: [3, 3],
      assommeRounds: 2,
      states: { ...NONE, ...states },
    } as Record<string, unknown>,
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

describe('migration 6: Souffle states become Active Effects', () => {
  it('S-ST1 every true state becomes the effect carrying its status; the engine reads back the same states', async () => {
    const actor = storedFighter({ epuise: true, assomme: true, agrippe: true, desarme: true });
    expect(await migrateDocuments([actor], 5)).toEqual({ updated: 1, failed: [] });
    // The field is gone, every other value kept (the knock-out's rounds stay on the actor).
    expect(actor.system).toEqual({
      souffle: { value: 7, max: 10 },
      pv: { value: 4, max: 10 },
      wounds: [3, 3],
      assommeRounds: 2,
    });
    expect(actor.effects.map((e) => e.statuses)).toEqual([['epuise'], ['assomme'], ['agrippe'], ['desarme']]);
    expect(souffleStatesOf({ effects: actor.effects })).toEqual(['epuise', 'assomme', 'agrippe', 'desarme']);
  });

  it('S-ST1 every one of the eight states survives, on an adversaire too', async () => {
    const all = Object.fromEntries(SOUFFLE_STATES.map((s) => [s, true]));
    const actor = storedFighter(all, 'adversaire');
    await migrateDocuments([actor], 5);
    expect(souffleStatesOf({ effects: actor.effects })).toEqual([...SOUFFLE_STATES]);
    expect(actor.effects.every((e) => typeof e.img === 'string' && typeof e.name === 'string')).toBe(true);
  });

  it('a fighter with no state on loses only the field and gets no effect', async () => {
    const actor = storedFighter({});
    expect(await migrateDocuments([actor], 5)).toEqual({ updated: 1, failed: [] });
    expect(actor.effects).toEqual([]);
    expect('states' in actor.system).toBe(false);
  });

  it('leaves other rulesets and already migrated worlds alone', async () => {
    const fantasia = storedFighter({ epuise: true }, 'aventurier');
    const done = storedFighter({ epuise: true });
    await migrateDocuments([fantasia], 5);
    await migrateDocuments([done], 6);
    expect(fantasia.effects).toEqual([]);
    expect(done.effects).toEqual([]);
    expect(done.system.states).toMatchObject({ epuise: true });
  });
});
