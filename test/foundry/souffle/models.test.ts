import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LADDER,
  resolveAttack,
  resolveDefence,
  WEAPONS,
  ARMOURS,
  SHIELDS,
} from '../../../src/engine/souffle';
import { ScriptedDice } from '../../../src/engine/dice';
import { souffleRuleset } from '../../../src/foundry/rulesets/souffle';
import type { SouffleActorModel } from '../../../src/foundry/rulesets/souffle/models/actors';
import { attackWithWeapon, sheetAttackInput } from '../../../src/foundry/rulesets/souffle/rolls';
import { souffleSheetContext } from '../../../src/foundry/rulesets/souffle/sheets/context';
import {
  sheetInputFromActor,
  itemSheetContext,
} from '../../../src/foundry/rulesets/souffle/sheets/actor-sheet';
import { ladderToText, souffleOptionsFromSettings } from '../../../src/foundry/rulesets/souffle/settings';
import { SouffleActor } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- fake Foundry documents */

const root = join(__dirname, '../../..');
const packDir = (name: string) => join(root, 'packs-src/souffle', name);
const readPack = (name: string): any[] =>
  readdirSync(packDir(name)).map((f) => JSON.parse(readFileSync(join(packDir(name), f), 'utf8')));

function install(): void {
  const g = globalThis as any;
  Object.assign(g.CONFIG.Actor.dataModels, souffleRuleset.actorModels);
  Object.assign(g.CONFIG.Item.dataModels, souffleRuleset.itemModels);
}

async function actorFrom(doc: any): Promise<any> {
  install();
  const Actor = (globalThis as any).foundry.documents.Actor;
  const actor = new Actor({ _id: doc._id, name: doc.name, type: doc.type, system: doc.system });
  await actor.createEmbeddedDocuments('Item', doc.items ?? []);
  return actor;
}

describe('Souffle Foundry models and compendium', () => {
  it('declares the required document types', () => {
    expect(Object.keys(souffleRuleset.actorModels).sort()).toEqual(['adversaire', 'combattant']);
    expect(Object.keys(souffleRuleset.itemModels).sort()).toEqual(['arme-souffle', 'armure-souffle']);
  });

  it('S-A3 compendium equipment matches the engine data and validates', () => {
    install();
    const Item = (globalThis as any).foundry.documents.Item;
    const docs = readPack('souffle-equipement');
    expect(docs.length).toBe(
      Object.keys(WEAPONS).length - 1 + Object.keys(ARMOURS).length - 1 + Object.keys(SHIELDS).length,
    );
    for (const doc of docs) {
      expect(doc._key).toBe(`!items!${doc._id}`);
      expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
      const item = new Item(doc);
      if (doc.type === 'arme-souffle') {
        const engine = WEAPONS[doc.system.catalogue]!;
        expect({ ...item.system.toEngine(), id: engine.id }).toEqual(engine);
      } else {
        const s = item.system.kind === 'bouclier' ? item.system.toShield() : item.system.toArmour();
        expect(s.defence).toBe(doc.system.defence);
      }
    }
  });

  it('S-AT3 the compendium warrior with two long swords attacks at level 8 for 10 damage', async () => {
    const doc = readPack('souffle-combattants').find((d) => d.name.startsWith('Gardien'));
    expect(doc._key).toBe(`!actors!${doc._id}`);
    for (const i of doc.items) expect(i._key).toBe(`!actors.items!${doc._id}.${i._id}`);
    const actor = await actorFrom(doc);
    const model = actor.system as SouffleActorModel;
    const fighter = model.toEngine();
    const weapons = model.engineWeapons();
    expect(weapons).toHaveLength(2);
    const input = sheetAttackInput(fighter, weapons[0]!, weapons);
    expect(input.characteristic).toEqual({ id: 'vigueur', value: 3 });
    expect(input.metier).toBe(4);
    const attack = resolveAttack(input, new ScriptedDice([1, 7]));
    expect(attack.level).toBe(8);
    expect(attack.potential).toBe(10);
    expect(attack.maxForce).toBe(5);
  });

  it('S-AT5 the compendium hunter with a short bow rolls 1d10 and deals 5 + 3 + 4 = 12', async () => {
    const doc = readPack('souffle-combattants').find((d) => d.name === 'Chasseur');
    const actor = await actorFrom(doc);
    const model = actor.system as SouffleActorModel;
    const bow = model.engineWeapons().find((w) => w.ranged)!;
    const input = sheetAttackInput(model.toEngine(), bow, model.engineWeapons());
    const attack = resolveAttack(input, new ScriptedDice([{ faces: 10, value: 5 }]));
    expect(attack.potential).toBe(12);
    // Posted through Foundry's dice (pinned here) to a chat card.
    const result = await attackWithWeapon(
      actor,
      actor.items.find((i: any) => i.system.catalogue === 'arcCourt').id,
      async (faces) => ({ value: faces === 10 ? 5 : 1, roll: null }),
    );
    expect(result?.potential).toBe(12);
    expect((globalThis as any).game.messages.size).toBe(1);
  });

  it('S-DF3 worn armour and shield feed the defence level; the armour malus lowers geste only', async () => {
    install();
    const actor = await actorFrom({
      _id: 'x',
      name: 'X',
      type: 'adversaire',
      system: {
        geste: 3,
        defense: 5,
        metiers: [{ name: 'Chasseur de créatures sauvages', level: 3 }],
        posture: 'defensif',
      },
      items: [
        {
          name: 'Maille',
          type: 'armure-souffle',
          system: { kind: 'armure', defence: 2, gesteMalus: -1, worn: true },
        },
        { name: 'Écu', type: 'armure-souffle', system: { kind: 'bouclier', defence: 2, worn: true } },
      ],
    });
    const model = actor.system as SouffleActorModel;
    expect(model.derived.armourDefence).toBe(4);
    expect(model.toEngine().geste).toBe(2);
    const ctx = souffleSheetContext(sheetInputFromActor(actor, true, ''));
    expect(ctx.defence.level).toBe('+6');
    expect(ctx.characteristics[0]?.effective).toBe(2);
    const fighter = model.toEngine();
    const d = resolveDefence(
      { kind: 'melee', potential: 19 },
      { defense: fighter.defense, metier: 3 },
      { mode: 'parade', states: fighter.states, extraLevels: 2 },
      new ScriptedDice([4]),
    );
    expect(d.taken).toBe(8);
  });

  it('S-ST1 the engine reads the states from the actor effects only; bad gauges are refused', async () => {
    install();
    // A boolean left in the source is no second copy: the model drops it.
    const actor: any = new SouffleActor({
      _id: 'y',
      name: 'Y',
      type: 'combattant',
      system: { states: { epuise: true } },
    });
    await actor.createEmbeddedDocuments('ActiveEffect', [
      { name: 'Fatigué', statuses: ['fatigue'] },
      { name: 'Assommé', statuses: ['assomme'] },
      { name: 'Désarmé', statuses: ['desarme'], disabled: true },
    ]);
    expect((actor.system as SouffleActorModel).engineStates()).toEqual(['assomme', 'fatigue']);
    expect((actor.system as SouffleActorModel).toEngine().states).toEqual(['assomme', 'fatigue']);
    await expect(actor.update({ 'system.pv.value': 99 })).rejects.toThrow();
    expect(actor.system.pv.value).toBe(10);
    await expect(actor.update({ 'system.posture': 'fou' })).rejects.toThrow();
  });

  it('S-P1 the sheet shows the posture buttons with budgets and defence modifiers', async () => {
    install();
    const actor = await actorFrom({
      _id: 'z',
      name: 'Z',
      type: 'combattant',
      system: { posture: 'intrepide' },
    });
    const ctx = souffleSheetContext(sheetInputFromActor(actor, true, ''));
    expect(ctx.postures.map((p) => [p.id, p.actions, p.defence, p.selected])).toEqual([
      ['intrepide', 2, '-2', true],
      ['prudent', 1, '0', false],
      ['defensif', 0, '+2', false],
    ]);
    expect(ctx.pv.boxes).toHaveLength(10);
    expect(itemSheetContext('arme-souffle', {}, 'Épée', '', true).isWeapon).toBe(true);
  });

  it('S-A2 a GM-edited ladder setting is used; a broken one falls back to the default', () => {
    const g = globalThis as any;
    souffleRuleset.registerSettings?.();
    const custom = [
      { level: 0, dice: '2d10kl' },
      { level: 1, dice: '1d12' },
    ];
    g.game.settings.set('passe-d-armes', 'souffleLadder', JSON.stringify(custom));
    expect(souffleOptionsFromSettings().ladder.rows).toEqual(custom);
    g.game.settings.set('passe-d-armes', 'souffleLadder', '[{"level": 0, "dice": "zz"}]');
    expect(souffleOptionsFromSettings().ladder.rows).toEqual(DEFAULT_LADDER.rows);
    expect(ladderToText(souffleOptionsFromSettings().ladder)).toBe(ladderToText(DEFAULT_LADDER));
  });
});

describe('Souffle combat adapter helpers', () => {
  it('S-R3 an actor becomes a round combatant with its initiative score and Guerrier flag', async () => {
    const { souffleRoundCombatant, souffleRoundRulesFromSettings } =
      await import('../../../src/foundry/rulesets/souffle/round/combat');
    const actor = await actorFrom({
      _id: 'w',
      name: 'W',
      type: 'adversaire',
      system: { initiative: 3, disciplines: ['Guerrier'] },
    });
    expect(souffleRoundCombatant('c1', actor)).toEqual({
      id: 'c1',
      name: 'W',
      side: 'npc',
      initiative: 3,
      guerrier: true,
    });
    expect(souffleRoundRulesFromSettings().id).toBe('souffle');
  });
});
