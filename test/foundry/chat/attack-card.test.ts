/* eslint-disable @typescript-eslint/no-explicit-any -- reading card state through the fakes */
import { beforeEach, describe, expect, it } from 'vitest';
import { FANTASIA_WEAPONS } from '../../../src/engine/fantasia/weapons';
import { startAttack } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { snapshotOf } from '../../../src/foundry/chat/card';
import {
  CARD_ACTION_QUERY,
  handleCardAction,
  requestCardAction,
} from '../../../src/foundry/chat/card-action';
import { runRequest } from '../../../src/foundry/queries';
import { actAs, world, type FakeUser } from '../../fakes/foundry';
import {
  chatWorld,
  declare,
  dice,
  fighter,
  lastMessage,
  shownCard,
  newCombat,
  targetOf,
  type TestActor,
} from './helpers';

let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

beforeEach(() => {
  ({ gm, player, other } = chatWorld());
});

function state(): any {
  return snapshotOf(lastMessage() as never).state;
}
function step(): string {
  return snapshotOf(lastMessage() as never).step;
}
function revision(): number {
  return snapshotOf(lastMessage() as never).revision;
}
async function act(actionId: string, as: FakeUser = gm) {
  actAs(as);
  const result = await requestCardAction(lastMessage().id, actionId);
  actAs(gm);
  return result;
}
async function buttons(): Promise<string[]> {
  return [...(await shownCard()).matchAll(/data-pda-action="([^"]+)"/g)].map((m) => m[1]!);
}
async function disabledReason(actionId: string): Promise<string | undefined> {
  const re = new RegExp(
    `data-pda-action="${actionId.replace('.', '\\.')}"[^>]*disabled[\\s\\S]*?pda-card__reason">([^<]*)<`,
  );
  return re.exec(await shownCard())?.[1];
}

async function attack(
  attacker: TestActor,
  defender: TestActor,
  opts: Record<string, unknown> = {},
  weaponId = 'epeeLongue',
) {
  actAs(player);
  const messages = await startAttack(attacker as never, weaponId, {
    targets: [targetOf(defender)],
    skipDialog: true,
    ...opts,
  });
  actAs(gm);
  return messages;
}

function duel() {
  const aldo = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 }, damageBonus: '1d4' });
  const brute = fighter({ name: 'Brute', owner: other, skills: { armesDeMelee: 40 }, armour: 2, pv: 14 });
  return { aldo, brute };
}

describe('the attack card chain', () => {
  it('F-H5 hit → parry fails → critical damage → apply → undo, all on one message', async () => {
    const { aldo, brute } = duel();
    dice(3); // d100 03: critical
    await attack(aldo, brute);
    expect(world.notifications).toEqual([]);
    expect(step()).toBe('defence');
    expect(await shownCard()).toContain('Critique');
    expect(await shownCard()).toContain('F-H1');

    // Brute's owner parries with his sword: d100 70 against 40 % fails.
    // Damage: sword 1d6+2 (d6 4), the critical's second 1d6 (5), Aldo's 1d4 bonus in melee (3).
    dice(70, 4, 5, 3);
    const parry = await act('parry.epeeLongue', other);
    expect(parry.ok).toBe(true);
    expect(step()).toBe('damage');
    const damage = state().damage;
    expect(damage.parts.map((p: any) => [p.rule, p.total])).toEqual([
      ['F-H2', 6],
      ['F-H5', 5],
      ['F-H4', 3],
    ]);
    expect(damage.armour).toBe(2);
    expect(damage.total).toBe(12);
    expect(await shownCard()).toContain('F-H3');

    const apply = await act('apply', other);
    expect(apply.ok).toBe(true);
    expect(brute.system.pv.value).toBe(2);
    expect(step()).toBe('applied');
    expect(await buttons()).toEqual(['undo']);

    const undo = await act('undo', other);
    expect(undo.ok).toBe(true);
    expect(brute.system.pv.value).toBe(14);
    expect(step()).toBe('damage');
    expect(await shownCard()).toContain('Application annulée');
    expect(world.notifications).toEqual([]);
    // One message for the whole chain.
    expect(lastMessage().rolls.length).toBeGreaterThan(0);
  });

  it("a private roll mode keeps the card from the table but not from the defender's owner", async () => {
    const { aldo, brute } = duel();
    world.settings.set('core.rollMode', 'gmroll');
    dice(30);
    await attack(aldo, brute);
    const message = lastMessage() as unknown as { whisper: string[]; blind: boolean };
    // The GM, the attacker's player and the defender's player, who must use the defence buttons.
    expect([...message.whisper].sort()).toEqual([gm.id, player.id, other.id].sort());
    expect(message.blind).toBe(false);
    world.settings.set('core.rollMode', 'blindroll');
    dice(30);
    await attack(aldo, brute);
    const blind = lastMessage() as unknown as { whisper: string[]; blind: boolean };
    expect(blind.blind).toBe(false);
    expect(blind.whisper).toContain(other.id);
    world.settings.set('core.rollMode', 'publicroll');
    dice(30);
    await attack(aldo, brute);
    expect((lastMessage() as unknown as { whisper: string[] }).whisper).toEqual([]);
  });

  it('F-H4 no damage bonus at range; F-H3 armour subtracted', async () => {
    const archer = fighter({
      name: 'Archer',
      owner: player,
      skills: { armesDeTir: 70 },
      damageBonus: '1d4',
      weapons: [FANTASIA_WEAPONS.arc],
    });
    const target = fighter({ name: 'Cible', owner: other, armour: 3 });
    dice(20);
    await attack(archer, target, {}, 'arc');
    dice(6); // 1d6+1 → 7, no bonus, armour 3
    await act('none', other);
    expect(state().damage.parts.map((p: any) => p.rule)).toEqual(['F-H2']);
    expect(state().damage.total).toBe(4);
  });

  it('F-D1 dodge is refused when not declared, offered when declared', async () => {
    const { aldo, brute } = duel();
    declare(brute, {}); // a tracked round in which Brute declared nothing
    dice(30);
    await attack(aldo, brute);
    expect(await disabledReason('dodge')).toBeTruthy();
    const refused = await act('dodge', other);
    expect(refused.ok).toBe(false);
    expect(step()).toBe('defence');

    declare(brute, { dodgeDeclared: true });
    dice(30);
    await attack(aldo, brute);
    expect(await disabledReason('dodge')).toBeUndefined();
    dice(10); // Esquive DEX×2 = 24 %: 10 succeeds
    const dodged = await act('dodge', other);
    expect(dodged.ok).toBe(true);
    expect(step()).toBe('done');
    expect(state().defence.success).toBe(true);
    expect(brute.system.pv.value).toBe(14);
  });

  it('F-D2 one parry a round: a second parry is refused with the reason', async () => {
    const { aldo, brute } = duel();
    const combat = newCombat();
    // Brute parries a first blow through the card (d100 70 against 40 % fails: still spent).
    dice(30);
    await attack(aldo, brute, { combatId: combat.id });
    expect(await disabledReason('parry.epeeLongue')).toBeUndefined();
    dice(70, 3);
    expect((await act('parry.epeeLongue', other)).ok).toBe(true);
    expect(state().defence).toMatchObject({ kind: 'parry', success: false });
    // A second blow in the same round: the parry is refused with its reason.
    dice(30);
    await attack(aldo, brute, { combatId: combat.id });
    expect(await disabledReason('parry.epeeLongue')).toBe('Une seule parade par round');
    expect((await act('parry.epeeLongue', other)).ok).toBe(false);
    expect(step()).toBe('defence');
  });

  it('F-D3 a missile is parried only with a shield', async () => {
    const archer = fighter({
      name: 'Archer',
      owner: player,
      skills: { armesDeTir: 70 },
      weapons: [FANTASIA_WEAPONS.arc],
    });
    const swordOnly = fighter({ name: 'Épéiste', owner: other });
    dice(20);
    await attack(archer, swordOnly, {}, 'arc');
    expect(await disabledReason('parry.epeeLongue')).toBe(
      'Un projectile ne se pare qu&#x27;avec un bouclier',
    );
    expect((await act('parry.epeeLongue', other)).ok).toBe(false);

    const shielded = fighter({
      name: 'Bouclier',
      owner: other,
      skills: { armesDeMelee: 50 },
      shield: { id: 'rondache', name: 'Rondache', parryBonus: 10, parriesMissiles: true },
    });
    dice(20);
    await attack(archer, shielded, {}, 'arc');
    expect(await disabledReason('parry.epeeLongue')).toBeTruthy();
    expect(await disabledReason('parry.shield')).toBeUndefined();
    dice(55); // 50 % + 10 % shield (F-D4) = 60 %
    const parried = await act('parry.shield', other);
    expect(parried.ok).toBe(true);
    expect(state().defence.roll.modifiers).toEqual([
      { rule: 'F-D4', key: 'PDA.Fantasia.Mod.Shield', value: 10 },
    ]);
    expect(step()).toBe('done');
  });

  it('F-W5 a crossbowman reloading can neither parry nor dodge', async () => {
    const { aldo, brute } = duel();
    brute.system.states = { reloadingWeapon: 'arbalete' };
    declare(brute, { dodgeDeclared: true });
    dice(30);
    await attack(aldo, brute);
    expect(await disabledReason('parry.epeeLongue')).toBeTruthy();
    expect(await disabledReason('dodge')).toBeTruthy();
    expect(await buttons()).toContain('none');
  });

  it('F-D5 cover is a malus on the attack, shown with its rule', async () => {
    const { aldo, brute } = duel();
    dice(50); // 60 − 20 = 40: fails
    await attack(aldo, brute, { cover: 20 });
    expect(state().attack.roll.modifiers).toEqual([
      { rule: 'F-D5', key: 'PDA.Fantasia.Mod.Cover', value: -20 },
    ]);
    expect(step()).toBe('done');
    expect(await shownCard()).toContain('F-D5');
    expect(await shownCard()).toContain('-20 %');
  });
});

describe('applying damage safely', () => {
  it('double apply from two users at once changes the PV once', async () => {
    const { aldo, brute } = duel();
    dice(30);
    await attack(aldo, brute);
    dice(99, 4, 2); // parry fails; 1d6+2 = 6, bonus 2 → 8 − 2 armour = 6
    await act('parry.epeeLongue', other);
    const rev = revision();
    const id = lastMessage().id;
    actAs(gm);
    const [a, b] = await Promise.all([
      runRequest(CARD_ACTION_QUERY, { messageId: id, actionId: 'apply', revision: rev }, gm as never),
      runRequest(CARD_ACTION_QUERY, { messageId: id, actionId: 'apply', revision: rev }, other as never),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(brute.system.pv.value).toBe(8);
    expect(step()).toBe('applied');
    // The same click replayed later is refused too (idempotent).
    const again = await runRequest(
      CARD_ACTION_QUERY,
      { messageId: id, actionId: 'apply', revision: rev },
      gm as never,
    );
    expect(again.ok).toBe(false);
    expect(brute.system.pv.value).toBe(8);
  });

  it("a player cannot apply damage to an actor they do not own; the owner's click goes through the GM", async () => {
    const { aldo, brute } = duel();
    dice(30);
    await attack(aldo, brute);
    dice(99, 1, 1);
    await act('none', other);
    const refused = await act('apply', player);
    expect(refused).toMatchObject({ ok: false, key: 'PDA.Error.CardNotYours' });
    expect(brute.system.pv.value).toBe(14);
    const done = await act('apply', other);
    expect(done.ok).toBe(true);
    expect(brute.system.pv.value).toBeLessThan(14);
  });

  it('defender buttons are marked with the target as owner (hidden from others by the hook)', async () => {
    const { aldo, brute } = duel();
    dice(30);
    await attack(aldo, brute);
    const owners = [...(await shownCard()).matchAll(/data-pda-owners="([^"]*)"/g)].map((m) => m[1]);
    expect(owners.every((o) => o === brute.uuid)).toBe(true);
  });

  it('a card whose target was deleted stays readable and its buttons say why', async () => {
    const { aldo, brute } = duel();
    dice(30);
    await attack(aldo, brute);
    (globalThis as any).game.actors.delete(brute.id);
    const result = await handleCardAction(
      { userId: gm.id, messageId: lastMessage().id, actionId: 'none', revision: revision() },
      gm as never,
    ).catch((e: unknown) => e);
    expect((result as { key?: string }).key).toBe('PDA.Chat.Gone.Actor');
    expect(await shownCard()).toContain('Brute');
  });
});
