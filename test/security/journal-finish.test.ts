/**
 * Issue 22, attack 2: an *Appliquer* cut off after its journal is stored, another card then hits
 * the same target, and *Terminer l'action* on the first card must not write its stale absolute PV
 * over the later hit. Finishing a journal applies the action's change to the current value.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import { attackFromSheet, fantasiaTable, itemId, text, type FantasiaTable } from '../table/fantasia-table';

/** Makes the server refuse one operation matching `when` (a lost connection, a server error). */
function failOnce(table: Table, when: (documentName: string) => boolean): () => boolean {
  const server = table.server as any;
  let failed = false;
  const original = server.update.bind(server);
  server.update = async (userId: string, documentName: string, ...rest: unknown[]) => {
    if (!failed && when(documentName)) {
      failed = true;
      throw new Error('the server is unreachable');
    }
    return original(userId, documentName, ...rest);
  };
  return () => failed;
}

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

function cardOf(seat: Seat, message: any): HTMLElement {
  const el = seat.dom.querySelector<HTMLElement>(
    `#chat .chat-log > li.chat-message[data-message-id="${message.id}"]`,
  );
  if (!el) throw new Error(`${seat.name} does not see card ${message.id}`);
  return el;
}

async function setUp() {
  const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Garde de la porte' }]);
  const first = await woundPending(t);
  const second = await woundPending(t);
  return { t, first, second, pv: t.gm.actor('Bretteur').system.pv.value as number };
}

/** Presses Terminer on `message` when it is still offered. */
async function finishIfOffered(seat: Seat, message: any): Promise<void> {
  const finish = seat.buttons(cardOf(seat, message)).find((b) => b.label.includes('Terminer'));
  if (finish?.enabled) await seat.click(finish.el);
}

describe('finishing a journal never erases a later hit', () => {
  it('the first wound fails to land, a second card hits, Terminer on the first: both wounds count', async () => {
    const { t, first, second, pv } = await setUp();
    const failed = failOnce(t.table, (doc) => doc === 'Actor');
    await t.bruno.press('Appliquer', cardOf(t.bruno, first.message));
    expect(failed()).toBe(true);
    await t.bruno.press('Appliquer', cardOf(t.bruno, second.message));
    await finishIfOffered(t.bruno, first.message);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - first.damage - second.damage);
    expect(t.bruno.actor('Bretteur').system.pv.value).toBe(pv - first.damage - second.damage);
    expect(t.gm.game.messages.get(first.message.id).system.journal.writes ?? []).toHaveLength(0);
  });

  it('the first wound lands but its card does not, a second card hits, Terminer: nothing twice, nothing lost', async () => {
    const { t, first, second, pv } = await setUp();
    let actorWritten = false;
    const failed = failOnce(t.table, (doc) => {
      if (doc === 'Actor') actorWritten = true;
      return doc === 'ChatMessage' && actorWritten;
    });
    await t.bruno.press('Appliquer', cardOf(t.bruno, first.message));
    expect(failed()).toBe(true);
    await t.bruno.press('Appliquer', cardOf(t.bruno, second.message));
    await finishIfOffered(t.gm, first.message);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - first.damage - second.damage);
  });

  it('the PV changed by hand since the cut-off: Terminer applies the wound to the current PV', async () => {
    const { t, first, pv } = await setUp();
    failOnce(t.table, (doc) => doc === 'Actor');
    await t.bruno.press('Appliquer', cardOf(t.bruno, first.message));
    // Bruno heals his swordsman by one on his sheet meanwhile (he owns it).
    await t.bruno.actor('Bretteur').update({ 'system.pv.value': pv - 1 });
    await t.table.settle();
    await finishIfOffered(t.bruno, first.message);
    expect(t.gm.actor('Bretteur').system.pv.value).toBe(pv - 1 - first.damage);
  });
});
