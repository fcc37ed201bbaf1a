/* eslint-disable @typescript-eslint/no-explicit-any -- reading card state through the fakes */
import { beforeEach, describe, expect, it } from 'vitest';
import { FANTASIA_WEAPONS } from '../../../src/engine/fantasia/weapons';
import { isRulesError } from '../../../src/engine/core/errors';
import { startAttack } from '../../../src/foundry/rulesets/fantasia/cards/start';
import { snapshotOf } from '../../../src/foundry/chat/card';
import { requestCardAction } from '../../../src/foundry/chat/card-action';
import { runRoundCommand } from '../../../src/foundry/combat/service';
import { startSlotAttack } from '../../../src/foundry/rulesets/fantasia/round/slot-attack';
import { trackerViewOf } from '../../../src/foundry/combat/tracker';
import { actAs, FakeChatMessage, FakeDialogV2, world, type FakeUser } from '../../fakes/foundry';
import { chatWorld, dice, fighter, lastMessage, shownCard, targetOf, type TestActor } from './helpers';
import {
  budgets,
  command,
  currentSlot,
  readiness,
  requester,
  roundCombat,
  type CardCombat,
} from './round-world';

let gm: FakeUser;
let player: FakeUser;
let other: FakeUser;

beforeEach(() => {
  ({ gm, player, other } = chatWorld());
});

const card = () => snapshotOf<any>(lastMessage() as never);
async function buttons(): Promise<string[]> {
  return [...(await shownCard()).matchAll(/data-pda-action="([^"]+)"/g)].map((m) => m[1]!);
}
async function disabledReason(actionId: string): Promise<string | undefined> {
  const re = new RegExp(
    `data-pda-action="${actionId.replace('.', '\\.')}"[^>]*disabled[\\s\\S]*?pda-card__reason">([^<]*)<`,
  );
  return re.exec(await shownCard())?.[1];
}
async function act(actionId: string, as: FakeUser = gm) {
  actAs(as);
  const result = await requestCardAction(lastMessage().id, actionId);
  actAs(gm);
  return result;
}
/** The GM moves on until `id`'s slot is current (a slot whose card is spent closed itself: issue 46). */
async function toSlotOf(combat: CardCombat, id: string): Promise<void> {
  for (let i = 0; i < 10 && currentSlot(combat).combatantId !== id; i++)
    await command(combat, { kind: 'nextSlot' });
}
/** The current slot's owner (or the GM) clicks its attack button in the tracker. */
async function slotAttack(combat: CardCombat, as: FakeUser, opts: Record<string, unknown> = {}) {
  actAs(as);
  const messages = await startSlotAttack(combat, currentSlot(combat).id, { skipDialog: true, ...opts });
  actAs(gm);
  return messages;
}
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (isRulesError(error)) return error.key;
    throw error;
  }
  throw new Error('expected a refusal');
}
function declare(combat: CardCombat, who: TestActor, intents: Record<string, unknown>[]) {
  return command(combat, {
    kind: 'declare',
    combatantId: combat.of(who).id,
    declaration: { intents },
  });
}

function trio() {
  const aldo = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
  const brute = fighter({ name: 'Brute', owner: other, skills: { armesDeMelee: 50 } });
  const cid = fighter({ name: 'Cid', skills: { armesDeMelee: 50 } });
  const combat = roundCombat([
    [aldo, 14],
    [brute, 12],
    [cid, 10],
  ]);
  return { aldo, brute, cid, combat };
}

describe('the attack card reads the round kept by the Combat documents', () => {
  it('F-D1 a full round: the declared dodger is offered Esquiver, a target who did not declare it is not', async () => {
    const { aldo, brute, cid, combat } = trio();
    await command(combat, { kind: 'start' });
    const b = combat.of(brute).id;
    const a = combat.of(aldo).id;
    await runRoundCommand(combat, requester(combat, player), {
      kind: 'declare',
      combatantId: a,
      declaration: { intents: [{ kind: 'melee', weaponId: 'epeeLongue', targetId: b }] },
    });
    await declare(combat, brute, [{ kind: 'dodge' }]);
    await declare(combat, cid, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: a }]);
    await command(combat, { kind: 'startPasses' });
    expect(combat.system.step).toBe('pass2');

    // The tracker offers the current attack slot's card to its owner and the GM only.
    actAs(player);
    const mine = trackerViewOf(combat)
      .passes.flatMap((p) => p.slots)
      .find((s) => s.current);
    actAs(other);
    const theirs = trackerViewOf(combat)
      .passes.flatMap((p) => p.slots)
      .find((s) => s.current);
    actAs(gm);
    expect(mine).toMatchObject({ combatantId: a, canAttack: true });
    expect(theirs?.canAttack).toBe(false);

    // Pass 2, Aldo's slot: the card goes to the declared target with the declared sword.
    dice(30);
    await slotAttack(combat, player);
    expect(card().targets[0]?.name).toBe('Brute');
    expect(card().combatId).toBe(combat.id);
    expect(card().state.attack.weapon.id).toBe('epeeLongue');
    expect(await buttons()).toContain('dodge');
    expect(await disabledReason('dodge')).toBeUndefined();
    dice(10); // Esquive DEX×2 = 24 %
    expect((await act('dodge', other)).ok).toBe(true);
    expect(card().state.defence).toMatchObject({ kind: 'dodge', success: true });

    // Brute's dodge slot, then Cid's attack on Aldo, who declared an attack and no dodge.
    await toSlotOf(combat, combat.of(cid).id);
    expect(currentSlot(combat).combatantId).toBe(combat.of(cid).id);
    dice(30);
    await slotAttack(combat, gm);
    expect(card().targets[0]?.name).toBe('Aldo');
    expect(await disabledReason('dodge')).toBe('Esquive non annoncée dans les intentions');
    expect(await disabledReason('parry.epeeLongue')).toBeUndefined();
  });

  it('F-D2 a parry is recorded in the round: a second parry that round is refused, the next round allows it', async () => {
    const { aldo, brute, cid, combat } = trio();
    await command(combat, { kind: 'start' });
    const b = combat.of(brute).id;
    await declare(combat, aldo, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: b }]);
    await declare(combat, brute, [{ kind: 'other' }]);
    await declare(combat, cid, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: b }]);
    await command(combat, { kind: 'startPasses' });

    dice(30);
    await slotAttack(combat, player);
    dice(20); // Brute parries at 50 %
    expect((await act('parry.epeeLongue', other)).ok).toBe(true);
    expect(card().state.defence).toMatchObject({ kind: 'parry', success: true });
    // Written by the GM's handler into Brute's Combatant (the fakes throw on a player write).
    expect(budgets(combat.of(brute)).parried).toEqual({ max: 1, used: 1 });

    // Aldo's slot closed itself with his card; Brute's "other" then Cid.
    await toSlotOf(combat, combat.of(cid).id);
    dice(30);
    await slotAttack(combat, gm); // Cid attacks Brute
    expect(await disabledReason('parry.epeeLongue')).toBe('Une seule parade par round');
    const second = await act('parry.epeeLongue', other);
    expect(second).toMatchObject({ ok: false });
    expect(card().step).toBe('defence');

    await command(combat, { kind: 'nextSlot' });
    await command(combat, { kind: 'nextRound' });
    expect(budgets(combat.of(brute)).parried).toBeUndefined();
  });

  it('F-D2 a declared parry slot closed by the tracker leaves the parry for the card', async () => {
    const { aldo, brute, cid, combat } = trio();
    await command(combat, { kind: 'start' });
    await declare(combat, aldo, [{ kind: 'other' }]);
    await declare(combat, brute, [{ kind: 'parry', weaponId: 'epeeLongue' }]);
    await declare(combat, cid, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: combat.of(brute).id }]);
    await command(combat, { kind: 'startPasses' });
    await command(combat, { kind: 'nextSlot' }); // Aldo
    await command(combat, { kind: 'nextSlot' }); // Brute's declared parry, no blow yet
    expect(budgets(combat.of(brute)).parry.used).toBe(1);
    dice(30);
    await slotAttack(combat, gm); // the slower Cid strikes
    expect(await disabledReason('parry.epeeLongue')).toBeUndefined();
    dice(20);
    expect((await act('parry.epeeLongue', other)).ok).toBe(true);
    expect(card().state.defence).toMatchObject({ kind: 'parry', success: true });
  });

  it('F-W5 a crossbow shot unloads it in the round at once; the shooter reloading can neither parry nor dodge', async () => {
    const ava = fighter({
      name: 'Ava',
      owner: player,
      skills: { armesDeTir: 60 },
      weapons: [FANTASIA_WEAPONS.arbalete, FANTASIA_WEAPONS.dague],
    });
    const rorque = fighter({ name: 'Rorque', owner: other, skills: { armesDeMelee: 60 } });
    const combat = roundCombat([
      [ava, 17],
      [rorque, 16],
    ]);
    const av = combat.of(ava);
    await command(combat, { kind: 'start' });
    await declare(combat, ava, [{ kind: 'shoot', weaponId: 'arbalete', targetId: combat.of(rorque).id }]);
    await declare(combat, rorque, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: av.id }]);
    await command(combat, { kind: 'startPasses' });
    expect(combat.system.step).toBe('pass1');
    expect(readiness(av).weapons.arbalete).toMatchObject({ ready: true, loaded: true });

    dice(90); // the bolt misses: still, it is spent
    await slotAttack(combat, player);
    expect(card().step).toBe('done');
    expect(readiness(av).weapons.arbalete).toMatchObject({ loaded: false });

    // Pass 2: Ava winds the crossbow (DEX 17), then Rorque strikes; her pass-3 winding is ahead.
    await toSlotOf(combat, combat.of(rorque).id);
    expect(currentSlot(combat).combatantId).toBe(combat.of(rorque).id);
    dice(30);
    await slotAttack(combat, other);
    expect(await disabledReason('parry.dague')).toBe('Recharge l&#x27;arbalète');
    expect(await disabledReason('dodge')).toBeTruthy();
    expect(await buttons()).toContain('none');

    // Nor can she strike with her dagger while winding (the engine's F-W5 refusal).
    const before = FakeChatMessage.created.length;
    actAs(player);
    const posted = await startAttack(ava as never, 'dague', {
      targets: [targetOf(rorque)],
      skipDialog: true,
      combatId: combat.id,
    });
    actAs(gm);
    expect(posted).toEqual([]);
    expect(FakeChatMessage.created.length).toBe(before);
    expect(world.notifications.at(-1)?.message).toBe(
      'Ava recharge son arbalète : ni attaque, ni déplacement, ni parade, ni esquive.',
    );
  });

  it('F-W5 a crossbow fired but not reloaded stays unloaded next round until a reload round', async () => {
    const ava = fighter({
      name: 'Ava',
      owner: player,
      skills: { armesDeTir: 60 },
      weapons: [FANTASIA_WEAPONS.arbalete],
    });
    const rorque = fighter({ name: 'Rorque', owner: other });
    const combat = roundCombat([
      [ava, 17],
      [rorque, 16],
    ]);
    const av = combat.of(ava);
    const shoot = { kind: 'shoot', weaponId: 'arbalete', targetId: combat.of(rorque).id };
    await command(combat, { kind: 'start' });
    await declare(combat, ava, [shoot]);
    await declare(combat, rorque, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    dice(20);
    await slotAttack(combat, player);
    // The GM ends the round before the slot is closed: the shot still counts (round readiness).
    await command(combat, { kind: 'nextRound', force: true });
    expect(combat.round).toBe(2);
    expect(readiness(av).weapons.arbalete).toMatchObject({ loaded: false });
    expect(await refusal(declare(combat, ava, [shoot]))).toBe('PDA.Error.Round.NotLoaded');

    await declare(combat, ava, [{ kind: 'reload', weaponId: 'arbalete' }]);
    await declare(combat, rorque, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    for (let i = 0; i < 3; i++) await command(combat, { kind: 'nextSlot' });
    await command(combat, { kind: 'nextRound' });
    expect(readiness(av).weapons.arbalete).toMatchObject({ loaded: true });
    await declare(combat, ava, [shoot]);
    const sealed = (combat.system as { sealed?: unknown }).sealed as { declarations: Record<string, string> };
    expect(JSON.parse(sealed.declarations[av.id] ?? '').intents[0].kind).toBe('shoot');
  });

  it('F-W6 too much powder doubles the reload countdown in the round, and the round end keeps it', async () => {
    const hugo = fighter({
      name: 'Hugo',
      owner: player,
      skills: { armesAFeu: 60 },
      weapons: [FANTASIA_WEAPONS.arquebuse],
      characteristics: { FOR: 16, CHA: 10 },
    });
    const rorque = fighter({ name: 'Rorque', owner: other });
    const combat = roundCombat([
      [hugo, 15],
      [rorque, 12],
    ]);
    const hu = combat.of(hugo);
    await command(combat, { kind: 'start' });
    await declare(combat, hugo, [{ kind: 'shoot', weaponId: 'arquebuse', targetId: combat.of(rorque).id }]);
    await declare(combat, rorque, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    dice(80);
    await slotAttack(combat, player);
    expect(card().step).toBe('mishap');
    dice(80, 80, 3); // Chance 50 % fails; incident 80: too much powder; 1d4+3 = 6, doubled 12
    expect((await act('chance', player)).ok).toBe(true);
    expect(card().state.mishap).toMatchObject({ incident: 'tooMuchPowder', reloadRounds: 12 });
    expect(await shownCard()).toContain('12 rounds (doublé)');
    expect(readiness(hu).weapons.arquebuse).toMatchObject({ loaded: false, reloadRoundsLeft: 12 });

    // Hugo's slot closed itself with his card (issue 46); the GM closes the rest of the round.
    while (combat.system.slotIndex >= 0) await command(combat, { kind: 'nextSlot' });
    // The carry-over rolls its own 1d4+3 for the shot (here 1 → 4); the doubled countdown stands.
    await command(combat, { kind: 'nextRound' }, undefined, [1]);
    expect(readiness(hu).weapons.arquebuse).toEqual({ ready: true, loaded: false, reloadRoundsLeft: 12 });
  });

  it('F-B5 the fight remembers a landed thrust on the Combat document', async () => {
    const aldo = fighter({ name: 'Aldo', owner: player, skills: { armesDeMelee: 60 } });
    await aldo.createEmbeddedDocuments('Item', [
      {
        _id: 'botteFauch0001',
        name: 'Faucheuse',
        type: 'botte',
        system: { thrustId: 'faucheuse', crosses: 0 },
      },
    ]);
    const brute = fighter({ name: 'Brute', owner: other, skills: { armesDeMelee: 50 } });
    const combat = roundCombat([
      [aldo, 14],
      [brute, 12],
    ]);
    await command(combat, { kind: 'start' });
    await declare(combat, aldo, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: combat.of(brute).id }]);
    await declare(combat, brute, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    dice(20);
    await slotAttack(combat, player, { thrustId: 'faucheuse' });
    expect(card().state.attack.hit).toBe(true);
    dice(99, 1, 1); // no parry: the parry roll fails; damage dice
    await act('parry.epeeLongue', other);
    expect(combat.system.thrustMemory.length).toBe(1);
    expect(combat.system.thrustMemory[0]).toContain('faucheuse');

    // Later in the same fight, the same thrust on the same foe doubles the malus (F-B5).
    await command(combat, { kind: 'nextSlot' });
    await command(combat, { kind: 'nextSlot' });
    await command(combat, { kind: 'nextRound' });
    await declare(combat, aldo, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: combat.of(brute).id }]);
    await declare(combat, brute, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    dice(20);
    await slotAttack(combat, player, { thrustId: 'faucheuse' });
    // Faucheuse's −5 (F-B3) is doubled: another −5 (F-B5); 60 − 10 = 50.
    expect(card().state.attack.roll.modifiers.map((m: any) => [m.rule, m.value])).toEqual([
      ['F-B3', -5],
      ['F-B5', -5],
    ]);
    expect(card().state.attack.roll.target).toBe(50);
  });

  it('F-U4 a declared knock-out slot starts the card with the knock-out pre-set', async () => {
    const aldo = fighter({
      name: 'Aldo',
      owner: player,
      skills: { bagarre: 60 },
      weapons: [FANTASIA_WEAPONS.bagarre, FANTASIA_WEAPONS.gourdin],
    });
    const brute = fighter({ name: 'Brute', owner: other });
    const combat = roundCombat([
      [aldo, 14],
      [brute, 12],
    ]);
    await command(combat, { kind: 'start' });
    await declare(combat, aldo, [{ kind: 'knockout', targetId: combat.of(brute).id }]);
    await declare(combat, brute, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    expect(currentSlot(combat).action).toBe('knockout');
    dice(30);
    await slotAttack(combat, player);
    expect(card().state.intent.knockOut).toBe(true);
    expect(card().state.attack.weapon.id).toBe('bagarre');
    expect(await shownCard()).toContain('Intention d&#x27;assommer.');
  });
});

describe('the attack dialog opened from the tracker', () => {
  it('F-U4 a knock-out slot opens the dialog with Assommer ticked; F-U3 Lutte offers its three holds', async () => {
    const ugo = fighter({
      name: 'Ugo',
      owner: player,
      skills: { lutte: 60 },
      weapons: [FANTASIA_WEAPONS.lutte],
    });
    const vic = fighter({ name: 'Vic', owner: other });
    const combat = roundCombat([
      [ugo, 13],
      [vic, 11],
    ]);
    await command(combat, { kind: 'start' });
    await declare(combat, ugo, [{ kind: 'knockout', weaponId: 'lutte', targetId: combat.of(vic).id }]);
    await declare(combat, vic, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    const shown: string[] = [];
    const wait = FakeDialogV2.wait;
    FakeDialogV2.wait = async (config: any) => {
      shown.push(config.content);
      return { targets: [vic.uuid], cover: 0, thrustId: '', knockOut: true, whip: '', lutte: '' };
    };
    try {
      dice(30);
      actAs(player);
      await startSlotAttack(combat, currentSlot(combat).id);
      actAs(gm);
    } finally {
      FakeDialogV2.wait = wait;
    }
    expect(shown[0]).toMatch(/name="knockOut" checked/);
    expect(shown[0]).toContain('<option value="strangle" >Étrangler</option>');
    expect(shown[0]).toContain('value="immobilise"');
    expect(shown[0]).toContain('value="throw"');
    expect(card().state.intent.knockOut).toBe(true);
  });
});

describe('F-U3 Lutte holds on the card', () => {
  function wrestlers() {
    const ugo = fighter({
      name: 'Ugo',
      owner: player,
      skills: { lutte: 60 },
      weapons: [FANTASIA_WEAPONS.lutte],
      characteristics: { FOR: 14 },
    });
    const vic = fighter({ name: 'Vic', owner: other, pv: 14, armour: 3, characteristics: { FOR: 12 } });
    const combat = roundCombat([
      [ugo, 13],
      [vic, 11],
    ]);
    return { ugo, vic, combat };
  }
  async function holdRound(combat: CardCombat, ugo: TestActor, vic: TestActor) {
    await declare(combat, ugo, [{ kind: 'melee', weaponId: 'lutte', targetId: combat.of(vic).id }]);
    await declare(combat, vic, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
  }
  async function endRound(combat: CardCombat) {
    await command(combat, { kind: 'nextRound', force: true });
  }

  it('F-U3 strangle: the hold lands on the victim; each later round an escape (FOR vs FOR) and the asphyxia, once each', async () => {
    const { ugo, vic, combat } = wrestlers();
    await command(combat, { kind: 'start' });
    await holdRound(combat, ugo, vic);
    dice(30);
    await slotAttack(combat, player, { lutte: 'strangle' });
    expect(await shownCard()).toContain('Prise annoncée : Étrangler.');
    await act('none', other);
    expect(card().step).toBe('damage');
    expect(card().state.damage).toBeNull();
    expect(card().state.hold).toMatchObject({ kind: 'strangle', success: true });
    await act('apply', other);
    expect(vic.system.states.strangledBy).toBe(ugo.id);
    expect(vic.system.pv.value).toBe(14);
    // Same round: the escape and the squeeze wait for the next round.
    expect(await buttons()).toEqual(['undo', 'lutteEscape', 'lutteStrangle']);
    expect(await disabledReason('lutteEscape')).toBe('Possible à partir du round suivant.');

    await endRound(combat);
    dice(4, 6); // asphyxia 2d3: d6 4 → 2, d6 6 → 3 = 5, armour does not count
    expect((await act('lutteStrangle', player)).ok).toBe(true);
    expect(vic.system.pv.value).toBe(9);
    expect(await disabledReason('lutteStrangle')).toBe('Déjà fait ce round.');
    expect((await act('lutteStrangle', player)).ok).toBe(false);
    expect(vic.system.pv.value).toBe(9);

    dice(60); // FOR 12 vs FOR 14 → 40 %: 60 fails
    expect((await act('lutteEscape', other)).ok).toBe(true);
    expect(card().state.lutteRounds.at(-1).roll).toMatchObject({ chance: 40, success: false });
    expect(vic.system.states.strangledBy).toBe(ugo.id);

    await endRound(combat);
    dice(25); // 25 ≤ 40: free
    expect((await act('lutteEscape', other)).ok).toBe(true);
    expect(vic.system.states.strangledBy).toBe('');
    expect(await buttons()).toEqual(['undo']);
  });

  it('F-U3 immobilise rolls FOR vs FOR at once; throw down is a plain success', async () => {
    const { ugo, vic, combat } = wrestlers();
    await command(combat, { kind: 'start' });
    await holdRound(combat, ugo, vic);
    dice(30);
    await slotAttack(combat, player, { lutte: 'immobilise' });
    dice(55); // FOR 14 vs FOR 12 → 60 %: 55 holds
    await act('none', other);
    expect(card().state.hold).toMatchObject({ kind: 'immobilise', success: true });
    expect(card().state.hold.roll.chance).toBe(60);
    await act('apply', other);
    expect(vic.system.states.immobilisedBy).toBe(ugo.id);
    expect(await buttons()).toEqual(['undo', 'lutteEscape']);

    await endRound(combat);
    await holdRound(combat, ugo, vic);
    dice(30);
    await slotAttack(combat, player, { lutte: 'throw' });
    await act('none', other);
    await act('apply', other);
    expect(vic.system.states.fallen).toBe(true);
    expect(vic.system.pv.value).toBe(14);
  });
});

describe('no player client writes round data', () => {
  it('F-D2 a player clicking Parer has the GM write the round', async () => {
    const { aldo, brute, cid, combat } = trio();
    await command(combat, { kind: 'start' });
    await declare(combat, aldo, [{ kind: 'melee', weaponId: 'epeeLongue', targetId: combat.of(brute).id }]);
    await declare(combat, brute, [{ kind: 'other' }]);
    await declare(combat, cid, [{ kind: 'other' }]);
    await command(combat, { kind: 'startPasses' });
    dice(30);
    await slotAttack(combat, player);
    // A player client calling the write directly would throw in the fakes; through the card it works.
    actAs(other);
    await expect(combat.of(brute).update({ system: { budgets: '{}' } })).rejects.toThrow(/player/);
    actAs(gm);
    dice(20);
    actAs(other);
    const result = await requestCardAction(lastMessage().id, 'parry.epeeLongue');
    actAs(gm);
    expect(result.ok).toBe(true);
    expect(budgets(combat.of(brute)).parried.used).toBe(1);
  });
});
