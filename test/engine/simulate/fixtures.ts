import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Encounter } from '../../../src/engine/simulate';
import { resolveEncounter, type EncounterFile } from '../../../src/engine/simulate/encounter-file';
import type { DocumentData } from '../../../src/engine/simulate/sources';

const root = new URL('../../../', import.meta.url).pathname;

/** A document of packs-src/<ruleset>/<pack> by name. */
export function packDoc(ruleset: string, pack: string, name: string): DocumentData {
  const dir = join(root, 'packs-src', ruleset, pack);
  for (const file of readdirSync(dir)) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DocumentData;
    if (doc.name === name) return doc;
  }
  throw new Error(`no ${name} in ${ruleset}/${pack}`);
}

export function exampleActor(file: string): DocumentData {
  return JSON.parse(readFileSync(join(root, 'examples', 'actors', file), 'utf8')) as DocumentData;
}

/** An encounter of examples/ resolved as the CLI resolves it (packs-src and examples/actors). */
export function exampleEncounter(file: string): Encounter {
  const data = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8')) as EncounterFile;
  return resolveEncounter(data, {
    pack: (pack, name) => {
      try {
        return packDoc(data.ruleset, pack, name);
      } catch {
        return undefined;
      }
    },
    actor: (path) => JSON.parse(readFileSync(join(root, 'examples', path), 'utf8')) as DocumentData,
  });
}
