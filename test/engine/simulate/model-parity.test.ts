import { describe, expect, it } from 'vitest';
import type { FantasiaCombatant } from '../../../src/engine/fantasia/types';
import type { GreyhawkCharacter } from '../../../src/engine/greyhawk/types';
import { fantasiaCombatant, greyhawkEntry, souffleEntry } from '../../../src/engine/simulate/sources';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from '../../../src/engine/souffle/equipment';
import type { SouffleFighter } from '../../../src/engine/souffle/fighter';
import { greyhawkRuleset } from '../../../src/foundry/rulesets/greyhawk';
import { souffleRuleset } from '../../../src/foundry/rulesets/souffle';
import { FakeActor } from '../../fakes/foundry';
import { installFantasia, makeActor, readPack } from '../../foundry/fantasia/helpers';
import { exampleActor, packDoc } from './fixtures';

const souffleDoc = (pack: string, name: string, ruleset = 'souffle') => packDoc(ruleset, pack, name);

// The simulator reads compendium JSON without Foundry; the cards read the actor model's
// toEngine(). Both must see the same fighter, or a simulated blow is not the card's blow.
const comparable = (c: FantasiaCombatant) => ({
  ...c,
  id: '',
  weapons: (c.weapons ?? []).map((w) => ({ ...w, id: w.type ?? w.name, name: w.type ?? w.name })),
  shield: c.shield ? { ...c.shield, id: '' } : undefined,
});

describe('pack conversion and the Fantasia actor model', () => {
  it('every bestiary entry becomes the same engine combatant', async () => {
    installFantasia();
    for (const doc of readPack('fantasia-bestiaire')) {
      const actor = await makeActor(doc.type as 'pnj', doc.system, doc.items ?? [], doc.name);
      const fromModel = (actor.system as { toEngine(): FantasiaCombatant }).toEngine();
      const fromPack = fantasiaCombatant(doc);
      expect(comparable(fromPack), doc.name).toEqual(comparable(fromModel));
    }
  });
});

function install(ruleset: { actorModels: object; itemModels: object }): void {
  Object.assign(CONFIG.Actor.dataModels as object, ruleset.actorModels);
  Object.assign(CONFIG.Item.dataModels as object, ruleset.itemModels);
}

interface EngineSouffleActor {
  toEngine(): SouffleFighter;
  engineWeapons(): SouffleWeapon[];
  engineArmour(): SouffleArmour | undefined;
  engineShield(): SouffleShield | undefined;
}

describe('pack conversion and the Souffle and Greyhawk actor models', () => {
  it('every Souffle fighter, with armour and shield worn, is the one the cards read', async () => {
    install(souffleRuleset);
    const worn = ['Cotte de mailles', 'Écu'].map((name) => {
      const item = souffleDoc('souffle-equipement', name);
      return { ...item, system: { ...item.system, worn: true } };
    });
    for (const name of ['Chasseur', "Gardien du Waka'Hata"]) {
      const doc = souffleDoc('souffle-combattants', name);
      const items = [...(doc.items ?? []), ...worn];
      const actor = new FakeActor({ name: doc.name, type: doc.type, system: doc.system });
      await actor.createEmbeddedDocuments(
        'Item',
        items.map((i) => ({ ...i })),
      );
      const model = actor.system as unknown as EngineSouffleActor;
      const entry = souffleEntry({ ...doc, items });
      const noId = <T extends { id: string }>(x: T | undefined) => (x ? { ...x, id: '' } : undefined);
      expect({ ...entry.fighter, id: '' }, name).toEqual({ ...model.toEngine(), id: '' });
      expect(entry.weapons.map(noId)).toEqual(model.engineWeapons().map(noId));
      expect(noId(entry.armour)).toEqual(noId(model.engineArmour()));
      expect(entry.fighter.geste).toBe((doc.system as { geste: number }).geste - 1); // mail: −1
      expect(noId(entry.shield)).toEqual(noId(model.engineShield()));
    }
  });

  it('the example Greyhawk actors are the ones the cards read', async () => {
    install(greyhawkRuleset);
    const sword = souffleDoc('greyhawk-armes', 'Épée longue', 'greyhawk');
    for (const file of ['greyhawk-guerrier.json', 'greyhawk-gnoll.json']) {
      const doc = exampleActor(file);
      const actor = new FakeActor({ name: doc.name, type: doc.type, system: doc.system });
      await actor.createEmbeddedDocuments('Item', [{ ...sword }]);
      const model = actor.system as unknown as {
        toEngine(): GreyhawkCharacter;
        hp: { value: number };
        ac: number;
      };
      const entry = greyhawkEntry({ ...doc, items: [sword] });
      expect({ ...entry.character, id: '' }, file).toEqual({ ...model.toEngine(), id: '' });
      expect(entry.hp).toBe(model.hp.value);
      expect(entry.ac).toBe(model.ac);
      expect(entry.weapons[0]).toMatchObject({ base: 'longSword', damageSM: '1d8' });
    }
  });

  it("a monster's own THAC0 set on its sheet is the one the simulator fights with", async () => {
    install(greyhawkRuleset);
    const gnoll = exampleActor('greyhawk-gnoll.json');
    // A 2-HD gnoll would hit on THAC0 19 from its hit dice; its sheet says 15.
    const doc = { ...gnoll, system: { ...(gnoll.system as object), thac0: 15 } };
    const actor = new FakeActor({ name: doc.name, type: doc.type, system: doc.system });
    const model = actor.system as unknown as { toEngine(): GreyhawkCharacter };
    const entry = greyhawkEntry(doc);
    expect(entry.character.monster?.thac0).toBe(15);
    expect({ ...entry.character, id: '' }).toEqual({ ...model.toEngine(), id: '' });
  });
});
