import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bounds,
  diceOnly,
  evaluate,
  formatPercentile,
  inRange,
  isFormula,
  parseFormula,
  parseRange,
  roll,
  ScriptedDice,
  SeededDice,
} from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';

describe('dice formulas', () => {
  it('parses dice, constants, sums and keep rules', () => {
    expect(parseFormula('1d6+2').text).toBe('1d6+2');
    expect(parseFormula(' 2D10 kl ').text).toBe('2d10kl');
    expect(parseFormula('d%').text).toBe('1d100');
    expect(parseFormula('4d6kh3-1').text).toBe('4d6kh3-1');
    expect(parseFormula('1d4+3').terms).toHaveLength(2);
  });

  it('refuses malformed formulas with a localizable error', () => {
    for (const bad of ['', 'd', '1d', '2x6', '1d6++2', '3d6kh4', '0d6', '1d0', '1d6 2', 'abc', '<script>']) {
      expect(() => parseFormula(bad), bad).toThrow(RulesError);
      expect(isFormula(bad)).toBe(false);
    }
    try {
      parseFormula('1d6+');
    } catch (error) {
      expect((error as RulesError).key).toBe('PDA.Error.BadFormula');
      expect((error as RulesError).data.formula).toBe('1d6+');
    }
  });

  it('F-H2 a sword deals its dice plus its fixed part (1d6+2 with a 4 → 6)', () => {
    const result = roll('1d6+2', new ScriptedDice([{ faces: 6, value: 4 }]));
    expect(result.total).toBe(6);
    expect(result.diceTotal).toBe(4);
  });

  it('F-U2 Lutte 2d3 is rolled as two d6, each halved and rounded up (5 and 2 → 3 + 1 = 4)', () => {
    const dice = new ScriptedDice([
      { faces: 6, value: 5 },
      { faces: 6, value: 2 },
    ]);
    const result = roll('2d3', dice);
    expect(result.total).toBe(4);
    expect(result.terms[0]?.dice.map((d) => [d.rolledOn, d.rolled, d.value])).toEqual([
      [6, 5, 3],
      [6, 2, 1],
    ]);
    expect(dice.remaining).toBe(0);
  });

  it('F-U2 a real d3 can be asked for instead of a halved d6', () => {
    const result = roll(
      '2d3',
      new ScriptedDice([
        { faces: 3, value: 3 },
        { faces: 3, value: 1 },
      ]),
      { d3FromD6: false },
    );
    expect(result.total).toBe(4);
  });

  it('F-H5 a critical rolls the damage dice a second time: 1d6+2 then 1d6 (4 and 5 → 11)', () => {
    const dice = new ScriptedDice([4, 5]);
    const first = roll('1d6+2', dice);
    const again = diceOnly('1d6+2');
    expect(again?.text).toBe('1d6');
    const second = evaluate(again!, dice);
    expect(first.total + second.total).toBe(11);
  });

  it('keeps the worse or the best die (2d10kl with 7 and 3 → 3; 2d10kh → 7)', () => {
    expect(roll('2d10kl', new ScriptedDice([7, 3])).total).toBe(3);
    const best = roll('2d10kh', new ScriptedDice([7, 3]));
    expect(best.total).toBe(7);
    expect(best.terms[0]?.dice.map((d) => d.kept)).toEqual([true, false]);
  });

  it('adds a bonus and knows its bounds', () => {
    expect(bounds('2d3+1')).toEqual({ min: 3, max: 7 });
    expect(bounds('1d4-2')).toEqual({ min: -1, max: 2 });
  });

  it('reads d100 ranges with 00 as 100 and prints them back', () => {
    expect(parseRange('96-00')).toEqual({ from: 96, to: 100 });
    expect(parseRange('01–05')).toEqual({ from: 1, to: 5 });
    expect(inRange(100, parseRange('96-00'))).toBe(true);
    expect(inRange(6, parseRange('01-05'))).toBe(false);
    expect(formatPercentile(100)).toBe('00');
    expect(formatPercentile(4)).toBe('04');
    expect(() => parseRange('50-10')).toThrow(RulesError);
  });
});

describe('dice port implementations', () => {
  it('seeded dice give the same sequence for the same seed, on every run', () => {
    const a = new SeededDice(42);
    const b = new SeededDice(42);
    const seqA = Array.from({ length: 20 }, () => a.die(100));
    const seqB = Array.from({ length: 20 }, () => b.die(100));
    expect(seqA).toEqual(seqB);
    // Pinned: a change of generator would silently change every recorded simulation.
    expect(seqA.slice(0, 5)).toEqual([61, 45, 86, 67, 18]);
    expect(new SeededDice(43).die(100)).not.toBe(seqA[0]);
  });

  it('seeded dice stay within their faces and cover them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 100 }),
        (seed, faces) => {
          const dice = new SeededDice(seed);
          for (let i = 0; i < 50; i++) {
            const v = dice.die(faces);
            if (!Number.isInteger(v) || v < 1 || v > faces) return false;
          }
          return true;
        },
      ),
    );
    const d6 = new SeededDice(7);
    const seen = new Set(Array.from({ length: 200 }, () => d6.die(6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('scripted dice refuse a value off the die, a wrong die, and running out', () => {
    expect(() => new ScriptedDice([7]).die(6)).toThrow(RulesError);
    expect(() => new ScriptedDice([{ faces: 10, value: 3 }]).die(6)).toThrow(RulesError);
    const dice = new ScriptedDice([2]);
    dice.die(6);
    expect(() => dice.die(6)).toThrow(RulesError);
  });

  it('formula totals always lie within their bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(3, 4, 6, 8, 10, 12, 20, 100),
        fc.integer({ min: -5, max: 10 }),
        fc.integer(),
        (count, faces, bonus, seed) => {
          const formula = `${count}d${faces}${bonus < 0 ? '' : '+'}${bonus}`;
          const { min, max } = bounds(formula);
          const total = evaluate(formula, new SeededDice(seed)).total;
          return total >= min && total <= max;
        },
      ),
    );
  });
});
