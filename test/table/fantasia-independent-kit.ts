/**
 * Helpers for the independent reader's Fantasia table tests: build fighters from the
 * compendium, declare intents through the tracker's dialog, read the passes' slots and cards.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness are untyped */
import { Table, type Seat } from '../harness/table';

export { Table };

/** The GM imports a compendium actor, renames it and sets fields (as on the sheet). */
export async function fighter(
  table: Table,
  source: string,
  name: string,
  changes: Record<string, unknown> = {},
  owner?: string,
): Promise<any> {
  const actor = await table.importActor('fantasia-bestiaire', source, owner);
  await actor.update({ name, ...changes });
  await table.settle();
  return actor;
}

/** Sets a field on one of an actor's items (as the GM would on the item sheet). */
export async function setItem(table: Table, actor: any, itemName: string, changes: Record<string, unknown>) {
  const item = actor.items.getName(itemName);
  if (!item) throw new Error(`${actor.name} has no item ${itemName}`);
  await item.update(changes);
  await table.settle();
}

export interface Intent {
  readonly kind: string;
  readonly weapon?: string;
  readonly target?: string;
  readonly hold?: boolean;
  readonly reloadAfter?: boolean;
}

function optionValue(select: HTMLSelectElement | null, label: string): string {
  if (!select) throw new Error('no select');
  const o = [...select.options].find((x) => (x.textContent ?? '').trim() === label);
  if (!o)
    throw new Error(`no option ${label} (has ${[...select.options].map((x) => x.textContent).join(', ')})`);
  return o.value;
}

/** Opens the declaration dialog of a combatant from the tracker's row and declares. */
export async function declare(
  seat: Seat,
  name: string,
  intents: Intent[],
  publicText?: string,
): Promise<void> {
  const tracker = seat.tracker ?? (await seat.openTracker());
  if (!tracker) throw new Error('no tracker');
  await seat.openTracker();
  const row = [...seat.tracker.querySelectorAll<HTMLElement>('.pda-declarations li')].find(
    (li) => li.querySelector('.pda-name')?.textContent?.trim() === name,
  );
  if (!row) throw new Error(`${seat.name} sees no declaration row for ${name}`);
  const button = row.querySelector<HTMLElement>('[data-action="pdaDeclare"]');
  if (!button) throw new Error(`${seat.name} has no declare button for ${name}`);
  await seat.click(button);
  const dialog = seat.dialog();
  const values: Record<string, string | boolean> = {};
  intents.forEach((intent, i) => {
    values[`intents.${i}.kind`] = intent.kind;
    if (intent.weapon)
      values[`intents.${i}.weaponId`] = optionValue(
        dialog.querySelector(`[name="intents.${i}.weaponId"]`),
        intent.weapon,
      );
    if (intent.target)
      values[`intents.${i}.targetId`] = optionValue(
        dialog.querySelector(`[name="intents.${i}.targetId"]`),
        intent.target,
      );
    // Only a shot asks these (the dialog shows them for it alone): a person ticks what they see.
    if (intent.hold !== undefined) values[`intents.${i}.hold`] = intent.hold;
    if (intent.reloadAfter !== undefined) values[`intents.${i}.reloadAfter`] = intent.reloadAfter;
  });
  if (publicText !== undefined) values.publicText = publicText;
  await seat.answerDialog(values);
}

export interface SlotView {
  readonly pass: number;
  readonly name: string;
  readonly action: string;
  readonly status: string;
  readonly el: HTMLElement;
}

/** The slots of the passes as this person's tracker shows them, in order. */
export function slots(seat: Seat): SlotView[] {
  const out: SlotView[] = [];
  for (const section of seat.tracker.querySelectorAll<HTMLElement>('.pda-pass')) {
    for (const li of section.querySelectorAll<HTMLElement>('.pda-slot')) {
      out.push({
        pass: Number(section.dataset.pass),
        name: li.querySelector('.pda-name')?.textContent?.trim() ?? '',
        action: li.querySelector('.pda-action')?.textContent?.trim() ?? '',
        status: li.dataset.status ?? '',
        el: li,
      });
    }
  }
  return out;
}

/** Short text form of the slots: "1:Carla:Tirer". */
export function slotOrder(seat: Seat): string[] {
  return slots(seat).map((s) => `${s.pass}:${s.name}:${s.action}`);
}

export async function gmClick(table: Table, action: string): Promise<void> {
  await table.gm.openTracker();
  await table.gm.click(`[data-action="${action}"]`, table.gm.tracker);
}

/** The rows (label → value) of a card's sections. */
export function cardRows(message: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const li of message.querySelectorAll('.pda-row')) {
    const label = li.querySelector('.pda-row__label')?.textContent?.trim() ?? '';
    out[label] = li.querySelector('.pda-row__value')?.textContent?.trim() ?? '';
  }
  return out;
}

export function cardText(message: Element): string {
  return (message.textContent ?? '').replace(/\s+/g, ' ');
}

export function checkOf(message: Element): { roll: string; target: string; level: string } {
  const c = message.querySelector('.pda-check');
  return {
    roll: c?.querySelector('.pda-check__roll')?.textContent?.trim() ?? '',
    target: c?.querySelector('.pda-check__target')?.textContent?.trim() ?? '',
    level: c?.querySelector('.pda-check__level')?.textContent?.trim() ?? '',
  };
}

/** Attacks from a sheet: click the weapon's name, fill the dialog (when one opens), press Attaquer. */
export async function attackFromSheet(
  seat: Seat,
  actor: any,
  weapon: string,
  values: Record<string, string | number | boolean | string[]> = {},
): Promise<void> {
  const sheet = await seat.openSheet(actor);
  const button = [...sheet.querySelectorAll<HTMLElement>('[data-action="useWeapon"]')].find(
    (b) => b.textContent?.trim() === weapon,
  );
  if (!button) throw new Error(`${actor.name}'s sheet has no weapon ${weapon}`);
  await seat.click(button);
  // A refusal known before the dialog (a declared dodge, the fighter's turn) opens none.
  if (seat.dialogs().length) await seat.answerDialog(values, 'attack');
}

/**
 * Opens the attack dialog from the sheet and reads the secret thrusts it offers (option values)
 * and those it shows as not possible (their text, with the reason), then closes it.
 */
export async function thrustsOffered(
  seat: Seat,
  actor: any,
  weapon: string,
): Promise<{ offered: string[]; impossible: string }> {
  const sheet = await seat.openSheet(actor);
  const button = [...sheet.querySelectorAll<HTMLElement>('[data-action="useWeapon"]')].find(
    (b) => b.textContent?.trim() === weapon,
  );
  if (!button) throw new Error(`${actor.name}'s sheet has no weapon ${weapon}`);
  await seat.click(button);
  const dialog = seat.dialog();
  const offered = [...dialog.querySelectorAll<HTMLOptionElement>('[name="thrustId"] option')]
    .map((o) => o.value)
    .filter(Boolean);
  const impossible = (dialog.querySelector('.pda-attack-dialog__unavailable')?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  await seat.answerDialog({}, 'cancel');
  return { offered, impossible };
}

/** The rows of the declaration step, in order, as this person sees them. */
export function declarationRows(seat: Seat): { name: string; tie: string; declared: boolean }[] {
  return [...seat.tracker.querySelectorAll<HTMLElement>('.pda-declarations li')].map((li) => ({
    name: li.querySelector('.pda-name')?.textContent?.trim() ?? '',
    tie: [li.querySelector('.pda-initiative'), li.querySelector('.pda-tie')]
      .map((e) => e?.textContent?.trim() ?? '')
      .join(' ')
      .trim(),
    declared: li.classList.contains('declared'),
  }));
}

/** The GM presses "next slot" until the current slot is `name`'s `action` (or fails). */
export async function advanceTo(table: Table, name: string, action: string): Promise<SlotView> {
  const gm = table.gm;
  await gm.openTracker();
  for (let i = 0; i < 20; i++) {
    const current = slots(gm).find((s) => s.status === 'current');
    if (current && current.name === name && current.action.includes(action)) return current;
    const next = gm.tracker.querySelector('[data-action="pdaNextSlot"]');
    if (!next) break;
    await gm.click(next as Element);
  }
  throw new Error(`${name}'s ${action} never became the current slot (${slotOrder(gm).join(', ')})`);
}

/** The seat presses the attack button of the current slot and attacks from the dialog. */
export async function attackFromSlot(
  seat: Seat,
  name: string,
  values: Record<string, string | number | boolean | string[]> = {},
): Promise<void> {
  await seat.openTracker();
  const slot = slots(seat).find((s) => s.status === 'current' && s.name === name);
  const button = slot?.el.querySelector('[data-action="pdaAttack"]');
  if (!button) throw new Error(`${seat.name} has no attack button on ${name}'s current slot`);
  await seat.click(button);
  await seat.answerDialog(values, 'attack');
}

/** The GM closes every remaining slot ("J'ai fini" where offered, else "next"), then starts the
 * next round. */
export async function finishRound(table: Table): Promise<void> {
  const gm = table.gm;
  await gm.openTracker();
  for (let i = 0; i < 30; i++) {
    const current = slots(gm).find((s) => s.status === 'current');
    const end = current?.el.querySelector('[data-action="pdaEndSlot"]');
    const next = gm.tracker.querySelector('[data-action="pdaNextSlot"]');
    if (end) await gm.click(end);
    else if (next) await gm.click(next);
    else break;
  }
  await gm.click('[data-action="pdaNextRound"]', gm.tracker);
}

/**
 * Carla (Bruno's crossbowwoman) 3 m from a gate guard run by the GM: the fight started, Carla
 * declared a crossbow shot at the guard, the guard "other", and the passes run up to Carla's
 * pass-1 shooting slot.
 */
export async function carlaAtHerPass1Shot(): Promise<{ table: Table; gm: Seat; bruno: Seat }> {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Aventurière arbalétrière', 'Carla', {}, 'Bruno');
  await fighter(table, 'Garde de la porte', 'Garde');
  await table.placeToken('Carla', 1, 1);
  await table.placeToken('Garde', 4, 1);
  await table.startEncounter('Carla', 'Garde');
  await gmClick(table, 'pdaStartCombat');
  const gm = table.gm;
  const bruno = table.seat('Bruno');
  await declare(bruno, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde' }]);
  await declare(gm, 'Garde', [{ kind: 'other' }]);
  await gmClick(table, 'pdaStartPasses');
  await advanceTo(table, 'Carla', 'Tirer');
  return { table, gm, bruno };
}
