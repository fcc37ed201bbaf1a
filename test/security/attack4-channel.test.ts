/**
 * Red team, round 4 (issue 42): the request channel and a few more binding states, from the
 * console. Each assertion is what the GM's side holds after.
 */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, startFight } from '../table/fantasia-table';
import { souffleDuel, souffleRound } from '../table/souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

describe('attack4 channel: sealed requests and tie-breaks', () => {
  it('A4-C01 Alice seals her own "GM request" (a message flagged as a sealed request, round end) and names it on her User: nothing runs', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const combatId = t.combat!.id;
    const data = { combatId, command: { kind: 'end' } };
    const message = await t.alice.client.CONFIG.ChatMessage.documentClass.create({
      content: '',
      whisper: [t.gm.user.id],
      flags: {
        'passe-d-armes': { sealedRequest: { id: 'seal1', name: 'round.command', data }, hidden: true },
      },
    });
    await t.table.settle();
    await t.alice.user.update({
      'flags.passe-d-armes.requests.seal1': { name: 'round.command', sealed: message.id },
    });
    await t.table.settle();
    expect(t.gm.game.combats.get(combatId)?.system.step).toBe('declaration');
    expect(t.alice.user.flags['passe-d-armes']?.answers?.seal1?.ok).not.toBe(true);
  });

  it('A4-C02 S-R3 Alice asks the GM to settle the hunter’s tie (Bruno’s combatant): refused, the round is unchanged', async () => {
    const duel = await souffleRound(['intrepide', 'prudent'], [6, 6]);
    const combat = duel.gm.game.combat;
    const hunter = combat.combatants.find((c: any) => c.name === 'Chasseur');
    const before = JSON.stringify(combat.system.sealed);
    await duel.alice.user.update({
      'flags.passe-d-armes.requests.tie1': {
        name: 'souffle.tie',
        data: { combatId: combat.id, combatantId: hunter.id },
      },
    });
    await duel.table.settle();
    expect(duel.alice.user.flags['passe-d-armes']?.answers?.tie1?.ok).not.toBe(true);
    expect(JSON.stringify(duel.gm.game.combat.system.sealed)).toBe(before);
  });

  it('A4-C03 S-R1 Alice spends an action for the hunter (Bruno’s) at his slot: refused, his budget is whole', async () => {
    const duel = await souffleRound(['intrepide', 'prudent'], [4, 9]);
    const combat = duel.gm.game.combat;
    const hunter = combat.combatants.find((c: any) => c.name === 'Chasseur');
    const before = combat.system.sealed.budgets[hunter.id];
    await duel.alice.user.update({
      'flags.passe-d-armes.requests.sp1': {
        name: 'souffle.action',
        data: { combatId: combat.id, combatantId: hunter.id, action: 'attaque' },
      },
    });
    await duel.table.settle();
    expect(duel.alice.user.flags['passe-d-armes']?.answers?.sp1?.ok).not.toBe(true);
    expect(duel.gm.game.combat.system.sealed.budgets[hunter.id]).toBe(before);
  });
});

describe('attack4 channel: more Souffle states', () => {
  for (const status of ['freine', 'sansDefense', 'vulnerable', 'epuise', 'prisAuDepourvu', 'fatigue']) {
    it(`A4-C04 S-ST1 Bruno deletes the GM's "${status}" on his hunter with his client's checks off: it is back`, async () => {
      const duel = await souffleDuel();
      await duel.gm
        .actor('Chasseur')
        .createEmbeddedDocuments('ActiveEffect', [{ name: status, statuses: [status] }]);
      await duel.table.settle();
      expect([...duel.gm.actor('Chasseur').statuses]).toContain(status);
      (duel.bruno.client as any).hooks.delete('preDeleteActiveEffect');
      const hunter = duel.bruno.actor('Chasseur');
      const effect = hunter.effects.find((e: any) => [...e.statuses].includes(status));
      const cls = duel.bruno.client.CONFIG.ActiveEffect.documentClass;
      cls.prototype._preDelete = async () => undefined;
      await effect.delete().catch(() => null);
      await duel.table.settle();
      expect([...duel.gm.actor('Chasseur').statuses]).toContain(status);
    });
  }
});
