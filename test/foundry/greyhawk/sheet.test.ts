import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { greyhawkRuleset } from '../../../src/foundry/rulesets/greyhawk';
import { catalogueSource } from '../../../src/foundry/rulesets/greyhawk/models/items';
import {
  GreyhawkActorSheet,
  sheetInputFromActor,
} from '../../../src/foundry/rulesets/greyhawk/sheets/actor-sheet';
import { actorSheetContext } from '../../../src/foundry/rulesets/greyhawk/sheets/context';
import { FakeChatMessage, translations, world } from '../../fakes/foundry';

/*
 * The Greyhawk character sheet's controls, as a GM or player uses them: each data-action button
 * and unnamed select goes through the engine; a refusal is a localized warning with its rule ID
 * and leaves the actor as it was.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- fake Foundry documents and sheets */

const g = globalThis as any;

beforeEach(() => {
  Object.assign(g.CONFIG.Actor.dataModels, greyhawkRuleset.actorModels);
  Object.assign(g.CONFIG.Item.dataModels, greyhawkRuleset.itemModels);
  translations.data = JSON.parse(readFileSync('lang/fr.json', 'utf8'));
});

async function fighterActor(system: Record<string, unknown> = {}, type = 'guerrier-adnd'): Promise<any> {
  const Actor = g.foundry.documents.Actor;
  const actor = new Actor({
    name: 'Gord',
    type,
    system: {
      abilities: { str: 16, strPercent: 0, dex: 14, int: 10 },
      classes: [{ cls: 'fighter', level: 1 }],
      proficiencies: [],
      ...system,
    },
  });
  g.game.actors.set(actor.id, actor);
  return actor;
}

/** A sheet on `actor` whose unnamed controls (`data-input`) hold `inputs`. */
function sheetOn(actor: any, inputs: Record<string, string> = {}): any {
  const sheet: any = new GreyhawkActorSheet({ document: actor });
  Object.defineProperty(sheet, 'element', {
    value: {
      querySelector: (selector: string) => {
        const m = /data-input="(\w+)"/.exec(selector);
        return m && m[1] && m[1] in inputs ? { value: inputs[m[1]] } : null;
      },
      querySelectorAll: () => [],
    },
  });
  return sheet;
}

/** Clicks a data-action control with its data attributes. */
async function click(sheet: any, action: string, dataset: Record<string, string> = {}): Promise<void> {
  const target: any = { dataset: { action, ...dataset } };
  target.closest = () => target;
  const handler = (GreyhawkActorSheet.DEFAULT_OPTIONS as any).actions[action];
  expect(handler, `no action ${action}`).toBeTypeOf('function');
  await handler.call(sheet, {} as PointerEvent, target);
}

const warnings = () => world.notifications.filter((n) => n.level === 'warn').map((n) => n.message);

function context(actor: any) {
  return actorSheetContext(sheetInputFromActor(actor, true, '', 'weapons'));
}

describe('Greyhawk character sheet controls', () => {
  it('G-W1 building from an empty sheet: class level, proficiencies and the slots left', async () => {
    const actor = await fighterActor();
    const sheet = sheetOn(actor, { learn: 'longSword' });
    expect(await sheet.changeClassLevel('fighter', 4)).toBe(true);
    expect(actor.system.classes).toEqual([{ cls: 'fighter', level: 4 }]);
    await click(sheet, 'learnProficiency');
    expect(actor.system.proficiencies).toEqual(['longSword']);
    // Level 4, INT 10: 4 + 1 + 2 = 7 slots, one spent.
    expect(context(actor).derived).toMatchObject({ slots: { weapon: 7, spent: 1 }, remaining: 6 });
    expect(warnings()).toEqual([]);
  });

  it('G-W4 a cleric learning a long sword is told why, with the rule, and nothing changes', async () => {
    const actor = await fighterActor({
      classes: [{ cls: 'cleric', level: 1 }],
      proficiencies: ['footmansMace'],
    });
    await click(sheetOn(actor, { learn: 'longSword' }), 'learnProficiency');
    expect(actor.system.proficiencies).toEqual(['footmansMace']);
    expect(warnings()).toEqual([
      'Gord est prêtre : son clergé ne permet pas cette arme (Épée longue). (G-W4)',
    ]);
    // The profile lists what the clergy allows.
    const ctx = actorSheetContext(sheetInputFromActor(actor, true, ''));
    expect(ctx.priest).toBe(true);
    expect(ctx.clergy.map((w) => w.id)).toContain('warhammer');
  });

  it('G-W4 the GM names a clergy weapon; the cleric may then learn it', async () => {
    const actor = await fighterActor({
      classes: [{ cls: 'cleric', level: 1 }],
      proficiencies: ['footmansMace'],
    });
    await click(sheetOn(actor, { clergy: 'spear' }), 'addClergyWeapon');
    expect(actor.system.clergyWeapons).toContain('spear');
    await click(sheetOn(actor, { learn: 'spear' }), 'learnProficiency');
    expect(actor.system.proficiencies).toEqual(['footmansMace', 'spear']);
    // The mace is known: it cannot leave the clergy's list.
    await click(sheetOn(actor), 'removeClergyWeapon', { weapon: 'footmansMace' });
    expect(actor.system.clergyWeapons).toContain('footmansMace');
    expect(warnings()).toEqual([
      'Gord est prêtre : son clergé ne permet pas cette arme (Masse de fantassin). (G-W4)',
    ]);
  });

  it('G-W5 a tight group is learnt from the same select and costs two slots', async () => {
    const actor = await fighterActor();
    await click(sheetOn(actor, { learn: 'tight:axes' }), 'learnProficiency');
    expect(actor.system.proficiencies).toEqual(['tight:axes']);
    expect(actor.system.derived.slots.spent).toBe(2);
    await click(sheetOn(actor), 'forgetProficiency', { entry: 'tight:axes' });
    expect(actor.system.proficiencies).toEqual([]);
  });

  it('G-S1 a fighter specialises from the ladder; a second specialisation too soon is disabled with its reason', async () => {
    const actor = await fighterActor({ abilities: { str: 16, strPercent: 0, dex: 14, int: 16 } });
    const sheet = sheetOn(actor);
    for (const w of ['longSword', 'dagger']) {
      sheet.element.querySelector = () => ({ value: w });
      await click(sheet, 'learnProficiency');
    }
    await click(sheet, 'raiseMastery', { weapon: 'longSword', rank: 'specialist' });
    expect(actor.system.mastery).toEqual([
      { weapon: 'longSword', rank: 'specialist', since: 1, firstSpecialised: 1 },
    ]);
    const dagger = context(actor).mastery.find((m) => m.weapon === 'dagger');
    expect(dagger?.steps).toEqual([
      expect.objectContaining({
        rank: 'specialist',
        reason: "Gord ne peut se spécialiser à nouveau qu'au niveau 4. (G-S1)",
      }),
    ]);
    await click(sheet, 'raiseMastery', { weapon: 'dagger', rank: 'specialist' });
    expect(actor.system.mastery).toHaveLength(1);
    expect(warnings()).toEqual(["Gord ne peut se spécialiser à nouveau qu'au niveau 4. (G-S1)"]);
  });

  it('G-S1 a paladin sees specialisation refused and expertise open on the same weapon', async () => {
    const actor = await fighterActor({
      classes: [{ cls: 'paladin', level: 3 }],
      proficiencies: ['longSword'],
    });
    const row = context(actor).mastery[0];
    expect(row?.steps.map((s) => [s.rank, s.reason])).toEqual([
      ['expert', ''],
      ['specialist', 'Seuls les guerriers monoclassés se spécialisent (Gord). (G-S1)'],
    ]);
    await click(sheetOn(actor), 'raiseMastery', { weapon: 'longSword', rank: 'specialist' });
    expect(actor.system.mastery).toEqual([]);
    await click(sheetOn(actor), 'raiseMastery', { weapon: 'longSword', rank: 'expert' });
    expect(actor.system.mastery[0]).toMatchObject({ weapon: 'longSword', rank: 'expert', since: 3 });
  });

  it('G-M1 a level below the one a rank was gained at is refused from the level input', async () => {
    const actor = await fighterActor({
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['longSword'],
      mastery: [{ weapon: 'longSword', rank: 'specialist', since: 5, firstSpecialised: 5 }],
    });
    expect(await sheetOn(actor).changeClassLevel('fighter', 3)).toBe(false);
    expect(actor.system.classes[0].level).toBe(5);
    expect(warnings()[0]).toContain('(G-M1)');
  });

  it('multiclass: the add-class control adds a thief; a second warrior class is refused', async () => {
    const actor = await fighterActor();
    await click(sheetOn(actor, { addClass: 'thief' }), 'addClass');
    expect(actor.system.classes).toEqual([
      { cls: 'fighter', level: 1 },
      { cls: 'thief', level: 1 },
    ]);
    await click(sheetOn(actor, { addClass: 'ranger' }), 'addClass');
    expect(actor.system.classes).toHaveLength(2);
    expect(warnings()[0]).toContain('deux classes de combattant');
    await click(sheetOn(actor), 'removeClass', { cls: 'thief' });
    expect(actor.system.classes).toEqual([{ cls: 'fighter', level: 1 }]);
  });

  it('G-W6 the weapon of choice is named once; the control is then gone and the entry cannot be forgotten', async () => {
    const actor = await fighterActor({ proficiencies: ['longSword', 'dagger'] });
    await click(sheetOn(actor, { choice: 'longSword' }), 'nameWeaponOfChoice');
    expect(actor.system.weaponOfChoice).toBe('longSword');
    expect(context(actor).choice).toMatchObject({ named: true, label: 'PDA.Greyhawk.WeaponName.longSword' });
    await click(sheetOn(actor, { choice: 'dagger' }), 'nameWeaponOfChoice');
    expect(actor.system.weaponOfChoice).toBe('longSword');
    await click(sheetOn(actor), 'forgetProficiency', { entry: 'longSword' });
    expect(actor.system.proficiencies).toEqual(['longSword', 'dagger']);
    expect(warnings()).toEqual([
      'Gord a déjà une arme de prédilection : ce choix est définitif. (G-W6)',
      'Gord a déjà une arme de prédilection : ce choix est définitif. (G-W6)',
    ]);
  });

  it('G-ST4 the style buttons: known, then the two-slot specialisation, then back down', async () => {
    const actor = await fighterActor();
    const sheet = sheetOn(actor);
    await click(sheet, 'raiseStyle', { style: 'twoWeapons' });
    expect(actor.system.styles.twoWeapons).toBe(0);
    await click(sheet, 'raiseStyle', { style: 'twoWeapons' });
    expect(actor.system.styles.twoWeapons).toBe(2);
    expect(actor.system.derived.slots.spent).toBe(2);
    const row = context(actor).styles.find((s) => s.id === 'twoWeapons');
    expect(row).toMatchObject({ known: true, step: 1, steps: 2, rule: 'G-ST4' });
    await click(sheet, 'lowerStyle', { style: 'twoWeapons' });
    expect(actor.system.styles.twoWeapons).toBe(0);
  });

  it('G-ST1 a third free-hand step is refused with its rule', async () => {
    const actor = await fighterActor({ styles: { freeHand: 2 } });
    await click(sheetOn(actor), 'raiseStyle', { style: 'freeHand' });
    expect(actor.system.styles.freeHand).toBe(2);
    expect(warnings()).toEqual(['Ce style ne se perfectionne pas davantage. (G-ST1)']);
  });

  it('G-H1 the roll button rolls 1d100 through the dice port, stores the hand and posts the roll', async () => {
    const actor = await fighterActor();
    const sheet = sheetOn(actor);
    sheet.dieRoller = async (faces: number) => ({ value: faces === 100 ? 93 : 1, roll: null });
    await click(sheet, 'rollHandedness');
    expect(actor.system.handedness).toBe('left');
    expect(FakeChatMessage.created).toHaveLength(1);
  });
});

describe('Greyhawk monster sheet', () => {
  it('the GM writes THAC0, size and attacks; an added attack is a new weapon item', async () => {
    const actor = await fighterActor({ hitDice: 4, size: 'L' }, 'monstre-adnd');
    expect(actor.system.derived.thac0).toBe(17);
    await actor.update({ 'system.thac0': 15, 'system.size': 'H', 'system.attacksPerTwoRounds': 3 });
    expect(actor.system.derived.thac0).toBe(15);
    expect(actor.system.toEngine().size).toBe('H');
    await click(sheetOn(actor), 'addAttack');
    const items = [...actor.items.values()];
    expect(items).toHaveLength(1);
    expect(items[0].system).toMatchObject({ kind: 'melee', equipped: true, damageSM: '1d6' });
    const ctx = actorSheetContext(sheetInputFromActor(actor, true, ''));
    expect(ctx.monster).toBe(true);
    expect(ctx.weapons[0]?.rate).toBe('3/2');
    expect(ctx.rates.find((r) => r.selected)?.label).toBe('3/2');
    expect(ctx.thac0FromHitDice).toBe(false);
  });

  it('an equipped catalogue weapon on a monster keeps its speed, size, damage and range', async () => {
    const actor = await fighterActor({ hitDice: 2 }, 'monstre-adnd');
    await actor.createEmbeddedDocuments('Item', [
      { name: 'Arc court', type: 'arme-adnd', system: { ...catalogueSource('shortBow'), equipped: true } },
    ]);
    const row = actorSheetContext(sheetInputFromActor(actor, true, '')).weapons[0];
    expect(row).toMatchObject({ speed: 7, damage: '1d6 / 1d6', range: '50 / 100 / 150' });
  });
});
