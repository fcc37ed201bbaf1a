/**
 * The harness keeps Foundry's rules (test/harness/FAKE.md): each test here would pass on a fake
 * kinder than Foundry only if the rule it names were missing.
 */
import { describe, expect, it } from 'vitest';
import { Table } from './table';

describe('the table harness keeps Foundry rules', () => {
  it('refuses a player writing an actor they do not own, and changes nothing anywhere', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    const alice = table.seat('Alice');
    await expect(alice.actor('Bretteur').update({ 'system.pv.value': 0 })).rejects.toThrow(
      /lacks permission/,
    );
    for (const s of table.seats.values()) expect(s.actor('Bretteur').system.pv.value).toBe(12);
  });

  it('lets only the author or a GM edit a chat message', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const bruno = table.seat('Bruno');
    const Message = bruno.client.CONFIG.ChatMessage.documentClass;
    await Message.create({ content: 'Bruno parle' });
    await table.settle();
    const msg = table.seat('Alice').game.messages.contents[0];
    await expect(msg.update({ content: 'forgé' })).rejects.toThrow(/lacks permission/);
    expect(msg.author.name).toBe('Bruno');
  });

  it('delivers a whispered message only to its recipients and the GM', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const bruno = table.seat('Bruno');
    const Message = bruno.client.CONFIG.ChatMessage.documentClass;
    await Message.create({ content: 'secret', whisper: [table.gm.user.id] });
    await table.settle();
    expect(table.gm.game.messages.size).toBe(1);
    expect(bruno.game.messages.size).toBe(1);
    expect(table.seat('Alice').game.messages.size).toBe(0);
    expect(table.seat('Alice').messages()).toEqual([]);
  });

  it('applies deletion keys and non-recursive updates on every client, with the attested user', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const actor = await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    const seen: string[] = [];
    table
      .seat('Alice')
      .client.Hooks.on('updateActor', (_doc: unknown, _changed: unknown, _o: unknown, userId: unknown) => {
        seen.push(String(userId));
      });
    const bruno = table.seat('Bruno');
    await bruno.actor(actor.name).update({ 'flags.x.a': 1, 'flags.x.b': 2 });
    await bruno.actor(actor.name).update({ 'flags.x.-=a': null });
    await table.settle();
    expect(table.seat('Alice').actor(actor.name).flags.x).toEqual({ b: 2 });
    await bruno.actor(actor.name).update({ flags: { x: { c: 3 } } }, { recursive: false });
    await table.settle();
    expect(table.gm.actor(actor.name).flags.x).toEqual({ c: 3 });
    expect(seen).toEqual([bruno.user.id, bruno.user.id, bruno.user.id]);
  });

  it('sorts combat turns by initiative, highest first, as Foundry does', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    const [a, b] = combat.combatants.contents;
    await combat.updateEmbeddedDocuments('Combatant', [
      { _id: a.id, initiative: 3 },
      { _id: b.id, initiative: 9 },
    ]);
    await table.settle();
    expect(table.seat('Alice').game.combat.turns.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
  });

  it('does not tell a query handler who sent the query (Foundry v13)', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const received: unknown[] = [];
    table.gm.client.CONFIG.queries['test.echo'] = (data: unknown, options: unknown) => {
      received.push(data, options);
      return 'ok';
    };
    const alice = table.seat('Alice');
    const answer = await alice.game.users.activeGM.query('test.echo', { userId: 'forged' }, { timeout: 5 });
    expect(answer).toBe('ok');
    expect(received).toEqual([{ userId: 'forged' }, { timeout: 5 }]);
  });
});
