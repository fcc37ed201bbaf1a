import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
