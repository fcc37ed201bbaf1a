/* eslint-disable @typescript-eslint/no-explicit-any -- reading model data through the fakes */
import { describe, expect, it } from 'vitest';
import { isFormula } from '../../src/engine/dice/formula';
import { MIGRATIONS, migrateDocuments, migrateSystem, SCHEMA_VERSION } from '../../src/foundry/migrations';
import { fantasiaRuleset } from '../../src/foundry/rulesets/fantasia';
import { greyhawkRuleset } from '../../src/foundry/rulesets/greyhawk';
import { FakeActor } from '../fakes/foundry';

const g = globalThis as any;

/** What a world saved before the bounds holds: FOR + TAI = 1625, each field then allowed 999. */
const giant = {
  characteristics: { FOR: 999, CON: 900, TAI: 626, INT: 12, DEX: 14, CHA: 9 },
  pv: { value: 700, max: null },
  armour: 3,
  skills: { armesDeMelee: 75 },
  species: 'géant',
  biography: '<p>Le géant des collines</p>',
};

describe('data models that cannot make the engine throw', () => {
  it('a stored giant loads clamped and its engine view works (it threw PDA.Error.BadFormula on 101d6)', () => {
    Object.assign(g.CONFIG.Actor.dataModels, fantasiaRuleset.actorModels);
    const actor = new FakeActor({ name: 'Géant', type: 'pnj', system: structuredClone(giant) });
    const view = actor.system.toEngine();
    expect(view.characteristics).toMatchObject({ FOR: 200, CON: 200, TAI: 200, INT: 12, DEX: 14 });
    expect(view.damageBonus).toBe('24d6'); // 400 → 2 + ⌊(400 − 41) ÷ 16⌋ = 24d6
    expect(isFormula(view.damageBonus)).toBe(true);
    expect(view.pv).toEqual({ value: 200, max: 200 });
    expect(view.armour).toBe(3);
  });

  it('the sheet refuses a characteristic above 200 and keeps the previous value', async () => {
    Object.assign(g.CONFIG.Actor.dataModels, fantasiaRuleset.actorModels);
    const actor = new FakeActor({
      name: 'Fort',
      type: 'aventurier',
      system: { characteristics: { FOR: 18 } },
    });
    await expect(actor.update({ 'system.characteristics.FOR': 999 })).rejects.toThrow(/validation/);
    expect(actor.system.characteristics.FOR).toBe(18);
  });

  it('migration 2 clamps the characteristics and the PV only, and keeps every other value', () => {
    const out = migrateSystem('Actor', 'pnj', structuredClone(giant), 1);
    expect(out).toEqual({
      ...giant,
      characteristics: { FOR: 200, CON: 200, TAI: 200, INT: 12, DEX: 14, CHA: 9 },
      pv: { value: 200, max: null },
    });
    // A GM override of the PV maximum keeps the current PV as it was.
    const overridden = migrateSystem(
      'Actor',
      'pnj',
      { ...structuredClone(giant), pv: { value: 700, max: 900 } },
      1,
    );
    expect(overridden.pv).toEqual({ value: 700, max: 900 });
    // In-range data is left alone, and the world version moves past the migrations.
    const plain = { characteristics: { FOR: 14, TAI: 12 }, pv: { value: 9, max: null } };
    expect(migrateSystem('Actor', 'aventurier', structuredClone(plain), 1)).toEqual(plain);
    expect(SCHEMA_VERSION).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
  });

  it('the world migration writes a stored giant once and leaves in-range actors untouched', async () => {
    const writes: unknown[] = [];
    const doc = (type: string, system: Record<string, unknown>) => ({
      documentName: 'Actor',
      type,
      toObject: () => ({ system: structuredClone(system) }),
      update: async (changes: Record<string, unknown>) => void writes.push(changes),
    });
    const result = await migrateDocuments(
      [doc('pnj', giant), doc('aventurier', { characteristics: { FOR: 12 } })],
      1,
    );
    expect(result).toEqual({ updated: 1, failed: [] });
    expect((writes[0] as any).system.characteristics.FOR).toBe(200);
    expect((writes[0] as any).system.biography).toBe(giant.biography);
  });

  it('migration 3: a character saved with no class becomes a fighter 1 and gets its weapon slots', () => {
    Object.assign(g.CONFIG.Actor.dataModels, greyhawkRuleset.actorModels);
    expect(migrateSystem('Actor', 'guerrier-adnd', { classes: [], weaponOfChoice: 'longSword' }, 2)).toEqual({
      classes: [{ cls: 'fighter', level: 1 }],
      weaponOfChoice: 'longSword',
    });
    const actor = new FakeActor({ name: 'Sans classe', type: 'guerrier-adnd', system: { classes: [] } });
    expect(actor.system.classes).toEqual([{ cls: 'fighter', level: 1 }]);
    expect(Number.isFinite(actor.system.derived.slots.spent)).toBe(true);
    // An update emptying the classes goes through migrateData too (foundryvtt #14482): the fighter
    // keeps a class (slots and THAC0 come from the classes), never an empty list.
    actor.system.updateSource({ classes: [] });
    expect(actor.system.classes).toEqual([{ cls: 'fighter', level: 1 }]);
  });
});
