import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOTTES } from '../../../src/engine/fantasia/bottes';
import { SIEGE_ENGINES } from '../../../src/engine/fantasia/siege';
import type { FantasiaCombatant, FantasiaWeapon } from '../../../src/engine/fantasia/types';
import { validateCombatant } from '../../../src/engine/fantasia/validate';
import { fantasiaRuleset } from '../../../src/foundry/rulesets/fantasia';
import { installFantasia, makeActor, PACK_ROOT, packDoc, readPack } from './helpers';

const PACKS = [
  'fantasia-armes',
  'fantasia-bestiaire',
  'fantasia-bottes',
  'fantasia-engins',
  'fantasia-equipement',
];

type Model = new (data: unknown, options?: unknown) => { toEngine(): unknown };

function weapon(name: string): FantasiaWeapon {
  const Model = fantasiaRuleset.itemModels.arme as unknown as Model;
  return new Model(packDoc('fantasia-armes', name).system).toEngine() as FantasiaWeapon;
}

describe('Fantasia compendium sources', () => {
  it('has the five packs and the first-fight Adventure, nothing else', () => {
    expect(readdirSync(PACK_ROOT).sort()).toEqual([...PACKS, 'fantasia-premier-combat'].sort());
    for (const doc of readPack('fantasia-premier-combat')) expect(doc._key).toBe(`!adventures!${doc._id}`);
  });

  it('every document has a 16-character id, a matching key and unique ids', () => {
    const ids = new Set<string>();
    for (const pack of PACKS) {
      for (const doc of readPack(pack)) {
        expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
        const collection = pack === 'fantasia-bestiaire' ? 'actors' : 'items';
        expect(doc._key).toBe(`!${collection}!${doc._id}`);
        expect(ids.has(doc._id)).toBe(false);
        ids.add(doc._id);
        for (const item of doc.items ?? []) {
          expect(item._key).toBe(`!actors.items!${doc._id}.${item._id}`);
        }
      }
    }
  });

  it('every item validates against its data model and converts for the engine', () => {
    for (const pack of PACKS.filter((p) => p !== 'fantasia-bestiaire')) {
      for (const doc of readPack(pack)) {
        const Model = fantasiaRuleset.itemModels[doc.type] as unknown as Model | undefined;
        expect(Model, `${doc.name}: type ${doc.type}`).toBeDefined();
        const model = new Model!(doc.system);
        expect(() => model.toEngine(), doc.name).not.toThrow();
      }
    }
  });

  it('every creature and adventurer validates, with its items, for the engine', async () => {
    installFantasia();
    for (const doc of readPack('fantasia-bestiaire')) {
      const actor = await makeActor(doc.type as 'pnj', doc.system, doc.items ?? [], doc.name);
      const c = (actor.system as { toEngine(): FantasiaCombatant }).toEngine();
      expect(() => validateCombatant(c), doc.name).not.toThrow();
      expect(c.pv.value).toBe(c.pv.max);
    }
  });

  it('F-H2 F-U1 F-U2 F-W2 the seed weapons carry the seed damage', () => {
    expect(weapon('Épée longue').damage).toBe('1d6+2');
    expect(weapon('Bagarre')).toMatchObject({ damage: '1d3', skill: 'bagarre', kind: 'unarmed' });
    expect(weapon('Lutte')).toMatchObject({ damage: '2d3', skill: 'lutte' });
    expect(weapon('Fouet')).toMatchObject({ damage: '1d3', kind: 'whip', skill: 'armesDeMelee' });
  });

  it('F-W3 F-W4 polearms, thrown, missile and firearms use their skills', () => {
    expect(weapon('Hallebarde')).toMatchObject({ skill: 'armesDHast', hands: 2 });
    expect(weapon("Masse d'armes").skill).toBe('armesDHast');
    expect(weapon('Javelot')).toMatchObject({ skill: 'armesDeLancer', kind: 'thrown' });
    expect(weapon('Arc')).toMatchObject({ skill: 'armesDeTir', reload: 'bow' });
    expect(weapon('Arquebuse')).toMatchObject({ skill: 'armesAFeu', reload: 'arquebus' });
  });

  it('F-W5 F-M4 the crossbow reloads as a crossbow and reaches 15 m but not 35 m', () => {
    const crossbow = weapon('Arbalète');
    expect(crossbow.reload).toBe('crossbow');
    expect(crossbow.range).toBeGreaterThanOrEqual(15);
    expect(crossbow.range).toBeLessThan(35);
  });

  it('F-W6 the arquebus needs FOR 15 to be used alone', () => {
    expect(weapon('Arquebuse').minFOR).toBe(15);
  });

  it('F-B7 the fourteen secret thrusts match the engine catalogue', () => {
    const docs = readPack('fantasia-bottes');
    expect(docs).toHaveLength(14);
    for (const b of BOTTES) {
      const doc = docs.find((d) => d.system.thrustId === b.id);
      expect(doc, b.id).toBeDefined();
      expect(doc!.system.malus).toBe(b.malus);
      expect(doc!.system.weapons).toEqual([...b.weapons]);
    }
  });

  it('F-S2 the four siege engines have the seed ranges and damage', () => {
    const Model = fantasiaRuleset.itemModels.engin as unknown as Model;
    const byName = (n: string) => new Model(packDoc('fantasia-engins', n).system).toEngine();
    expect(byName('Catapulte')).toMatchObject({
      range: 300,
      damage: '5d6',
      splash: { radius: 3, damage: '2d6' },
    });
    expect(byName('Baliste')).toMatchObject({ range: 250, damage: '2d6+2' });
    expect(byName('Kraf')).toMatchObject({ range: 70, damage: '2d6+5', knockBack: true });
    expect(byName('Bombarde')).toMatchObject({ range: 120, damage: SIEGE_ENGINES.bombarde.damage });
  });

  it('F-D4 shields range from +10 % to +20 %', () => {
    const bonuses = readPack('fantasia-equipement')
      .filter((d) => d.type === 'bouclier')
      .map((d) => d.system.parryBonus)
      .sort();
    expect(bonuses).toEqual([10, 15, 20]);
  });

  it('F-M2 F-M4 the Pasmagosaure runs at 14, the Rorque has DEX 16 and flies at 20', () => {
    const pasma = packDoc('fantasia-bestiaire', 'Pasmagosaure').system as { mouvement: number };
    const rorque = packDoc('fantasia-bestiaire', 'Rorque stratosphérique').system as {
      mouvement: number;
      characteristics: { DEX: number };
    };
    expect(pasma.mouvement).toBe(14);
    expect(rorque.mouvement).toBe(20);
    expect(rorque.characteristics.DEX).toBe(16);
  });
});
