/**
 * Issue 42, point 9: under the stricter reading any player may write `round` and `turn` of any
 * Combat and the owner fields of any Combatant (test/harness/FAKE.md). The round holds anyway:
 * the system's Combat refuses a player's change, the active GM writes back one that skipped
 * that check, and a combatant is dropped as defeated only by its owner or a GM.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { declare, fantasiaTable, startFight, text } from '../table/fantasia-table';

async function passes() {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
  await startFight(t, ['Bretteur', 'Brigand']);
  await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
  await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
  await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
  return t;
}

describe('round and turn are the GM’s', () => {
  it('F-R1 Alice moves the round and turn from the console, through her client and past it: both come back', async () => {
    const t = await passes();
    const combat = () => t.gm.game.combats.get(t.combat!.id);
    const { round, turn } = combat();
    const tracker = text(t.gm.tracker);
    // Through her client: the system's Combat refuses it there.
    await t.alice.game.combats
      .get(t.combat!.id)
      .update({ round: 9, turn: 2 })
      .catch(() => undefined);
    await t.table.settle();
    expect([combat().round, combat().turn]).toEqual([round, turn]);
    // Past it: the socket call a console makes (the server call with her user id).
    await (t.table.server as any).update(
      t.alice.client.userId,
      'Combat',
      [{ _id: t.combat!.id, round: 9, turn: 2 }],
      null,
    );
    await t.table.settle();
    expect([combat().round, combat().turn]).toEqual([round, turn]);
    expect(text(t.gm.tracker)).toBe(tracker);
  });

  it('F-R1 Alice marks Bruno’s swordsman defeated from the console: he stays in the round', async () => {
    const t = await passes();
    const before = text(t.gm.tracker);
    expect(before).toContain('Bretteur');
    await (t.table.server as any).update(
      t.alice.client.userId,
      'Combatant',
      [{ _id: t.ids.Bretteur, defeated: true }],
      { documentName: 'Combat', id: t.combat!.id },
    );
    await t.table.settle();
    const sealed = t.gm.game.combats.get(t.combat!.id).system;
    expect(sealed.out).not.toContain(t.ids.Bretteur);
  });
});
