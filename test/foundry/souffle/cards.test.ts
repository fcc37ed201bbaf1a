/* eslint-disable @typescript-eslint/no-explicit-any -- reading card state through the fakes */
import { beforeEach, describe, expect, it } from 'vitest';
import { liveActions, snapshotOf } from '../../../src/foundry/chat/card';
import { requestCardAction } from '../../../src/foundry/chat/card-action';
import {
  postSouffleAim,
  startSouffleAttack,
  startSouffleGrapple,
} from '../../../src/foundry/rulesets/souffle/cards/start';
import { startSouffleFlee } from '../../../src/foundry/rulesets/souffle/cards/flee-flow';
import { actAs, FakeChatMessage, world, type FakeUser } from '../../fakes/foundry';
import { dice, lastMessage, shownCard, LONG_SWORD, souffleFighter, souffleWorld, targetOf } from './helpers';

let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

beforeEach(() => {
  ({ gm, player, other } = souffleWorld());
});

const card = () => snapshotOf<any>(lastMessage() as never);
async function act(actionId: string, as: FakeUser = gm) {
  actAs(as);
  const result = await requestCardAction(lastMessage().id, actionId);
  actAs(gm);
  return result;
}
const buttons = async () => [...(await shownCard()).matchAll(/data-pda-action="([^"]+)"/g)].map((m) => m[1]);

/** S-AT3's Gardien: vigueur 3, métier 4, two long swords (+1 advantage, +3 damage). */
async function gardien(name = 'Gardien') {
  return souffleFighter({
    name,
    owner: player,
    geste: 2,
    vigueur: 3,
    metiers: [{ name: 'Gardien', level: 4 }],
    souffle: 10,
    weapons: [
      { id: 'sword00000000001', name: 'Épée longue', ...LONG_SWORD },
      { id: 'sword00000000002', name: 'Épée longue', ...LONG_SWORD },
    ],
  });
}

/**
 * S-DF3's Chasseur: défense 5, métier 3, a long sword to parry with (S-DF1); in posture défensif
 * his defence is "significatif".
 */
async function chasseur(extra: Record<string, unknown> = {}) {
  return souffleFighter({
    name: 'Chasseur',
    owner: other,
    defense: 5,
    metiers: [{ name: 'Chasseur', level: 3 }],
    souffle: 3,
    pv: 10,
    posture: 'defensif',
    weapons: [{ id: 'csword0000000001', name: 'Épée longue', ...LONG_SWORD }],
    ...extra,
  });
}

async function attack(attacker: any, defender: any, weaponId: string, opts: Record<string, unknown> = {}) {
  actAs(player);
  const messages = await startSouffleAttack(attacker, weaponId, {
    targets: [targetOf(defender)],
    skipDialog: true,
    ...opts,
  });
  actAs(gm);
  return messages;
}

describe('Souffle attack card', () => {
  it('S-AT3 level 8, dice 1 and 7, forced by 5 souffle; S-DF3 15 − 4 − 5 − 2 = 4; apply then undo', async () => {
    const g = await gardien();
    const c = await chasseur();
    dice(1, 7);
    expect(await attack(g, c, 'sword00000000001')).toHaveLength(1);
    expect(card().state.attack).toMatchObject({
      level: 8,
      die: 7,
      weaponDamage: 3,
      potential: 10,
      maxForce: 5,
    });
    expect(await shownCard()).toContain('le meilleur de 1d10 et 1d12 : 1, [7]');
    expect(await buttons()).toEqual(['force1', 'forceMax', 'noForce', 'parade', 'esquive', 'position']);

    // S-AT2: the attacker's owner forces to the cap; the souffle leaves the attacker.
    expect((await act('forceMax', player)).ok).toBe(true);
    expect(card().state.attack).toMatchObject({ forced: 5, potential: 15, maxForce: 0 });
    expect(g.system.souffle.value).toBe(5);

    // The defender's owner parries: défensif gives +2, one d12, which shows 4.
    dice(4);
    expect((await act('parade', other)).ok).toBe(true);
    expect(card().state.defence.result).toMatchObject({ die: 4, defense: 5, halfMetier: 2, taken: 4 });
    expect(await shownCard()).toContain('15 − 4 − 5 − 2 &#x3D; 4');

    // The GM applies: 3 souffle, then 1 PV (S-DF3), fatigué and épuisé ticked.
    expect((await act('apply')).ok).toBe(true);
    expect(c.system.souffle.value).toBe(0);
    expect(c.system.pv.value).toBe(9);
    expect(c.system.wounds).toEqual([1]);
    expect(c.statuses.has('fatigue')).toBe(true);
    expect(c.statuses.has('epuise')).toBe(true);
    // A second apply (another click racing) is refused: the card moved on.
    const again = await act('apply');
    expect(again.ok).toBe(false);
    expect(c.system.pv.value).toBe(9);

    expect((await act('undo')).ok).toBe(true);
    expect(c.system.souffle.value).toBe(3);
    expect(c.system.pv.value).toBe(10);
    expect(c.system.wounds).toEqual([]);
    expect(c.statuses.has('fatigue')).toBe(false);
    expect(c.statuses.has('epuise')).toBe(false);
    expect(await buttons()).toContain('apply');
  });

  it("S-DF1 the defence roll belongs to the defender's owner or the GM", async () => {
    const g = await gardien();
    const c = await chasseur();
    dice(1, 7);
    await attack(g, c, 'sword00000000001');
    const message = lastMessage() as never;
    expect(liveActions(message, player as never).get('parade')?.visible).toBe(false);
    expect(liveActions(message, other as never).get('parade')?.visible).toBe(true);
    expect(liveActions(message, gm as never).get('parade')?.visible).toBe(true);
    // S-AT2 (issue 46): the defence waits for the attacker's forcing choice.
    expect(await act('parade', other)).toMatchObject({ ok: false, key: 'PDA.Souffle.Chat.WaitForce' });
    expect((await act('noForce', player)).ok).toBe(true);
    const refused = await act('parade', player);
    expect(refused).toMatchObject({ ok: false, key: 'PDA.Error.CardNotYours' });
    expect(card().step).toBe('attack');
    // The GM may roll it for an absent player.
    dice(4);
    expect((await act('esquive', gm)).ok).toBe(true);
    expect(card().step).toBe('defended');
  });

  it('S-MN2 a failed test disarms; one luck point cancels the disarm; undo restores the luck', async () => {
    const g = await souffleFighter({
      name: 'Gardien',
      owner: player,
      vigueur: 3,
      weapons: [{ id: 'sword00000000001', name: 'Épée longue', ...LONG_SWORD }],
    });
    const c = await souffleFighter({
      name: 'Chasseur',
      owner: other,
      geste: 1,
      acuite: 1,
      chance: 1,
      posture: 'prudent',
    });
    // S-AT7: aiming to disarm is a short action that prepares the next attack (+1: level 4).
    actAs(player);
    await postSouffleAim(g, 'desarmer', { target: targetOf(c) });
    expect(await shownCard()).toContain('Désarmer');
    dice(3, 6); // 1d4+1d12 keep best → 6; + 3 (sword) = 9
    await attack(g, c, 'sword00000000001');
    expect(card().state.attack).toMatchObject({ level: 4, aim: 'desarmer', potential: 9 });
    expect(g.getFlag('passe-d-armes', 'souffleAim')).toBeFalsy();
    await act('noForce', player); // S-AT2 (issue 46): the attacker forces no more
    dice(3, 5); // no advantage: 2d10, keep the worse → 3; 9 − 3 − 2 − 0 = 4
    await act('esquive', other);
    expect(card().state.defence.result.taken).toBe(4);
    // Apply waits for the test.
    expect(await buttons()).toEqual(['test', 'apply']);
    expect((await act('apply')).ok).toBe(false);
    dice(2, 3, 4, 5); // geste + acuité 2 − 4 = −2: 4d10 keep the worst → 2 < 6
    expect((await act('test', other)).ok).toBe(true);
    expect(card().state.test).toMatchObject({ kind: 'desarmer', effect: true });
    await act('apply');
    expect(c.statuses.has('desarme')).toBe(true);
    expect(await buttons()).toEqual(['undo', 'luck']);

    expect((await act('luck', other)).ok).toBe(true);
    expect(c.statuses.has('desarme')).toBe(false);
    expect(c.system.chance).toBe(0);
    expect(await shownCard()).toContain('Un point de chance annule le désarmement.');
    await act('undo');
    expect(c.system.chance).toBe(1);
    expect(c.system.pv.value).toBe(10);
  });

  it('S-MN3 a knock-out needs a poor defence: against a normal one the test is refused with the reason', async () => {
    const g = await souffleFighter({
      name: 'Gardien',
      owner: player,
      vigueur: 3,
      weapons: [{ id: 'mace000000000001', name: 'Masse', category: 'moyenne', damage: 3, blunt: true }],
    });
    const c = await souffleFighter({ name: 'Chasseur', owner: other, posture: 'prudent' });
    dice(3, 6);
    await attack(g, c, 'mace000000000001', { aim: 'assommer' });
    await act('noForce', player); // S-AT2 (issue 46): the attacker forces no more
    dice(3, 5);
    await act('esquive', other);
    const live = liveActions(lastMessage() as never, gm as never);
    expect(live.get('test')).toMatchObject({ enabled: false });
    expect(live.get('test')?.reason).toContain('Assommer exige');
    expect(live.get('apply')?.enabled).toBe(true);
  });

  it('S-GR1 a grapple is an opposed 1d4 + vigueur roll; the GM applies the hold and may undo it', async () => {
    const g = await souffleFighter({ name: 'Lutteur', owner: player, vigueur: 3 });
    const c = await souffleFighter({ name: 'Chasseur', owner: other, vigueur: 1 });
    actAs(player);
    dice(2, 3); // 2 + 3 = 5 against 3 + 1 = 4
    await startSouffleGrapple(g, targetOf(c));
    actAs(gm);
    expect(card().state.result).toEqual({
      grabbed: true,
      automatic: false,
      attackerScore: 5,
      targetScore: 4,
    });
    await act('apply');
    expect(c.statuses.has('agrippe')).toBe(true);
    await act('undo');
    expect(c.statuses.has('agrippe')).toBe(false);
  });

  it('S-AT1 a user-written name stays escaped on the card', async () => {
    const g = await gardien('<img src=x onerror=alert(1)>');
    const c = await chasseur();
    dice(1, 7);
    await attack(g, c, 'sword00000000001');
    const html = await shownCard();
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
  });

  it('S-FL1 a grabbed fighter cannot flee: refused with the reason, no card posted', async () => {
    const runner = await souffleFighter({ name: 'Fuyard', owner: player });
    await runner.createEmbeddedDocuments('ActiveEffect', [{ name: 'agrippe', statuses: ['agrippe'] }]);
    const before = FakeChatMessage.created.length;
    actAs(player);
    expect(await startSouffleFlee(runner, { situation: 'libre' })).toBeNull();
    actAs(gm);
    expect(FakeChatMessage.created.length).toBe(before);
    expect(world.notifications.at(-1)?.message).toBe("Un personnage entravé ne peut pas s'enfuir.");
  });

  it('S-FL1 cornered, a failed defence against the threshold: with no foe within reach (no scene) nobody may strike, the GM may slow the runner', async () => {
    const runner = await souffleFighter({ name: 'Fuyard', owner: player, defense: 2 });
    actAs(player);
    dice(3, 7); // defence level 0: 2d10 keep worst → 3, + défense 2 = 5 against 8
    await startSouffleFlee(runner, { situation: 'coince', threshold: 8 });
    actAs(gm);
    expect(card().step).toBe('caught');
    expect(card().targets).toEqual([]);
    expect(card().state.result).toMatchObject({
      fled: false,
      score: 5,
      consequences: ['attaque', 'freine'],
    });
    expect(await buttons()).toEqual(['attaque', 'freine']);
    // Only the GM picks the price; with no foe within reach the attack is refused.
    expect((await act('attaque', player)).ok).toBe(false);
    expect(await act('attaque')).toMatchObject({ ok: false, key: 'PDA.Souffle.Flee.NoFoe' });
    expect((await act('freine')).ok).toBe(true);
  });

  it('S-FL1 flanked, a defence reaching the threshold gets away with no price', async () => {
    const runner = await souffleFighter({ name: 'Fuyard', owner: player, defense: 2 });
    actAs(player);
    dice(9, 6); // 2d10 keep worst → 6, + 2 = 8 against 8
    await startSouffleFlee(runner, { situation: 'tenaille', threshold: 8 });
    actAs(gm);
    expect(card().step).toBe('fled');
    expect(await buttons()).toEqual([]);
  });
});
