import type { Dice } from '../../../src/engine/dice/port';
import { SeededDice } from '../../../src/engine/dice/seeded';
import type { ScriptedDie } from '../../../src/engine/dice/scripted';
import { FightResult } from '../../../src/engine/simulate/stats';
import type { FightTracer, TracedBlow } from '../../../src/engine/simulate/trace';

/** Dice that remember every die they hand out. */
export class RecordingDice implements Dice {
  readonly log: { faces: number; value: number }[] = [];
  constructor(private readonly inner: Dice) {}
  die(faces: number): number {
    const value = this.inner.die(faces);
    this.log.push({ faces, value });
    return value;
  }
}

export interface RecordedBlow {
  readonly blow: TracedBlow;
  /** The dice the attack used, in order, with their faces (ScriptedDice checks both). */
  readonly dice: readonly ScriptedDie[];
}

export interface RecordedFight {
  readonly blows: readonly RecordedBlow[];
  readonly winner: number;
  readonly rounds: number;
  /** Each fighter's lot (down, dead, fled, felled by whom, PV lost) and the dice of the fight. */
  readonly fighters: readonly (readonly number[])[];
  readonly dice: number;
}

interface Traceable {
  tracer: FightTracer | undefined;
  readonly names: readonly string[];
  play(dice: Dice, out: FightResult): void;
}

/** Plays `fights` fights of one runner from one seed, recording every attack with its dice. */
export function record(runner: Traceable, seed: number, fights: number): RecordedFight[] {
  const dice = new RecordingDice(new SeededDice(seed));
  const out = new FightResult(runner.names.length);
  const result: RecordedFight[] = [];
  for (let n = 0; n < fights; n++) {
    const blows: RecordedBlow[] = [];
    let from = 0;
    runner.tracer = {
      start: () => {
        from = dice.log.length;
      },
      blow: (blow) => {
        blows.push({ blow, dice: dice.log.slice(from) });
      },
    };
    out.reset();
    const start = dice.log.length;
    runner.play(dice, out);
    result.push({
      blows,
      winner: out.winner,
      rounds: out.rounds,
      fighters: runner.names.map((_, i) => [
        out.down[i]!,
        out.dead[i]!,
        out.fled[i]!,
        out.downedBy[i]!,
        out.pvLost[i]!,
      ]),
      dice: dice.log.length - start,
    });
  }
  runner.tracer = undefined;
  return result;
}

/** The only side with fighters standing, -1 when none or several. */
export function standingSide(sideOf: readonly number[], standing: (i: number) => boolean): number {
  let side = -1;
  for (let i = 0; i < sideOf.length; i++) {
    if (!standing(i)) continue;
    if (side >= 0 && side !== sideOf[i]) return -1;
    side = sideOf[i]!;
  }
  return side;
}
