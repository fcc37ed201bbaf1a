import { RulesError } from '../core/errors';
import type { Dice } from './port';

/** One scripted die: a bare value, or a value with the number of faces it must be rolled on. */
export type ScriptedDie = number | { faces: number; value: number };

/**
 * Returns given results in order, so a test can replay a worked example exactly. It refuses a
 * result that does not fit the die asked for, a die whose faces differ from the script, and
 * running out of results, so a test cannot silently drift from the example it pins.
 */
export class ScriptedDice implements Dice {
  private readonly queue: ScriptedDie[];
  /** Every die handed out, in order: `{ faces, value }`. */
  readonly log: { faces: number; value: number }[] = [];

  constructor(results: readonly ScriptedDie[]) {
    this.queue = [...results];
  }

  get remaining(): number {
    return this.queue.length;
  }

  die(faces: number): number {
    const next = this.queue.shift();
    if (next === undefined) throw new RulesError('PDA.Error.ScriptExhausted', { faces });
    const value = typeof next === 'number' ? next : next.value;
    if (typeof next !== 'number' && next.faces !== faces) {
      throw new RulesError('PDA.Error.ScriptFaces', { expected: next.faces, faces });
    }
    if (!Number.isInteger(value) || value < 1 || value > faces) {
      throw new RulesError('PDA.Error.ScriptValue', { value, faces });
    }
    this.log.push({ faces, value });
    return value;
  }
}
