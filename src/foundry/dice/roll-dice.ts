import type { Dice } from '../../engine/dice/port';

/** Thrown by ReplayDice when the engine asks for a die that has not been rolled yet. */
export class NeedDie extends Error {
  constructor(readonly faces: number) {
    super(`need a d${faces}`);
  }
}

/** Hands out already rolled dice in order; asks for more by throwing NeedDie. */
export class ReplayDice implements Dice {
  private index = 0;
  constructor(private readonly results: readonly { faces: number; value: number }[]) {}

  die(faces: number): number {
    const next = this.results[this.index];
    if (!next) throw new NeedDie(faces);
    if (next.faces !== faces) throw new Error(`dice replay diverged: d${next.faces} rolled, d${faces} asked`);
    this.index += 1;
    return next.value;
  }
}

/** Rolls one die the Foundry way; injectable for tests. */
export type DieRoller = (faces: number) => Promise<{ value: number; roll: Roll | null }>;

/** Foundry's own dice: an evaluated Roll, so Dice So Nice, roll modes and tooltips see it. */
export const foundryDieRoller: DieRoller = async (faces) => {
  const roll = await new Roll(`1d${faces}`).evaluate();
  return { value: roll.total ?? 0, roll };
};

/**
 * Runs a pure engine step with Foundry's dice. Engine steps are deterministic given their dice,
 * so the step is replayed with the dice rolled so far; whenever it asks for one more, that die is
 * rolled asynchronously with Foundry's Roll (honouring the configured dice and fulfilment), and
 * the step runs again. Returns the step's value and the Rolls to attach to the chat message.
 */
export async function withFoundryDice<T>(
  step: (dice: Dice) => T,
  roller: DieRoller = foundryDieRoller,
): Promise<{ value: T; rolls: Roll[]; dice: { faces: number; value: number }[] }> {
  const results: { faces: number; value: number }[] = [];
  const rolls: Roll[] = [];
  for (let guard = 0; guard < 500; guard++) {
    try {
      return { value: step(new ReplayDice(results)), rolls, dice: results };
    } catch (error) {
      if (!(error instanceof NeedDie)) throw error;
      const { value, roll } = await roller(error.faces);
      results.push({ faces: error.faces, value });
      if (roll) rolls.push(roll);
    }
  }
  throw new Error('withFoundryDice: too many dice');
}
