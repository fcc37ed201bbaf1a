/**
 * Issue 22, attack 1: two *Appliquer* on two cards against the same target, sent as two separate
 * requests at the same moment. Every GM-side action must see the writes of the actions before it,
 * so the two wounds compose (two blows on the same PV, in any order and any timing).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { attackFromSheet, fantasiaTable, itemId, text, type FantasiaTable } from '../table/fantasia-table';

/** The guard strikes Bruno's swordsman; Bruno's parry fails; the damage is rolled, not applied. */
async function woundPending(t: FantasiaTable): Promise<{ message: any; damage: number }> {
  const sword = itemId(t.gm, 'Garde de la porte', 'Épée longue');
  t.table.dice.push([100, 30]);
  await attackFromSheet(t.gm, 'Garde de la porte', sword, 'Bretteur');
  t.table.dice.push([100, 90], [6, 5], [4, 3]);
  await t.bruno.press('Parer (Épée fantasque)');
  const damage = Number(/Dommages subis (\d+)/.exec(text(t.gm.lastMessage()))?.[1]);
  expect(damage).toBeGreaterThan(0);
  return { message: t.gm.game.messages.contents.at(-1), damage };
}

/** The rendered card of `message` in a person's chat log. */
function cardOf(seat: Seat, message: any): HTMLElement {
  const el = seat.dom.querySelector<HTMLElement>(
    `#chat .chat-log > li.chat-message[data-message-id="${message.id}"]`,
  );
  if (!el) throw new Error(`${seat.name} does not see card ${message.id}`);
  return el;
}

function applyButton(seat: Seat, message: any): HTMLButtonElement {
  const b = seat.buttons(cardOf(seat, message)).find((x) => x.label.includes('Appliquer'));
  if (!b?.enabled) throw new Error(`${seat.name} cannot press Appliquer on ${message.id}`);
  return b.el;
}

async function twoCards() {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Garde de la porte' }]);
  await t.table.settle();
  const first = await woundPending(t);
  const second = await woundPending(t);
  return { t, first, second, pv: t.gm.actor('Bretteur').system.pv.value as number };
}

const click = (seat: Seat, el: HTMLElement) =>
  el.dispatchEvent(new seat.client.window.MouseEvent('click', { bubbles: true, cancelable: true }));

describe('concurrent applies compose: no hit is lost', () => {
  it('Bruno presses Appliquer on two cards at once: both wounds land', async () => {
    const { t, first, second, pv } = await twoCards();
    const [a, b] = [applyButton(t.bruno, first.message), applyButton(t.bruno, second.message)];
    click(t.bruno, a);
    click(t.bruno, b);
    for (let i = 0; i < 3; i++) await t.table.settle();
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - first.damage - second.damage);
    expect(t.bruno.actor('Bretteur').system.pv.value).toBe(pv - first.damage - second.damage);
  });

  it('Bruno and the GM each press Appliquer on a different card at once: both wounds land', async () => {
    const { t, first, second, pv } = await twoCards();
    const [a, b] = [applyButton(t.bruno, first.message), applyButton(t.gm, second.message)];
    click(t.bruno, a);
    click(t.gm, b);
    for (let i = 0; i < 3; i++) await t.table.settle();
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - first.damage - second.damage);
  });

  it('the GM alone presses Appliquer on two cards at once: both wounds land', async () => {
    const { t, first, second, pv } = await twoCards();
    const [a, b] = [applyButton(t.gm, first.message), applyButton(t.gm, second.message)];
    click(t.gm, b);
    click(t.gm, a);
    for (let i = 0; i < 3; i++) await t.table.settle();
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - first.damage - second.damage);
  });
});
