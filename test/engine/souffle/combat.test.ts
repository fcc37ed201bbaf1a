import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  ARMOURS,
  SHIELDS,
  WEAPONS,
  attackLevel,
  contextAdvantage,
  defenceLevel,
  effectiveGeste,
  forceAttack,
  mayChooseLocation,
  resolveAttack,
  resolveDefence,
  souffleOptions,
  weapon,
  weaponsAdvantage,
  type SouffleArmour,
  type SouffleShield,
  type SouffleWeapon,
} from '../../../src/engine/souffle';

const W = (id: string): SouffleWeapon => weapon(id);
const ecu = SHIELDS.ecu as SouffleShield;
const maille = ARMOURS.maille as SouffleArmour;

describe('attack', () => {
  it('S-AT1 melee rolls the advantage dice and adds geste or vigueur and a métier (sum setting)', () => {
    const options = souffleOptions({ meleeStats: 'sum' });
    const attack = resolveAttack(
      { kind: 'melee', characteristic: { id: 'geste', value: 3 }, metier: 2, weapons: [W('dague')] },
      new ScriptedDice([{ faces: 10, value: 6 }]),
      options,
    );
    // Dague: +1 advantage → 1d10; 6 + 1 (dague) + 3 (geste) + 2 (métier) = 12.
    expect(attack.level).toBe(1);
    expect(attack.potential).toBe(12);
    expect(() =>
      resolveAttack(
        { kind: 'melee', characteristic: { id: 'acuite', value: 3 }, metier: 2 },
        new ScriptedDice([1, 1]),
      ),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.SouffleAttackCharacteristic' }));
  });

  it('S-AT1 bare hands: no weapon bonus, level from characteristic and métier (default)', () => {
    const attack = resolveAttack(
      { kind: 'melee', characteristic: { id: 'vigueur', value: 1 }, metier: 0 },
      new ScriptedDice([{ faces: 10, value: 4 }]),
    );
    expect(attack.level).toBe(1);
    expect(attack.weapons.map((w) => w.id)).toEqual(['mainsNues']);
    expect(attack.potential).toBe(4);
  });

  it('S-AT2 forcing: 1 souffle per damage point, melee only, capped by the die (10 in the text setting)', () => {
    const input = {
      kind: 'melee' as const,
      characteristic: { id: 'vigueur' as const, value: 0 },
      metier: 0,
      weapons: [W('epeeLongue')],
    };
    // Level 0: 2d10 keep the worse → 4.
    const attack = resolveAttack(input, new ScriptedDice([4, 9]));
    expect(attack.maxForce).toBe(6);
    const once = forceAttack(attack, 2, 10);
    expect(once.potential).toBe(attack.potential + 2);
    expect(once.maxForce).toBe(4);
    expect(() => forceAttack(attack, 3, 2)).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNotEnoughSouffle' }),
    );
    expect(() => forceAttack(attack, 0, 10)).toThrow(RulesError);
    const ten = souffleOptions({ forceCap: 'ten' });
    const s_at3 = resolveAttack(
      {
        ...input,
        characteristic: { id: 'vigueur', value: 3 },
        metier: 4,
        weapons: [W('epeeLongue'), W('epeeLongue')],
      },
      new ScriptedDice([1, 7]),
      ten,
    );
    expect(s_at3.maxForce).toBe(3);
    const ranged = resolveAttack(
      { kind: 'ranged', characteristic: { id: 'acuite', value: 4 }, metier: 3, weapons: [W('arcCourt')] },
      new ScriptedDice([5]),
    );
    expect(() => forceAttack(ranged, 1, 10)).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleMeleeOnly' }),
    );
  });

  it('S-AT3 setting "sum": the level comes from equipment only and the stats join the damage', () => {
    const options = souffleOptions({ meleeStats: 'sum' });
    const attack = resolveAttack(
      {
        kind: 'melee',
        characteristic: { id: 'vigueur', value: 3 },
        metier: 4,
        weapons: [W('epeeLongue'), W('epeeLongue')],
      },
      new ScriptedDice([{ faces: 10, value: 7 }]),
      options,
    );
    expect(attack.level).toBe(1);
    expect(attack.potential).toBe(7 + 3 + 3 + 4);
  });

  it('S-AT4 ranged adds geste or acuité and a métier; it needs a missile weapon', () => {
    const attack = resolveAttack(
      { kind: 'ranged', characteristic: { id: 'geste', value: 2 }, metier: 1, weapons: [W('arbalete')] },
      new ScriptedDice([{ faces: 12, value: 9 }]),
    );
    expect(attack.level).toBe(2);
    expect(attack.potential).toBe(9 + 2 + 2 + 1);
    expect(() =>
      resolveAttack(
        { kind: 'ranged', characteristic: { id: 'vigueur', value: 2 }, metier: 1, weapons: [W('arcCourt')] },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
    expect(() =>
      resolveAttack(
        { kind: 'ranged', characteristic: { id: 'acuite', value: 2 }, metier: 1, weapons: [W('epeeLongue')] },
        new ScriptedDice([1]),
      ),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.SouffleWeaponKind' }));
    expect(() =>
      resolveAttack(
        { kind: 'ranged', characteristic: { id: 'acuite', value: 2 }, metier: 1 },
        new ScriptedDice([1]),
      ),
    ).toThrow(RulesError);
  });

  it("S-AT5 distance levels: none up to 20 m, +1 per full 10 m beyond, cut by the shooter's métier", () => {
    const level = (distance: number, shooterMetier: number): number =>
      defenceLevel({ kind: 'ranged' }, { mode: 'esquive', states: [], distance, shooterMetier }).parts
        .distance;
    expect(level(20, 0)).toBe(0);
    expect(level(29, 0)).toBe(0);
    expect(level(30, 0)).toBe(1);
    expect(level(65, 1)).toBe(3);
    expect(level(45, 3)).toBe(0);
    // Melee ignores distance.
    expect(
      defenceLevel({ kind: 'melee' }, { mode: 'esquive', states: [], distance: 80 }).parts.distance,
    ).toBe(0);
  });

  it('S-AT7 aiming gives +1 to the next attack and a chosen location when at least 1 damage gets through', () => {
    const base = {
      kind: 'melee' as const,
      characteristic: { id: 'geste' as const, value: 1 },
      metier: 1,
      weapons: [W('dague')],
    };
    const options = souffleOptions();
    // Geste 1 + métier 1 + dague 1 = level 3; aiming makes it 4.
    expect(attackLevel(base, options)).toBe(3);
    expect(attackLevel({ ...base, aim: 'viser' }, options)).toBe(4);
    const aimed = resolveAttack({ ...base, aim: 'viser' }, new ScriptedDice([3, 5]));
    expect(mayChooseLocation(aimed, 1)).toBe(true);
    expect(mayChooseLocation(aimed, 0)).toBe(false);
    const plain = resolveAttack(base, new ScriptedDice([5, 5]));
    expect(mayChooseLocation(plain, 5)).toBe(false);
  });
});

describe('equipment and context', () => {
  it('S-A3 long sword +3 damage, two weapons +1, short bow +1, shields parry arrows', () => {
    expect(W('epeeLongue').damage).toBe(3);
    expect(W('epeeLongue').category).toBe('moyenne');
    expect(weaponsAdvantage([W('epeeLongue'), W('epeeLongue')]) - weaponsAdvantage([W('epeeLongue')])).toBe(
      1,
    );
    expect(W('arcCourt').advantage).toBe(1);
    expect(W('arcCourt').damage).toBe(0);
    // Every shield of the catalogue parries an arrow (without one the parry is refused, S-DF1).
    for (const [id, defence] of [
      ['rondache', 1],
      ['ecu', 2],
      ['pavois', 3],
    ] as const) {
      const parry = resolveDefence(
        { kind: 'ranged', potential: 10 },
        { defense: 2, metier: 2 },
        { mode: 'parade', states: [], shield: SHIELDS[id] as SouffleShield },
        new ScriptedDice([1, 1, 1, 1, 1, 1]),
      );
      expect(parry.level.parts.shield, id).toBe(defence);
    }
    expect(() => weaponsAdvantage([W('epeeLongue'), W('hacheDeuxMains')])).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleTwoWeapons' }),
    );
    expect(() => weaponsAdvantage([W('dague'), W('dague'), W('dague')])).toThrow(RulesError);
    expect(() => weapon('bazooka')).toThrow(RulesError);
    expect(Object.keys(WEAPONS).length).toBeGreaterThan(10);
  });

  it('S-A3 armour malus applies to geste itself, not to secondary characteristics', () => {
    expect(effectiveGeste(3, maille)).toBe(2);
    expect(effectiveGeste(3, undefined)).toBe(3);
  });

  it('S-A4 context: terrain, numbers and a missile seen from afar each give at least +1', () => {
    expect(contextAdvantage({ terrain: true })).toBe(1);
    expect(contextAdvantage({ terrain: 2 })).toBe(2);
    expect(contextAdvantage({ outnumber: { us: 2, them: 1 } })).toBe(1);
    expect(contextAdvantage({ outnumber: { us: 4, them: 1 } })).toBe(3);
    expect(contextAdvantage({ outnumber: { us: 3, them: 2 } })).toBe(1);
    expect(contextAdvantage({ outnumber: { us: 1, them: 2 } })).toBe(0);
    expect(contextAdvantage({ missileFromAfar: true, terrain: true })).toBe(2);
    expect(() => contextAdvantage({ terrain: 0 })).toThrow(RulesError);
    expect(() => contextAdvantage({ outnumber: { us: 0, them: 1 } })).toThrow(RulesError);
  });
});

describe('defence', () => {
  it('S-DF1 defenceless, surprised or vulnerable fighters get no defence roll; only shields parry arrows', () => {
    const arrow = { kind: 'ranged' as const, potential: 10 };
    for (const state of ['sansDefense', 'prisAuDepourvu', 'vulnerable'] as const) {
      const d = resolveDefence(
        arrow,
        { defense: 2, metier: 2 },
        { mode: 'esquive', states: [state] },
        new ScriptedDice([]),
      );
      expect(d.roll).toBeUndefined();
      expect(d.taken).toBe(10 - 2 - 1);
    }
    expect(() =>
      resolveDefence(
        arrow,
        { defense: 2, metier: 2 },
        { mode: 'parade', states: [] },
        new ScriptedDice([5, 5]),
      ),
    ).toThrowError(expect.objectContaining({ key: 'PDA.Error.SouffleParryMissile' }));
    const parried = resolveDefence(
      arrow,
      { defense: 2, metier: 2 },
      { mode: 'parade', states: [], shield: ecu },
      new ScriptedDice([{ faces: 12, value: 8 }]),
    );
    expect(parried.level.level).toBe(2);
    expect(parried.taken).toBe(0);
  });

  it('S-DF2 armour, position and distance add defensive levels', () => {
    const level = defenceLevel(
      { kind: 'ranged' },
      {
        mode: 'parade',
        states: [],
        armour: maille,
        shield: ecu,
        context: 1,
        distance: 50,
        posture: 'prudent',
      },
    );
    expect(level.parts).toEqual({ posture: 0, armour: 2, shield: 2, distance: 3, feint: 0, context: 1 });
    expect(level.level).toBe(8);
    const grappled = defenceLevel(
      { kind: 'melee' },
      { mode: 'esquive', states: [], armour: maille, shield: ecu, ignoreArmour: true },
    );
    expect(grappled.level).toBe(0);
  });

  it('S-DF3 damage never goes below 0 and PV never below 0', () => {
    const d = resolveDefence(
      { kind: 'melee', potential: 3 },
      { defense: 5, metier: 3 },
      { mode: 'esquive', states: [] },
      new ScriptedDice([2, 2]),
    );
    expect(d.taken).toBe(0);
  });
});
