/**
 * The dice port. The engine never produces a random number by itself: every die goes through an
 * object implementing `Dice`. Implementations: `SeededDice` (simulations, property tests),
 * `ScriptedDice` (replaying the seeds' worked examples die by die) and, in the Foundry adapter,
 * a Roll-backed implementation.
 */
export interface Dice {
  /** One die with `faces` faces: an integer from 1 to `faces`. A d100 returns 100 for "00". */
  die(faces: number): number;
}
