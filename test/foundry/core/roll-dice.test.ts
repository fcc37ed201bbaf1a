import { describe, expect, it } from 'vitest';
import { roll } from '../../../src/engine/dice';
import { withFoundryDice, type DieRoller } from '../../../src/foundry/dice/roll-dice';

describe('Roll-backed dice', () => {
  it('rolls exactly the dice the engine step asks for, in order, and returns the Rolls', async () => {
    const asked: number[] = [];
    const values = [37, 4];
    const roller: DieRoller = async (faces) => {
      asked.push(faces);
      return { value: values.shift()!, roll: { faces } as unknown as Roll };
    };
    const { value, rolls, dice } = await withFoundryDice((d) => {
      const attack = roll('1d100', d).total;
      const damage = attack <= 50 ? roll('1d6+2', d).total : 0;
      return { attack, damage };
    }, roller);
    expect(value).toEqual({ attack: 37, damage: 6 });
    expect(asked).toEqual([100, 6]);
    expect(rolls).toHaveLength(2);
    expect(dice).toEqual([
      { faces: 100, value: 37 },
      { faces: 6, value: 4 },
    ]);
  });

  it('lets engine refusals through unchanged', async () => {
    await expect(
      withFoundryDice(
        (d) => roll('1d6++', d),
        async () => ({ value: 1, roll: null }),
      ),
    ).rejects.toThrow('PDA.Error.BadFormula');
  });

  it('uses Foundry Roll by default', async () => {
    const { value, rolls } = await withFoundryDice((d) => d.die(6));
    expect(value).toBeGreaterThanOrEqual(1);
    expect(rolls).toHaveLength(1);
  });
});
