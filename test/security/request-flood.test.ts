/**
 * Issue 22, attack 5: one player write must not make the GM write N times. A single update of
 * Bruno's User carrying 200 requests (from the browser console) made the GM run them all, write
 * his User 200 times (each broadcast to every client) and leave 200 answers behind. Alice's
 * request, sent meanwhile, must still be answered, and nothing of the flood left on the Users.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, text } from '../table/fantasia-table';

const FLOOD = 200;

describe('a flood of requests from one player', () => {
  it('200 requests in one write: the GM runs none, writes Bruno’s User at most once, and answers Alice', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Alice' },
      { entry: 'Brigand', owner: 'Bruno' },
    ]);
    const brunoActor = t.bruno.actor('Brigand').uuid;
    const messagesBefore = t.table.server.world.messages.size;
    const from = t.table.server.log.length;
    const flood: Record<string, unknown> = {};
    for (let i = 0; i < FLOOD; i++)
      flood[`flags.passe-d-armes.requests.flood${i}`] = {
        name: 'fantasia.resistance',
        data: { active: 12, passive: 10, label: `x${i}`, mode: 'public', actorUuid: brunoActor },
      };
    // Bruno's flood is on its way when Alice rolls on the resistance table from her sheet.
    const sent = t.bruno.user.update(flood);
    const sheet = await t.alice.openSheet(t.alice.actor('Bretteur'));
    t.table.dice.push([100, 55]);
    await t.alice.click(sheet.querySelector('[data-action="resistanceRoll"]')!);
    await t.alice.answerDialog({ passive: 11, label: 'FOR contre FOR' });
    await sent;
    for (let i = 0; i < 3; i++) await t.table.settle();

    // Alice got her card.
    expect(text(t.alice.lastMessage())).toMatch(/13 vs 11 → 60 %/);
    expect(t.table.server.world.messages.size).toBe(messagesBefore + 1);
    // The GM wrote Bruno's User at most once (to clear the flood).
    const gmWritesOnBruno = t.table.server.log
      .slice(from)
      .filter(
        (op) =>
          op.documentName === 'User' &&
          op.action === 'update' &&
          op.userId === t.gm.user.id &&
          (op.result as any[]).some((r) => r._id === t.bruno.user.id),
      );
    expect(gmWritesOnBruno.length).toBeLessThanOrEqual(1);
    // Nothing of the flood is left on any User: no request anywhere, no answer on Bruno's.
    for (const user of t.table.server.world.users.values() as Iterable<any>) {
      const own = user.flags?.['passe-d-armes'] ?? {};
      expect(Object.keys(own.requests ?? {})).toEqual([]);
    }
    const bruno = (t.table.server.world.users.get(t.bruno.user.id) as any).flags?.['passe-d-armes'] ?? {};
    expect(Object.keys(bruno.answers ?? {})).toEqual([]);
    expect(t.table.errors()).toEqual([]);
  });

  it('answers left on Alice’s User by earlier sessions are gone after her first request; only its answer stays', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }]);
    // What earlier sessions left: answers (and a request) that nobody will read.
    const stale: Record<string, unknown> = {};
    for (let i = 0; i < 30; i++) stale[`flags.passe-d-armes.answers.old${i}`] = { ok: true, value: i };
    await t.gm.game.users.get(t.alice.user.id).update(stale);
    await t.table.settle();
    expect(Object.keys(t.alice.user.flags['passe-d-armes'].answers)).toHaveLength(30);
    const sheet = await t.alice.openSheet(t.alice.actor('Bretteur'));
    t.table.dice.push([100, 55]);
    await t.alice.click(sheet.querySelector('[data-action="resistanceRoll"]')!);
    await t.alice.answerDialog({ passive: 11, label: 'FOR contre FOR' });
    for (let i = 0; i < 2; i++) await t.table.settle();
    expect(text(t.alice.lastMessage())).toMatch(/13 vs 11 → 60 %/);
    const own = (t.table.server.world.users.get(t.alice.user.id) as any).flags['passe-d-armes'];
    expect(Object.keys(own.requests ?? {})).toEqual([]);
    expect(Object.keys(own.answers ?? {})).toHaveLength(1);
    expect(Object.keys(own.answers)[0]).not.toMatch(/^old/);
  });

  it('ten requests in ten quick writes: at most four run, the rest are refused, one GM write each, nothing left', async () => {
    const t = await fantasiaTable([{ entry: 'Brigand', owner: 'Bruno' }]);
    const actorUuid = t.bruno.actor('Brigand').uuid;
    const messagesBefore = t.table.server.world.messages.size;
    const from = t.table.server.log.length;
    const writes = [];
    for (let i = 0; i < 10; i++)
      writes.push(
        t.bruno.user.update({
          [`flags.passe-d-armes.requests.quick${i}`]: {
            name: 'fantasia.resistance',
            data: { active: 12, passive: 10, label: `q${i}`, mode: 'public', actorUuid },
          },
        }),
      );
    await Promise.all(writes);
    for (let i = 0; i < 3; i++) await t.table.settle();
    const cards = t.table.server.world.messages.size - messagesBefore;
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(4);
    const gmWrites = t.table.server.log
      .slice(from)
      .filter((op) => op.documentName === 'User' && op.action === 'update' && op.userId === t.gm.user.id);
    expect(gmWrites.length).toBeLessThanOrEqual(10);
    const own = (t.table.server.world.users.get(t.bruno.user.id) as any).flags['passe-d-armes'];
    expect(Object.keys(own.requests ?? {})).toEqual([]);
    expect(Object.keys(own.answers ?? {}).length).toBeLessThanOrEqual(1);
  });
});
