/**
 * A round command writes its items and Combatants, then the Combat (src/foundry/combat/round-writes.ts):
 * every client's tracker is drawn once the whole command has landed, never in between (it never
 * shows the command's write-ahead journal or a half-made command), and once per command rather
 * than once per write.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { WARRIOR, souffleDuel } from './souffle-table';

/** Each seat's tracker renders from now on: whether the Combat carried a journal at that moment. */
function watchTrackers(seats: Seat[], combatId: string): Map<string, boolean[]> {
  const seen = new Map<string, boolean[]>();
  for (const seat of seats) {
    const list: boolean[] = [];
    seen.set(seat.name, list);
    seat.client.Hooks.on('renderApplicationV2', (app: { constructor: { name: string } }) => {
      if (!app.constructor.name.includes('Tracker')) return;
      const combat = seat.game.combats.get(combatId);
      list.push(Boolean(combat?.flags?.['passe-d-armes']?.roundJournal));
    });
  }
  return seen;
}

describe('the tracker during a round command', () => {
  it('is drawn once per command on every client, after everything landed, never with the journal', async () => {
    const { table, gm, alice, bruno } = await souffleDuel();
    const combat = await table.startEncounter(WARRIOR, 'Chasseur');
    const seats = [gm, alice, bruno];
    for (const s of seats) await s.openTracker();
    const seen = watchTrackers(seats, combat.id);
    // Starting the fight rolls the initiative: the Combatants are written, then the Combat.
    table.dice.push([12, 9], [12, 4]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await table.settle();
    for (const seat of seats) {
      const renders = seen.get(seat.name)!;
      expect(renders, seat.name).toEqual([false]);
      // What it drew is the command landed: the warrior (9) above the hunter (4).
      const rows = [...seat.tracker.querySelectorAll<HTMLElement>('li[data-combatant-id]')];
      const shown = rows.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim());
      expect(shown, seat.name).toEqual([`9 ${WARRIOR}`, '4 Chasseur']);
    }
  });
});
