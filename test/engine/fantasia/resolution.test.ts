import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  damageBonusFor,
  fantasiaOptions,
  pvMaxFor,
  readPercent,
  resistanceChance,
  rollResistance,
  skillBase,
  skillValue,
  validateCombatant,
  validateWeapon,
} from '../../../src/engine/fantasia';
import { fighter, W } from './helpers';

describe('skill resolution', () => {
  it('F-H1 a roll at or under the skill hits, one over misses', () => {
    expect(readPercent(40, 40, []).success).toBe(true);
    expect(readPercent(41, 40, []).outcome).toBe('failure');
  });

  it('F-H5 01–05 is a critical success, even under a heavy malus', () => {
    const r = readPercent(5, 10, [{ rule: 'F-D5', key: 'cover', value: -20 }]);
    expect(r.outcome).toBe('critical');
    expect(r.success).toBe(true);
    expect(r.rule).toContain('F-H5');
    expect(r.rule).toContain('F-D5');
    expect(readPercent(6, 50, []).outcome).toBe('success');
  });

  it('F-H9 the default fumble range is 96–00 and fails whatever the skill', () => {
    expect(readPercent(96, 150, []).outcome).toBe('fumble');
    expect(readPercent(100, 150, []).success).toBe(false);
    expect(readPercent(95, 150, []).outcome).toBe('success');
    expect(readPercent(96, 150, []).rule).toContain('F-H9');
  });

  it('F-H9 a setting moves the fumble range ("00" only)', () => {
    const only00 = fantasiaOptions({ fumbleRange: '00' });
    expect(readPercent(99, 150, [], only00).outcome).toBe('success');
    expect(readPercent(100, 150, [], only00).outcome).toBe('fumble');
    expect(() => fantasiaOptions({ fumbleRange: '03-10' })).toThrow(RulesError);
  });

  it('F-D5 cover is a modifier that carries its rule', () => {
    const r = readPercent(45, 50, [{ rule: 'F-D5', key: 'PDA.Fantasia.Mod.Cover', value: -10 }]);
    expect(r.target).toBe(40);
    expect(r.success).toBe(false);
    expect(r.modifiers[0]?.rule).toBe('F-D5');
  });
});

describe('skills and derived values', () => {
  it('F-U1 F-U2 F-W1 F-W3 F-W4 combat skill bases are the seed values', () => {
    const c = { FOR: 10, CON: 10, TAI: 10, INT: 10, DEX: 14, CHA: 10 };
    expect(skillBase('bagarre', c)).toBe(50);
    expect(skillBase('lutte', c)).toBe(20);
    expect(skillBase('armesDeMelee', c)).toBe(25);
    expect(skillBase('armesDHast', c)).toBe(20);
    expect(skillBase('armesDeLancer', c)).toBe(20);
    expect(skillBase('armesDeTir', c)).toBe(15);
    expect(skillBase('armesAFeu', c)).toBe(5);
    expect(skillBase('esquive', c)).toBe(28);
    expect(skillValue(fighter({ id: 'a', skills: { armesDeMelee: 60 } }), 'armesDeMelee')).toBe(60);
  });

  it('F-H4 damage bonus follows the Basic Roleplaying FOR+TAI table', () => {
    expect(damageBonusFor(6, 6)).toBe('-1d6');
    expect(damageBonusFor(8, 8)).toBe('-1d4');
    expect(damageBonusFor(12, 12)).toBe('');
    expect(damageBonusFor(14, 14)).toBe('1d4');
    expect(damageBonusFor(18, 18)).toBe('1d6');
    expect(damageBonusFor(28, 28)).toBe('2d6');
    expect(damageBonusFor(30, 30)).toBe('3d6');
    expect(pvMaxFor(13, 12)).toBe(13);
  });

  it('F-W7 validation refuses impossible stats and bad formulas', () => {
    expect(() => validateCombatant(fighter({ id: 'a', skills: { bagarre: 201 } }))).toThrow(RulesError);
    expect(() => validateCombatant(fighter({ id: 'a', skills: { bagarre: -1 } }))).toThrow(RulesError);
    expect(() => validateCombatant(fighter({ id: 'a', mouvement: -1 }))).toThrow(RulesError);
    expect(() => validateCombatant(fighter({ id: 'a', damageBonus: '1d' }))).toThrow(RulesError);
    expect(() => validateWeapon({ ...W.epeeLongue, damage: 'épée' })).toThrow(RulesError);
    expect(() =>
      validateCombatant(
        fighter({ id: 'a', shield: { id: 's', name: 's', parryBonus: 25, parriesMissiles: true } }),
      ),
    ).toThrow(RulesError);
    expect(validateCombatant(fighter({ id: 'ok', damageBonus: '-1d4' })).id).toBe('ok');
  });
});

describe('resistance table', () => {
  it('F-T1 50 % plus 5 % per point of difference, automatic beyond 10', () => {
    expect(resistanceChance(10, 10)).toBe(50);
    expect(resistanceChance(12, 10)).toBe(60);
    expect(resistanceChance(8, 10)).toBe(40);
    expect(resistanceChance(20, 10)).toBe(100);
    expect(resistanceChance(3, 18)).toBe(0);
  });

  it('F-T1 the card label reads "active vs passive → %" and automatic results roll nothing', () => {
    const dice = new ScriptedDice([60]);
    const r = rollResistance(12, 10, dice, 'F-U3');
    expect(r.label).toBe('12 vs 10 → 60 %');
    expect(r.success).toBe(true);
    const auto = rollResistance(25, 10, new ScriptedDice([]), 'F-U3');
    expect(auto.automatic).toBe(true);
    expect(auto.success).toBe(true);
  });

  it('F-T1 a setting can cap the table at 5–95 %', () => {
    const o = fantasiaOptions({ resistanceMin: 5, resistanceMax: 95 });
    expect(resistanceChance(30, 10, o)).toBe(95);
    expect(resistanceChance(1, 30, o)).toBe(5);
  });

  it('F-T1 the fumble range is not read on the table: a 97 is a plain failure, a 96 under 97 % wins', () => {
    const o = fantasiaOptions({ resistanceMin: 5, resistanceMax: 97 });
    const high = rollResistance(20, 8, new ScriptedDice([97]), 'F-T1', o);
    expect(high).toMatchObject({ chance: 97, roll: 97, success: true, outcome: 'success' });
    const miss = rollResistance(12, 10, new ScriptedDice([97]), 'F-U3');
    expect(miss).toMatchObject({ roll: 97, success: false, outcome: 'failure' });
    expect(miss.rule).not.toContain('F-H9');
    const won = rollResistance(30, 10, new ScriptedDice([96]), 'F-W2', o);
    expect(won).toMatchObject({ chance: 97, success: true, outcome: 'success' });
  });
});
