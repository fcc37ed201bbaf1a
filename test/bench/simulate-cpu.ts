/**
 * What `npm run bench` times for issue 26's goals, run as the CLI and the Foundry window run the
 * simulator: one esbuild bundle under plain node (test/bench/simulate.bench.ts builds and spawns
 * it). Prints one JSON line: per ruleset, the best CPU seconds of five runs of 10,000 fights.
 */
import { simulate } from '../../src/engine/simulate';
import { loadExample } from './load-example';

const root = process.argv[2] ?? process.cwd();

const result: Record<string, { seconds: number; blows: number }> = {};
for (const ruleset of ['fantasia', 'souffle', 'greyhawk']) {
  const encounter = { ...loadExample(root, `${ruleset}-melee-4v4.json`), fights: 10_000 };
  simulate({ ...encounter, fights: 500 }); // warm-up
  let seconds = Infinity;
  let blows = 0;
  for (let k = 0; k < 5; k++) {
    const start = process.cpuUsage();
    blows = simulate(encounter).blows;
    const used = process.cpuUsage(start);
    seconds = Math.min(seconds, (used.user + used.system) / 1e6);
  }
  result[ruleset] = { seconds, blows };
}
console.log(JSON.stringify(result));
