/**
 * What `npm run bench` times for issue 26's goals, run as the CLI and the Foundry window run the
 * simulator: one esbuild bundle under plain node (test/bench/simulate.bench.ts builds and spawns
 * it). Prints one JSON line: per ruleset, the best CPU seconds of five runs of 10,000 fights.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { simulate, type Encounter } from '../../src/engine/simulate';
import { resolveEncounter, type EncounterFile } from '../../src/engine/simulate/encounter-file';
import type { DocumentData } from '../../src/engine/simulate/sources';

const root = process.argv[2] ?? process.cwd();

function load(name: string): Encounter {
  const path = join(root, 'examples', name);
  const file = JSON.parse(readFileSync(path, 'utf8')) as EncounterFile;
  const packs = new Map<string, DocumentData[]>();
  return resolveEncounter(file, {
    pack(pack, docName) {
      let docs = packs.get(pack);
      if (!docs) {
        const dir = join(root, 'packs-src', file.ruleset, pack);
        docs = readdirSync(dir).map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as DocumentData);
        packs.set(pack, docs);
      }
      return docs.find((d) => d.name === docName);
    },
    actor: (p) => JSON.parse(readFileSync(join(dirname(path), p), 'utf8')) as DocumentData,
  });
}

const result: Record<string, { seconds: number; blows: number }> = {};
for (const ruleset of ['fantasia', 'souffle', 'greyhawk']) {
  const encounter = { ...load(`${ruleset}-melee-4v4.json`), fights: 10_000 };
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
