import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCombatant } from '../../../src/engine/fantasia/validate';
import type { FantasiaCombatant } from '../../../src/engine/fantasia/types';
import { SYSTEM_ID } from '../../../src/foundry/constants';
import {
  ArmeModel,
  BouclierModel,
  EnginModel,
  FANTASIA_SETTINGS,
  fantasiaRuleset,
} from '../../../src/foundry/rulesets/fantasia';
import { clampPvChanges } from '../../../src/foundry/rulesets/fantasia/models/actors';
import { world } from '../../fakes/foundry';
import { installFantasia, makeActor } from './helpers';

function engineOf(actor: { system: unknown }): FantasiaCombatant {
  return (actor.system as { toEngine(): FantasiaCombatant }).toEngine();
}

describe('Fantasia actor models', () => {
  it('F-M1 a new Aventurier has the human Mouvement of 8 and derived PV', async () => {
    installFantasia();
    const actor = await makeActor('aventurier', { characteristics: { CON: 13, TAI: 12 }, pv: { value: 13 } });
    const c = engineOf(actor);
    expect(c.kind).toBe('aventurier');
    expect(c.mouvement).toBe(8);
    expect(c.pv).toEqual({ value: 13, max: 13 }); // ⌈(13 + 12) ÷ 2⌉
  });

  it('F-H4 the damage bonus is derived from FOR + TAI unless the GM overrides it', async () => {
    installFantasia();
    const strong = await makeActor('pnj', { characteristics: { FOR: 18, TAI: 16 } });
    expect(engineOf(strong).damageBonus).toBe('1d6'); // 34 → +1d6
    await strong.update({ 'system.damageBonus': '2d6' });
    expect(engineOf(strong).damageBonus).toBe('2d6');
    await expect(strong.update({ 'system.damageBonus': '1d6+' })).rejects.toThrow();
    expect(engineOf(strong).damageBonus).toBe('2d6');
  });

  it('F-H4 in manual damage-bonus mode the sheet value is used as typed', async () => {
    installFantasia();
    fantasiaRuleset.registerSettings?.();
    world.settings.set(`${SYSTEM_ID}.${FANTASIA_SETTINGS.damageBonusMode}`, 'manual');
    const actor = await makeActor('pnj', { characteristics: { FOR: 18, TAI: 16 } });
    expect(engineOf(actor).damageBonus).toBe('');
  });

  it('F-H3 worn armour adds to natural protection; a removed armour stops counting', async () => {
    installFantasia();
    const actor = await makeActor('pnj', { armour: 2 }, [
      {
        _id: 'armour0000000001',
        name: 'Mailles',
        type: 'armure',
        img: '',
        system: { protection: 5, worn: true },
      },
      {
        _id: 'armour0000000002',
        name: 'Cuir',
        type: 'armure',
        img: '',
        system: { protection: 2, worn: false },
      },
    ]);
    expect(engineOf(actor).armour).toBe(7);
  });

  it('PV above the maximum are refused and the data stay as they were', async () => {
    installFantasia();
    const actor = await makeActor('aventurier', { characteristics: { CON: 10, TAI: 10 }, pv: { value: 8 } });
    await expect(actor.update({ 'system.pv.value': 11 })).rejects.toThrow();
    expect((actor.system as { pv: { value: number } }).pv.value).toBe(8);
  });

  it('lowering CON lowers the current PV instead of refusing the change', () => {
    const changes = clampPvChanges(
      { characteristics: { CON: 14, TAI: 12 }, pv: { value: 13, max: null } },
      {
        characteristics: { CON: 8 },
      },
    );
    expect(changes).toEqual({ characteristics: { CON: 8 }, pv: { value: 10 } });
  });

  it('skills left empty use their base; a typed value replaces it', async () => {
    installFantasia();
    const actor = await makeActor('aventurier', {
      characteristics: { DEX: 14 },
      skills: { armesDeMelee: 55 },
    });
    const derived = (
      actor.system as { derived: { skills: Record<string, { value: number; trained: boolean }> } }
    ).derived.skills;
    expect(derived.armesDeMelee).toEqual({ value: 55, base: 25, trained: true });
    expect(derived.esquive!.value).toBe(28); // DEX × 2
    expect(derived.bagarre!.value).toBe(50);
  });

  it('hostile updates are either valid for the engine or refused with the data unchanged', async () => {
    installFantasia();
    const actor = await makeActor('aventurier');
    const hostile = fc.oneof(
      fc.integer({ min: -100000, max: 100000 }),
      fc.double(),
      fc.string(),
      fc.constant(null),
      fc.boolean(),
      fc.constantFrom(NaN, Infinity, -1, 0.5, '12', '<script>'),
    );
    const path = fc.constantFrom(
      'system.characteristics.FOR',
      'system.characteristics.CON',
      'system.characteristics.DEX',
      'system.pv.value',
      'system.pv.max',
      'system.mouvement',
      'system.armour',
      'system.damageBonus',
      'system.skills.armesDeMelee',
      'system.skills.esquive',
      'system.size',
      'system.states.strangleDamage',
      'system.states.jamCause',
      'system.states.arquebusRounds',
    );
    await fc.assert(
      fc.asyncProperty(path, hostile, async (p, value) => {
        const before = (actor.system as { toObject(): unknown }).toObject();
        try {
          await actor.update({ [p]: value });
        } catch {
          expect((actor.system as { toObject(): unknown }).toObject()).toEqual(before);
          return;
        }
        expect(() => validateCombatant(engineOf(actor))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('Fantasia item models', () => {
  it('F-H2 a weapon keeps its dice and fixed part and refuses a formula the engine cannot read', () => {
    const sword = new ArmeModel({ skill: 'armesDeMelee', damage: '1d6+2' });
    expect(sword.toEngine().damage).toBe('1d6+2');
    for (const damage of ['', 'd', '1d6+', 'sword', '1d0']) {
      expect(() => new ArmeModel({ damage })).toThrow();
    }
    // A skill the system does not know, as hostile stored data would carry it.
    expect(() => new ArmeModel({ skill: 'magie' } as never)).toThrow();
    expect(() => new ArmeModel({ hands: 3 })).toThrow();
  });

  it('F-D4 a shield gives +10 % to +20 %, nothing else', () => {
    expect(new BouclierModel({ parryBonus: 20 }).toEngine().parryBonus).toBe(20);
    expect(() => new BouclierModel({ parryBonus: 25 })).toThrow();
    expect(() => new BouclierModel({ parryBonus: 5 })).toThrow();
  });

  it('F-S1 a siege engine needs an ordered crew range', () => {
    expect(new EnginModel({ crewMin: 2, crewMax: 3 }).toEngine().crew).toEqual({ min: 2, max: 3 });
    expect(() => new EnginModel({ crewMin: 4, crewMax: 3 })).toThrow();
  });
});
