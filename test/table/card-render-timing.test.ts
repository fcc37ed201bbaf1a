/**
 * Foundry calls `renderChatMessageHTML` without waiting for what a listener does asynchronously:
 * the chat log shows the element as soon as `renderHTML` resolves. Whatever a user's chat log
 * showed, at any moment (the harness records each element the moment it reaches the log), a
 * card never offers a button of someone else's fighter: the view is decided before the HTML is
 * in the log.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { attackFromSheet, fantasiaTable, itemId } from './fantasia-table';

/** Every button a seat's chat log ever showed that names fighters this user owns none of. */
function foreignButtons(seat: Seat): string[] {
  const out: string[] = [];
  for (const snap of seat.client.chatSnapshots) {
    const holder = seat.dom.createElement('div');
    holder.innerHTML = snap.html;
    for (const b of holder.querySelectorAll<HTMLButtonElement>('button[data-pda-action]')) {
      const owners = (b.dataset.pdaOwners ?? '').split(',').filter(Boolean);
      const mine = owners.some((uuid) =>
        Boolean(seat.client.fromUuidSync(uuid)?.testUserPermission(seat.user, 'OWNER')),
      );
      if (!seat.user.isGM && !mine) out.push(`${b.dataset.pdaAction}`);
    }
  }
  return out;
}

describe('a card shows each user their own buttons from the first moment', () => {
  it('F-D2 the parry buttons reach only the defender’s owner and the GM, never the attacker, even mid-render', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Alice' },
      { entry: 'Brigand', owner: 'Bruno' },
    ]);
    const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
    t.table.dice.push([100, 30]);
    await attackFromSheet(t.alice, 'Bretteur', sword, 'Brigand');
    await t.table.settle();
    // Bruno is offered his defence, and Alice saw none of it at any moment.
    expect(t.bruno.buttons().length).toBeGreaterThan(0);
    expect(t.alice.client.chatSnapshots.length).toBeGreaterThan(0);
    expect(foreignButtons(t.alice)).toEqual([]);
    expect(foreignButtons(t.bruno)).toEqual([]);
    // A reload renders the whole log again: still nothing foreign at any moment.
    const alice = await t.table.reload('Alice');
    expect(alice.client.chatSnapshots.length).toBeGreaterThan(0);
    expect(foreignButtons(alice)).toEqual([]);
    // Bruno answers the attack; the new revision reaches both, still without foreign buttons.
    const choice = t.bruno.buttons().find((b) => b.enabled);
    expect(choice).toBeDefined();
    await t.bruno.click(choice!.el);
    await t.table.settle();
    expect(foreignButtons(alice)).toEqual([]);
    expect(foreignButtons(t.bruno)).toEqual([]);
    expect(t.table.errors()).toEqual([]);
  });
});
