import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeededDice } from '../../../src/engine/dice';
import {
  attackModifiers,
  CLASSES,
  judgeAttack,
  resolveAttack,
  rollDamage,
  secondHandPenalties,
  stayUpModifiers,
  WEAPONS,
  catalogueWeapon,
  type GreyhawkCharacter,
} from '../../../src/engine/greyhawk';

const character = fc.record({
  cls: fc.constantFrom(...CLASSES),
  level: fc.integer({ min: 1, max: 20 }),
  str: fc.integer({ min: 3, max: 25 }),
  strPercent: fc.integer({ min: 1, max: 100 }),
  dex: fc.integer({ min: 3, max: 25 }),
  int: fc.integer({ min: 3, max: 25 }),
  handedness: fc.constantFrom('right' as const, 'left' as const, 'ambidextrous' as const),
  known: fc.boolean(),
});

const weapons = Object.keys(WEAPONS);

describe('Greyhawk properties', () => {
  it('modifiers are never NaN and always integers, whatever the character, weapon and situation', () => {
    fc.assert(
      fc.property(
        character,
        fc.constantFrom(...weapons),
        fc.integer({ min: -10, max: 10 }),
        fc.constantFrom('standing' as const, 'kneeling' as const, 'sitting' as const, 'prone' as const),
        fc.constantFrom(0 as const, 1 as const, 2 as const),
        fc.constantFrom(undefined, 'freeHand' as const, 'shield' as const, 'twoWeapons' as const),
        (ch, base, ac, position, calledShot, secondHand) => {
          const c: GreyhawkCharacter = {
            id: 'x',
            name: 'X',
            classes: [{ cls: ch.cls, level: ch.level }],
            str: ch.str,
            strPercent: ch.strPercent,
            dex: ch.dex,
            int: ch.int,
            size: 'M',
            proficiencies: ch.known ? [base] : [],
            handedness: ch.handedness,
          };
          const weapon = catalogueWeapon(base);
          const distance = weapon.ranges ? weapon.ranges.short : undefined;
          const ctx = {
            attacker: c,
            weapon,
            target: { ac, size: 'M' as const, position },
            calledShot,
            ...(secondHand ? { secondHand, hand: 'off' as const } : {}),
            ...(weapon.melee ? {} : { distance }),
          };
          for (const m of attackModifiers(ctx)) expect(Number.isInteger(m.value)).toBe(true);
          const p = secondHandPenalties(c, 'twoWeapons');
          for (const m of [...p.main, ...p.off]) expect(m.value).toBeLessThanOrEqual(0);
          for (const m of stayUpModifiers(c, { size: 'L', str: ch.str }, { fourLegs: true })) {
            expect(Number.isNaN(m.value)).toBe(false);
          }
          const r = resolveAttack(ctx, new SeededDice(ch.level * 31 + ac));
          expect(Number.isNaN(r.total)).toBe(false);
          const dmg = rollDamage(ctx, new SeededDice(ch.str));
          expect(dmg.total).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a natural 20 always hits and a natural 1 always misses, whatever THAC0, AC and modifiers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: -30, max: 30 }),
        (thac0, ac, bonus) => {
          const mods = [{ source: 'base', label: 'x', value: bonus }];
          expect(judgeAttack(20, thac0, ac, mods).outcome).toBe('hit');
          expect(judgeAttack(1, thac0, ac, mods).outcome).toBe('miss');
        },
      ),
    );
  });

  it('a higher d20 never turns a hit into a miss', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 19 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -10, max: 10 }),
        (n, thac0, ac) => {
          const a = judgeAttack(n, thac0, ac, []);
          const b = judgeAttack(n + 1, thac0, ac, []);
          if (a.outcome === 'hit') expect(b.outcome).toBe('hit');
        },
      ),
    );
  });
});
