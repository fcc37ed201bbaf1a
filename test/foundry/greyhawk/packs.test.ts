import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { attackModifiers, damageModifiers } from '../../../src/engine/greyhawk/attack';
import { validateSheet } from '../../../src/engine/greyhawk/build';
import { attacksPerTwoRounds } from '../../../src/engine/greyhawk/character';
import { secondHandPenalties, mountedArcheryModifier } from '../../../src/engine/greyhawk/styles';
import type { GreyhawkCharacter, GreyhawkWeapon } from '../../../src/engine/greyhawk/types';
import { greyhawkRuleset } from '../../../src/foundry/rulesets/greyhawk';

/* eslint-disable @typescript-eslint/no-explicit-any -- pack JSON and fake documents */

const ROOT = join(__dirname, '../../../packs-src/greyhawk');
const g = globalThis as any;

interface Doc {
  _id: string;
  _key: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: Doc[];
}

function readPack(pack: string): Doc[] {
  const dir = join(ROOT, pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Doc);
}

beforeEach(() => {
  Object.assign(g.CONFIG.Actor.dataModels, greyhawkRuleset.actorModels);
  Object.assign(g.CONFIG.Item.dataModels, greyhawkRuleset.itemModels);
});

async function load(doc: Doc): Promise<{ c: GreyhawkCharacter; weapons: GreyhawkWeapon[]; actor: any }> {
  const actor = new g.foundry.documents.Actor({ name: doc.name, type: doc.type, system: doc.system });
  await actor.createEmbeddedDocuments('Item', doc.items ?? []);
  const weapons = [...actor.items.values()].map((i: any) => i.system.toEngine() as GreyhawkWeapon);
  return { c: actor.system.toEngine(), weapons, actor };
}

const byName = (name: string) => {
  const doc = readPack('greyhawk-bestiaire').find((d) => d.name.startsWith(name));
  if (!doc) throw new Error(`no ${name}`);
  return doc;
};

describe('Greyhawk compendium sources', () => {
  it('has the weapons pack and the fighters and monsters pack, every document keyed', () => {
    expect(readdirSync(ROOT).sort()).toEqual([
      'greyhawk-armes',
      'greyhawk-bestiaire',
      'greyhawk-premier-combat',
    ]);
    for (const doc of readPack('greyhawk-premier-combat')) expect(doc._key).toBe(`!adventures!${doc._id}`);
    const ids = new Set<string>();
    for (const pack of ['greyhawk-armes', 'greyhawk-bestiaire']) {
      for (const doc of readPack(pack)) {
        expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(doc._key).toBe(`!${pack === 'greyhawk-armes' ? 'items' : 'actors'}!${doc._id}`);
        expect(ids.has(doc._id)).toBe(false);
        ids.add(doc._id);
        for (const item of doc.items ?? []) {
          expect(item._key).toBe(`!actors.items!${doc._id}.${item._id}`);
        }
      }
    }
  });

  it('every fighter is a sheet the engine accepts; every weapon has speed, size, damage and range', async () => {
    const docs = readPack('greyhawk-bestiaire');
    expect(docs.filter((d) => d.type === 'guerrier-adnd')).toHaveLength(4);
    expect(docs.filter((d) => d.type === 'monstre-adnd').length).toBeGreaterThanOrEqual(3);
    for (const doc of docs) {
      const { c, weapons } = await load(doc);
      if (doc.type === 'guerrier-adnd') expect(() => validateSheet(c), doc.name).not.toThrow();
      for (const w of weapons) {
        expect(w.speed, `${doc.name} ${w.name}`).toBeGreaterThan(0);
        expect(w.size).toMatch(/^[TSMLHG]$/);
        expect(w.damageSM).toMatch(/^\d+d\d+/);
        if (!w.melee) expect(w.ranges?.long, `${doc.name} ${w.name}`).toBeGreaterThan(0);
      }
    }
  });

  it('G-S2 the specialist strikes at +1/+2 with 2/1 attacks at level 7', async () => {
    const { c, weapons } = await load(byName('Drevin'));
    const sword = weapons.find((w) => w.base === 'longSword')!;
    const ctx = { attacker: c, weapon: sword, target: { ac: 5, size: 'M' as const } };
    expect(attackModifiers(ctx)).toContainEqual(expect.objectContaining({ source: 'G-S2', value: 1 }));
    expect(damageModifiers(ctx)).toContainEqual(expect.objectContaining({ source: 'G-S2', value: 2 }));
    expect(attacksPerTwoRounds(c, sword)).toBe(4);
  });

  it('G-ST4 the ranger fights with two weapons at no penalty', async () => {
    const doc = byName('Ayla');
    const { c } = await load(doc);
    expect((doc.items ?? []).filter((i) => i.system.equipped).map((i) => i.system.base)).toEqual([
      'longSword',
      'shortSword',
    ]);
    expect(secondHandPenalties(c, 'twoWeapons')).toEqual({ main: [], off: [] });
  });

  it('G-S3 the archer gets +2 damage at point blank', async () => {
    const { c, weapons } = await load(byName('Kael'));
    const bow = weapons.find((w) => w.base === 'longBow')!;
    const ctx = { attacker: c, weapon: bow, target: { ac: 5, size: 'M' as const }, distance: 6 };
    expect(damageModifiers(ctx)).toContainEqual(expect.objectContaining({ source: 'G-S3', value: 2 }));
  });

  it('G-ST6 the mounted archer takes −1 at a gallop instead of −3', async () => {
    const { c } = await load(byName('Temujin'));
    expect(mountedArcheryModifier(c, 0.6)).toEqual([expect.objectContaining({ source: 'G-ST6', value: -1 })]);
  });

  it('G-F2 the manticore carries a tail-spike volley as a missile', async () => {
    const { weapons } = await load(byName('Manticore'));
    expect(weapons.some((w) => !w.melee && (w.ranges?.long ?? 0) > 0)).toBe(true);
  });
});
