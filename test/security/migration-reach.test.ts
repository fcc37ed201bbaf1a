/**
 * Issue 22, attack 6: migrations 2 and 3 clamp values into the models' new bounds, but the world
 * migration walked only world actors and items. An unlinked token's actor data (its delta) and
 * the documents of an unlocked world compendium kept out-of-bound values the models now refuse.
 * The migration walks them too, as Foundry systems' migrations do; locked and system packs are
 * left as they are.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a fake world, shaped as Foundry's */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateWorld } from '../../src/foundry/migration-world';
import { CHARACTERISTIC_MAX } from '../../src/foundry/migrations';

interface FakeDoc {
  id?: string;
  documentName: string;
  type: string;
  system: Record<string, any>;
  items: FakeDoc[];
  effects: Record<string, unknown>[];
  toObject(): { system: Record<string, any> };
  update(changes: Record<string, any>): Promise<unknown>;
  createEmbeddedDocuments(type: string, data: Record<string, unknown>[]): Promise<unknown>;
}

function doc(
  documentName: string,
  type: string,
  system: Record<string, any>,
  items: FakeDoc[] = [],
): FakeDoc {
  return {
    documentName,
    type,
    system,
    items,
    effects: [],
    toObject() {
      return { system: structuredClone(this.system) };
    },
    async update(changes) {
      this.system = { ...this.system, ...structuredClone(changes.system) };
    },
    async createEmbeddedDocuments(_type, data) {
      this.effects.push(...data);
    },
  };
}

const strong = () => ({
  characteristics: { FOR: 900, CON: 12, TAI: 1200, INT: 8, DEX: 10, CHA: 5 },
  pv: { value: 400, max: null },
});
const fine = () => ({
  characteristics: { FOR: 14, CON: 12, TAI: 13, INT: 8, DEX: 10, CHA: 5 },
  pv: { value: 12, max: null },
});

let saved: Record<string, unknown>;
let world: any;
let version: number;

beforeEach(() => {
  const g = globalThis as any;
  saved = { game: g.game, ui: g.ui };
  version = 1;
  const base = doc('Actor', 'pnj', fine());
  (base as any).id = 'ogre00000000001';
  // An unlinked token of that actor whose delta holds out-of-bound characteristics.
  const delta = { system: { characteristics: { FOR: 900, TAI: 1200 }, pv: { value: 400 } } };
  const synthetic = doc('Actor', 'pnj', { ...fine(), ...structuredClone(delta.system) });
  synthetic.update = async (changes) => {
    delta.system = { ...delta.system, ...structuredClone(changes.system) };
    synthetic.system = { ...synthetic.system, ...structuredClone(changes.system) };
  };
  const unlinked = { id: 'tok000000000001', actorLink: false, actorId: base.id, delta, actor: synthetic };
  const linked = {
    id: 'tok000000000002',
    actorLink: true,
    actorId: base.id,
    delta: { system: {} },
    actor: base,
  };
  const pack = (packageType: string, locked: boolean, docs: FakeDoc[], documentName = 'Actor') => ({
    collection: `${packageType}.${locked ? 'locked' : 'open'}.${documentName}`,
    documentName,
    locked,
    metadata: { packageType },
    getDocuments: async () => docs,
  });
  world = {
    base,
    delta,
    synthetic,
    open: doc('Actor', 'pnj', strong(), [doc('Item', 'arme', { damage: '1d6' })]),
    locked: doc('Actor', 'pnj', strong()),
    system: doc('Actor', 'pnj', strong()),
    fighter: doc('Actor', 'guerrier-adnd', { classes: [] }),
  };
  g.game = {
    user: { id: 'gm', isGM: true },
    users: { activeGM: { id: 'gm' } },
    settings: {
      get: () => version,
      set: async (_s: string, _k: string, v: number) => {
        version = v;
      },
    },
    data: {
      actors: [{ _id: base.id, system: fine() }],
      scenes: [{ _id: 'scene', tokens: [{ _id: unlinked.id, actorLink: false, actorId: base.id, delta }] }],
    },
    actors: [base],
    items: [],
    scenes: [{ id: 'scene', tokens: [unlinked, linked] }],
    packs: [
      pack('world', false, [world.open]),
      pack('world', false, [world.fighter]),
      pack('world', true, [world.locked]),
      pack('system', false, [world.system]),
    ],
  };
  g.ui = { notifications: { error: () => undefined, warn: () => undefined, info: () => undefined } };
});

afterEach(() => {
  Object.assign(globalThis as any, saved);
});

describe('the world migration reaches every stored actor', () => {
  it('an unlinked token’s actor data is clamped into the bounds (its delta), the world actor left as it was', async () => {
    await migrateWorld();
    expect(world.delta.system.characteristics.FOR).toBe(CHARACTERISTIC_MAX);
    expect(world.delta.system.characteristics.TAI).toBe(CHARACTERISTIC_MAX);
    // The PV fit the clamped CON and TAI: ceil((12 + 200) / 2).
    expect(world.delta.system.pv.value).toBe(106);
    expect(world.base.system).toEqual(fine());
    expect(version).toBeGreaterThan(1);
  });

  it('an unlocked world compendium’s actors are migrated (migration 2 and 3); locked and system packs are not', async () => {
    await migrateWorld();
    expect(world.open.system.characteristics.FOR).toBe(CHARACTERISTIC_MAX);
    expect(world.open.system.pv.value).toBe(106);
    expect(world.fighter.system.classes).toEqual([{ cls: 'fighter', level: 1 }]);
    expect(world.locked.system.characteristics.FOR).toBe(900);
    expect(world.system.system.characteristics.FOR).toBe(900);
  });
});
