/**
 * Souffle cards are the GM's documents (issue 12): opened by the GM on a player's request, never
 * written by a player. Alice plays the warrior and, at the console, tries to edit her card, to
 * open one for the hunter she does not own, and to act on a card she forged.
 */
import { describe, expect, it } from 'vitest';
import { souffleDuel, souffleRound, text, WARRIOR } from '../table/souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function attackCard() {
  const duel = await souffleDuel();
  const { table, alice } = duel;
  await alice.target('Chasseur');
  const sheet = await alice.openSheet(alice.actor(WARRIOR));
  await alice.click(sheet.querySelector('[data-action="attack"]')!);
  table.dice.push([10, 1], [12, 7]);
  await alice.answerDialog({ characteristic: 'vigueur' });
  return duel;
}

/** Alice writes a request by hand on her own User (the request channel of src/foundry/queries.ts). */
async function request(
  duel: Awaited<ReturnType<typeof souffleDuel>>,
  id: string,
  name: string,
  data: object,
) {
  await duel.alice.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await duel.table.settle();
  return duel.alice.user.flags['passe-d-armes'].answers[id];
}

describe('Souffle cards are written by the GM only', () => {
  it('Alice’s attack card is authored by the GM and spoken by her warrior; her edit is refused', async () => {
    const duel = await attackCard();
    const { table, gm, alice } = duel;
    const message = alice.game.messages.contents.at(-1);
    expect(message.type).toBe('carte');
    expect(message.author.id).toBe(gm.user.id);
    expect(message.speaker.actor).toBe(alice.actor(WARRIOR).id);
    const stored = () => table.server.world.messages.get(message.id) as any;
    const before = JSON.stringify(stored().system);
    // The cheat: rewrite the potential damage and skip to the applied step.
    await expect(
      message.update({ system: { step: 'defended', state: { attack: { potential: 99 } } } }),
    ).rejects.toThrow();
    await table.settle();
    expect(JSON.stringify(stored().system)).toBe(before);
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 10');
    expect(table.errors()).toEqual([]);
  });

  it('a request to open a Souffle card for the hunter, whom Alice does not own, is refused; nothing is posted', async () => {
    const duel = await souffleDuel();
    const hunter = duel.gm.actor('Chasseur');
    const warrior = duel.gm.actor(WARRIOR);
    const count = duel.table.server.world.messages.size;
    const answer = await request(duel, 'cheat1', 'souffle.open', {
      flow: 'souffle.grapple',
      actorUuid: hunter.uuid,
      itemId: '',
      targets: [{ actorUuid: warrior.uuid }],
      mode: 'public',
      choices: {},
    });
    expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.CardNotYourActor' });
    // Nor may the Souffle request open another ruleset's card without a weapon.
    const other = await request(duel, 'cheat2', 'souffle.open', {
      flow: 'fantasia.attack',
      actorUuid: warrior.uuid,
      itemId: '',
      targets: [{ actorUuid: hunter.uuid }],
      mode: 'public',
      choices: {},
    });
    expect(other).toMatchObject({ ok: false, key: 'PDA.Error.CardUnknownFlow' });
    expect(duel.table.server.world.messages.size).toBe(count);
  });

  it('a Souffle card Alice forges from the console is ignored: its undo would zero the hunter, nothing is written', async () => {
    const duel = await attackCard();
    const { table, alice } = duel;
    const hunter = alice.actor('Chasseur');
    const pv = hunter.system.pv.value;
    const chance = hunter.system.chance;
    const undo = [
      { type: 'resource', fighter: 'defender', resource: 'pv', from: pv, to: 0 },
      { type: 'resource', fighter: 'defender', resource: 'chance', from: chance, to: 0 },
    ];
    // A copy of her real card, moved to "applied" with an undo of her own making.
    const real = alice.game.messages.contents.at(-1).system;
    const forged = await alice.client.CONFIG.ChatMessage.documentClass.create({
      type: 'carte',
      content: '<div data-pda-card>forged</div>',
      system: {
        ...JSON.parse(JSON.stringify(real)),
        step: 'applied',
        revision: 0,
        state: {
          ...JSON.parse(JSON.stringify(real.state)),
          applied: { toSouffle: 0, toPv: 0, luckSpent: false, written: [], undo },
        },
      },
    });
    await table.settle();
    const answer = await request(duel, 'forged1', 'card.action', {
      messageId: forged.id,
      actionId: 'undo',
      revision: 0,
    });
    expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.CardGone' });
    // Nor can the GM be led to act on it: a look-alike card shows no button to anyone.
    const gmView = table.gm.game.messages.get(forged.id);
    expect(gmView.author.id).toBe(alice.user.id);
    expect(table.gm.buttons(table.gm.lastMessage())).toEqual([]);
    expect(alice.buttons(alice.lastMessage())).toEqual([]);
    expect(table.server.world.actors.get(hunter.id)).toMatchObject({
      system: { pv: { value: pv }, chance },
    });
  });
});

describe('Souffle requests that break the turn order or the one-target rule', () => {
  it('a forged attack request naming two targets is refused by the GM; nothing is posted', async () => {
    const duel = await souffleDuel();
    const { table, gm } = duel;
    await table.createActor({ name: 'Second', type: 'combattant', system: {} });
    const warrior = gm.actor(WARRIOR);
    const sword = warrior.items.contents[0].id;
    const count = table.server.world.messages.size;
    const answer = await request(duel, 'two', 'souffle.open', {
      flow: 'souffle.attack',
      actorUuid: warrior.uuid,
      itemId: sword,
      targets: [{ actorUuid: gm.actor('Chasseur').uuid }, { actorUuid: gm.actor('Second').uuid }],
      mode: 'public',
      choices: { characteristic: 'vigueur', metier: 4, aim: '', context: 0 },
    });
    expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.SouffleOneTarget' });
    expect(table.server.world.messages.size).toBe(count);
  });

  it('a forged action query for the hunter out of his turn is refused, naming whose turn it is; nothing is spent', async () => {
    const duel = await souffleRound(['intrepide', 'prudent'], [9, 4]);
    const { gm, bruno } = duel;
    const combat = gm.game.combat;
    const hunter = combat.combatants.find((c: any) => c.name === 'Chasseur');
    await bruno.user.update({
      'flags.passe-d-armes.requests.out': {
        name: 'souffle.action',
        data: { combatId: combat.id, combatantId: hunter.id, action: 'attaque' },
      },
    });
    await duel.table.settle();
    expect(bruno.user.flags['passe-d-armes'].answers.out).toMatchObject({
      ok: false,
      key: 'PDA.Error.SouffleNotYourTurn',
    });
    expect(JSON.parse(combat.system.sealed.budgets[hunter.id])).toEqual({ actions: { max: 1, used: 0 } });
  });
});

describe('A held fighter’s token stays put even from a forged client', () => {
  it('Bruno switches off his client’s checks and drags his grabbed hunter away: the GM puts the token back', async () => {
    const duel = await souffleDuel();
    const { table, gm, bruno } = duel;
    await gm.actor('Chasseur').toggleStatusEffect('agrippe', { active: true });
    await table.settle();
    const token = bruno.token('Chasseur').document;
    const [x, y] = [token.x, token.y];
    // At the console: every preUpdateToken handler of his client removed.
    (bruno.client as any).hooks.delete('preUpdateToken');
    await token.update({ x: x + 600 });
    await table.settle();
    expect([gm.token('Chasseur').document.x, gm.token('Chasseur').document.y]).toEqual([x, y]);
    // Bruno's own client shows it back too; nothing else was posted.
    expect(bruno.token('Chasseur').document.x).toBe(x);
    expect(table.errors()).toEqual([]);
  });
});
