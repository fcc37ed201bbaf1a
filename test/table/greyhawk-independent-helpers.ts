/**
 * Helpers for the independent Greyhawk table tests: build characters the way a GM fills a sheet,
 * attack from a sheet, drive the tracker's round, read a card's rows.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the fake are untyped */
import { expect } from 'vitest';
import { Table, type Seat } from '../harness/table';

export const DREVIN = "Drevin, spécialiste de l'épée longue";
export const KAEL = 'Kael, archer spécialiste';
export const AYLA = 'Ayla, rôdeuse aux deux lames';

export async function greyhawk(): Promise<Table> {
  return Table.open({ ruleset: 'greyhawk' });
}

let itemCount = 0;

/** A weapon of the compendium as an owned item's data. */
export async function weapon(table: Table, name: string, equipped = true): Promise<any> {
  const pack = table.gm.game.packs.get('passe-d-armes.greyhawk-armes');
  const doc = (await pack.getDocuments()).find((d: any) => d.name === name);
  if (!doc) throw new Error(`No weapon ${name}`);
  const data = doc.toObject();
  // An owned item keeps an id of its own, as a drop onto a sheet gives it.
  itemCount += 1;
  data._id = `indepweapon${String(itemCount).padStart(5, '0')}`;
  data.system.equipped = equipped;
  return data;
}

export interface Pc {
  readonly name: string;
  readonly classes: { cls: string; level: number }[];
  readonly str?: number;
  readonly strPercent?: number;
  readonly dex?: number;
  readonly int?: number;
  readonly ac?: number;
  readonly proficiencies?: string[];
  readonly mastery?: { weapon: string; rank: string; since: number; firstSpecialised: number | null }[];
  readonly styles?: Record<string, number | null>;
  readonly weaponOfChoice?: string;
  readonly shield?: string;
  readonly weapons?: (string | [string, boolean])[];
  readonly owner?: string;
}

/** The GM creates a character from scratch with weapons dragged from the compendium. */
export async function pc(table: Table, p: Pc): Promise<any> {
  const items = [];
  for (const w of p.weapons ?? []) {
    const [name, equipped] = typeof w === 'string' ? [w, true] : w;
    items.push(await weapon(table, name, equipped));
  }
  return table.createActor(
    {
      name: p.name,
      type: 'guerrier-adnd',
      system: {
        abilities: { str: p.str ?? 10, strPercent: p.strPercent ?? 0, dex: p.dex ?? 10, int: p.int ?? 10 },
        hp: { value: 30, max: 30 },
        ac: p.ac ?? 10,
        shield: p.shield ?? '',
        classes: p.classes,
        proficiencies: p.proficiencies ?? [],
        mastery: p.mastery ?? [],
        weaponOfChoice: p.weaponOfChoice ?? '',
        styles: {
          freeHand: null,
          twoHanded: null,
          shield: null,
          twoWeapons: null,
          missile: null,
          mountedArchery: null,
          ...(p.styles ?? {}),
        },
      },
      items,
    },
    p.owner,
  );
}

export async function monster(table: Table, name: string): Promise<any> {
  return table.importActor('greyhawk-bestiaire', name);
}

/** Opens the sheet, clicks the weapon's attack button, answers the dialog with pinned dice. */
export async function sheetAttack(
  seat: Seat,
  actorName: string,
  weaponName: string,
  values: Record<string, string | number | boolean | string[]> = {},
  dice: (number | [number, number])[] = [],
): Promise<HTMLElement> {
  const el = await seat.openSheet(seat.actor(actorName));
  const row = [...el.querySelectorAll('tr[data-item-id]')].find(
    (r) =>
      (r.querySelector('.pda-weapon-name span')?.textContent ?? '')
        .replace('★', '')
        .replace(/\s[+-]?\d+\s*$/, '')
        .trim() === weaponName,
  );
  if (!row) throw new Error(`${actorName} has no weapon row ${weaponName}`);
  const before = seat.messages().length;
  await seat.click(row.querySelector('[data-action="attack"]')!);
  seat.table.dice.push(...dice);
  await seat.answerDialog(values, 'attack');
  const after = seat.messages();
  expect(after.length).toBeGreaterThan(before);
  return after[after.length - 1]!;
}

/**
 * Issue 29 ("refusals are notifications, not cards"): runs what the person does, and checks the
 * rules refused it as a notification to that person only: one new warning, no card on any
 * screen, no die rolled, no actor or combat changed. Returns the warning's text.
 */
export async function refusedAs(seat: Seat, act: () => Promise<unknown>): Promise<string> {
  const table = seat.table;
  const gm = table.gm;
  const world = () =>
    JSON.stringify([
      gm.game.actors.contents.map((a: any) => a.toObject()),
      gm.game.combats.contents.map((c: any) => c.toObject()),
    ]);
  const before = { world: world(), gm: gm.messages().length, seat: seat.messages().length };
  const rolled = table.dice.rolled.length;
  const warned = seat.warnings.length;
  const gmWarned = gm.warnings.length;
  await act();
  await table.settle();
  expect(gm.messages().length).toBe(before.gm);
  expect(seat.messages().length).toBe(before.seat);
  expect(table.dice.rolled.length).toBe(rolled);
  expect(world()).toBe(before.world);
  expect(seat.warnings.length).toBe(warned + 1);
  // Told to the person who asked, not to the GM's screen as well.
  if (seat !== gm) expect(gm.warnings.length).toBe(gmWarned);
  return seat.warnings.at(-1)!;
}

/** The plain choices of a Greyhawk attack request, as the dialog sends them. */
export const PLAIN_CHOICES = {
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

/** sheetAttack refused by the rules: the notification's text (see refusedAs). */
export async function refusedSheetAttack(
  seat: Seat,
  actorName: string,
  weaponName: string,
  values: Record<string, string | number | boolean | string[]> = {},
): Promise<string> {
  return refusedAs(seat, async () => {
    const el = await seat.openSheet(seat.actor(actorName));
    const row = [...el.querySelectorAll('tr[data-item-id]')].find(
      (r) =>
        (r.querySelector('.pda-weapon-name span')?.textContent ?? '')
          .replace('★', '')
          .replace(/\s[+-]?\d+\s*$/, '')
          .trim() === weaponName,
    );
    if (!row) throw new Error(`${actorName} has no weapon row ${weaponName}`);
    await seat.click(row.querySelector('[data-action="attack"]')!);
    await seat.answerDialog(values, 'attack');
  });
}

export interface Row {
  readonly label: string;
  readonly value: string;
  readonly rule: string;
}

export function rows(card: Element, section: 'attack' | 'damage'): Row[] {
  const sec = card.querySelector(`.pda-greyhawk-${section}`);
  if (!sec) return [];
  return [...sec.querySelectorAll('li.pda-row')].map((li) => ({
    label: (li.querySelector('.pda-row__label')?.textContent ?? '').trim(),
    value: (li.querySelector('.pda-row__value')?.textContent ?? '').trim(),
    rule: (li.querySelector('.pda-rule')?.textContent ?? '').trim(),
  }));
}

export function value(card: Element, section: 'attack' | 'damage', label: string): string | undefined {
  return rows(card, section).find((r) => r.label === label)?.value;
}

/** The attack total (d20 + every modifier). */
export function total(card: Element): number {
  return Number(value(card, 'attack', 'Total'));
}
/** The number the total must reach: the last figure of the score to reach (TAC0 − CA). */
export function needed(card: Element): number {
  const v = value(card, 'attack', 'Score à atteindre') ?? '';
  return Number(v.split('=').pop()?.trim().replace('−', '-'));
}
export function damage(card: Element): number | undefined {
  const v = value(card, 'damage', 'Dégâts');
  return v === undefined ? undefined : Number(v);
}
export function text(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ');
}
export function hit(card: Element): boolean {
  return card.querySelector('.pda-greyhawk-damage') !== null;
}

// --- the round in the tracker ------------------------------------------------------------------

export function combatantId(seat: Seat, name: string): string {
  const li = [...seat.tracker.querySelectorAll('li[data-combatant-id]')].find(
    (r) => (r.querySelector('.pda-name')?.textContent ?? '').trim() === name,
  );
  if (!li) throw new Error(`No row for ${name} in ${seat.name}'s tracker`);
  return li.getAttribute('data-combatant-id')!;
}

/** The GM starts the combat (round 1) with the d10s pinned in combatant order. */
export async function startCombat(table: Table, d10s: number[]): Promise<void> {
  await table.gm.openTracker();
  table.dice.push(...d10s.map((v) => [10, v] as [number, number]));
  await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
}

/** The GM ends every slot of the round ("J'ai fini"), then starts the next round. */
export async function nextRound(table: Table, d10s: number[]): Promise<void> {
  for (let guard = 0; guard < 40; guard++) {
    const end = table.gm.tracker.querySelector('[data-action="pdaEndSlot"]');
    if (!end) break;
    await table.gm.click(end);
  }
  table.dice.push(...d10s.map((v) => [10, v] as [number, number]));
  await table.gm.click('[data-action="pdaNextRound"]', table.gm.tracker);
}

/** Someone declares for a combatant through the tracker's pen button. */
export async function declare(
  seat: Seat,
  name: string,
  values: Record<string, string | number | boolean | string[]> = {},
): Promise<void> {
  if (!seat.tracker) await seat.openTracker();
  const id = combatantId(seat, name);
  await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, seat.tracker);
  await seat.answerDialog(values);
}

export async function resolve(table: Table): Promise<void> {
  const gm = table.gm;
  const b =
    gm.tracker.querySelector('[data-action="pdaStartPasses"]') ??
    gm.tracker.querySelector('[data-action="pdaForcePasses"]');
  if (!b) throw new Error('No button to resolve the passes');
  await gm.click(b);
}

export interface Slot {
  readonly pass: number;
  readonly name: string;
  readonly order: string;
  readonly action: string;
  readonly id: string;
}

export function slots(seat: Seat): Slot[] {
  return [...seat.tracker.querySelectorAll('section.pda-pass')].flatMap((sec) =>
    [...sec.querySelectorAll('li.pda-slot')].map((li) => ({
      pass: Number(sec.getAttribute('data-pass')),
      name: (li.querySelector('.pda-name')?.textContent ?? '').trim(),
      order: (li.querySelector('.pda-order')?.textContent ?? '').trim(),
      action: (li.querySelector('.pda-action')?.textContent ?? '').trim(),
      id: li.getAttribute('data-slot-id') ?? '',
    })),
  );
}

export function slotsOf(seat: Seat, name: string): Slot[] {
  return slots(seat).filter((s) => s.name === name);
}

/** The GM declares, in the tracker's order, every combatant not declared yet. */
export async function declareAll(
  table: Table,
  values: Record<string, Record<string, string | number | boolean | string[]>> = {},
): Promise<void> {
  const gm = table.gm;
  for (let guard = 0; guard < 20; guard++) {
    const row = [...gm.tracker.querySelectorAll('ol.pda-declarations li[data-combatant-id]')].find(
      (r) => !r.classList.contains('declared') && r.querySelector('[data-action="pdaDeclare"]'),
    );
    if (!row) return;
    const name = (row.querySelector('.pda-name')?.textContent ?? '').trim();
    await declare(gm, name, values[name] ?? {});
  }
  throw new Error('declarations never ended');
}

/** Sets the declared target by the combatant's name. */
export function against(table: Table, name: string): string {
  return combatantId(table.gm, name);
}
