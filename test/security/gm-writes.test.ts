/**
 * More write paths under attack (issue 12): the stand-alone resistance card is the GM's document,
 * and a round command cut off between the Combatants and the Combat is finished, not run twice.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { fantasiaTable, text } from '../table/fantasia-table';

async function fromConsole(seat: Seat, id: string, name: string, data: Record<string, unknown>) {
  await seat.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await seat.table.settle();
  return seat.user.flags['passe-d-armes'].answers[id];
}

describe('F-T1 the resistance card is rolled and posted by the GM', () => {
  it('F-T1 Bruno’s resistance card is authored by the GM, spoken by his swordsman; his edit is refused', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    t.table.dice.push([100, 55]);
    await t.bruno.click(sheet.querySelector('[data-action="resistanceRoll"]')!);
    await t.bruno.answerDialog({ passive: 11, label: 'FOR contre FOR' });
    const message = t.bruno.game.messages.contents.at(-1);
    expect(message.type).toBe('carte');
    expect(message.author.id).toBe(t.gm.user.id);
    expect(message.speaker.actor).toBe(t.bruno.actor('Bretteur').id);
    expect(text(t.bruno.lastMessage())).toMatch(/13 vs 11 → 60 %/);
    const before = JSON.stringify((t.table.server.world.messages.get(message.id) as any).system);
    await expect(message.update({ system: { state: { roll: { success: false } } } })).rejects.toThrow();
    expect(JSON.stringify((t.table.server.world.messages.get(message.id) as any).system)).toBe(before);
  });

  it('F-T1 a forged request is refused: values out of the table, another’s actor, an unknown field', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const count = t.table.server.world.messages.size;
    const base = { active: 12, passive: 10, label: 'x', mode: 'public' };
    expect(await fromConsole(t.bruno, 'r1', 'fantasia.resistance', { ...base, active: 1500 })).toMatchObject({
      ok: false,
      key: 'PDA.Error.BadPayload',
      data: { field: 'active' },
    });
    expect(
      await fromConsole(t.bruno, 'r2', 'fantasia.resistance', { ...base, label: 'x'.repeat(101) }),
    ).toMatchObject({ ok: false, key: 'PDA.Error.BadPayload', data: { field: 'label' } });
    expect(
      await fromConsole(t.bruno, 'r3', 'fantasia.resistance', {
        ...base,
        actorUuid: t.gm.actor('Brigand').uuid,
      }),
    ).toMatchObject({ ok: false, key: 'PDA.Error.CardNotYourActor' });
    expect(await fromConsole(t.bruno, 'r4', 'fantasia.resistance', { ...base, chance: 100 })).toMatchObject({
      ok: false,
      key: 'PDA.Error.BadPayload',
      data: { field: 'chance' },
    });
    expect(t.table.server.world.messages.size).toBe(count);
  });
});

describe('a round command cut off midway', () => {
  it('the start fails after the Combatants are written: pressed again, it finishes without new dice', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const combat = await t.table.startEncounter('Bretteur', 'Brigand');
    await t.gm.openTracker();
    const server = t.table.server as any;
    const update = server.update.bind(server);
    let combatants = false;
    let failed = false;
    server.update = async (userId: string, documentName: string, ...rest: unknown[]) => {
      if (documentName === 'Combatant') combatants = true;
      const final = documentName === 'Combat' && combatants;
      if (final && !failed) {
        failed = true;
        throw new Error('the server is unreachable');
      }
      return update(userId, documentName, ...rest);
    };
    await t.gm.click('[data-action="pdaStartCombat"]', t.gm.tracker);
    expect(failed).toBe(true);
    const stored = () => t.gm.game.combats.get(combat.id);
    // The Combatants hold their initiative; the Combat holds the journal, not yet the round.
    expect(stored().system.step).toBe('');
    expect(stored().flags['passe-d-armes'].roundJournal.key).toContain('start');
    const from = t.table.server.log.length;
    await t.gm.click('[data-action="pdaStartCombat"]', t.gm.tracker);
    expect(stored().system.step).toBe('declaration');
    expect(stored().round).toBe(1);
    expect(stored().flags['passe-d-armes'].roundJournal).toBeNull();
    // Finishing wrote the Combat once; the Combatants already held their values.
    const ops = t.table.server.log.slice(from).filter((op) => op.documentName !== 'User');
    expect(ops.map((op) => op.documentName)).toEqual(['Combat']);
    expect(text(t.gm.tracker)).toContain('Bretteur');
  });
});

describe('a player’s own Combatant is not where the round reads', () => {
  it('Bruno rewrites his accepted declaration from the console: the round keeps the one the GM accepted', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    const combat = await t.table.startEncounter('Bretteur', 'Brigand');
    for (const s of [t.gm, t.bruno]) await s.openTracker();
    await t.gm.click('[data-action="pdaStartCombat"]', t.gm.tracker);
    const id = combat.combatants.find((c: any) => c.name === 'Bretteur').id;
    await t.bruno.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, t.bruno.tracker);
    await t.bruno.answerDialog({ 'intents.0.kind': 'dodge' });
    const accepted = text(t.gm.tracker);
    expect(accepted).toMatch(/esquive/i);
    // Foundry lets the owner write his Combatant: the server accepts the edit.
    const mine = t.bruno.game.combats.get(combat.id).combatants.get(id);
    const forged = JSON.stringify({ intents: [{ kind: 'other', note: 'Forgé' }] });
    await mine.update({ system: { declaration: forged, budgets: '{"parried":{"max":9,"used":0}}' } });
    await t.table.settle();
    expect(t.gm.game.combats.get(combat.id).combatants.get(id).system.declaration).toBe(forged);
    // The round reads the GM's copy on the Combat: the tracker still shows the dodge.
    await t.gm.openTracker();
    expect(text(t.gm.tracker)).toBe(accepted);
    expect(text(t.gm.tracker)).not.toContain('Forgé');
    const sealed = t.gm.game.combats.get(combat.id).system.sealed;
    expect(sealed.declarations[id]).toContain('dodge');
    expect(t.table.errors()).toEqual([]);
  });
});
