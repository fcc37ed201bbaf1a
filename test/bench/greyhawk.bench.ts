import { bench, describe } from 'vitest';
import { exchangeBenches } from './exchanges';

// Greyhawk's melee attack with its damage, and its missile attack at medium range, on the
// exchanges of test/bench/exchanges.ts. A thousand a call: one takes well under a microsecond,
// below what a per-call timer reads. simulate.bench.ts prints the rates timed as the CLI bundle
// runs them.
const benches = exchangeBenches();
const melee = benches.find((b) => b.name === 'Greyhawk melee')!;
const missile = benches.find((b) => b.name === 'Greyhawk missile')!;

describe('Greyhawk attack resolution', () => {
  bench('1000 melee attacks + damage', () => {
    melee.run(1000);
  });
  bench('1000 missile attacks at medium range', () => {
    missile.run(1000);
  });
});
