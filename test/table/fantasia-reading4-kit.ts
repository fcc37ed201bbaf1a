/**
 * Steps shared by the fourth independent reading's Fantasia table tests: a GM, Alice and Bruno,
 * fighters from the bestiary renamed, tokens side by side, the encounter started in the tracker.
 * Everything goes through the harness (seats, clicks, dialogs, cards).
 */
import { type Seat } from '../harness/table';
import {
  Table,
  fighter,
  gmClick,
  slots,
  attackFromSlot,
  declare,
  type Intent,
} from './fantasia-independent-kit';

export { Table, declare, slots, gmClick };

export interface Who {
  readonly entry: string;
  readonly name: string;
  readonly owner?: string;
  readonly changes?: Record<string, unknown>;
  readonly at: [number, number];
}

export interface Fight {
  readonly table: Table;
  readonly gm: Seat;
  readonly alice: Seat;
  readonly bruno: Seat;
}

export const squash = (el: Element | null | undefined): string =>
  (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Imports and places the fighters, starts the encounter and the combat from the GM's tracker. */
export async function openFight(
  who: Who[],
  before?: (table: Table) => Promise<void>,
  settings: Record<string, unknown> = {},
): Promise<Fight> {
  const table = await Table.open({ ruleset: 'fantasia', settings });
  for (const w of who) {
    await fighter(table, w.entry, w.name, w.changes ?? {}, w.owner);
    await table.placeToken(w.name, w.at[0], w.at[1]);
  }
  if (before) await before(table);
  await table.startEncounter(...who.map((w) => w.name));
  const f = { table, gm: table.gm, alice: table.seat('Alice'), bruno: table.seat('Bruno') };
  for (const s of [f.gm, f.alice, f.bruno]) await s.openTracker();
  await gmClick(table, 'pdaStartCombat');
  return f;
}

/** Everyone declares in initiative order (each through their own seat), then the GM opens the passes. */
export async function declareAll(f: Fight, list: [Seat, string, Intent[]][]): Promise<void> {
  for (const [seat, name, intents] of list) await declare(seat, name, intents);
  await gmClick(f.table, 'pdaStartPasses');
}

/** The current slot as the GM sees it. */
export function current(f: Fight): { name: string; action: string; pass: number } | undefined {
  return slots(f.gm).find((s) => s.status === 'current');
}

/** The GM closes slots ("J'ai fini" or "next") until `name`'s `action` is the current slot. */
export async function until(f: Fight, name: string, action: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const c = slots(f.gm).find((s) => s.status === 'current');
    if (c && c.name === name && c.action.includes(action)) return;
    const end = c?.el.querySelector('[data-action="pdaEndSlot"]');
    const next = f.gm.tracker.querySelector('[data-action="pdaNextSlot"]');
    if (end) await f.gm.click(end);
    else if (next) await f.gm.click(next);
    else break;
  }
  throw new Error(
    `${name}'s ${action} never became current (${slots(f.gm)
      .map((s) => `${s.pass}:${s.name}:${s.action}:${s.status}`)
      .join(', ')})`,
  );
}

/** `seat` strikes `target` from `name`'s current slot with the d100 given. */
export async function strike(
  f: Fight,
  seat: Seat,
  name: string,
  target: string,
  d100: number,
  values: Record<string, string | number | boolean | string[]> = {},
): Promise<void> {
  await seat.target(target);
  f.table.dice.push([100, d100]);
  await attackFromSlot(seat, name, values);
}

/** Labels (before " —") and enabled state of the buttons of this person's last card. */
export function offered(seat: Seat): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const b of seat.buttons(seat.lastMessage())) out[b.label.split(' —')[0]!.trim()] = b.enabled;
  return out;
}

/** Full text of the buttons (label and reason) of this person's last card. */
export function buttonText(seat: Seat): string {
  return seat
    .buttons(seat.lastMessage())
    .map((b) => `${b.label}${b.enabled ? '' : ' [off]'} ${b.el.dataset.tooltip ?? ''} ${b.el.title ?? ''}`)
    .join(' | ');
}

/** Names of the declaration rows, in order, as this person sees them. */
export function declarationNames(seat: Seat): string[] {
  return [...seat.tracker.querySelectorAll<HTMLElement>('.pda-declarations li')].map(
    (li) => li.querySelector('.pda-name')?.textContent?.trim() ?? '',
  );
}

/** The GM closes every remaining slot and opens the next round. */
export async function nextRound(f: Fight): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const c = slots(f.gm).find((s) => s.status === 'current');
    const end = c?.el.querySelector('[data-action="pdaEndSlot"]');
    const next = f.gm.tracker.querySelector('[data-action="pdaNextSlot"]');
    if (end) await f.gm.click(end);
    else if (next) await f.gm.click(next);
    else break;
  }
  await gmClick(f.table, 'pdaNextRound');
}

/** PV of an actor as this person's client holds it. */
export const pv = (seat: Seat, name: string): number => seat.actor(name).system.pv.value as number;
