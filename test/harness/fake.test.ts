/**
 * The harness keeps Foundry's rules (test/harness/FAKE.md): each test here would pass on a fake
 * kinder than Foundry only if the rule it names were missing.
 */
import { describe, expect, it } from 'vitest';
import { OWNERSHIP, Table } from './table';

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

  it('delivers every message to every client; the log shows a whisper to its recipients, a whispered roll to all without its content', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const [bruno, alice] = [table.seat('Bruno'), table.seat('Alice')];
    const Message = bruno.client.CONFIG.ChatMessage.documentClass;
    await Message.create({ content: 'secret', whisper: [table.gm.user.id] });
    await table.settle();
    for (const seat of [table.gm, bruno, alice]) expect(seat.game.messages.size, seat.name).toBe(1);
    expect(table.gm.messages().length).toBe(1);
    expect(bruno.messages().length).toBe(1);
    expect(alice.messages()).toEqual([]);
    // A whispered roll: everyone's log shows it, "rolled privately" for those not whispered to.
    const roll = { class: 'Roll', formula: '1d20', terms: [], total: 12, evaluated: true };
    await Message.create({ content: 'dé secret 12', whisper: [table.gm.user.id], rolls: [roll] });
    await table.settle();
    expect(alice.lastMessage().textContent).toContain('rolled privately');
    expect(alice.lastMessage().textContent).not.toContain('dé secret');
    expect(table.gm.lastMessage().textContent).toContain('dé secret 12');
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

describe('the table harness is as strict as Foundry (issue 30)', () => {
  it('breaks initiative ties by combatant id only, never by name, and puts no initiative last', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.importActor('fantasia-bestiaire', 'Bretteur');
    const combat = await table.startEncounter('Brigand', 'Bretteur');
    const ids = combat.combatants.contents.map((c: { id: string }) => c.id);
    // Equal initiatives: the id decides, whatever the names ("Brigand" would sort after "Bretteur").
    await combat.updateEmbeddedDocuments(
      'Combatant',
      ids.map((id: string) => ({ _id: id, initiative: 5 })),
    );
    await table.settle();
    const sorted = [...ids].sort();
    expect(table.seat('Alice').game.combat.turns.map((c: { id: string }) => c.id)).toEqual(sorted);
    await combat.updateEmbeddedDocuments('Combatant', [{ _id: sorted[0], initiative: null }]);
    await table.settle();
    expect(table.seat('Alice').game.combat.turns.map((c: { id: string }) => c.id)).toEqual([
      sorted[1],
      sorted[0],
    ]);
  });

  it("lets a combatant's owner change only its initiative, flags, defeated and system", async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    const combat = await table.startEncounter('Bretteur');
    const bruno = table.seat('Bruno');
    const mine = bruno.game.combats.get(combat.id).combatants.contents[0];
    for (const change of [{ hidden: true }, { name: 'Autre' }, { img: 'x.png' }, { actorId: 'other' }]) {
      await expect(mine.update(change)).rejects.toThrow(/lacks permission/);
    }
    await mine.update({ defeated: true, initiative: 3, 'flags.x.y': 1 });
    await table.settle();
    const seen = table.gm.game.combats.get(combat.id).combatants.contents[0];
    expect([seen.defeated, seen.initiative, seen.hidden, seen.flags.x]).toEqual([true, 3, false, { y: 1 }]);
  });

  it('counts Assistant GMs as GMs and picks a Gamemaster as the active GM when one is connected', async () => {
    const table = await Table.open({ ruleset: 'fantasia', gms: ['MJ'], assistants: ['Aide'] });
    const alice = table.seat('Alice');
    const aide = alice.game.users.getName('Aide');
    expect(aide.isGM).toBe(true);
    expect(aide.id < alice.game.users.getName('MJ').id).toBe(true);
    expect(alice.game.users.activeGM.name).toBe('MJ');
    const alone = await Table.open({ ruleset: 'fantasia', assistants: ['Aide'] });
    expect(alone.seat('Alice').game.users.activeGM.name).toBe('Aide');
  });

  it('keeps Object.prototype clean whatever keys mergeObject and expandObject receive', async () => {
    const table = await Table.open({ ruleset: 'fantasia', players: [] });
    const { mergeObject, expandObject, setProperty } = table.gm.client.foundry.utils;
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "a": {"__proto__": {"polluted": 2}}}');
    mergeObject({}, hostile);
    mergeObject({}, { '__proto__.polluted': 3, 'a.__proto__.polluted': 4 });
    expandObject({ '__proto__.polluted': 5 });
    expandObject(hostile);
    setProperty({}, '__proto__.polluted', 6);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('runs the pre-update with the change as requested, even a change of nothing, then sends only the diff (v12+)', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    const bruno = table.seat('Bruno');
    const pre: unknown[] = [];
    const changed: unknown[] = [];
    bruno.client.Hooks.on('preUpdateActor', (_d: unknown, c: unknown) => void pre.push(structuredClone(c)));
    table.gm.client.Hooks.on('updateActor', (_d: unknown, c: unknown) => void changed.push(c));
    const actor = bruno.actor('Bretteur');
    const pv = actor.system.pv.value as number;
    const before = table.server.log.length;
    // A change of nothing: the pre-update runs with it, nothing is sent, no update hook fires.
    await actor.update({ name: 'Bretteur', 'system.pv.value': pv });
    await table.settle();
    expect(pre).toEqual([{ name: 'Bretteur', system: { pv: { value: pv } } }]);
    expect([changed.length, table.server.log.length - before]).toEqual([0, 0]);
    // A real change: the pre-update still sees the unchanged name; the others receive the diff.
    await actor.update({ name: 'Bretteur', 'system.pv.value': 3 });
    await table.settle();
    expect(pre[1]).toEqual({ name: 'Bretteur', system: { pv: { value: 3 } } });
    expect(changed).toEqual([{ _id: actor.id, system: { pv: { value: 3 } } }]);
  });

  it('gives a player no level on another User (NONE, not LIMITED); their own User is theirs', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const alice = table.seat('Alice');
    const bruno = alice.game.users.getName('Bruno');
    expect(bruno.getUserLevel(alice.user)).toBe(0);
    expect(bruno.limited).toBe(false);
    expect(alice.user.getUserLevel(alice.user)).toBe(3);
    expect(alice.user.getUserLevel(table.gm.user)).toBe(3);
  });

  it('measures a square grid by its diagonal rule (a diagonal step is one square by default) and a gridless scene in straight lines', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur');
    await table.placeToken('Bretteur', 1, 1);
    const grid = () => table.gm.client.canvas.grid;
    const path = [
      { x: 150, y: 150 },
      { x: 450, y: 350 },
    ];
    // Three columns and two rows away: two diagonal steps and one straight, 1.5 m each.
    expect(grid().measurePath(path).distance).toBe(4.5);
    await table.gm.game.settings.set('core', 'gridDiagonals', 4);
    expect(grid().measurePath(path).distance).toBe(6);
    await table.gm.game.scenes.find((s: { active: boolean }) => s.active).update({ 'grid.type': 0 });
    await table.settle();
    expect(grid().measurePath(path).distance).toBeCloseTo(Math.hypot(3, 2) * 1.5);
  });

  it('refuses a player renaming their own User or changing its role, and lets them write its flags', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const alice = table.seat('Alice');
    await expect(alice.user.update({ name: 'MJ' })).rejects.toThrow(/lacks permission/);
    await expect(alice.user.update({ role: 4 })).rejects.toThrow(/lacks permission/);
    await alice.user.update({ 'flags.x.y': 1 });
    await table.settle();
    expect(table.gm.game.users.getName('Alice').flags.x).toEqual({ y: 1 });
  });

  it('gives each client its own copy of the system: no class or module state is shared', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const [gm, alice, bruno] = ['MJ', 'Alice', 'Bruno'].map((n) => table.seat(n).client);
    const models = (c: typeof gm) => Object.values(c!.CONFIG.Actor.dataModels) as unknown[];
    expect(models(gm).length).toBeGreaterThan(0);
    for (const other of [alice, bruno]) {
      expect(other!.CONFIG.Actor.documentClass).not.toBe(gm!.CONFIG.Actor.documentClass);
      for (const model of models(other)) expect(models(gm)).not.toContain(model);
    }
    // A reloaded page runs the system anew as well.
    const reloaded = (await table.reload('Alice')).client;
    for (const model of models(reloaded)) expect(models(alice)).not.toContain(model);
  });

  it('keeps an actor whose stored data fails validation out of the collection at load', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const actor = await table.importActor('fantasia-bestiaire', 'Bretteur');
    (table.server.world.actors.get(actor.id)!.system as Record<string, unknown>).pv = { value: 'beaucoup' };
    const gm = await table.reload('MJ');
    expect(gm.game.actors.get(actor.id)).toBeUndefined();
    expect([...gm.game.actors.invalidDocumentIds]).toEqual([actor.id]);
  });

  it('deletes with the v14 operators, warns of the legacy keys on v14 and refuses them on v16', async () => {
    for (const generation of [13, 14, 16] as const) {
      const table = await Table.open({ ruleset: 'fantasia', generation, players: ['Alice'] });
      const alice = table.seat('Alice');
      await alice.user.update({ 'flags.x.a': 1, 'flags.x.b': 2 });
      const ops = alice.client.foundry.data.operators;
      expect(Boolean(ops)).toBe(generation >= 14);
      if (ops) await alice.user.update({ 'flags.x.a': ops.ForcedDeletion.create() });
      const legacy = alice.user.update({ 'flags.x.-=b': null });
      if (generation >= 16) await expect(legacy).rejects.toThrow(/v16/);
      else await legacy;
      await table.settle();
      const flags = table.gm.game.users.getName('Alice').flags.x;
      expect(flags).toEqual(generation === 13 ? { a: 1 } : generation === 14 ? {} : { b: 2 });
      expect(alice.client.deprecations.length).toBe(generation === 14 ? 1 : 0);
    }
  });

  it('re-renders the sheets and the tracker of every client on a change, none with render: false', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    // The GM lets every player observe the actor, so that each of them may open its sheet.
    await table.gm.actor('Bretteur').update({ 'ownership.default': OWNERSHIP.OBSERVER });
    await table.startEncounter('Bretteur');
    const renders = new Map<string, string[]>();
    for (const seat of table.seats.values()) {
      await seat.openSheet(seat.actor('Bretteur'));
      await seat.openTracker();
      const seen: string[] = [];
      renders.set(seat.name, seen);
      seat.client.Hooks.on('renderApplicationV2', (app: { constructor: { name: string } }) => {
        seen.push(app.constructor.name.includes('Tracker') ? 'tracker' : 'sheet');
      });
    }
    const combat = table.gm.game.combats.contents[0];
    const bruno = table.seat('Bruno');
    await bruno.actor('Bretteur').update({ 'system.pv.value': 7 }, { render: false });
    await combat.update({ 'flags.x.quiet': 1 }, { render: false });
    await table.settle();
    for (const seat of table.seats.values()) {
      expect(renders.get(seat.name)).toEqual([]);
      // The data landed; only the views were left as they were.
      expect(seat.actor('Bretteur').system.pv.value).toBe(7);
    }
    await bruno.actor('Bretteur').update({ 'system.pv.value': 6 });
    await combat.update({ 'flags.x.loud': 1 });
    await table.settle();
    for (const seat of table.seats.values())
      expect([...renders.get(seat.name)!].sort()).toEqual(['sheet', 'tracker', 'tracker']);
  });

  it("renders an embedded batch's parent once, after the whole batch, on every client", async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.gm.actor('Bretteur').update({ 'ownership.default': OWNERSHIP.OBSERVER });
    const bruno = table.seat('Bruno');
    const actor = bruno.actor('Bretteur');
    const [first, second] = actor.items.contents as { id: string; name: string }[];
    const shown = new Map<string, string[][]>();
    for (const seat of table.seats.values()) {
      await seat.openSheet(seat.actor('Bretteur'));
      const seen: string[][] = [];
      shown.set(seat.name, seen);
      seat.client.Hooks.on('renderApplicationV2', () => {
        seen.push([first!.id, second!.id].map((id) => seat.actor('Bretteur').items.get(id).name));
      });
    }
    await actor.updateEmbeddedDocuments('Item', [
      { _id: first!.id, name: 'Lame A' },
      { _id: second!.id, name: 'Lame B' },
    ]);
    await table.settle();
    // Core's descendant handler renders the actor's sheet once per operation, from both changes.
    for (const seat of table.seats.values()) {
      expect(shown.get(seat.name), seat.name).toEqual([['Lame A', 'Lame B']]);
      expect(seat.actor('Bretteur').sheet.element.textContent).toContain('Lame B');
    }
  });
});
