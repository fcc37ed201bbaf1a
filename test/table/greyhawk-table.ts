/**
 * Helpers of the Greyhawk table tests: what a player and the GM do again and again (attack a
 * target from the sheet, run the tracker to the next round). Imports only the harness.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import type { Seat, Table } from '../harness/table';
import { refusedAs } from './greyhawk-independent-helpers';

export { disabledInDialog, rawAttack } from './greyhawk-independent-helpers';

/** An attack from the sheet the rules refuse: the notification's text (see refusedAs). */
export async function refusedFromSheet(
  seat: Seat,
  actorName: string,
  weaponName: string,
  answers: Record<string, string | number | boolean> = {},
): Promise<string> {
  return refusedAs(seat, () => openAndAnswer(seat, actorName, weaponName, answers));
}

async function openAndAnswer(
  seat: Seat,
  actorName: string,
  weaponName: string,
  answers: Record<string, string | number | boolean>,
): Promise<void> {
  const sheet = await seat.openSheet(seat.actor(actorName));
  const weaponsTab = sheet.querySelector('[data-tab="weapons"]');
  if (weaponsTab) await seat.click(weaponsTab);
  const row = [...seat.actor(actorName).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
    r.textContent?.includes(weaponName),
  );
  if (!row) throw new Error(`${actorName} has no weapon row ${weaponName}`);
  await seat.click('[data-action="attack"]', row as Element);
  await seat.answerDialog(answers);
}

/** Opens the actor's sheet, clicks the attack button of a weapon row, answers the dialog. */
export async function attackFromSheet(
  seat: Seat,
  actorName: string,
  weaponName: string,
  answers: Record<string, string | number | boolean> = {},
): Promise<HTMLElement> {
  await openAndAnswer(seat, actorName, weaponName, answers);
  return seat.lastMessage();
}

/** The GM starts the Greyhawk round from the tracker and lets the declarations close. */
export async function startRound(table: Table): Promise<void> {
  const gm = table.gm;
  await gm.openTracker();
  await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
}

/** The GM runs the current round's passes to their end and opens the next round. */
export async function nextRound(table: Table, combatId: string): Promise<void> {
  const gm = table.gm;
  const round = () => gm.game.combats.get(combatId).round;
  const start = round();
  const has = (action: string) => gm.tracker.querySelector(`[data-action="${action}"]`) !== null;
  if (has('pdaForcePasses')) await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
  for (let step = 0; step < 40 && round() === start; step++) {
    if (has('pdaNextRound')) await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    if (round() !== start) break;
    if (has('pdaForcePasses')) await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    else if (has('pdaNextPass')) await gm.click('[data-action="pdaNextPass"]', gm.tracker);
    else if (has('pdaNextSlot')) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
  }
  if (round() === start) throw new Error(`The GM could not leave round ${start}`);
  await table.settle();
}

export const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ');

/**
 * A fighter's lasting conditions as its documents hold them: the Active Effects carrying the
 * Greyhawk statuses (the pin's rounds left in the effect's duration, the hold's rounds in its data).
 */
export function conditionsOf(actor: any): Record<string, any> {
  const out: Record<string, any> = {
    pinned: 0,
    held: false,
    heldRounds: 0,
    bladeAtThroat: false,
    disarmed: false,
    prone: false,
    offLine: false,
    shieldOffLine: false,
  };
  for (const e of actor.effects?.values?.() ?? actor.effects ?? []) {
    if (e.disabled) continue;
    for (const status of e.statuses ?? []) {
      if (!String(status).startsWith('greyhawk-')) continue;
      const id = String(status).slice('greyhawk-'.length);
      const data = e.flags?.['passe-d-armes']?.condition ?? {};
      if (id === 'pinned') out.pinned = e.duration?.rounds ?? 3;
      else if (id === 'held') {
        out.held = true;
        out.heldRounds = data.heldRounds ?? 0;
      } else out[id] = true;
    }
  }
  return out;
}
