import type { Dice } from './port';

/**
 * A small, fast, seeded PRNG (mulberry32). The same seed gives the same sequence on every run and
 * every machine, which makes simulations and property tests reproducible.
 */
export class SeededDice implements Dice {
  /**
   * The generator's 32-bit state, in a one-element typed array: a plain field holding a number
   * past the small-integer range gets a new boxed number at every roll (garbage in the
   * simulator's loop); the array's element is written in place.
   */
  private readonly state = new Uint32Array(1);

  constructor(seed: number) {
    this.state[0] = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state[0]! + 0x6d2b79f5) >>> 0;
    this.state[0] = t;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  die(faces: number): number {
    return 1 + Math.floor(this.next() * faces);
  }
}
