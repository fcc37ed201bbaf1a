/**
 * Helpers of the Greyhawk table tests: what a player and the GM do again and again (attack a
 * target from the sheet, run the tracker to the next round). Imports only the harness.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import type { Seat, Table } from '../harness/table';
import { refusedAs } from './greyhawk-independent-helpers';

/** An attack from the sheet the rules refuse: the notification's text (see refusedAs). */
export async function refusedFromSheet(
  seat: Seat,
  actorName: string,
  weaponName: string,
  answers: Record<string, string | number | boolean> = {},
): Promise<string> {
  return refusedAs(seat, () => openAndAnswer(seat, actorName, weaponName, answers));
}

/** The plain choices of a Greyhawk attack request, as the dialog sends them. */
const PLAIN_CHOICES = {
  manoeuvre: 'normal',
  calledShot: 0,
  purpose: '',
  position: 'standing',
  grip: 'oneHanded',
  earlierDisarms: 0,
  freeHands: 1,
  distance: 0,
  declared: false,
  stayUp: {},
  extra: 0,
  nearWall: false,
  thrown: false,
};

let rawCount = 0;

/**
 * A request to open an attack card written by hand, past the dialog (what a modified client could
 * send): the GM's answer, as it reaches the requester.
 */
export async function rawAttack(
  seat: Seat,
  actorName: string,
  weaponName: string,
  targetName: string,
  choices: Record<string, unknown> = {},
): Promise<any> {
  const actor = seat.actor(actorName);
  const item = actor.items.find((i: any) => i.name.startsWith(weaponName));
  if (!item) throw new Error(`${actorName} has no weapon ${weaponName}`);
  rawCount += 1;
  const id = `rawAttack${rawCount}`;
  await seat.user.update({
    [`flags.passe-d-armes.requests.${id}`]: {
      name: 'card.open',
      data: {
        flow: 'greyhawk.attack',
        actorUuid: actor.uuid,
        itemId: item.id,
        targets: [{ actorUuid: seat.actor(targetName).uuid }],
        mode: 'public',
        choices: { ...PLAIN_CHOICES, ...choices },
      },
    },
  });
  await seat.table.settle();
  return seat.user.flags['passe-d-armes'].answers[id];
}

/** The label of each option the attack dialog offers disabled, by its field (manoeuvre, purpose). */
export async function disabledInDialog(seat: Seat, actorName: string, weaponName: string): Promise<string[]> {
  const sheet = await seat.openSheet(seat.actor(actorName));
  const weaponsTab = sheet.querySelector('[data-tab="weapons"]');
  if (weaponsTab) await seat.click(weaponsTab);
  const row = [...seat.actor(actorName).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
    r.textContent?.includes(weaponName),
  );
  if (!row) throw new Error(`${actorName} has no weapon row ${weaponName}`);
  await seat.click('[data-action="attack"]', row as Element);
  const dialog = seat.dialog();
  const labels = [...dialog.querySelectorAll<HTMLOptionElement>('option')]
    .filter((o) => o.disabled)
    .map((o) => (o.textContent ?? '').replace(/\s+/g, ' ').trim());
  await seat.answerDialog({}, 'cancel');
  return labels;
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
