/* eslint-disable @typescript-eslint/no-explicit-any -- reading card state through the fakes */
import { beforeEach, describe, expect, it } from 'vitest';
import { FANTASIA_WEAPONS } from '../../../src/engine/fantasia/weapons';
import type { FantasiaWeapon } from '../../../src/engine/fantasia/types';
import { startAttack } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { liveActions, snapshotOf } from '../../../src/foundry/chat/card';
import { requestCardAction } from '../../../src/foundry/chat/card-action';
import { postResistanceRoll } from '../../../src/foundry/rulesets/fantasia/cards/resistance';
import { actAs, world, type FakeUser } from '../../fakes/foundry';
import {
  chatWorld,
  dice,
  fighter,
  lastMessage,
  shownCard,
  newCombat,
  targetOf,
  type TestActor,
} from './helpers';

const g = globalThis as any;
let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

beforeEach(() => {
  ({ gm, player, other } = chatWorld());
});

const card = () => snapshotOf<any>(lastMessage() as never);
async function act(actionId: string, as: FakeUser = gm) {
  actAs(as);
  const result = await requestCardAction(lastMessage().id, actionId);
  actAs(gm);
  return result;
}
async function attack(
  attacker: TestActor,
  defender: TestActor,
  weaponId: string,
  opts: Record<string, unknown> = {},
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
async function buttons(): Promise<string[]> {
  return [...(await shownCard()).matchAll(/data-pda-action="([^"]+)"/g)].map((m) => m[1]!);
}

function withWeapon(weapon: FantasiaWeapon, extra: Record<string, unknown> = {}) {
  const attacker = fighter({
    name: 'Aldo',
    owner: player,
    skills: { armesDeMelee: 60, armesDeTir: 60, armesAFeu: 60, bagarre: 60 },
    damageBonus: '1d4',
    weapons: [weapon],
    characteristics: { FOR: 16, DEX: 12, CHA: 10 },
    ...extra,
  });
  const foe = fighter({ name: 'Brute', owner: other, pv: 14 });
  return { attacker, foe };
}

describe('fumbles: the GM picks, effects land on the attacker', () => {
  it('F-H6 a melee fumble offers break / balance / friend, to the GM only', async () => {
    const { attacker, foe } = withWeapon(FANTASIA_WEAPONS.epeeLongue);
    dice(98);
    await attack(attacker, foe, 'epeeLongue');
    expect(card().step).toBe('fumble');
    expect(await buttons()).toEqual(['fumble.weaponBreaks', 'fumble.loseBalance', 'fumble.hitFriend']);
    expect(liveActions(lastMessage() as never, player as never).get('fumble.weaponBreaks')?.visible).toBe(
      false,
    );
    expect(await act('fumble.weaponBreaks', player)).toMatchObject({
      ok: false,
      key: 'PDA.Error.CardNotYours',
    });
    expect((await act('fumble.weaponBreaks')).ok).toBe(true);
    expect(attacker.system.states.brokenWeapons).toEqual(['epeeLongue']);
    expect(card().step).toBe('done');
  });

  it('F-H6 losing balance: DEX×3 failed → fallen and no attack next round', async () => {
    const { attacker, foe } = withWeapon(FANTASIA_WEAPONS.epeeLongue);
    dice(99);
    await attack(attacker, foe, 'epeeLongue');
    dice(50); // DEX 12 × 3 = 36: fails
    await act('fumble.loseBalance');
    expect(attacker.system.states).toMatchObject({ fallen: true });
    expect([...attacker.statuses]).toEqual(['skipNextAttack']);
    expect(card().state.fumble.roll.target).toBe(36);
  });

  it('F-H6 the blow hits a friend the GM targets; the card goes on against the friend', async () => {
    const { attacker, foe } = withWeapon(FANTASIA_WEAPONS.epeeLongue);
    const friend = fighter({ name: 'Ami', owner: player, pv: 12 });
    dice(97);
    await attack(attacker, foe, 'epeeLongue');
    expect((await act('fumble.hitFriend')).ok).toBe(false); // no friend targeted yet
    g.game.user.targets = new Set([{ actor: friend, document: { uuid: '' }, name: 'Ami' }]);
    dice(3, 2); // 1d6+2 → 5, bonus 1d4 → 2
    expect((await act('fumble.hitFriend')).ok).toBe(true);
    expect(card().step).toBe('damage');
    expect(card().targets[0]?.name).toBe('Ami');
    expect((await act('apply', player)).ok).toBe(true);
    expect(friend.system.pv.value).toBe(5);
  });

  it('F-H7 bow: the string goes; crossbow: the mechanism jams', async () => {
    const { attacker, foe } = withWeapon(FANTASIA_WEAPONS.arc);
    dice(98);
    await attack(attacker, foe, 'arc');
    expect(await buttons()).toEqual(['fumble.hitFriend', 'fumble.bowString']);
    await act('fumble.bowString');
    expect(attacker.engineView<any>().states.jammed).toEqual({ weaponId: 'arc', cause: 'bowString' });

    const x = withWeapon(FANTASIA_WEAPONS.arbalete);
    dice(98);
    await attack(x.attacker, x.foe, 'arbalete');
    await act('fumble.crossbowJammed');
    expect(x.attacker.engineView<any>().states.jammed).toEqual({ weaponId: 'arbalete', cause: 'crossbow' });
  });

  it('F-H8 Bagarre: the GM improvises among narrative outcomes', async () => {
    const { attacker, foe } = withWeapon(FANTASIA_WEAPONS.bagarre);
    dice(96);
    await attack(attacker, foe, 'bagarre');
    expect(await buttons()).toEqual([
      'fumble.improviseFall',
      'fumble.improviseStuck',
      'fumble.improviseNothing',
    ]);
    await act('fumble.improviseFall');
    expect(attacker.system.states.fallen).toBe(true);
  });

  it('F-W6 arquebus fumble: a failed Chance roll, then the incident table (95–00 bursts)', async () => {
    const { attacker, foe } = withWeapon(FANTASIA_WEAPONS.arquebuse, { pv: 14 });
    dice(99);
    await attack(attacker, foe, 'arquebuse');
    expect(await buttons()).toEqual(['fumble.arquebusChance']);
    dice(80, 97, 4); // Chance 10×5 = 50 fails; incident 97: burst; 1d6 = 4 to the shooter
    await act('fumble.arquebusChance');
    expect(card().state.fumble.incident).toBe('burst');
    // Like any damage, the burst waits for Appliquer and can be undone.
    expect(attacker.system.pv.value).toBe(14);
    expect(await buttons()).toEqual(['applyBurst']);
    await act('applyBurst');
    expect(attacker.system.pv.value).toBe(10);
    expect(await buttons()).toEqual(['undoBurst']);
    await act('undoBurst');
    expect(attacker.system.pv.value).toBe(14);
    expect(await shownCard()).toContain('F-W6');
  });

  it('F-W6 a plain arquebus miss asks the shooter for a Chance roll', async () => {
    const { attacker, foe } = withWeapon(FANTASIA_WEAPONS.arquebuse);
    dice(80);
    await attack(attacker, foe, 'arquebuse');
    expect(card().step).toBe('mishap');
    dice(20); // Chance 50 %: succeeds, nothing happens
    expect((await act('chance', player)).ok).toBe(true);
    expect(card().state.mishap.chance.success).toBe(true);
    expect(card().step).toBe('done');
  });
});

describe('secret thrusts on the card', () => {
  function swordsman() {
    const attacker = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
    void attacker.createEmbeddedDocuments('Item', [
      {
        _id: 'botteFauch0001',
        name: 'Faucheuse',
        type: 'botte',
        system: { thrustId: 'faucheuse', crosses: 0 },
      },
    ]);
    const foe = fighter({ name: 'Brute', owner: other, pv: 14, skills: { armesDeMelee: 50 } });
    return { attacker, foe };
  }

  it('F-B4 a critical thrust leaves no parry or dodge; F-B6 it earns two crosses', async () => {
    const { attacker, foe } = swordsman();
    dice(2); // 60 − 5 (F-B3): 02 is a critical
    await attack(attacker, foe, 'epeeLongue', { thrustId: 'faucheuse' });
    expect(card().state.attack.roll.modifiers[0]).toMatchObject({ rule: 'F-B3', value: -5 });
    expect(card().step).toBe('defence');
    expect(await shownCard()).toContain('F-B4');
    expect(await act('parry.epeeLongue', other)).toMatchObject({ ok: false });
    dice(4, 5); // 1d6+2 → 6, critical 1d6 → 5
    expect((await act('none', other)).ok).toBe(true);
    expect(card().state.damage.total).toBe(11);
    expect(attacker.items.get('botteFauch0001').system.crosses).toBe(2);
  });

  it('F-B3 the thrust malus also applies to the parry; F-B5 the fight remembers it', async () => {
    const { attacker, foe } = swordsman();
    const combat = newCombat();
    dice(30);
    await attack(attacker, foe, 'epeeLongue', { thrustId: 'faucheuse', combatId: combat.id });
    expect(await buttons()).toContain('parry.epeeLongue');
    dice(90, 3); // parry 50 − 5 = 45 fails; 1d6+2 → 5
    await act('parry.epeeLongue', other);
    expect(card().state.defence.roll.modifiers).toEqual([
      { rule: 'F-B3', key: 'PDA.Fantasia.Mod.ThrustDefence', value: -5 },
    ]);
    expect(attacker.items.get('botteFauch0001').system.crosses).toBe(1);
    // F-D2 the parry is spent for the round; F-B5 the same thrust against the same foe doubles its malus.
    dice(30);
    await attack(attacker, foe, 'epeeLongue', { thrustId: 'faucheuse', combatId: combat.id });
    expect(card().state.attack.roll.modifiers.map((m: any) => [m.rule, m.value])).toEqual([
      ['F-B3', -5],
      ['F-B5', -5],
    ]);
    expect(await shownCard()).toMatch(/data-pda-action="parry\.epeeLongue"[^>]*disabled/);
  });
});

describe('knock-out, whip and the resistance table', () => {
  it('F-U4 knock-out: damage + bonus against current PV on the resistance table', async () => {
    const attacker = fighter({
      name: 'Aldo',
      owner: player,
      skills: { bagarre: 70 },
      damageBonus: '1d4',
      weapons: [FANTASIA_WEAPONS.bagarre],
    });
    // Wounded: 6 PV left of 9, so the current PV (not the maximum) shows in the odds.
    const foe = fighter({ name: 'Garde', owner: other, pv: 9, characteristics: { CON: 11 } });
    await foe.update({ 'system.pv.value': 6 });
    dice(20);
    await attack(attacker, foe, 'bagarre', { knockOut: true });
    dice(6, 4, 50); // 1d3 (d6 6 → 3) + 1d4 (4) = 7 vs PV 6 → 55 % (vs 9 it would be 40 %); 50 wins
    await act('none', other);
    const damage = card().state.damage;
    expect(damage.knockOut).toMatchObject({ active: 7, passive: 6, chance: 55, success: true });
    expect(damage.total).toBe(2); // ⌊7 ÷ 3⌋
    await act('apply', other);
    expect(foe.system.states).toMatchObject({ unconscious: true, unconsciousHours: 11 });
    expect(foe.system.pv.value).toBe(4);
    expect(await shownCard()).toContain('7 vs 6 → 55 %');
  });

  it('F-W2 whip: the lash trips on FOR vs TAI, then the victim may slip free (DEX vs FOR)', async () => {
    const attacker = fighter({
      name: 'Aldo',
      owner: player,
      skills: { armesDeMelee: 60 },
      weapons: [FANTASIA_WEAPONS.fouet],
      characteristics: { FOR: 14 },
    });
    // FOR 12, TAI 10, DEX 16: each characteristic differs, so a wrong one changes the odds.
    const foe = fighter({ name: 'Brute', owner: other, characteristics: { FOR: 12, TAI: 10, DEX: 16 } });
    dice(30);
    await attack(attacker, foe, 'fouet', { whip: 'trip' });
    dice(2, 65); // 1d3 (d6 2 → 1); FOR 14 vs TAI 10 → 70 %: 65 trips
    await act('none', other);
    expect(card().state.whip).toMatchObject({ effect: 'trip', success: true });
    await act('apply', other);
    expect(foe.system.states).toMatchObject({
      fallen: true,
      entangledBy: attacker.id,
      entangledWeapon: 'fouet',
    });
    expect(await buttons()).toEqual(['undo', 'whipPull', 'whipSlip']);
    dice(55); // DEX 16 vs FOR 14 → 60 %: 55 frees
    expect((await act('whipSlip', other)).ok).toBe(true);
    expect(foe.system.states.entangledBy).toBe('');
  });

  it('F-T1 a resistance card alone shows "active vs passive → %"', async () => {
    dice(60);
    await postResistanceRoll(14, 11, 'FOR contre FOR');
    expect(await shownCard()).toContain('14 vs 11 → 65 %');
    expect(card().state.roll.success).toBe(true);
    expect(await shownCard()).toContain('FOR contre FOR');
  });
});

describe('a card stays safe and readable', () => {
  it('user-written names are escaped: no live element from a name', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const attacker = fighter({ name: evil, owner: player, skills: { armesDeMelee: 60 } });
    const foe = fighter({ name: `${evil}<script>alert(2)</script>`, owner: other });
    dice(30);
    await attack(attacker, foe, 'epeeLongue');
    dice(70);
    await postResistanceRoll(10, 10, evil);
    for (const m of [g.game.messages.contents[0], lastMessage()]) {
      expect(m.content).not.toMatch(/<img|<script/i);
      expect(m.content).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    }
  });

  it('when the combat ends, the buttons stay but say why they no longer work', async () => {
    const attacker = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
    const foe = fighter({ name: 'Brute', owner: other });
    const combat = newCombat();
    dice(30);
    await attack(attacker, foe, 'epeeLongue', { combatId: combat.id });
    g.game.combats.delete(combat.id);
    const none = liveActions(lastMessage() as never, other as never).get('none');
    expect(none).toMatchObject({ visible: true, enabled: false });
    expect(none?.reason).toContain('combat est terminé');
    expect(await act('none', other)).toMatchObject({ ok: false, key: 'PDA.Chat.Gone.Combat' });
    expect(world.notifications.at(-1)?.message).toContain('combat est terminé');
  });
});

describe('the attack dialog', () => {
  it('F-B2 the thrust is named in the dialog at resolution; names in the dialog are escaped', async () => {
    const { FakeDialogV2 } = await import('../../fakes/foundry');
    const attacker = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
    await attacker.createEmbeddedDocuments('Item', [
      {
        _id: 'botteFauch0001',
        name: 'Faucheuse',
        type: 'botte',
        system: { thrustId: 'faucheuse', crosses: 0 },
      },
    ]);
    const foe = fighter({ name: '<b>Brute</b>', owner: other });
    const shown: string[] = [];
    const wait = FakeDialogV2.wait;
    FakeDialogV2.wait = async (config: any) => {
      shown.push(config.content);
      return { targets: [foe.uuid], cover: 10, thrustId: 'faucheuse', knockOut: false, whip: '' };
    };
    try {
      dice(30);
      actAs(player);
      await startAttack(attacker as never, 'epeeLongue', { targets: [targetOf(foe)] });
      actAs(gm);
    } finally {
      FakeDialogV2.wait = wait;
    }
    expect(shown[0]).toContain('&lt;b&gt;Brute&lt;/b&gt;');
    expect(shown[0]).toContain('value="faucheuse"');
    expect(card().state.attack.roll.modifiers.map((m: any) => m.rule)).toEqual(['F-D5', 'F-B3']);
    expect(card().state.intent).toMatchObject({ cover: 10, thrustId: 'faucheuse' });
  });

  it('a cancelled dialog posts nothing; an attack with no target is refused before any dialog', async () => {
    const attacker = fighter({ name: 'Aldo', owner: player });
    actAs(player);
    expect(await startAttack(attacker as never, 'epeeLongue', { targets: [] })).toEqual([]);
    expect(await startAttack(attacker as never, 'epeeLongue', { targets: [], skipDialog: true })).toEqual([]);
    actAs(gm);
    expect(g.game.messages.size).toBe(0);
    // Issue 29: the player is told how to target, not asked to tick a target the dialog lacks.
    expect(world.notifications.at(-1)?.message).toMatch(/^Ciblez d'abord le jeton que Aldo attaque/);
  });
});
