import type { Dice } from './port';

/**
 * A small, fast, seeded PRNG (mulberry32). The same seed gives the same sequence on every run and
 * every machine, which makes simulations and property tests reproducible.
 */
export class SeededDice implements Dice {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  die(faces: number): number {
    return 1 + Math.floor(this.next() * faces);
  }
}
