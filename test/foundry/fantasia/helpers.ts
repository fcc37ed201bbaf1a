import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeActor } from '../../fakes/foundry';
import { fantasiaRuleset } from '../../../src/foundry/rulesets/fantasia';

/** Registers the Fantasia data models in the fake CONFIG (resetFoundry clears them). */
export function installFantasia(): void {
  Object.assign(CONFIG.Actor.dataModels as object, fantasiaRuleset.actorModels);
  Object.assign(CONFIG.Item.dataModels as object, fantasiaRuleset.itemModels);
}

export const PACK_ROOT = join(__dirname, '../../../packs-src/fantasia');

export interface PackDoc {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
  items?: PackDoc[];
}

/** Every document of a pack folder. */
export function readPack(pack: string): PackDoc[] {
  const dir = join(PACK_ROOT, pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as PackDoc);
}

export function packDoc(pack: string, name: string): PackDoc {
  const doc = readPack(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${name} not in ${pack}`);
  return doc;
}

/** A fake Actor of a Fantasia type with embedded items created the way a drop creates them. */
export async function makeActor(
  type: 'aventurier' | 'pnj',
  system: Record<string, unknown> = {},
  items: Omit<PackDoc, '_key'>[] = [],
  name = 'Testeur',
): Promise<FakeActor> {
  const actor = new FakeActor({ name, type, system });
  if (items.length)
    await actor.createEmbeddedDocuments(
      'Item',
      items.map((i) => ({ ...i })),
    );
  return actor;
}
