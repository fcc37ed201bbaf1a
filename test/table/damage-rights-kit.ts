/**
 * Shared steps of the damage-rights table tests (issue 29, docs/rulings.md "Who applies damage"):
 * a table of a GM and three players — Alice owns the attacker, Bruno the wounded defender, Carla
 * neither — with the world's *who applies damage* setting, and what each person can do with a
 * card's Appliquer and Annuler: the button they see, and what the active GM answers when the
 * click is sent from the console anyway (the request channel, by hand).
 */
import { expect } from 'vitest';
import { Table, type Seat } from '../harness/table';

export type Rights = 'owner' | 'gm';

export interface RightsTable {
  readonly table: Table;
  readonly gm: Seat;
  readonly alice: Seat;
  readonly bruno: Seat;
  readonly carla: Seat;
}

export async function rightsTable(ruleset: 'fantasia' | 'greyhawk' | 'souffle', rights: Rights) {
  const table = await Table.open({
    ruleset,
    players: ['Alice', 'Bruno', 'Carla'],
    settings: { damageRights: rights },
  });
  return {
    table,
    gm: table.gm,
    alice: table.seat('Alice'),
    bruno: table.seat('Bruno'),
    carla: table.seat('Carla'),
  };
}

/** The card message element this person's log shows for a message id. */
export function cardOf(seat: Seat, id: string): HTMLElement {
  const el = seat.dom.querySelector<HTMLElement>(
    `#chat .chat-log > li.chat-message[data-message-id="${id}"]`,
  );
  if (!el) throw new Error(`${seat.name} does not see card ${id}`);
  return el;
}

/** Whether this person sees an enabled button whose label starts with `label` on the card. */
export function sees(seat: Seat, id: string, label: string): boolean {
  return seat.buttons(cardOf(seat, id)).some((b) => b.label.startsWith(label) && b.enabled);
}

let forged = 0;

/**
 * Sends a card click from this person's console, past the hidden button: a request written on
 * their own User, as src/foundry/queries.ts does. Returns the active GM's answer.
 */
export async function forgeClick(
  table: Table,
  seat: Seat,
  id: string,
  actionId: string,
): Promise<{ ok: boolean; key?: string }> {
  const request = `forged${++forged}`;
  const revision = Number(seat.game.messages.get(id).system.revision);
  await seat.user.update({
    [`flags.passe-d-armes.requests.${request}`]: {
      name: 'card.action',
      data: { messageId: id, actionId, revision },
    },
  });
  await table.settle();
  return seat.user.flags['passe-d-armes'].answers[request];
}

/**
 * Checks who may press `label` (its action `actionId`) on the card now: the wounded character's
 * owner exactly when the rights say so, Alice (the attacker's owner) and Carla never, by the
 * button or by a forged click; nothing is written by a refused click.
 */
export async function onlyAllowed(
  t: RightsTable,
  id: string,
  label: string,
  actionId: string,
  rights: Rights,
  value: () => unknown,
): Promise<void> {
  const before = value();
  expect(sees(t.gm, id, label)).toBe(true);
  expect(sees(t.bruno, id, label)).toBe(rights === 'owner');
  for (const other of [t.alice, t.carla]) {
    expect(sees(other, id, label)).toBe(false);
    expect(await forgeClick(t.table, other, id, actionId)).toMatchObject({
      ok: false,
      key: 'PDA.Error.CardNotYours',
    });
  }
  if (rights === 'gm')
    expect(await forgeClick(t.table, t.bruno, id, actionId)).toMatchObject({
      ok: false,
      key: 'PDA.Error.CardNotYours',
    });
  expect(value()).toEqual(before);
}

/** The last card message's id as the GM's log shows it. */
export function lastCardId(seat: Seat): string {
  const id = seat.lastMessage().getAttribute('data-message-id');
  if (!id) throw new Error('no card id');
  return id;
}

/** Issue 46: the card's line saying who may press Appliquer and Annuler, as this person sees it. */
export function whoLine(seat: Seat, id: string): string {
  return cardOf(seat, id).querySelector('[data-pda-who]')?.textContent?.trim() ?? '';
}
