/**
 * Red team, round 4 (issue 42), Fantasia: Bruno plays the Bretteur, Alice the Garde, at the
 * browser console. Each attack is their raw calls; each assertion is what the GM's side holds after.
 */
import { describe, expect, it } from 'vitest';
import { learn, draw } from '../table/fantasia-bottes-table';
import {
  attackFromSheet,
  brigandShootsBretteur,
  declare,
  fantasiaTable,
  itemId,
  startFight,
  text,
  type FantasiaTable,
} from '../table/fantasia-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

type Seat = FantasiaTable['gm'];

async function request(t: FantasiaTable, seat: Seat, id: string, name: string, data: object) {
  await seat.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await t.table.settle();
  return seat.user.flags['passe-d-armes']?.answers?.[id];
}

async function duel(): Promise<FantasiaTable> {
  return fantasiaTable([
    { entry: 'Bretteur', owner: 'Bruno' },
    { entry: 'Brigand' },
    { entry: 'Garde de la porte', owner: 'Alice' },
  ]);
}

/** What the GM's client reads of the Bretteur's states (the engine's view of the actor). */
const gmStates = (t: FantasiaTable): Record<string, unknown> => t.gm.actor('Bretteur').system.engineStates();

describe('attack4 Fantasia: states stored on the actor its owner writes', () => {
  const cases: [string, string, Record<string, unknown>, Record<string, unknown>, string][] = [
    [
      'A4-F01',
      'F-B7 cannot move',
      { 'system.states.cannotMove': true },
      { 'system.states.cannotMove': false },
      'cannotMove',
    ],
    ['A4-F02', 'F-H5 fallen', { 'system.states.fallen': true }, { 'system.states.fallen': false }, 'fallen'],
    [
      'A4-F03',
      'F-B7 half movement',
      { 'system.states.halfMovement': true },
      { 'system.states.halfMovement': false },
      'halfMovement',
    ],
    [
      'A4-F04',
      'F-U2 immobilised',
      { 'system.states.immobilisedBy': 'x' },
      { 'system.states.immobilisedBy': '' },
      'immobilised',
    ],
    [
      'A4-F05',
      'F-U2 strangled',
      { 'system.states.strangledBy': 'x' },
      { 'system.states.strangledBy': '' },
      'strangled',
    ],
    [
      'A4-F06',
      'F-H7 disarmed',
      { 'system.states.disarmedWeapon': 'w' },
      { 'system.states.disarmedWeapon': '' },
      'disarmed',
    ],
    [
      'A4-F07',
      'F-W5 reloading',
      { 'system.states.reloadingWeapon': 'w' },
      { 'system.states.reloadingWeapon': '' },
      'reloading',
    ],
    [
      'A4-F08',
      'F-H6 broken weapon',
      { 'system.states.brokenWeapons': ['w'] },
      { 'system.states.brokenWeapons': [] },
      'weaponBroken',
    ],
    [
      'A4-F09',
      'F-H3 arm lost',
      { 'system.states.armLost': true },
      { 'system.states.armLost': false },
      'armLost',
    ],
  ];
  for (const [id, what, gmWrite, playerWrite, state] of cases)
    it(`${id} ${what}: the GM writes it on the Bretteur; Bruno clears it on his actor from the console; the GM still reads it`, async () => {
      const t = await duel();
      await t.gm.actor('Bretteur').update(gmWrite);
      await t.table.settle();
      expect(gmStates(t)[state]).toBeTruthy();
      await t.bruno.actor('Bretteur').update(playerWrite);
      await t.table.settle();
      expect(gmStates(t)[state]).toBeTruthy();
    });

  it('A4-F10 F-B7 the Bretteur cannot move (his state): Bruno removes his client’s token hooks and drags him: the GM puts him back', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').update({ 'system.states.cannotMove': true });
    await t.table.settle();
    const token = t.bruno.token('Bretteur').document;
    const [x, y] = [token.x, token.y];
    (t.bruno.client as any).hooks.delete('preUpdateToken');
    await token.update({ x: x + 500 });
    await t.table.settle();
    expect([t.gm.token('Bretteur').document.x, t.gm.token('Bretteur').document.y]).toEqual([x, y]);
  });

  it('A4-F26 F-B7 the Bretteur cannot move (the card’s state on his actor): Bruno clears it, then drags his raw token: the GM puts it back', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').update({ 'system.states.cannotMove': true });
    await t.table.settle();
    const token = t.bruno.token('Bretteur').document;
    const [x, y] = [token.x, token.y];
    await t.bruno.actor('Bretteur').update({ 'system.states.cannotMove': false });
    await t.table.settle();
    (t.bruno.client as any).hooks.delete('preUpdateToken');
    await token.update({ x: x + 500 });
    await t.table.settle();
    expect([t.gm.token('Bretteur').document.x, t.gm.token('Bretteur').document.y]).toEqual([x, y]);
  });

  it('A4-F11 F-B7 "cannot move" as the GM’s status effect: Bruno deletes it and drags his raw token in one tick: the effect is back and the token too', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').toggleStatusEffect('cannotMove', { active: true });
    await t.table.settle();
    const token = t.bruno.token('Bretteur').document;
    const [x, y] = [token.x, token.y];
    for (const h of ['preUpdateToken', 'preDeleteActiveEffect']) (t.bruno.client as any).hooks.delete(h);
    const actor = t.bruno.actor('Bretteur');
    const effect = actor.effects.find((e: any) => [...e.statuses].includes('cannotMove'));
    await Promise.all([
      actor.deleteEmbeddedDocuments('ActiveEffect', [effect.id]).catch(() => null),
      token.update({ x: x + 500 }).catch(() => null),
    ]);
    await t.table.settle();
    expect([...t.gm.actor('Bretteur').statuses]).toContain('cannotMove');
    expect([t.gm.token('Bretteur').document.x, t.gm.token('Bretteur').document.y]).toEqual([x, y]);
  });

  it('A4-F12 F-H7 a jammed weapon (timed effect): Bruno deletes it from the console: it is back on the GM’s side', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').toggleStatusEffect('jammed', { active: true });
    await t.table.settle();
    (t.bruno.client as any).hooks.delete('preDeleteActiveEffect');
    const actor = t.bruno.actor('Bretteur');
    const effect = actor.effects.find((e: any) => [...e.statuses].includes('jammed'));
    await effect.delete().catch(() => null);
    await t.table.settle();
    expect([...t.gm.actor('Bretteur').statuses]).toContain('jammed');
  });
});

describe('attack4 Fantasia: requests in another’s name', () => {
  it('A4-F13 F-T1 Alice asks the GM to open an attack card for the GM’s Brigand: refused, nothing posted', async () => {
    const t = await duel();
    const count = t.table.server.world.messages.size;
    const brigand = t.gm.actor('Brigand');
    const answer = await request(t, t.alice, 'o1', 'card.open', {
      flow: 'fantasia.attack',
      actorUuid: brigand.uuid,
      itemId: itemId(t.gm, 'Brigand', 'Dague'),
      targets: [{ actorUuid: t.gm.actor('Bretteur').uuid }],
      mode: 'public',
      choices: {},
    });
    expect(answer?.ok).not.toBe(true);
    expect(t.table.server.world.messages.size).toBe(count);
  });

  it('A4-F14 F-T1 Alice sets the Brigand as her User’s character, then asks for his attack: refused, nothing posted', async () => {
    const t = await duel();
    const brigand = t.gm.actor('Brigand');
    await t.alice.user.update({ character: brigand.id }).catch(() => null);
    await t.table.settle();
    const count = t.table.server.world.messages.size;
    const answer = await request(t, t.alice, 'o2', 'card.open', {
      flow: 'fantasia.attack',
      actorUuid: brigand.uuid,
      itemId: itemId(t.gm, 'Brigand', 'Dague'),
      targets: [{ actorUuid: t.gm.actor('Bretteur').uuid }],
      mode: 'public',
      choices: {},
    });
    expect(answer?.ok).not.toBe(true);
    expect(t.table.server.world.messages.size).toBe(count);
  });

  it('A4-F15 F-T1 Alice asks for a resistance roll spoken by the Brigand: refused, nothing posted', async () => {
    const t = await duel();
    const count = t.table.server.world.messages.size;
    const answer = await request(t, t.alice, 'r1', 'fantasia.resistance', {
      active: 20,
      passive: 1,
      label: 'poison',
      mode: 'public',
      actorUuid: t.gm.actor('Brigand').uuid,
    });
    expect(answer?.ok).not.toBe(true);
    expect(t.table.server.world.messages.size).toBe(count);
  });

  it('A4-F16 F-H7 Alice asks the GM to repair the Bretteur’s jammed weapon (Bruno’s): refused, still jammed', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').toggleStatusEffect('jammed', { active: true });
    await t.table.settle();
    const answer = await request(t, t.alice, 'rep1', 'fantasia.repair', {
      actorUuid: t.gm.actor('Bretteur').uuid,
    });
    expect(answer?.ok).not.toBe(true);
    expect([...t.gm.actor('Bretteur').statuses]).toContain('jammed');
  });

  it('A4-F17 F-D3 Alice sends the card action of Bruno’s parry on the Brigand’s arrow card: refused, the card is unchanged', async () => {
    const t = await brigandShootsBretteur();
    const message = t.gm.game.messages.contents.at(-1);
    const before = JSON.stringify(t.table.server.world.messages.get(message.id));
    const button = [...t.bruno.lastMessage().querySelectorAll<HTMLElement>('button[data-action-id]')][0];
    const actionId = button?.dataset.actionId ?? 'parry';
    const answer = await request(t, t.alice, 'act1', 'card.action', {
      messageId: message.id,
      actionId,
      revision: message.system.revision,
    });
    expect(answer?.ok).not.toBe(true);
    expect(JSON.stringify(t.table.server.world.messages.get(message.id))).toBe(before);
  });

  it('A4-F18 F-R2 Alice declares for Bruno’s Bretteur through a round command: refused, nothing sealed for him', async () => {
    const t = await duel();
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    const combat = t.gm.game.combats.get(t.combat!.id);
    const before = JSON.stringify(combat.system.sealed);
    const answer = await request(t, t.alice, 'd1', 'round.command', {
      combatId: combat.id,
      command: {
        kind: 'declare',
        combatantId: t.ids.Bretteur,
        declaration: { intents: [{ kind: 'dodge' }] },
      },
    });
    expect(answer?.ok).not.toBe(true);
    expect(JSON.stringify(t.gm.game.combats.get(combat.id).system.sealed)).toBe(before);
  });
});

describe('attack4 Fantasia: the round and the table', () => {
  it('A4-F19 F-R1 Bruno, owning the current combatant, writes the Combat’s round and turn from the console: the GM’s round does not move', async () => {
    const t = await duel();
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    const combat = t.bruno.game.combats.get(t.combat!.id);
    const before = { round: combat.round, step: t.gm.game.combats.get(combat.id).system.step };
    await combat.update({ round: before.round + 3, turn: 0 }).catch(() => null);
    await t.table.settle();
    const gmCombat = t.gm.game.combats.get(combat.id);
    expect(gmCombat.round).toBe(before.round);
    expect(gmCombat.system.step).toBe(before.step);
  });

  it('A4-F20 F-R5 the GM declares the Brigand’s exact intent: neither player’s client holds it, before or after the passes start, or after a reload', async () => {
    const t = await duel();
    const SECRET = 'feinte-par-la-droite-xyz';
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    await declare(t.gm, t.ids.Brigand!, {
      'intents.0.kind': 'draw',
      'intents.0.weaponId': itemId(t.gm, 'Brigand', 'Dague'),
      'intents.0.note': SECRET,
      publicText: 'Le brigand grogne',
    });
    const dump = (s: Seat) =>
      JSON.stringify({
        c: s.game.combats.contents.map((c: any) => c.toObject()),
        m: s.game.messages.contents.map((m: any) => m.toObject()),
        u: s.game.users.contents.map((u: any) => u.toObject()),
        a: s.game.actors.contents.map((a: any) => a.toObject()),
      });
    for (const p of [t.alice, t.bruno]) expect(dump(p)).not.toContain(SECRET);
    await t.gm
      .click('[data-action="pdaForcePasses"]', t.gm.tracker)
      .catch(() => t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker));
    for (const p of [t.alice, t.bruno]) expect(dump(p)).not.toContain(SECRET);
    const alice = await t.table.reload('Alice');
    expect(dump(alice)).not.toContain(SECRET);
    expect(text(alice.dom.body)).not.toContain(SECRET);
  });

  it('A4-F21 F-R5 Alice posts a look-alike vault whispered to the GM with an intent for the Brigand: the GM’s tracker ignores it', async () => {
    const t = await duel();
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    const combatId = t.combat!.id;
    const forged = JSON.stringify({
      intents: [{ kind: 'dodge', note: 'FORGED-NOTE' }],
      publicText: 'FORGED',
    });
    await t.alice.client.CONFIG.ChatMessage.documentClass.create({
      content: '<p>x</p>',
      whisper: [t.gm.user.id],
      flags: {
        'passe-d-armes': {
          secretDeclarations: {
            combatId,
            declarations: JSON.stringify({
              [t.ids.Brigand!]: forged,
              [`declaration.${t.ids.Brigand}`]: forged,
            }),
          },
          hidden: true,
        },
      },
    });
    await t.table.settle();
    await t.gm.openTracker();
    expect(text(t.gm.tracker)).not.toContain('FORGED');
    // And her message shows in the GM's log (a player's hidden flag hides nothing).
    expect(t.gm.messages().some((m) => m.textContent?.includes('x'))).toBe(true);
  });

  it('A4-F22 Alice flags her own old message hidden afterwards (an update, not a creation): the GM still sees it', async () => {
    const t = await duel();
    const [m] = await t.alice.client.CONFIG.ChatMessage.documentClass.createDocuments([
      { content: '<p>je triche ici</p>' },
    ]);
    await t.table.settle();
    await m.update({ 'flags.passe-d-armes.hidden': true });
    await t.table.settle();
    expect(t.gm.messages().some((el) => el.textContent?.includes('je triche ici'))).toBe(true);
    const gm = await t.table.reload('MJ');
    expect(gm.messages().some((el) => el.textContent?.includes('je triche ici'))).toBe(true);
  });

  it('A4-F23 F-B1 Bruno’s thrust on another weapon waits for the GM’s answer: Alice’s attack meanwhile is answered at once', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Brigand' },
      { entry: 'Garde de la porte', owner: 'Alice' },
    ]);
    await learn(t, 'Bretteur', 'Faucheuse');
    const sword = await draw(t, 'Bretteur', 'Épée fantasque');
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'faucheuse' });
    expect(t.gm.dialogs().length).toBe(1);
    const sent = t.table.server.log.find(
      (op) => op.documentName === 'User' && JSON.stringify(op.result).includes('card.open'),
    );
    const original = Object.values((sent!.result[0] as any).flags['passe-d-armes'].requests)[0] as any;
    const count = t.gm.game.messages.size;
    const garde = t.alice.actor('Garde de la porte');
    const weapon = garde.items.getName('Épée longue');
    const choices = { ...original.data.choices, thrustId: '' };
    t.table.dice.push([100, 40]);
    const answer = await request(t, t.alice, 'a1', 'card.open', {
      ...original.data,
      actorUuid: garde.uuid,
      itemId: weapon.id,
      choices,
    });
    const answeredAtOnce = answer !== undefined;
    // The GM answers Bruno's question only now; Alice's request was valid all along.
    await t.gm.answerDialog({}, 'no');
    const later = t.alice.user.flags['passe-d-armes']?.answers?.a1;
    expect(later?.ok).toBe(true);
    expect(t.gm.game.messages.size).toBe(count + 1);
    expect(answeredAtOnce).toBe(true);
  });

  it('A4-F24 F-B1 Bruno repeats his other-weapon thrust request five times: the GM faces one question, not five', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await learn(t, 'Bretteur', 'Faucheuse');
    const sword = await draw(t, 'Bretteur', 'Épée fantasque');
    await attackFromSheet(t.bruno, 'Bretteur', sword, 'Brigand', { thrustId: 'faucheuse' });
    const sent = t.table.server.log.find(
      (op) => op.documentName === 'User' && JSON.stringify(op.result).includes('card.open'),
    );
    const requests = (sent!.result[0] as any).flags['passe-d-armes'].requests;
    const original = Object.values(requests)[0] as any;
    for (let i = 0; i < 5; i++) {
      await t.bruno.user.update({ [`flags.passe-d-armes.requests.again${i}`]: original });
      await t.table.settle();
    }
    let asked = 0;
    for (let guard = 0; guard < 10 && t.gm.dialogs().length; guard++) {
      asked++;
      await t.gm.answerDialog({}, 'no');
    }
    expect(asked).toBeLessThanOrEqual(2);
  });

  it('A4-F25 Bruno names his token with markup: the GM’s tracker and card show it as text', async () => {
    const t = await duel();
    await t.bruno.token('Bretteur').document.update({ name: '<img id="pwn-f" src=x>Bret' });
    await t.bruno.actor('Bretteur').update({ name: '<b id="pwn-f2">B</b>' });
    await t.table.settle();
    await startFight(t, ['<b id="pwn-f2">B</b>', 'Brigand', 'Garde de la porte']).catch(() => null);
    await t.gm.openTracker();
    expect(t.gm.dom.getElementById('pwn-f')).toBeNull();
    expect(t.gm.dom.getElementById('pwn-f2')).toBeNull();
  });
});
