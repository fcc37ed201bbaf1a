import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ScriptedDice, SeededDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  DEFAULT_LADDER,
  isAdvantageous,
  isDisadvantageous,
  ladderRow,
  levelBounds,
  parseLadderDice,
  rollLevel,
  souffleOptions,
  validateLadder,
} from '../../../src/engine/souffle';
import { namedLevel } from './named-level';

describe('advantage ladder', () => {
  it('S-A1 with no advantage a fighter rolls 2d10 and keeps the worse', () => {
    const r = rollLevel(
      DEFAULT_LADDER,
      0,
      new ScriptedDice([
        { faces: 10, value: 8 },
        { faces: 10, value: 3 },
      ]),
    );
    expect(r.value).toBe(3);
    expect(r.rolls.map((d) => d.kept)).toEqual([false, true]);
    expect(namedLevel('neutre')).toBe(0);
  });

  it('S-A2 level +1 rolls a single d10', () => {
    const r = rollLevel(DEFAULT_LADDER, 1, new ScriptedDice([{ faces: 10, value: 5 }]));
    expect(r.value).toBe(5);
    expect(r.rolls).toHaveLength(1);
  });

  it('S-A2 level 8 rolls a d10 and a d12 and keeps the best', () => {
    const r = rollLevel(
      DEFAULT_LADDER,
      8,
      new ScriptedDice([
        { faces: 10, value: 1 },
        { faces: 12, value: 7 },
      ]),
    );
    expect(r.value).toBe(7);
    expect(r.keptMax).toBe(12);
    expect(r.rolls).toEqual([
      { faces: 10, value: 1, kept: false },
      { faces: 12, value: 7, kept: true },
    ]);
  });

  it('S-A2 "significatif" is a level that rolls one die', () => {
    const level = namedLevel('significatif');
    const r = rollLevel(DEFAULT_LADDER, level, new ScriptedDice([4]));
    expect(r.rolls).toHaveLength(1);
    expect(r.value).toBe(4);
  });

  it('S-A2 named levels: désavantageux is below 0, avantageux above', () => {
    expect(isDisadvantageous(namedLevel('desavantageux'))).toBe(true);
    expect(isAdvantageous(namedLevel('avantageux'))).toBe(true);
    expect(isAdvantageous(0) || isDisadvantageous(0)).toBe(false);
  });

  it('S-A2 levels beyond the table use its end rows', () => {
    expect(ladderRow(DEFAULT_LADDER, 40).dice).toBe('5d12kh');
    expect(ladderRow(DEFAULT_LADDER, -40).dice).toBe('5d10kl');
  });

  it('S-A2 the default ladder grows: each level averages more than the one below (exact)', () => {
    // Enumerates every face combination of each row through ScriptedDice.
    const exactMean = (level: number): number => {
      const faces = ladderRow(DEFAULT_LADDER, level)
        .dice.match(/\d+d\d+/g)!
        .flatMap((t) => {
          const [n, f] = t.split('d').map(Number);
          return Array<number>(n ?? 0).fill(f ?? 0);
        });
      let sum = 0;
      let count = 0;
      const walk = (prefix: number[]): void => {
        if (prefix.length === faces.length) {
          sum += rollLevel(DEFAULT_LADDER, level, new ScriptedDice(prefix)).value;
          count += 1;
          return;
        }
        for (let v = 1; v <= (faces[prefix.length] ?? 0); v++) walk([...prefix, v]);
      };
      walk([]);
      return sum / count;
    };
    const means = DEFAULT_LADDER.rows.filter((r) => r.level <= 9).map((r) => exactMean(r.level));
    for (let i = 1; i < means.length; i++) expect(means[i]).toBeGreaterThan(means[i - 1] ?? 0);
    expect(exactMean(8)).toBeCloseTo(7.875, 6);
  });

  it('S-A2 every level rolls within its bounds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -6, max: 15 }), fc.integer(), (level, seed) => {
        const r = rollLevel(DEFAULT_LADDER, level, new SeededDice(seed));
        const b = levelBounds(DEFAULT_LADDER, level);
        return r.value >= b.min && r.value <= b.max;
      }),
    );
  });

  it('S-A2 a GM-edited ladder is validated', () => {
    const ok = {
      rows: [
        { level: 0, dice: '2d10kl' },
        { level: 1, dice: '1d8 + 1d6 keep best' },
      ],
    };
    expect(validateLadder(ok)).toBe(ok);
    expect(souffleOptions({ ladder: ok }).ladder).toBe(ok);
    const gap = {
      rows: [
        { level: 0, dice: '2d10kl' },
        { level: 2, dice: '1d10' },
      ],
    };
    expect(() => validateLadder(gap)).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleLadderGap' }),
    );
    const badDice = {
      rows: [
        { level: 0, dice: '2d10kl' },
        { level: 1, dice: 'd' },
      ],
    };
    expect(() => validateLadder(badDice)).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleLadderDice' }),
    );
    expect(() => validateLadder({ rows: [{ level: 1, dice: '1d10' }] })).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleLadderNoZero' }),
    );
    expect(() => validateLadder({ rows: [] })).toThrow(RulesError);
    expect(() => validateLadder({ rows: [{ level: 0.5, dice: '1d10' }] })).toThrow(RulesError);
    expect(() => parseLadderDice('1d10+2')).toThrow(RulesError);
    expect(() => parseLadderDice('1d10-1d6')).toThrow(RulesError);
    expect(() => parseLadderDice('2d10kh+1d12 keep best')).toThrow(RulesError);
    expect(() =>
      validateLadder({
        rows: [
          { level: 0, dice: '2d10kl', name: 'x' },
          { level: 1, dice: '1d10', name: 'x' },
        ],
      }),
    ).toThrow(RulesError);
  });

  it('S-A2 "keep worst" keeps the lowest of mixed dice', () => {
    const ladder = { rows: [{ level: 0, dice: '1d6+1d20 keep worst' }] };
    const r = rollLevel(
      ladder,
      0,
      new ScriptedDice([
        { faces: 6, value: 5 },
        { faces: 20, value: 2 },
      ]),
    );
    expect(r.value).toBe(2);
    expect(r.keptMax).toBe(20);
  });
});
