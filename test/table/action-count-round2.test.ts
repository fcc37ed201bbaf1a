/**
 * Issue 46's measure: one player attack in round 2 (round 1 played first, uncounted), from the
 * declaration to the applied damage, counted per ruleset as the person's clicks and the fields
 * they have to change; a slot still open after the damage costs its "J'ai fini". The counts are
 * printed (the issue's closing note compares them before and after) and held to the issue's
 * target: at most 4 player actions, and 2 GM actions plus the application of the damage.
 */
import { describe, expect, it } from 'vitest';
import { Counter } from './action-counter';
import { Table, type Seat } from '../harness/table';
import { fantasiaTable, itemId, startFight, text } from './fantasia-table';
import {
  DREVIN,
  against,
  combatantId,
  greyhawk,
  monster,
  nextRound as greyhawkNextRound,
  resolve,
  startCombat,
} from './greyhawk-independent-helpers';
import { brigand, WARRIOR } from './souffle-table';

/** Whose slot the tracker shows current. */
const current = (seat: Seat): string => text(seat.tracker.querySelector('li.pda-slot.active .pda-name'));
/** The current slot's id, as the tracker shows it. */
const slotId = (seat: Seat): string =>
  seat.tracker.querySelector('li.pda-slot.active')?.getAttribute('data-slot-id') ?? '';

/** The GM closes the round's open slots and starts the next round (uncounted). */
async function gmNextRound(gm: Seat): Promise<void> {
  for (let guard = 0; guard < 20 && !text(gm.tracker).includes('Tout le monde a agi'); guard++) {
    const end = gm.tracker.querySelector<HTMLElement>('li.active [data-action="pdaEndSlot"]');
    await gm.click(end ?? gm.tracker.querySelector<HTMLElement>('[data-action="pdaNextSlot"]')!);
  }
  await gm.click('[data-action="pdaNextRound"]', gm.tracker);
}

/** The GM resolves the passes, past the declarations not made. */
async function gmResolve(gm: Seat): Promise<void> {
  await gm.click(
    gm.tracker.querySelector('[data-action="pdaStartPasses"]') ??
      gm.tracker.querySelector('[data-action="pdaForcePasses"]')!,
  );
}

function report(ruleset: string, player: Counter, gm: Counter, apply: number): void {
  console.log(
    `issue 46 action count, ${ruleset}, round 2: player ${player.count}, GM ${gm.count - apply}+${apply}`,
  );
}

describe('Issue 46: one player attack in round 2, counted', () => {
  it('F-R1 Fantasia: Bruno’s blow on the brigand from his declaration to the applied damage', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    const row = `[data-combatant-id="${t.ids.Bretteur}"]`;
    const intent = {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    };
    const play = async (bruno: Counter, gm: Counter) => {
      const repeat = t.bruno.tracker.querySelector(`[data-action="pdaRepeatDeclaration"]${row}`);
      if (repeat) await bruno.act('same as last round', () => t.bruno.click(repeat));
      else {
        await bruno.act('declare', () => t.bruno.click(`[data-action="pdaDeclare"]${row}`, t.bruno.tracker));
        await bruno.answer('the declaration', intent);
      }
      await gm.act('resolve the passes', () => gmResolve(t.gm));
      t.table.dice.push([100, 30]);
      const mine = slotId(t.bruno);
      await bruno.act('attack from the slot', () =>
        t.bruno.click('li.active [data-action="pdaAttack"]', t.bruno.tracker),
      );
      await bruno.act('confirm the attack', () => t.bruno.answerDialog({}));
      t.table.dice.push([6, 1], [4, 1]);
      await gm.act('the brigand does not defend', () => t.gm.press('Ne rien faire'));
      await gm.act('apply the damage', () => t.gm.press('Appliquer'));
      if (slotId(t.bruno) === mine)
        await bruno.act('end the slot', () =>
          t.bruno.click('li.active [data-action="pdaEndSlot"]', t.bruno.tracker),
        );
    };
    await play(new Counter(t.bruno), new Counter(t.gm));
    await gmNextRound(t.gm);
    expect(text(t.bruno.tracker)).toContain('Round 2');
    const bruno = new Counter(t.bruno);
    const gm = new Counter(t.gm);
    const pv = t.gm.actor('Brigand').system.pv.value as number;
    await play(bruno, gm);
    expect(t.gm.actor('Brigand').system.pv.value).toBeLessThan(pv);
    report('Fantasia', bruno, gm, 1);
    expect(bruno.count).toBeLessThanOrEqual(4);
    expect(gm.count - 1).toBeLessThanOrEqual(2);
    expect(t.table.errors()).toEqual([]);
  });

  it('Base Greyhawk: Alice’s Drevin on the orc from her declaration to the applied damage', async () => {
    const table = await greyhawk();
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await monster(table, 'Orque');
    await table.placeToken(DREVIN, 1, 1);
    await table.placeToken('Orque', 2, 1);
    await table.startEncounter(DREVIN, 'Orque');
    const alice = table.seat('Alice');
    await alice.openTracker();
    await startCombat(table, [2, 9]);
    const id = combatantId(alice, DREVIN);
    // The orc has 6 HP: round 1's blow misses, round 2's hits.
    const play = async (player: Counter, gm: Counter, hit: boolean) => {
      const repeat = alice.tracker.querySelector(
        `[data-action="pdaRepeatDeclaration"][data-combatant-id="${id}"]`,
      );
      if (repeat) await player.act('same as last round', () => alice.click(repeat));
      else {
        await player.act('declare', () =>
          alice.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, alice.tracker),
        );
        await player.answer('the declaration', { action: 'attack', targetId: against(table, 'Orque') });
      }
      await gm.act('resolve the passes', () => resolve(table));
      for (let guard = 0; guard < 5 && current(alice) !== DREVIN; guard++)
        await table.gm.click('[data-action="pdaNextSlot"]', table.gm.tracker);
      const mine = slotId(alice);
      await player.act('attack from the slot', () =>
        alice.click('li.active [data-action="pdaAttack"]', alice.tracker),
      );
      table.dice.push([20, hit ? 18 : 2], ...(hit ? [[8, 1] as [number, number]] : []));
      await player.act('confirm the attack', () => alice.answerDialog({}, 'attack'));
      if (hit) await gm.act('apply the damage', () => table.gm.press('Appliquer', table.gm.lastMessage()));
      // The same slot only: a specialist's further attack (pass 3) is another slot.
      if (slotId(alice) === mine)
        await player.act('end the slot', () =>
          alice.click('li.active [data-action="pdaEndSlot"]', alice.tracker),
        );
    };
    await play(new Counter(alice), new Counter(table.gm), false);
    await greyhawkNextRound(table, [2, 9]);
    expect(text(alice.tracker)).toContain('Round 2');
    const player = new Counter(alice);
    const gm = new Counter(table.gm);
    const hp = table.gm.actor('Orque').system.hp.value as number;
    await play(player, gm, true);
    expect(table.gm.actor('Orque').system.hp.value).toBeLessThan(hp);
    report('Greyhawk', player, gm, 1);
    expect(player.count).toBeLessThanOrEqual(4);
    expect(gm.count - 1).toBeLessThanOrEqual(2);
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 Souffle: Alice’s warrior on the brigand from her turn to the applied damage', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const gmSeat = table.gm;
    const aliceSeat = table.seat('Alice');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.createActor(brigand());
    await table.placeToken(WARRIOR, 1, 1);
    const thug = await table.placeToken('Brigand', 2, 1);
    await thug.update({ disposition: -1 });
    await table.startEncounter(WARRIOR, 'Brigand');
    for (const s of [gmSeat, aliceSeat]) await s.openTracker();
    table.dice.push([12, 12], [12, 1]);
    await gmSeat.click('[data-action="pdaStartCombat"]', gmSeat.tracker);
    await aliceSeat.click('[data-action="pdaDeclare"]', aliceSeat.tracker);
    await aliceSeat.answerDialog({}, 'prudent');
    const play = async (alice: Counter, gm: Counter) => {
      // The posture carries over (S-P1): nothing to declare from round 2 on.
      if (
        aliceSeat.tracker.querySelector('[data-action="pdaStartPasses"], [data-action="pdaForcePasses"]') ===
        null
      )
        await gm.act('resolve', () => gmResolve(gmSeat));
      else await gm.act('resolve', () => gmResolve(gmSeat));
      for (let guard = 0; guard < 5 && current(aliceSeat) !== WARRIOR; guard++)
        await gmSeat.click('li.active [data-action="pdaEndSlot"]', gmSeat.tracker);
      const mine = slotId(aliceSeat);
      await alice.act('attack from the slot', () =>
        aliceSeat.click('li.active [data-action="pdaAttack"]', aliceSeat.tracker),
      );
      table.dice.push([10, 1], [12, 7]);
      await alice.act('confirm the attack', () =>
        aliceSeat.answerDialog({ characteristic: 'vigueur' }, 'attack'),
      );
      // S-AT2 (issue 46): the brigand's defence waits for Alice's forcing choice.
      await alice.act('does not force', () => aliceSeat.press('Ne pas forcer'));
      table.dice.push([10, 2], [10, 1]);
      await gm.act('the brigand parries', () => gmSeat.press('Parer'));
      await gm.act('apply the damage', () => gmSeat.press('Appliquer'));
      if (slotId(aliceSeat) === mine)
        await alice.act('end the slot', () =>
          aliceSeat.click('li.active [data-action="pdaEndSlot"]', aliceSeat.tracker),
        );
    };
    await play(new Counter(aliceSeat), new Counter(gmSeat));
    await gmNextRound(gmSeat);
    expect(text(aliceSeat.tracker)).toContain('Round 2');
    const alice = new Counter(aliceSeat);
    const gm = new Counter(gmSeat);
    await play(alice, gm);
    report('Souffle', alice, gm, 1);
    expect(alice.count).toBeLessThanOrEqual(4);
    expect(gm.count - 1).toBeLessThanOrEqual(2);
    expect(table.errors()).toEqual([]);
  });
});
