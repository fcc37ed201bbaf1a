import { DEFAULT_GREYHAWK_OPTIONS } from '../../../src/engine/greyhawk/options';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import {
  attackModifiers,
  dexterityAdjustments,
  intelligenceSlots,
  itemSaveCrushingBlow,
  monsterThac0,
  resolveAttack,
  rollDamage,
  strengthAdjustments,
  thac0,
  thac0ForGroup,
} from '../../../src/engine/greyhawk';
import { d20, fighter, mage, unarmoured, w } from './fixtures';

describe('AD&D 2e base tables', () => {
  it('THAC0 by class group and level follows the PHB progression', () => {
    expect(thac0ForGroup('warrior', 1)).toBe(20);
    expect(thac0ForGroup('warrior', 10)).toBe(11);
    expect(thac0ForGroup('priest', 4)).toBe(18);
    expect(thac0ForGroup('rogue', 5)).toBe(18);
    expect(thac0ForGroup('wizard', 7)).toBe(18);
    expect(thac0ForGroup('warrior', 25)).toBe(1);
  });

  it('monster THAC0 follows hit dice', () => {
    expect(monsterThac0(0.5)).toBe(20);
    expect(monsterThac0(1)).toBe(19);
    expect(monsterThac0(3)).toBe(17);
    expect(monsterThac0(8)).toBe(13);
    expect(monsterThac0(20)).toBe(3);
  });

  it('multiclass characters use their best THAC0', () => {
    const fm = fighter({
      classes: [
        { cls: 'fighter', level: 3 },
        { cls: 'mage', level: 4 },
      ],
    });
    expect(thac0(fm)).toBe(18);
  });

  it('STR adjustments include exceptional strength 18/01–18/00', () => {
    expect(strengthAdjustments(3)).toEqual({ hit: -3, damage: -1 });
    expect(strengthAdjustments(16)).toEqual({ hit: 0, damage: 1 });
    expect(strengthAdjustments(18)).toEqual({ hit: 1, damage: 2 });
    expect(strengthAdjustments(18, 1)).toEqual({ hit: 1, damage: 3 });
    expect(strengthAdjustments(18, 76)).toEqual({ hit: 2, damage: 4 });
    expect(strengthAdjustments(18, 100)).toEqual({ hit: 3, damage: 6 });
    expect(strengthAdjustments(19)).toEqual({ hit: 3, damage: 7 });
  });

  it('only warriors benefit from exceptional strength', () => {
    const f = fighter({ str: 18, strPercent: 100 });
    const m = mage({ str: 18, strPercent: 100 });
    const sword = w('longSword');
    const value = (mods: { value: number; source: string }[]) => mods.find((x) => x.source === 'base')?.value;
    expect(value(attackModifiers({ attacker: f, weapon: sword, target: unarmoured }))).toBe(3);
    expect(value(attackModifiers({ attacker: m, weapon: w('dagger'), target: unarmoured }))).toBe(1);
  });

  it('DEX gives reaction, missile and defensive adjustments', () => {
    expect(dexterityAdjustments(3)).toEqual({ reaction: -3, missile: -3, defence: 4 });
    expect(dexterityAdjustments(10)).toEqual({ reaction: 0, missile: 0, defence: 0 });
    expect(dexterityAdjustments(17)).toEqual({ reaction: 2, missile: 2, defence: -3 });
  });

  it('INT gives extra slots equal to its number of languages', () => {
    expect(intelligenceSlots(9)).toBe(2);
    expect(intelligenceSlots(16)).toBe(5);
    expect(intelligenceSlots(18)).toBe(7);
  });

  it('an attack hits when d20 + modifiers reaches THAC0 − AC', () => {
    const f = fighter({ classes: [{ cls: 'fighter', level: 5 }] }); // THAC0 16
    const target = { ac: 4, size: 'M' as const }; // needs 12
    const hit = resolveAttack({ attacker: f, weapon: w('longSword'), target }, new ScriptedDice([d20(12)]));
    expect(hit.needed).toBe(12);
    expect(hit.outcome).toBe('hit');
    const miss = resolveAttack({ attacker: f, weapon: w('longSword'), target }, new ScriptedDice([d20(11)]));
    expect(miss.outcome).toBe('miss');
    // A modifier counts on the roll's side: STR 17 (+1) hits with the same 11, −4 misses with 15.
    const strong = { ...f, str: 17 };
    const plus = resolveAttack(
      { attacker: strong, weapon: w('longSword'), target },
      new ScriptedDice([d20(11)]),
    );
    expect(plus.modifierTotal).toBe(1);
    expect(plus.outcome).toBe('hit');
    const called = resolveAttack(
      { attacker: f, weapon: w('longSword'), target, calledShot: 1 },
      new ScriptedDice([d20(15)]),
    );
    expect(called.modifierTotal).toBe(-4);
    expect(called.outcome).toBe('miss');
    const calledHit = resolveAttack(
      { attacker: f, weapon: w('longSword'), target, calledShot: 1 },
      new ScriptedDice([d20(16)]),
    );
    expect(calledHit.outcome).toBe('hit');
  });

  it('negative AC is harder to hit: AC −2 against THAC0 20 needs 22', () => {
    const r = resolveAttack(
      { attacker: fighter(), weapon: w('longSword'), target: { ac: -2, size: 'M' } },
      new ScriptedDice([d20(19)]),
    );
    expect(r.needed).toBe(22);
    expect(r.outcome).toBe('miss');
  });

  it('natural 20 hits and natural 1 misses by ruling; the setting turns it off', () => {
    const hard = { ac: -10, size: 'M' as const };
    const r20 = resolveAttack(
      { attacker: fighter(), weapon: w('longSword'), target: hard },
      new ScriptedDice([d20(20)]),
    );
    expect(r20).toMatchObject({ outcome: 'hit', automatic: 'natural20' });
    const easy = { ac: 10, size: 'M' as const };
    const strong = fighter({ classes: [{ cls: 'fighter', level: 20 }] });
    const r1 = resolveAttack(
      { attacker: strong, weapon: w('longSword'), target: easy },
      new ScriptedDice([d20(1)]),
    );
    expect(r1).toMatchObject({ outcome: 'miss', automatic: 'natural1' });
    const plain = resolveAttack(
      { attacker: strong, weapon: w('longSword'), target: easy },
      new ScriptedDice([d20(1)]),
      {
        ...DEFAULT_GREYHAWK_OPTIONS,
        naturalRolls: false,
        disarmLevelCheck: false,
        offHandPenalty: -2,
        capReactionBonus: true,
        criticalHits: false,
        deathAtMinusTen: false,
      },
    );
    expect(plain.outcome).toBe('hit');
  });

  it('damage uses the small/medium or large column and STR', () => {
    const f = fighter({ str: 17 });
    const small = rollDamage(
      { attacker: f, weapon: w('longSword'), target: unarmoured },
      new ScriptedDice([{ faces: 8, value: 5 }]),
    );
    expect(small.total).toBe(6);
    const large = rollDamage(
      { attacker: f, weapon: w('longSword'), target: { ac: 5, size: 'L' } },
      new ScriptedDice([{ faces: 12, value: 11 }]),
    );
    expect(large.total).toBe(12);
  });

  it('item saving throw vs crushing blow: wood saves on 13+, magic adds its plus', () => {
    expect(itemSaveCrushingBlow('wood', 0, new ScriptedDice([d20(12)])).saved).toBe(false);
    expect(itemSaveCrushingBlow('wood', 1, new ScriptedDice([d20(12)])).saved).toBe(true);
    expect(itemSaveCrushingBlow('glass', 0, new ScriptedDice([d20(19)])).saved).toBe(false);
  });

  it('missile range bands: medium −2, long −5, beyond refused', () => {
    const f = fighter();
    const bow = w('longBow');
    const mods = (distance: number) =>
      attackModifiers({ attacker: f, weapon: bow, target: unarmoured, distance });
    expect(mods(50)).toEqual([]);
    expect(mods(100)).toEqual([expect.objectContaining({ value: -2 })]);
    expect(mods(200)).toEqual([expect.objectContaining({ value: -5 })]);
    expect(() => mods(250)).toThrow(/PDA.Error.Greyhawk.OutOfRange/);
  });
});
