/** An example encounter of `examples/`, resolved against the compendium sources, for the benches. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Encounter } from '../../src/engine/simulate';
import { resolveEncounter, type EncounterFile } from '../../src/engine/simulate/encounter-file';
import type { DocumentData } from '../../src/engine/simulate/sources';

export function loadExample(root: string, name: string): Encounter {
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
