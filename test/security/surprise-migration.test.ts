/**
 * Issue 42: the surprise mark (F-R10) moved from the Combatant, which its owner may write, to its
 * Combat, which only a GM writes. A world whose marks were set the old way keeps them: migration
 * 8 carries each onto its Combat before clearing the old field, and a failed write keeps the
 * world's version so the next start tries again.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a fake world, shaped as Foundry's */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateWorld } from '../../src/foundry/migration-world';

interface Doc {
  id: string;
  system: Record<string, any>;
  update(changes: Record<string, any>): Promise<unknown>;
}

const docOf = (id: string, system: Record<string, any>, fail = false): Doc => ({
  id,
  system,
  async update(changes) {
    if (fail) throw new Error('refused');
    this.system = { ...this.system, ...structuredClone(changes.system) };
  },
});

let saved: Record<string, unknown>;
let version: number;
let combat: Doc & { combatants: Doc[] };

beforeEach(() => {
  const g = globalThis as any;
  saved = { game: g.game, ui: g.ui };
  version = 7;
  combat = Object.assign(docOf('combat0000000001', { surprised: ['keep000000000001'] }), {
    combatants: [
      docOf('brigand000000001', { surprised: true }),
      docOf('bretteur00000001', { surprised: false }),
      docOf('keep000000000001', { surprised: false }),
    ],
  });
  g.game = {
    user: { id: 'gm', isGM: true },
    users: { activeGM: { id: 'gm' } },
    settings: {
      get: () => version,
      set: async (_s: string, _k: string, v: number) => {
        version = v;
      },
    },
    data: { actors: [], scenes: [] },
    actors: [],
    items: [],
    scenes: [],
    packs: [],
    combats: [combat],
  };
  g.ui = { notifications: { error: () => undefined, warn: () => undefined, info: () => undefined } };
});

afterEach(() => {
  Object.assign(globalThis as any, saved);
});

describe('migration 8: surprise marks move to the Combat', () => {
  it('F-R10 a Combatant marked surprised the old way is listed on its Combat, the marks already there kept, the old field cleared', async () => {
    await migrateWorld();
    expect(combat.system.surprised).toEqual(['keep000000000001', 'brigand000000001']);
    expect(combat.combatants[0]!.system.surprised).toBe(false);
    expect(version).toBeGreaterThanOrEqual(8);
  });

  it('F-R10 when the Combat cannot be written, the old mark stays and the world keeps its version (tried again next start)', async () => {
    const stuck = docOf('combat0000000001', {}, true);
    combat = Object.assign(stuck, { combatants: [docOf('brigand000000001', { surprised: true })] });
    (globalThis as any).game.combats = [combat];
    await migrateWorld();
    expect(combat.combatants[0]!.system.surprised).toBe(true);
    expect(version).toBe(7);
  });
});
