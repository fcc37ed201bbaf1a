/**
 * Shared steps of the Fantasia table tests: a GM, Alice and Bruno, fighters from the bestiary,
 * tokens on the scene, the encounter in the tracker. Everything goes through the harness.
 */
import { Table, type Seat } from '../harness/table';

export const text = (el: Element | null | undefined): string =>
  (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Data-action names a person sees on their tracker. */
export const controls = (seat: Seat): string[] =>
  [...seat.tracker.querySelectorAll<HTMLElement>('[data-action]')].map((b) => b.dataset.action ?? '');

export interface Fighter {
  /** Bestiary entry name. */
  readonly entry: string;
  /** Player who owns it (none: the GM's). */
  readonly owner?: string;
  /** Grid square of its token. */
  readonly at?: [number, number];
}

export interface FantasiaTable {
  readonly table: Table;
  readonly gm: Seat;
  readonly alice: Seat;
  readonly bruno: Seat;
  /** Combatant ids by name (once the encounter exists). */
  readonly ids: Record<string, string>;
  combat: { id: string; combatants: { contents: { id: string; name: string }[] } } | null;
}

/** Opens a Fantasia table with these fighters imported and their tokens placed. */
export async function fantasiaTable(
  fighters: Fighter[],
  settings: Record<string, unknown> = {},
  lang?: 'fr' | 'en' | Readonly<Record<string, 'fr' | 'en'>>,
): Promise<FantasiaTable> {
  const table = await Table.open({ ruleset: 'fantasia', settings, ...(lang ? { lang } : {}) });
  let col = 1;
  for (const f of fighters) {
    await table.importActor('fantasia-bestiaire', f.entry, f.owner);
    const [x, y] = f.at ?? [col, 1];
    col += 2;
    await table.placeToken(f.entry, x, y);
  }
  return {
    table,
    gm: table.gm,
    alice: table.seat('Alice'),
    bruno: table.seat('Bruno'),
    ids: {},
    combat: null,
  };
}

/** The GM starts the encounter with every fighter and clicks "Start combat" in the tracker. */
export async function startFight(
  t: FantasiaTable,
  names: string[],
  before?: () => Promise<void>,
): Promise<void> {
  const combat = await t.table.startEncounter(...names);
  t.combat = combat;
  for (const c of combat.combatants.contents) t.ids[c.name] = c.id;
  for (const s of [t.gm, t.alice, t.bruno]) await s.openTracker();
  if (before) await before();
  await t.gm.click('[data-action="pdaStartCombat"]', t.gm.tracker);
}

/** A person declares for a combatant from their tracker (the declaration dialog). */
export async function declare(
  seat: Seat,
  combatantId: string,
  values: Record<string, string | boolean>,
): Promise<void> {
  await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${combatantId}"]`, seat.tracker);
  await seat.answerDialog(values);
}

/** Item id of an actor's item by name, as a person reads it on the sheet. */
export function itemId(seat: Seat, actor: string, item: string): string {
  const found = seat.actor(actor).items.getName(item);
  if (!found) throw new Error(`${actor} has no ${item}`);
  return found.id;
}

/** A person attacks with a weapon from their sheet (click its name), answering the dialog. */
export async function attackFromSheet(
  seat: Seat,
  actor: string,
  weaponRow: string,
  target: string,
  dialog: Record<string, string | number | boolean> = {},
): Promise<void> {
  await seat.target(target);
  const sheet = await seat.openSheet(seat.actor(actor));
  const row = sheet.querySelector(`tr[data-weapon-id="${weaponRow}"]`);
  if (!row) throw new Error(`${actor}'s sheet has no weapon row ${weaponRow}`);
  await seat.click(row.querySelector('[data-action="useWeapon"]')!);
  if (seat.dialogs().length) await seat.answerDialog(dialog);
}

/** A person attacks from the current slot's button in their tracker. */
export async function attackFromSlot(
  seat: Seat,
  target: string,
  dialog: Record<string, string | number | boolean> = {},
): Promise<void> {
  await seat.target(target);
  await seat.click('li.active [data-action="pdaAttack"]', seat.tracker);
  if (seat.dialogs().length) await seat.answerDialog(dialog);
}

/**
 * F-D3 at the table: the brigand draws its bow on its sheet and shoots the Bretteur (Bruno's),
 * whose card offers a parry with his sword (refused) and with his small shield.
 */
export async function brigandShootsBretteur(): Promise<FantasiaTable> {
  const t = await fantasiaTable([
    { entry: 'Brigand' },
    { entry: 'Bretteur', owner: 'Bruno' },
    { entry: 'Garde de la porte' },
  ]);
  const bow = itemId(t.gm, 'Brigand', 'Arc');
  const sheet = await t.gm.openSheet(t.gm.actor('Brigand'));
  await t.gm.click(sheet.querySelector(`tr[data-weapon-id="${bow}"] [data-field="drawn"]`)!);
  t.table.dice.push([100, 10]);
  await attackFromSheet(t.gm, 'Brigand', bow, 'Bretteur');
  return t;
}

/** The labels of a card's buttons a person sees, with whether each is enabled. */
export function offered(seat: Seat): [string, boolean][] {
  return seat.buttons(seat.lastMessage()).map((b) => [b.label.split(' —')[0]!.trim(), b.enabled]);
}

/**
 * The round up to `name`'s own slot (an attack is taken there only: issue 29): `seat` declares
 * its intent, `others` declares the rest if given, the GM resolves the passes (forcing past the fighters not declared) and moves the
 * turn on until that fighter's slot is current.
 */
export async function toOwnSlot(
  t: FantasiaTable,
  seat: Seat,
  name: string,
  intent: Record<string, string | boolean>,
  others?: () => Promise<void>,
): Promise<void> {
  await declare(seat, t.ids[name]!, intent);
  if (others) await others();
  await t.gm.click(
    t.gm.tracker.querySelector('[data-action="pdaStartPasses"]') ??
      t.gm.tracker.querySelector('[data-action="pdaForcePasses"]')!,
  );
  const current = () => text(t.gm.tracker.querySelector('li.pda-slot.active .pda-name'));
  for (let guard = 0; guard < 20 && current() !== name; guard++)
    await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
  if (current() !== name) throw new Error(`${name} has no slot this round`);
}

/** The GM closes the round's remaining slots and opens the next round. */
export async function finishRound(t: FantasiaTable): Promise<void> {
  while (!text(t.gm.tracker).includes('Tout le monde a agi'))
    await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
  await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
}
