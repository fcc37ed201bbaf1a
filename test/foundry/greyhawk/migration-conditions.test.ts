import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateDocuments, type MigratableDocument } from '../../../src/foundry/migrations';

/** Migrations up to 6: these tests are about migration 5 (migration 7 has its tests below). */
const UP_TO_6 = MIGRATIONS.filter((m) => m.version <= 6);
import { greyhawkConditionsOf } from '../../../src/foundry/rulesets/greyhawk/conditions';
// The Greyhawk folder registers migration 5's effects when it loads (as the system's init does).
import '../../../src/foundry/rulesets/greyhawk/models/migration';

const CALM = {
  pinned: 0,
  held: false,
  heldRounds: 0,
  heldBy: '',
  bladeAtThroat: false,
  disarmed: false,
  prone: false,
  carved: '',
  clothingCut: false,
  holding: false,
  offLine: false,
  shieldOffLine: false,
  losesNextInitiative: false,
  losesInitiative: false,
};

/** A stored Greyhawk fighter from before migration 5: its conditions are a system field. */
function storedFighter(conditions: Record<string, unknown>, type = 'guerrier-adnd') {
  const doc = {
    documentName: 'Actor',
    type,
    system: {
      hp: { value: 12, max: 30 },
      ac: 4,
      shield: 'small',
      conditions: { ...CALM, ...conditions },
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

describe('migration 5: Greyhawk conditions become Active Effects', () => {
  it('moves every condition into an effect with its status, rounds and data; the engine reads back the same state', async () => {
    const stored = {
      pinned: 2,
      held: true,
      heldRounds: 1,
      heldBy: 'Actor.drevin',
      bladeAtThroat: true,
      prone: true,
      carved: 'DR',
      clothingCut: true,
      offLine: true,
      losesNextInitiative: true,
    };
    const actor = storedFighter(stored);
    expect(await migrateDocuments([actor], 4, UP_TO_6)).toEqual({ updated: 1, failed: [] });
    // The field is gone, every other value kept.
    expect(actor.system).toEqual({ hp: { value: 12, max: 30 }, ac: 4, shield: 'small' });
    expect(actor.effects.map((e) => e.statuses)).toEqual([
      ['greyhawk-pinned'],
      ['greyhawk-held'],
      ['greyhawk-bladeAtThroat'],
      ['greyhawk-prone'],
      ['greyhawk-offLine'],
      ['greyhawk-losesInitiative'],
      ['greyhawk-carved'],
      ['greyhawk-clothingCut'],
    ]);
    expect(actor.effects[0]?.duration).toEqual({ rounds: 2 });
    // Nothing lost: the state read from the effects is the stored one.
    const read = greyhawkConditionsOf({ effects: actor.effects });
    expect(read).toMatchObject(stored);
    expect(read).toMatchObject({
      disarmed: false,
      holding: false,
      shieldOffLine: false,
      losesInitiative: false,
    });
  });

  it('a monster holding someone keeps its hold; a calm fighter loses the field and gets no effect', async () => {
    const ogre = storedFighter({ holding: true, shieldOffLine: true }, 'monstre-adnd');
    const calm = storedFighter({});
    await migrateDocuments([ogre, calm], 4, UP_TO_6);
    expect(ogre.effects.map((e) => e.statuses)).toEqual([['greyhawk-holding'], ['greyhawk-shieldOffLine']]);
    expect(greyhawkConditionsOf({ effects: ogre.effects })).toMatchObject({
      holding: true,
      shieldOffLine: true,
    });
    expect(calm.effects).toEqual([]);
    expect('conditions' in calm.system).toBe(false);
  });

  it('a world already at version 5 is left alone', async () => {
    const again = storedFighter({ pinned: 3 });
    expect((await migrateDocuments([again], 5, UP_TO_6)).updated).toBe(0);
    expect(again.effects).toEqual([]);
  });
});

describe('migration 7: a fighter’s AC stored whole becomes its armour', () => {
  function stored(system: Record<string, unknown>, type = 'guerrier-adnd') {
    return {
      documentName: 'Actor',
      type,
      system,
      toObject() {
        return { system: structuredClone(this.system) };
      },
      async update(changes: Record<string, unknown>) {
        this.system = changes.system as typeof this.system;
      },
    } satisfies MigratableDocument & { system: Record<string, unknown> };
  }

  it('keeps the total where DEX was in it, and keeps every other value', async () => {
    // AC 3 = armour 5, shield −1, DEX 15 −1: the armour is 5, the computed AC still 3.
    const drevin = stored({ ac: 3, shield: 'medium', abilities: { dex: 15 }, hp: { value: 9, max: 9 } });
    // A fighter left at AC 10 with DEX 16: no armour (10); the DEX −2 now counts (AC 8).
    const gord = stored({ ac: 10, shield: '', abilities: { dex: 16 } });
    const orc = stored({ ac: 6, shield: 'small', abilities: { dex: 10 } }, 'monstre-adnd');
    expect(await migrateDocuments([drevin, gord, orc], 6)).toEqual({ updated: 2, failed: [] });
    expect(drevin.system).toEqual({
      armour: 5,
      acMagic: 0,
      shield: 'medium',
      abilities: { dex: 15 },
      hp: { value: 9, max: 9 },
    });
    expect(gord.system).toMatchObject({ armour: 10, acMagic: 0 });
    expect('ac' in gord.system).toBe(false);
    // A monster's AC is its entry's: untouched.
    expect(orc.system).toEqual({ ac: 6, shield: 'small', abilities: { dex: 10 } });
  });
});
