/* eslint-disable @typescript-eslint/no-explicit-any -- fake tokens, scenes and card state */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GREYHAWK_OPTIONS } from '../../../src/engine/greyhawk/options';
import { initiativeModifiers } from '../../../src/engine/greyhawk/round';
import { describeGreyhawkDeclaration } from '../../../src/foundry/rulesets/greyhawk/round/adapter';
import { snapshotOf } from '../../../src/foundry/chat/card';
import { registerFlow } from '../../../src/foundry/chat/flow';
import {
  greyhawkCardFlows,
  setGreyhawkOptionsSource,
  startGreyhawkAttack,
} from '../../../src/foundry/rulesets/greyhawk/cards';
import { distanceMetres, tokenPlace } from '../../../src/foundry/rulesets/greyhawk/cards/distance';
import {
  greyhawkDialogContext,
  readGreyhawkChoices,
} from '../../../src/foundry/rulesets/greyhawk/cards/start';
import { DEFAULT_CHOICES, type GreyhawkChoices } from '../../../src/foundry/rulesets/greyhawk/cards/steps';
import { greyhawkRuleset } from '../../../src/foundry/rulesets/greyhawk';
import { catalogueSource } from '../../../src/foundry/rulesets/greyhawk/models/items';
import {
  actAs,
  FakeChatMessage,
  resolveFakeUuid,
  translations,
  world,
  type FakeUser,
} from '../../fakes/foundry';
import { chatWorld, dice, lastMessage, shownCard } from '../chat/helpers';

/*
 * Missiles from the sheet's attack button: the distance comes from the tokens on the scene
 * (elevation included), the card shows its range band with the rule that makes it (G-S3 point
 * blank, G-M2 extreme range), and the GM is asked only when no scene distance exists.
 */

const g = globalThis as any;
let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

/** A scene whose grid square is 100 px for `metres` metres. */
function scene(id: string, metres: number, units = 'm') {
  return { id, grid: { size: 100, distance: metres, units } };
}
const tokens = new Map<string, any>();
function token(id: string, sc: any, squaresX: number, elevation = 0) {
  const doc = {
    uuid: `Scene.${sc.id}.Token.${id}`,
    x: squaresX * 100,
    y: 0,
    width: 1,
    height: 1,
    elevation,
    parent: sc,
  };
  tokens.set(doc.uuid, doc);
  return doc;
}

beforeEach(() => {
  ({ gm, player, other } = chatWorld());
  translations.data = JSON.parse(readFileSync('lang/fr.json', 'utf8'));
  Object.assign(g.CONFIG.Actor.dataModels, greyhawkRuleset.actorModels);
  Object.assign(g.CONFIG.Item.dataModels, greyhawkRuleset.itemModels);
  for (const flow of greyhawkCardFlows) registerFlow(flow as never);
  setGreyhawkOptionsSource(() => DEFAULT_GREYHAWK_OPTIONS);
  tokens.clear();
  g.fromUuidSync = (uuid: string) => tokens.get(uuid) ?? resolveFakeUuid(uuid);
});

async function archer(level: number, mastery: Record<string, unknown>[] = []): Promise<any> {
  const Actor = g.CONFIG.Actor.documentClass;
  const actor = new Actor({
    name: 'Kael',
    type: 'guerrier-adnd',
    ownerIds: [player.id],
    system: {
      abilities: { str: 12, strPercent: 0, dex: 12, int: 16 },
      classes: [{ cls: 'fighter', level }],
      proficiencies: ['longBow'],
      mastery,
      hp: { value: 30, max: 30 },
      ac: 5,
    },
  });
  await actor.createEmbeddedDocuments('Item', [
    { name: 'Arc long', type: 'arme-adnd', system: { ...catalogueSource('longBow'), equipped: true } },
  ]);
  g.game.actors.set(actor.id, actor);
  return actor;
}

async function orc(): Promise<any> {
  const Actor = g.CONFIG.Actor.documentClass;
  const actor = new Actor({
    name: 'Orque',
    type: 'monstre-adnd',
    ownerIds: [other.id],
    system: { hitDice: 1, ac: 10, hp: { value: 8, max: 8 } },
  });
  g.game.actors.set(actor.id, actor);
  return actor;
}

const SPECIALIST = [{ weapon: 'longBow', rank: 'specialist', since: 1, firstSpecialised: 1 }];

async function shoot(a: any, d: any, targetToken: any, options: Record<string, unknown> = {}) {
  actAs(player);
  const out = await startGreyhawkAttack(a, [...a.items.values()][0].id, {
    targets: [{ actorUuid: d.uuid, tokenUuid: targetToken?.uuid ?? '', name: d.name }],
    skipDialog: true,
    ...options,
  });
  actAs(gm);
  return out;
}

const state = (): any => snapshotOf(lastMessage() as never).state;

describe('Greyhawk missiles measured on the scene', () => {
  it('the distance between two tokens is centre to centre, with the elevation, feet as 0.3 m', () => {
    const sc = scene('s1', 1.5);
    expect(distanceMetres(tokenPlace(token('a', sc, 0)), tokenPlace(token('b', sc, 5)))).toBe(7.5);
    // 7.5 m across and 4 m up: 8.5 m.
    expect(distanceMetres(tokenPlace(token('c', sc, 0)), tokenPlace(token('d', sc, 5, 4)))).toBe(8.5);
    const feet = scene('s2', 5, 'ft');
    expect(distanceMetres(tokenPlace(token('e', feet, 0)), tokenPlace(token('f', feet, 10)))).toBe(15);
    expect(distanceMetres(tokenPlace(token('g', sc, 0)), tokenPlace(token('h', feet, 1)))).toBeNull();
    expect(tokenPlace(token('i', scene('s3', 1, 'lieues'), 0))).toBeNull();
  });

  it('G-S3 a bow specialist 6 m away on the scene shoots at point blank: +1 hit, +2 damage', async () => {
    const sc = scene('s1', 1.5);
    const kael = await archer(5, SPECIALIST);
    const foe = await orc();
    const from = token('kael', sc, 0);
    const at = token('orc', sc, 4);
    dice(12, 3);
    await shoot(kael, foe, at, { tokenUuid: from.uuid });
    expect(world.notifications).toEqual([]);
    expect(state().choices).toMatchObject({ targetDistance: 6, distanceFrom: 'scene' });
    expect(state().first.range).toEqual({ distance: 6, band: 'pointBlank', from: 'scene' });
    const html = await shownCard();
    expect(html).toContain('6 m (scène) : bout portant');
    expect(html).toContain('G-S3');
    expect(state().first.damage.modifiers).toContainEqual(
      expect.objectContaining({ source: 'G-S3', value: 2 }),
    );
  });

  it('PHB medium range: a long bow at 100 m takes −2, with no point blank bonus', async () => {
    const sc = scene('s1', 5);
    const kael = await archer(5, SPECIALIST);
    const foe = await orc();
    const from = token('kael', sc, 0);
    dice(15, 3);
    await shoot(kael, foe, token('orc', sc, 20), { tokenUuid: from.uuid });
    expect(state().first.range.band).toBe('medium');
    const mods = state().first.attack.modifiers.map((m: any) => [m.source, m.value]);
    expect(mods).toEqual([
      ['base', -2],
      ['G-S3', 1],
    ]);
    expect(await shownCard()).toContain('100 m (scène) : moyenne portée');
    expect(state().first.damage.modifiers).toEqual([]);
  });

  it('G-M2 a high master reaches 250 m at extreme range, −10 and +2 mastery on the card', async () => {
    const sc = scene('s1', 5);
    const master = await archer(15, [
      { weapon: 'longBow', rank: 'highMaster', since: 15, firstSpecialised: 3 },
    ]);
    const foe = await orc();
    const from = token('kael', sc, 0);
    dice(18, 2);
    await shoot(master, foe, token('orc', sc, 50), { tokenUuid: from.uuid });
    expect(state().first.range).toEqual({ distance: 250, band: 'extreme', from: 'scene' });
    const mods = state().first.attack.modifiers.map((m: any) => [m.source, m.value]);
    expect(mods).toEqual([
      ['G-M2', -10],
      ['G-M1', 2],
    ]);
    const html = await shownCard();
    expect(html).toContain('portée extrême');
    expect(html).toContain('G-M2');
  });

  it('out of range beyond the long range for a specialist: refused with the weapon, distance and maximum', async () => {
    const sc = scene('s1', 5);
    const kael = await archer(5, SPECIALIST);
    const foe = await orc();
    const posted = FakeChatMessage.created.length;
    const out = await shoot(kael, foe, token('orc', sc, 50), { tokenUuid: token('kael', sc, 0).uuid });
    // No card: the player reads the refusal as a notification (docs/rulings.md).
    expect(out).toEqual([]);
    expect(FakeChatMessage.created.length).toBe(posted);
    expect(world.notifications.at(-1)?.message).toContain('ne porte pas à 250 m (portée maximale');
  });

  it('the attacker token is found on the target scene when the macro gives none', async () => {
    const sc = scene('s1', 1.5);
    const kael = await archer(5, SPECIALIST);
    const foe = await orc();
    const mine = token('kael', sc, 0);
    kael.getActiveTokens = () => [token('elsewhere', scene('s9', 1.5), 0), mine];
    dice(12, 3);
    await shoot(kael, foe, token('orc', sc, 2, 3));
    // 3 m across, 3 m up: 4.2 m.
    expect(state().first.range).toEqual({ distance: 4.2, band: 'pointBlank', from: 'scene' });
  });

  it('no token on a scene: refused "Indiquez la distance" without one; the distance the GM types is used', async () => {
    const kael = await archer(5, SPECIALIST);
    const foe = await orc();
    const posted = FakeChatMessage.created.length;
    expect(await shoot(kael, foe, null)).toEqual([]);
    expect(FakeChatMessage.created.length).toBe(posted);
    expect(world.notifications.at(-1)?.message).toContain('Indiquez la distance de la cible.');
    dice(12, 3);
    await shoot(kael, foe, null, { choices: { targetDistance: 40, distanceFrom: 'dialog' } });
    expect(state().first.range).toEqual({ distance: 40, band: 'short', from: 'dialog' });
    expect(await shownCard()).toContain('40 m (indiquée) : courte portée');
  });
});

describe('Greyhawk attack dialog for missiles', () => {
  const choices: GreyhawkChoices = { ...DEFAULT_CHOICES };

  it('asks a distance only for a target with no scene distance, and offers a throw for a dagger', () => {
    const measured = greyhawkDialogContext('Arc', [], choices, {
      missile: true,
      canThrow: false,
      measured: [{ name: 'Orque', distance: 12.5 }],
    });
    expect(measured.shot).toEqual({
      canThrow: false,
      measured: [{ name: 'Orque', text: '12.5 m (mesurée sur la scène)' }],
      ask: false,
    });
    const asked = greyhawkDialogContext('Dague', [], choices, {
      missile: true,
      canThrow: true,
      measured: [
        { name: 'Orque', distance: 12.5 },
        { name: 'Gobelin', distance: null },
      ],
    });
    expect(asked.shot).toMatchObject({ canThrow: true, ask: true });
    expect(greyhawkDialogContext('Épée', [], choices).shot).toBeNull();
  });

  it('reads the typed distance and the throw tick; an empty field asks nothing', () => {
    const form = new FormData();
    form.set('targetDistance', '27.5');
    form.set('thrown', 'on');
    expect(readGreyhawkChoices(form, choices)).toMatchObject({
      targetDistance: 27.5,
      distanceFrom: 'dialog',
      thrown: true,
    });
    const empty = readGreyhawkChoices(new FormData(), choices);
    expect(empty.targetDistance).toBeUndefined();
    expect(empty.thrown).toBe(false);
  });
});

describe('Greyhawk disarms: tracker and card agree', () => {
  it('G-D5 an expert disarm ticked doubly called: the card rolls −8 once and the tracker adds +2 once', async () => {
    const Actor = g.CONFIG.Actor.documentClass;
    const gord = new Actor({
      name: 'Gord',
      type: 'guerrier-adnd',
      ownerIds: [player.id],
      system: { classes: [{ cls: 'fighter', level: 9 }], proficiencies: ['longSword'] },
    });
    await gord.createEmbeddedDocuments('Item', [
      { name: 'Épée longue', type: 'arme-adnd', system: { ...catalogueSource('longSword'), equipped: true } },
    ]);
    g.game.actors.set(gord.id, gord);
    const foe = await orc();
    // G-D1: a disarm needs a weapon in the victim's hand (read from its documents).
    await foe.createEmbeddedDocuments('Item', [
      { name: 'Hache', type: 'arme-adnd', system: { ...catalogueSource('battleAxe'), equipped: true } },
    ]);
    dice(2);
    actAs(player);
    await startGreyhawkAttack(gord, [...gord.items.values()][0].id, {
      targets: [{ actorUuid: foe.uuid, tokenUuid: '', name: foe.name }],
      skipDialog: true,
      choices: { manoeuvre: 'expertDisarm', calledShot: 2 },
    });
    actAs(gm);
    const called = state().first.attack.modifiers.filter(
      (m: any) => m.source === 'G-D5' || m.source === 'G-C1',
    );
    expect(called).toEqual([expect.objectContaining({ source: 'G-D5', value: -8 })]);
    const round = {
      declarations: { g: { action: 'expertDisarm', calledShot: 2 } },
      combatants: { g: { id: 'g', name: 'Gord', side: 'pc' } },
    };
    expect(describeGreyhawkDeclaration(round as never, 'g', { gm: true } as never)).toBe(
      'Désarmement expert',
    );
    const init = initiativeModifiers(
      { id: 'g', name: 'Gord', side: 'pc', attacksPerTwoRounds: 2, speed: 0 },
      { action: 'expertDisarm', calledShot: 2 },
      { round: 1 },
    );
    expect(init).toEqual([expect.objectContaining({ source: 'G-D5', value: 2 })]);
  });
});
