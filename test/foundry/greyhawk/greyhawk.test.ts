import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { catalogueWeapon } from '../../../src/engine/greyhawk';
import { greyhawkRoundAdapter, greyhawkRuleset } from '../../../src/foundry/rulesets/greyhawk';
import { catalogueSource } from '../../../src/foundry/rulesets/greyhawk/models/items';
import {
  attackCardContext,
  attackStep,
  rollGreyhawkAttack,
} from '../../../src/foundry/rulesets/greyhawk/rolls';
import {
  greyhawkOptionsFromSettings,
  registerGreyhawkSettings,
} from '../../../src/foundry/rulesets/greyhawk/settings';
import { actorSheetContext, rateLabel } from '../../../src/foundry/rulesets/greyhawk/sheets/context';
import {
  sheetInputFromActor,
  weaponSheetContext,
} from '../../../src/foundry/rulesets/greyhawk/sheets/actor-sheet';
import { clearRulesets, registerRuleset, rulesetOfType } from '../../../src/foundry/rulesets/registry';
import { FakeChatMessage, world } from '../../fakes/foundry';

/* eslint-disable @typescript-eslint/no-explicit-any -- fake Foundry documents */

function install(): void {
  const g = globalThis as any;
  Object.assign(g.CONFIG.Actor.dataModels, greyhawkRuleset.actorModels);
  Object.assign(g.CONFIG.Item.dataModels, greyhawkRuleset.itemModels);
}

async function gord(
  system: Record<string, unknown> = {},
  weapons: Record<string, unknown>[] = [],
): Promise<any> {
  install();
  const Actor = (globalThis as any).foundry.documents.Actor;
  const actor = new Actor({
    name: 'Gord',
    type: 'guerrier-adnd',
    system: {
      abilities: { str: 18, strPercent: 76, dex: 16, int: 12 },
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['longSword', 'longBow'],
      mastery: [{ weapon: 'longSword', rank: 'specialist', since: 1, firstSpecialised: 1 }],
      ...system,
    },
  });
  await actor.createEmbeddedDocuments(
    'Item',
    weapons.length
      ? weapons
      : [
          {
            name: 'Épée longue',
            type: 'arme-adnd',
            system: { ...catalogueSource('longSword'), equipped: true },
          },
        ],
  );
  return actor;
}

describe('Greyhawk in Foundry', () => {
  it('declares exactly guerrier-adnd, monstre-adnd and arme-adnd', () => {
    expect(Object.keys(greyhawkRuleset.actorModels).sort()).toEqual(['guerrier-adnd', 'monstre-adnd']);
    expect(Object.keys(greyhawkRuleset.itemModels)).toEqual(['arme-adnd']);
    clearRulesets();
    registerRuleset(greyhawkRuleset);
    expect(rulesetOfType('Actor', 'monstre-adnd')).toBe('greyhawk');
    clearRulesets();
  });

  it('a character model gives the engine its classes, exceptional strength and mastery', async () => {
    const actor = await gord();
    const c = actor.system.toEngine();
    expect(c).toMatchObject({
      name: 'Gord',
      classes: [{ cls: 'fighter', level: 5 }],
      str: 18,
      strPercent: 76,
      dex: 16,
    });
    expect(c.mastery.longSword).toEqual({ rank: 'specialist', since: 1, firstSpecialised: 1 });
    expect(actor.system.derived).toMatchObject({
      thac0: 16,
      strHit: 2,
      strDamage: 4,
      dexDefence: -2,
      attacksPerTwoRounds: 3,
    });
  });

  it('a weapon model built from the catalogue gives the engine its PHB values', async () => {
    const actor = await gord();
    const sword = [...actor.items.values()][0].system.toEngine();
    expect(sword).toMatchObject({
      base: 'longSword',
      name: 'Épée longue',
      speed: 5,
      damageSM: '1d8',
      damageL: '1d12',
      hands: 'either',
    });
    expect(sword.ranges).toBeUndefined();
  });

  it('a weapon with a bad damage formula is refused and nothing changes', async () => {
    const actor = await gord();
    const item = [...actor.items.values()][0];
    await expect(item.update({ 'system.damageSM': 'lots' })).rejects.toThrow();
    expect(item.system.damageSM).toBe('1d8');
  });

  it('G-G3 a monster without STR counts 5 per size category; its THAC0 comes from hit dice', () => {
    install();
    const Actor = (globalThis as any).foundry.documents.Actor;
    const ogre = new Actor({ name: 'Ogre', type: 'monstre-adnd', system: { size: 'L', hitDice: 4 } });
    expect(ogre.system.toEngine()).toMatchObject({ str: 20, monster: { hitDice: 4 }, classes: [] });
    expect(ogre.system.derived.thac0).toBe(17);
  });

  it('G-S2 the sheet shows the specialist rate 3/2 and the proficiency of each weapon', async () => {
    const actor = await gord({}, [
      { name: 'Épée longue', type: 'arme-adnd', system: { ...catalogueSource('longSword'), equipped: true } },
      { name: 'Hache', type: 'arme-adnd', system: catalogueSource('battleAxe') },
    ]);
    const ctx = actorSheetContext(sheetInputFromActor(actor, true, ''));
    expect(ctx.derived.rate).toBe('3/2');
    expect(ctx.weapons.map((w) => [w.name, w.proficiencyLabel, w.masteryLabel])).toEqual([
      ['Épée longue', 'PDA.Greyhawk.Proficiency.proficient', 'PDA.Greyhawk.Mastery.specialist'],
      ['Hache', 'PDA.Greyhawk.Proficiency.none', ''],
    ]);
    expect(ctx.derived.slots).toEqual({ weapon: 4 + 1 + 3, spent: 3 });
    expect(rateLabel(4)).toBe('2/1');
    expect(weaponSheetContext({ name: 'x', img: null, system: {} }, true).kinds).toHaveLength(10);
  });

  it('G-S2 an attack card lists every modifier with its rule, and damage on a hit', async () => {
    const actor = await gord();
    const c = actor.system.toEngine();
    const sword = [...actor.items.values()][0].system.toEngine();
    const target = { name: 'Orc', ac: 6, size: 'M' as const };
    const roll = attackStep(
      c,
      sword,
      target,
    )(
      new ScriptedDice([
        { faces: 20, value: 7 },
        { faces: 8, value: 5 },
      ]),
    );
    expect(roll.attack.outcome).toBe('hit'); // 7 + 2 (STR) + 1 (G-S2) = 10 ≥ 16 − 6
    expect(roll.damage?.total).toBe(5 + 4 + 2);
    const card = attackCardContext('Gord', sword, target, roll);
    expect(card.modifiers).toEqual([
      { label: 'PDA.Greyhawk.Mod.Strength', value: '+2', rule: '' },
      { label: 'PDA.Greyhawk.Mod.Specialist', value: '+1', rule: 'G-S2' },
    ]);
    expect(card).toMatchObject({ hit: true, needed: 10, damage: 11 });
  });

  it('rolling an attack from the sheet posts a chat card with Foundry dice', async () => {
    const actor = await gord();
    const id = [...actor.items.values()][0].id;
    const values = [20, 3];
    const result = await rollGreyhawkAttack(actor, id, { name: 'Orc', ac: 0, size: 'M' }, {}, async () => ({
      value: values.shift() ?? 1,
      roll: null,
    }));
    expect(result?.attack).toMatchObject({ outcome: 'hit', automatic: 'natural20' });
    expect(FakeChatMessage.created).toHaveLength(1);
  });

  it('the natural 20/1 ruling and the G-D1 option come from world settings', async () => {
    registerGreyhawkSettings();
    expect(greyhawkOptionsFromSettings()).toMatchObject({
      naturalRolls: true,
      disarmLevelCheck: false,
      offHandPenalty: -2,
    });
    world.settings.set('passe-d-armes.greyhawkDisarmLevelCheck', true);
    world.settings.set('passe-d-armes.greyhawkOffHandPenalty', -3);
    expect(greyhawkOptionsFromSettings()).toMatchObject({ disarmLevelCheck: true, offHandPenalty: -3 });
  });

  it('the weapon compendium holds every catalogue weapon, valid for the model', () => {
    install();
    const dir = join(__dirname, '../../../packs-src/greyhawk/greyhawk-armes');
    const Item = (globalThis as any).foundry.documents.Item;
    const docs = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
    expect(docs.length).toBe(33);
    for (const doc of docs) {
      const item = new Item({ _id: doc._id, name: doc.name, type: doc.type, system: doc.system });
      const { id: _id, name: _name, ...engine } = item.system.toEngine();
      const { id: _cid, name: _cname, ...expected } = catalogueWeapon(doc.system.base);
      expect(engine).toMatchObject(expected);
    }
  });
});

describe('Greyhawk round in Foundry', () => {
  const combatantOf = (actor: any, id: string) => ({
    id,
    name: actor.name,
    actor,
    system: { declaration: '', readiness: '', budgets: '', surprised: false },
    testUserPermission: () => true,
  });

  it('G-S2 a Foundry combatant carries the specialist rate and the speed of the weapon in hand', async () => {
    const actor = await gord({ shield: 'medium' });
    const view = greyhawkRoundAdapter.toCombatant(combatantOf(actor, 'c1') as any);
    expect(view).toMatchObject({
      id: 'c1',
      name: 'Gord',
      side: 'pc',
      attacksPerTwoRounds: 3,
      speed: 5,
      shield: 'medium',
    });
  });

  it('G-SH2 a declaration from the dialog is checked and typed; garbage is refused', () => {
    expect(
      greyhawkRoundAdapter.parseDeclaration({
        action: 'shieldRush',
        targetId: 'c2',
        rushDistance: '4',
        calledShot: '0',
      }),
    ).toEqual({
      action: 'shieldRush',
      targetId: 'c2',
      rushDistance: 4,
    });
    expect(() => greyhawkRoundAdapter.parseDeclaration({ action: 'fly' })).toThrow(/BadDeclaration/);
    expect(() => greyhawkRoundAdapter.parseDeclaration({ action: 'attack', calledShot: 5 })).toThrow(
      /BadDeclaration/,
    );
  });

  it("G-PA4 a declared DMG parry is described to its owner, hidden for another side's NPC", () => {
    const state: any = {
      combatants: { a: { id: 'a', name: 'Gord', side: 'pc' }, b: { id: 'b', name: 'Orc', side: 'npc' } },
      declarations: { a: { action: 'parryDmg' }, b: { action: 'attack', targetId: 'a', calledShot: 1 } },
    };
    expect(greyhawkRoundAdapter.describeDeclaration(state, 'a', { gm: false, owns: ['a'] })).toBe(
      'PDA.Greyhawk.Action.parryDmg',
    );
    expect(greyhawkRoundAdapter.describeDeclaration(state, 'b', { gm: true })).toBe(
      'PDA.Greyhawk.Action.attack → Gord (PDA.Greyhawk.Mod.CalledShot)',
    );
    expect(greyhawkRoundAdapter.describeDeclaration(state, 'b', { gm: false, owns: ['a'] })).toBe(
      'PDA.Combat.Declared',
    );
  });
});
