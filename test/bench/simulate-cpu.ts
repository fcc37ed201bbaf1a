/**
 * What `npm run bench` times for issue 26's and issue 47's goals, run as the CLI and the Foundry
 * window run the simulator: one esbuild bundle under plain node (test/bench/simulate.bench.ts
 * builds and spawns it). Prints one JSON line: per ruleset, the best CPU seconds of five runs of
 * 10,000 fights and the attacks they played; per exchange machine (test/bench/exchanges.ts), the
 * best CPU seconds of five runs of `EXCHANGES` exchanges. `node <bundle> <root> [only]` times only
 * the runs whose name holds `only` ('simulator fantasia', 'Fantasia attack'...: for profiling one).
 */
import { simulate } from '../../src/engine/simulate';
import { exchangeBenches } from './exchanges';
import { loadExample } from './load-example';

const root = process.argv[2] ?? process.cwd();
const only = (process.argv[3] ?? '').toLowerCase();
const EXCHANGES = 200_000;

function cpuSeconds(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const fights: Record<string, { seconds: number; blows: number }> = {};
for (const ruleset of ['fantasia', 'souffle', 'greyhawk']) {
  if (!`simulator ${ruleset}`.includes(only)) continue;
  const encounter = { ...loadExample(root, `${ruleset}-melee-4v4.json`), fights: 10_000 };
  simulate({ ...encounter, fights: 500 }); // warm-up
  let seconds = Infinity;
  let blows = 0;
  for (let k = 0; k < 5; k++) {
    seconds = Math.min(
      seconds,
      cpuSeconds(() => (blows = simulate(encounter).blows)),
    );
  }
  fights[ruleset] = { seconds, blows };
}

const exchanges: Record<string, { seconds: number; count: number }> = {};
let sink = 0;
for (const bench of exchangeBenches()) {
  if (!bench.name.toLowerCase().includes(only)) continue;
  sink += bench.run(EXCHANGES / 2); // warm-up
  let seconds = Infinity;
  for (let k = 0; k < 5; k++)
    seconds = Math.min(
      seconds,
      cpuSeconds(() => (sink += bench.run(EXCHANGES))),
    );
  exchanges[bench.name] = { seconds, count: EXCHANGES };
}
console.log(JSON.stringify({ fights, exchanges, sink: sink % 10 }));
