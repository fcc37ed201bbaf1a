import { bench, describe } from 'vitest';
import { exchangeBenches } from './exchanges';

// Fantasia's full attack (resolveExchange: attack, defence, damage, effects) on the exchanges of
// test/bench/exchanges.ts. A thousand a call: one resolution takes well under a microsecond, below
// what a per-call timer reads. simulate.bench.ts prints the rate timed as the CLI bundle runs it.
const fantasia = exchangeBenches().find((b) => b.name === 'Fantasia attack')!;

describe('fantasia attack pipeline', () => {
  bench('1000 full attack resolutions', () => {
    fantasia.run(1000);
  });
});
