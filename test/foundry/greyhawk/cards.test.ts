/* eslint-disable @typescript-eslint/no-explicit-any -- reading card state through the fakes */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GREYHAWK_OPTIONS } from '../../../src/engine/greyhawk/options';
import { snapshotOf } from '../../../src/foundry/chat/card';
import { requestCardAction } from '../../../src/foundry/chat/card-action';
import { registerFlow } from '../../../src/foundry/chat/flow';
import {
  greyhawkCardFlows,
  setGreyhawkOptionsSource,
  startGreyhawkAttack,
} from '../../../src/foundry/rulesets/greyhawk/cards';
import type { GreyhawkChoices } from '../../../src/foundry/rulesets/greyhawk/cards/steps';
import { greyhawkRuleset } from '../../../src/foundry/rulesets/greyhawk';
import {
  conditionEffectData,
  greyhawkConditionsOf,
  writeConditions,
} from '../../../src/foundry/rulesets/greyhawk/conditions';
import { catalogueSource } from '../../../src/foundry/rulesets/greyhawk/models/items';
import { actAs, FakeChatMessage, translations, world, type FakeUser } from '../../fakes/foundry';
import { chatWorld, dice, lastMessage, shownCard } from '../chat/helpers';

const g = globalThis as any;
let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

beforeEach(() => {
  ({ gm, player, other } = chatWorld());
  translations.data = JSON.parse(readFileSync('lang/fr.json', 'utf8'));
  Object.assign(g.CONFIG.Actor.dataModels, greyhawkRuleset.actorModels);
  Object.assign(g.CONFIG.Item.dataModels, greyhawkRuleset.itemModels);
  for (const flow of greyhawkCardFlows) registerFlow(flow as never);
  setGreyhawkOptionsSource(() => DEFAULT_GREYHAWK_OPTIONS);
});

async function fighter(
  name: string,
  owner: FakeUser,
  system: Record<string, unknown>,
  weapon = 'longSword',
): Promise<any> {
  const Actor = g.CONFIG.Actor.documentClass;
  const actor = new Actor({
    name,
    type: 'guerrier-adnd',
    ownerIds: [owner.id],
    system: {
      abilities: { str: 16, strPercent: 0, dex: 14, int: 12 },
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['longSword'],
      hp: { value: 30, max: 30 },
      ac: 5,
      ...system,
    },
  });
  await actor.createEmbeddedDocuments('Item', [
    { name: 'Arme', type: 'arme-adnd', system: { ...catalogueSource(weapon), equipped: true } },
  ]);
  g.game.actors.set(actor.id, actor);
  return actor;
}

const weaponId = (a: any): string => [...a.items.values()][0].id;
const target = (a: any) => ({ actorUuid: a.uuid, tokenUuid: '', name: a.name });
const card = (): any => snapshotOf(lastMessage() as never);
const buttons = async (): Promise<string[]> =>
  [...(await shownCard()).matchAll(/data-pda-action="([^"]+)"/g)].map((m) => m[1]!);

async function attack(a: any, d: any, choices: Partial<GreyhawkChoices> = {}) {
  actAs(player);
  const out = await startGreyhawkAttack(a, weaponId(a), { targets: [target(d)], skipDialog: true, choices });
  actAs(gm);
  return out;
}

/** An attack the rules refuse: no card, nothing rolled; the requester's notification text. */
async function refused(a: any, d: any, choices: Partial<GreyhawkChoices> = {}): Promise<string> {
  const posted = FakeChatMessage.created.length;
  const warned = world.notifications.length;
  const hp = d.system.hp.value;
  expect(await attack(a, d, choices)).toEqual([]);
  expect(FakeChatMessage.created.length).toBe(posted);
  expect(d.system.hp.value).toBe(hp);
  expect(world.notifications.length).toBe(warned + 1);
  const last = world.notifications.at(-1)!;
  expect(last.level).toBe('warn');
  return last.message;
}

async function act(id: string, as: FakeUser = gm) {
  actAs(as);
  const r = await requestCardAction(lastMessage().id, id);
  actAs(gm);
  return r;
}

describe('Greyhawk attack cards', () => {
  it('G-P1 a full attack on a kneeling target: d20, modifiers with rule IDs, damage → apply → undo', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, { hp: { value: 20, max: 20 } });
    // THAC0 16 (fighter 5) − AC 5 = 11; STR 16 gives +0 to hit.
    dice(10, 6); // d20 10 + 1 kneeling (G-P1) = 11 ≥ 11: hit only with the +1; 1d8 → 6 (+1 STR damage)
    await attack(gord, brute, { position: 'kneeling' });
    expect(world.notifications).toEqual([]);
    const html = await shownCard();
    expect(html).toContain('G-P1');
    expect(html).toContain('Touché');
    expect(html).toContain('TAC0 16 − CA 5 &#x3D; 11');
    const dmg = card().state.first.damage.total;
    expect(dmg).toBe(7);
    expect(await buttons()).toContain('apply');
    expect((await act('apply')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(20 - dmg);
    expect(card().step).toBe('applied');
    expect((await act('apply')).ok).toBe(false); // a second apply is refused
    expect(brute.system.hp.value).toBe(20 - dmg);
    expect((await act('undo')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(20);
    expect(await shownCard()).toContain('Application annulée');
  });

  it('G-C1 a doubly called shot shows −8 with its rule', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {});
    dice(5);
    await attack(gord, brute, { calledShot: 2, purpose: 'other' });
    const html = await shownCard();
    expect(html).toContain('−8');
    expect(html).toContain('G-C1');
    expect(html).toContain('Raté');
    expect(await buttons()).toEqual([]);
  });

  it('G-D1 a non-proficient fighter cannot disarm: no card, nothing rolled, the refusal told to the player', async () => {
    const gord = await fighter('Gord', player, { proficiencies: [] });
    const brute = await fighter('Brute', other, {});
    expect(await refused(gord, brute, { manoeuvre: 'disarm' })).toBe(
      "Gord n'est pas compétent avec Arme : pas de manœuvre spéciale. (G-W2) Rien n'est lancé ni dépensé : choisissez une autre manœuvre, une autre arme ou une autre action.",
    );
  });

  it('G-SH2 a rush from closer than 3 m is refused with the distance', async () => {
    const gord = await fighter('Gord', player, { shield: 'medium' });
    const brute = await fighter('Brute', other, {});
    expect(await refused(gord, brute, { manoeuvre: 'shieldRush', distance: 2, declared: true })).toContain(
      "À 2 m la charge est impossible : il faut au moins 3 m d'élan. (G-SH2)",
    );
  });

  it('G-G1 seizing without a free hand is refused', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {});
    expect(await refused(gord, brute, { manoeuvre: 'seizeObject', freeHands: 0 })).toContain(
      "Gord n'a pas de main libre. (G-G1)",
    );
  });

  it('G-D2 a first disarm knocks a two-handed weapon off line; a second one throws it', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {}, 'twoHandedSword');
    dice(18); // 18 − 4 = 14 ≥ 11
    await attack(gord, brute, { manoeuvre: 'disarm', grip: 'twoHanded' });
    expect(card().step).toBe('resolved');
    expect(card().state.outcome.result.effect).toBe('offLine');
    expect(await shownCard()).toContain('G-D2');

    dice(18);
    await attack(gord, brute, { manoeuvre: 'disarm', grip: 'twoHanded', earlierDisarms: 1 });
    expect(card().step).toBe('attack');
    expect(await buttons()).toEqual(['followUp']);
    dice(3, 4);
    expect((await act('followUp', player)).ok).toBe(true);
    expect(card().state.outcome.result.effect).toBe('thrown');
    expect(card().state.outcome.result.landing).toEqual({ direction: 3, feet: 4 });
    expect(await shownCard()).toContain('projetée');
  });

  it('G-G1 seize contest: margins decide, the defender clicks, a stranger cannot', async () => {
    const gord = await fighter('Gord', player, { abilities: { str: 17, strPercent: 0, dex: 14, int: 12 } });
    const brute = await fighter('Brute', other, { abilities: { str: 15, strPercent: 0, dex: 12, int: 10 } });
    dice(15); // hit
    await attack(gord, brute, { manoeuvre: 'seizeObject', freeHands: 1 });
    expect(card().step).toBe('attack');
    // The attacker's owner may not roll the defender's resistance.
    expect((await act('followUp', player)).ok).toBe(false);
    // Tie first (17−10 = 7, 15−8 = 7), then 17−5 = 12 vs 15−12 = 3.
    dice(10, 8, 5, 12);
    expect((await act('followUp', other)).ok).toBe(true);
    const outcome = card().state.outcome.result;
    expect(outcome.contest.rolls).toHaveLength(2);
    expect(outcome.outcome).toBe('taken');
    expect(await shownCard()).toContain('objet est pris');
  });

  it('G-SH2 a rush hit: damage, then the target’s stay-up DEX check with its modifiers', async () => {
    const gord = await fighter('Gord', player, { shield: 'large' });
    const brute = await fighter('Brute', other, {});
    dice(15, 2); // hit, 1d3 → 2
    await attack(gord, brute, {
      manoeuvre: 'shieldRush',
      distance: 6,
      declared: true,
      stayUp: { stillOrClosing: true },
    });
    expect(card().step).toBe('attack');
    expect(card().state.first.damage.total).toBe(3); // 2 + 1 STR
    expect(await buttons()).toContain('followUp');
    dice(20);
    expect((await act('followUp', other)).ok).toBe(true);
    const stay = card().state.outcome.result.stayUp;
    expect(stay.target).toBe(14 + 3);
    expect(stay.standing).toBe(false);
    expect(await shownCard()).toContain('renversée');
    expect((await act('apply')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(27);
  });

  it('G-SH1 a shield punch strikes for 1d3 + STR and is refused without a shield', async () => {
    const gord = await fighter('Gord', player, { shield: 'small' });
    const brute = await fighter('Brute', other, {});
    dice(14, 3); // 14 ≥ 11; 1d3 → 3, +1 for STR 16
    await attack(gord, brute, { manoeuvre: 'shieldPunch' });
    expect(card().state.first.attack.outcome).toBe('hit');
    expect(card().state.first.damage.total).toBe(4);
    expect(await shownCard()).toContain('Coup de bouclier');
    const bare = await fighter('Nu', player, {});
    expect(await refused(bare, brute, { manoeuvre: 'shieldPunch' })).toContain(
      "Nu n'a pas de bouclier. (G-SH1)",
    );
  });

  it('G-C1 a user-written name is escaped on the card', async () => {
    const gord = await fighter('<img src=x onerror=alert(1)>', player, {});
    const brute = await fighter('Brute', other, {});
    dice(5);
    await attack(gord, brute);
    expect(await shownCard()).not.toContain('<img src=x');
    expect(await shownCard()).toContain('&lt;img src');
  });

  it('G-C1 carving initials on a hit: 1 damage and the letter on the target, undone by Annuler', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {});
    dice(15); // 15 − 4 (called) = 11 ≥ 11
    await attack(gord, brute, { calledShot: 1, purpose: 'initials' });
    expect(card().state.first.called.letter).toBe('G');
    expect(await shownCard()).toContain('Lettre gravée : G');
    expect((await act('apply')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(29);
    expect(greyhawkConditionsOf(brute).carved).toBe('G');
    expect((await act('undo')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(30);
    expect(greyhawkConditionsOf(brute).carved).toBe('');
  });

  it('G-C1 cutting clothing does no damage but marks the target', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {});
    dice(16);
    await attack(gord, brute, { calledShot: 1, purpose: 'clothing' });
    expect(await buttons()).toEqual(['apply']);
    expect((await act('apply')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(30);
    expect(greyhawkConditionsOf(brute).clothingCut).toBe(true);
  });

  it('G-C1 pinning: the pinned condition (−2 AC and attack) for 3 rounds, refused without a wall', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {});
    dice(17);
    await attack(gord, brute, { calledShot: 1, purpose: 'pin', nearWall: true });
    expect(await shownCard()).toContain('au bout de 3 rounds');
    expect((await act('apply')).ok).toBe(true);
    expect(greyhawkConditionsOf(brute).pinned).toBe(3);
    expect(await shownCard()).toContain('Brute est cloué');
    expect((await act('undo')).ok).toBe(true);
    expect(greyhawkConditionsOf(brute).pinned).toBe(0);

    expect(await refused(gord, brute, { calledShot: 1, purpose: 'pin', nearWall: false })).toContain(
      "Pour épingler, la cible doit se tenir près d'un mur ou d'un meuble.",
    );
  });

  it('G-C1 hostage: needs a full round of hold, then puts the blade at the throat', async () => {
    const gord = await fighter('Gord', player, {});
    const free = await fighter('Libre', other, {});
    expect(await refused(gord, free, { calledShot: 1, purpose: 'hostage' })).toContain(
      'Il faut avoir maîtrisé la victime pendant un round avant de la prendre en otage.',
    );

    const held = await fighter('Otage', other, {});
    // Held for a full round (G-G2): the condition effect the round leaves on the victim.
    await held.createEmbeddedDocuments('ActiveEffect', [
      conditionEffectData({ status: 'held', data: { heldRounds: 1 } }, null),
    ]);
    dice(18);
    await attack(gord, held, { calledShot: 1, purpose: 'hostage' });
    expect(card().state.first.attack.outcome).toBe('hit');
    expect(await shownCard()).toContain('double dégât');
    expect((await act('apply')).ok).toBe(true);
    expect(greyhawkConditionsOf(held).bladeAtThroat).toBe(true);
    expect((await act('undo')).ok).toBe(true);
    expect(greyhawkConditionsOf(held).bladeAtThroat).toBe(false);
    expect(greyhawkConditionsOf(held).held).toBe(true);
  });

  it('G-D2 a thrown weapon leaves the target disarmed, undone by Annuler', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {}, 'twoHandedSword');
    dice(18);
    await attack(gord, brute, { manoeuvre: 'disarm', grip: 'twoHanded', earlierDisarms: 1 });
    expect(await buttons()).toEqual(['followUp']);
    dice(3, 4);
    expect((await act('followUp', player)).ok).toBe(true);
    expect(await buttons()).toEqual(['apply']);
    expect((await act('apply')).ok).toBe(true);
    expect(greyhawkConditionsOf(brute).disarmed).toBe(true);
    expect(brute.system.hp.value).toBe(30);
    expect((await act('undo')).ok).toBe(true);
    expect(greyhawkConditionsOf(brute).disarmed).toBe(false);
  });

  it('G-G2 a won hold marks the victim held', async () => {
    const gord = await fighter('Gord', player, { abilities: { str: 17, strPercent: 0, dex: 14, int: 12 } });
    const brute = await fighter('Brute', other, { abilities: { str: 15, strPercent: 0, dex: 12, int: 10 } });
    dice(15);
    await attack(gord, brute, { manoeuvre: 'seizePerson', freeHands: 1 });
    // Holding STR 17 − 3 = 14: 14 − 2 = 12 against 15 − 10 = 5.
    dice(2, 10);
    expect((await act('followUp', other)).ok).toBe(true);
    expect(card().state.outcome.result.holderStr).toBe(14);
    expect((await act('apply')).ok).toBe(true);
    expect(greyhawkConditionsOf(brute).held).toBe(true);
    expect(greyhawkConditionsOf(brute).heldRounds).toBe(0);
    expect(await shownCard()).toContain('Brute est tenu');
    expect((await act('undo')).ok).toBe(true);
    expect(greyhawkConditionsOf(brute).held).toBe(false);
  });

  it('G-SH2 a rush that knocks the target down leaves it prone with the damage; Annuler restores both', async () => {
    const gord = await fighter('Gord', player, { shield: 'large' });
    const brute = await fighter('Brute', other, {});
    dice(15, 2);
    await attack(gord, brute, {
      manoeuvre: 'shieldRush',
      distance: 6,
      declared: true,
      stayUp: { stillOrClosing: true },
    });
    dice(20);
    expect((await act('followUp', other)).ok).toBe(true);
    expect((await act('apply')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(27);
    expect(greyhawkConditionsOf(brute).prone).toBe(true);
    expect((await act('undo')).ok).toBe(true);
    expect(brute.system.hp.value).toBe(30);
    expect(greyhawkConditionsOf(brute).prone).toBe(false);
  });

  it('G-C1 a pin pulled free since the apply blocks its undo, with the reason; nothing is written', async () => {
    const gord = await fighter('Gord', player, {});
    const brute = await fighter('Brute', other, {});
    dice(17);
    await attack(gord, brute, { calledShot: 1, purpose: 'pin', nearWall: true });
    expect((await act('apply')).ok).toBe(true);
    expect([...brute.statuses]).toEqual(['greyhawk-pinned']);
    // The victim spends its round pulling free (the sheet's button writes the same effect away).
    await writeConditions(brute, { ...greyhawkConditionsOf(brute), pinned: 0 });
    expect(await act('undo')).toMatchObject({
      ok: false,
      key: 'PDA.Chat.Undo.TargetChanged',
      data: { name: 'Brute', field: 'conditions.pinned' },
    });
    expect(card().step).toBe('applied');
    expect(greyhawkConditionsOf(brute).pinned).toBe(0);
    expect(brute.effects).toEqual([]);
  });
});
