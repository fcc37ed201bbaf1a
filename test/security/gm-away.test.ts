/**
 * Issue 42, the first engineer's open limit: a binding fact a player changes while no GM is
 * connected. The player's own client refuses (the system's `_pre…` methods), so each attack
 * patches those out at the console; the GM's client then loads, checks the world against the GM's
 * record (a client setting of the GM's browser, kept across the reload) and writes back.
 */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, startFight, type FantasiaTable } from '../table/fantasia-table';
import { souffleRound } from '../table/souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

type Seat = FantasiaTable['gm'];

/** A client's own document class patched at the console: no `_pre…` veto. */
function patchOut(seat: Seat, documentName: string, method: '_preUpdate' | '_preDelete'): void {
  seat.client.CONFIG[documentName].documentClass.prototype[method] = async () => undefined;
}

const duel = () => fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);

describe('a binding fact changed while the GM is away', () => {
  it('F-B7 Bruno deletes the GM’s "cannot move" effect while the GM is off line: it is back once the GM loads', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').toggleStatusEffect('cannotMove', { active: true });
    await t.table.settle();
    const gm = await t.table.reload('MJ', async () => {
      patchOut(t.bruno, 'ActiveEffect', '_preDelete');
      const effect = [...t.bruno.actor('Bretteur').effects].find((e: any) =>
        [...(e.statuses ?? [])].includes('cannotMove'),
      );
      await effect.delete();
    });
    expect(gm.actor('Bretteur').system.engineStates().cannotMove).toBe(true);
    expect(
      [...gm.actor('Bretteur').effects].some((e: any) => [...(e.statuses ?? [])].includes('cannotMove')),
    ).toBe(true);
  });

  it('F-W5 Bruno clears the reloading state the GM wrote on his actor while the GM is off line: the GM still reads it after loading', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').update({ 'system.states.reloadingWeapon': 'w' });
    await t.table.settle();
    const gm = await t.table.reload('MJ', async () => {
      patchOut(t.bruno, 'Actor', '_preUpdate');
      await t.bruno.actor('Bretteur').update({ 'system.states.reloadingWeapon': '' });
    });
    expect(gm.actor('Bretteur').system.engineStates().reloading).toBeTruthy();
  });

  it('F-B7 the GM on line: Bruno clears cannotMove with his client’s Actor veto patched out: the GM writes it back', async () => {
    const t = await duel();
    await t.gm.actor('Bretteur').update({ 'system.states.cannotMove': true });
    await t.table.settle();
    patchOut(t.bruno, 'Actor', '_preUpdate');
    await t.bruno.actor('Bretteur').update({ 'system.states.cannotMove': false });
    await t.table.settle();
    expect(t.gm.actor('Bretteur').system.engineStates().cannotMove).toBe(true);
  });

  it('F-R1 Bruno writes the round and turn while the GM is off line: the GM’s round and turn are back once it loads', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const combatId = t.combat!.id;
    const before = {
      round: t.gm.game.combats.get(combatId).round,
      turn: t.gm.game.combats.get(combatId).turn,
    };
    const gm = await t.table.reload('MJ', async () => {
      patchOut(t.bruno, 'Combat', '_preUpdate');
      await t.bruno.game.combats.get(combatId).update({ round: before.round + 3, turn: 1 });
    });
    const after = gm.game.combats.get(combatId);
    expect([after.round, after.turn]).toEqual([before.round, before.turn]);
  });

  it('S-AT6 Bruno turns his hostile hunter friendly while the GM is off line: the GM’s side is back once it loads', async () => {
    const d = await souffleRound(['intrepide', 'prudent']);
    await d.gm.token('Chasseur').document.update({ disposition: -1 });
    await d.table.settle();
    const gm = await d.table.reload('MJ', async () => {
      await d.bruno.token('Chasseur').document.update({ disposition: 1 });
    });
    expect(gm.token('Chasseur').document.disposition).toBe(-1);
  });
});
