/**
 * Requests whose sender Foundry vouches for: a player at the browser console, trying to pass for
 * the GM or for another player, gets nothing the GM would not grant them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

describe('forged identities', () => {
  let table: Table;
  let combatId = '';

  beforeEach(async () => {
    table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    combatId = combat.id;
    await table.gm.openTracker();
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
  });

  const step = () => table.gm.game.combats.get(combatId).system.step;

  it('a request whose payload names the GM runs as the player who wrote it, and is refused', async () => {
    const alice = table.seat('Alice');
    await alice.user.update({
      'flags.passe-d-armes.requests.forged1': {
        name: 'round.command',
        data: { combatId, command: { kind: 'end' }, userId: table.gm.user.id },
      },
    });
    await table.settle();
    expect(step()).toBe('declaration');
    // The payload schema has no identity field: naming a user is a malformed request.
    const answer = alice.user.flags['passe-d-armes'].answers.forged1;
    expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.BadPayload', data: { field: 'userId' } });
    // Without it, the request runs as Alice, whom Foundry attests, and the GM's command is refused.
    await alice.user.update({
      'flags.passe-d-armes.requests.forged2': {
        name: 'round.command',
        data: { combatId, command: { kind: 'end' } },
      },
    });
    await table.settle();
    expect(step()).toBe('declaration');
    expect(alice.user.flags['passe-d-armes'].answers.forged2).toMatchObject({
      ok: false,
      key: 'PDA.Error.NotGM',
    });
  });

  it("a player cannot write a request into another player's User", async () => {
    const alice = table.seat('Alice');
    const bruno = alice.game.users.getName('Bruno');
    await expect(
      bruno.update({
        'flags.passe-d-armes.requests.x': {
          name: 'round.command',
          data: { combatId, command: { kind: 'end' } },
        },
      }),
    ).rejects.toThrow(/lacks permission/);
    await table.settle();
    expect(step()).toBe('declaration');
  });

  it('a player cannot reach a GM-side handler through Foundry queries', async () => {
    const alice = table.seat('Alice');
    const gm = alice.game.users.activeGM;
    await expect(
      gm.query('passe-d-armes.round.command', { userId: gm.id, combatId, command: { kind: 'end' } }),
    ).rejects.toThrow(/No query handler/);
    expect(step()).toBe('declaration');
  });

  it("a player cannot forge the GM's answer to their own request", async () => {
    // Only a GM may write another user's User: a player's "answer" is their own write, ignored.
    const alice = table.seat('Alice');
    await alice.user.update({ 'flags.passe-d-armes.answers.fake': { ok: true, value: true } });
    await table.settle();
    expect(table.errors()).toEqual([]);
    expect(step()).toBe('declaration');
  });

  it('with two GMs connected, only the active GM runs a request, once', async () => {
    const two = await Table.open({ ruleset: 'fantasia', gms: ['MJ', 'MJ2'] });
    await two.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await two.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await two.startEncounter('Bretteur', 'Brigand');
    await two.gm.openTracker();
    await two.gm.click('[data-action="pdaStartCombat"]', two.gm.tracker);
    const bruno = two.seat('Bruno');
    await bruno.openTracker();
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({ 'intents.0.kind': 'dodge' });
    const answers = two.server.log.filter(
      (op) => op.documentName === 'User' && JSON.stringify(op.result).includes('"answers"'),
    );
    expect(answers.map((op) => op.userId)).toEqual([two.gm.user.id]);
    const bretteur = combat.combatants.find((c: { name: string }) => c.name === 'Bretteur');
    expect(combat.system.sealed.declarations[bretteur.id]).toContain('dodge');
  });

  it('with two GMs, a card button pressed by the second GM is decided by the active GM, once', async () => {
    const two = await Table.open({ ruleset: 'fantasia', gms: ['MJ', 'MJ2'] });
    await two.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await two.importActor('fantasia-bestiaire', 'Brigand');
    await two.placeToken('Bretteur', 1, 1);
    await two.placeToken('Brigand', 2, 1);
    const bruno = two.seat('Bruno');
    const second = two.seat('MJ2');
    await bruno.target('Brigand');
    const sheet = await bruno.openSheet(bruno.actor('Bretteur'));
    two.dice.push([100, 30]);
    await bruno.click(sheet.querySelector('[data-action="useWeapon"]')!);
    await bruno.answerDialog({});
    two.dice.push([6, 3], [4, 2]);
    const from = two.server.log.length;
    await second.press('Ne rien faire');
    const cardWrites = two.server.log
      .slice(from)
      .filter((op) => op.documentName === 'ChatMessage' && op.action === 'update');
    // The second GM's click is a request: the card is written once, by the active GM.
    expect(cardWrites.map((op) => op.userId)).toEqual([two.gm.user.id]);
    expect(second.dom.querySelectorAll('.chat-message').length).toBe(1);
  });
});
