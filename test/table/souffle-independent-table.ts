/**
 * Helpers for the independent reader's Souffle table tests: fighters made from scratch (as a GM
 * does through the sidebar), placed on the scene, a fight started through the tracker with pinned
 * initiative dice, and the postures declared by each fighter's owner.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the fake are untyped */
import { Table, type Seat } from '../harness/table';

export type Posture = 'intrepide' | 'prudent' | 'defensif';

export interface WeaponSpec {
  readonly name: string;
  readonly category: 'mainsNues' | 'legere' | 'moyenne' | 'lourde' | 'distance';
  readonly advantage: number;
  readonly damage: number;
  readonly blunt?: boolean;
  readonly hands?: 1 | 2;
  readonly equipped?: boolean;
  readonly catalogue?: string;
}

export interface ArmourSpec {
  readonly name: string;
  readonly kind: 'armure' | 'bouclier';
  readonly defence: number;
  readonly gesteMalus?: number;
  readonly worn?: boolean;
}

export interface FighterSpec {
  readonly name: string;
  readonly owner?: string;
  readonly type?: 'combattant' | 'adversaire';
  readonly system?: Record<string, unknown>;
  readonly weapons?: readonly WeaponSpec[];
  readonly armours?: readonly ArmourSpec[];
  /** Grid square (100 px, 1.5 m). */
  readonly at?: readonly [number, number];
}

export const LONG_SWORD: WeaponSpec = {
  catalogue: 'epeeLongue',
  name: 'Épée longue',
  category: 'moyenne',
  advantage: 0,
  damage: 3,
};
export const CLUB: WeaponSpec = { name: 'Gourdin', category: 'legere', advantage: 1, damage: 1, blunt: true };
export const LONG_BOW: WeaponSpec = {
  name: 'Arc long',
  category: 'distance',
  advantage: 2,
  damage: 1,
  hands: 2,
};

export async function createFighter(table: Table, spec: FighterSpec): Promise<any> {
  const system = {
    // With a long sword (advantage 0) the melee level is 1 + 1 = 2: one d12.
    geste: 1,
    vigueur: 1,
    acuite: 1,
    metiers: [{ name: 'Soldat', level: 1 }],
    disciplines: [],
    defense: 2,
    initiative: 1,
    souffle: { value: 10, max: 10 },
    pv: { value: 10, max: 10 },
    chance: 1,
    posture: 'prudent',
    size: 2,
    ...spec.system,
  };
  // The harness does not give ids to embedded items in creation data: give them ours.
  let n = 0;
  const id = (): string =>
    `${spec.name.replace(/[^A-Za-z]/g, '').slice(0, 8)}item${String(++n)}`.padEnd(16, 'x');
  const items = [
    ...(spec.weapons ?? []).map((w) => ({
      _id: id(),
      name: w.name,
      type: 'arme-souffle',
      system: {
        catalogue: w.catalogue ?? '',
        category: w.category,
        advantage: w.advantage,
        damage: w.damage,
        blunt: w.blunt ?? false,
        hands: w.hands ?? 1,
        equipped: w.equipped ?? true,
      },
    })),
    ...(spec.armours ?? []).map((a) => ({
      _id: id(),
      name: a.name,
      type: 'armure-souffle',
      system: { kind: a.kind, defence: a.defence, gesteMalus: a.gesteMalus ?? 0, worn: a.worn ?? true },
    })),
  ];
  const actor = await table.createActor(
    { name: spec.name, type: spec.type ?? 'combattant', system, items },
    spec.owner,
  );
  if (spec.at) await table.placeToken(spec.name, spec.at[0], spec.at[1]);
  return actor;
}

export async function souffleTable(
  fighters: readonly FighterSpec[],
  settings?: Record<string, unknown>,
): Promise<Table> {
  const table = await Table.open({ ruleset: 'souffle', ...(settings ? { settings } : {}) });
  for (const f of fighters) await createFighter(table, f);
  for (const seat of table.seats.values()) await seat.openTracker();
  return table;
}

/** The seat of the fighter's owner, or the GM's. */
export function ownerSeat(table: Table, actorName: string): Seat {
  const actor = table.gm.actor(actorName);
  for (const seat of table.seats.values()) {
    if (seat.user.isGM) continue;
    if (actor.ownership?.[seat.user.id] === 3) return seat;
  }
  return table.gm;
}

export function combatantId(seat: Seat, name: string): string {
  const row = [...seat.tracker.querySelectorAll<HTMLElement>('li[data-combatant-id]')].find(
    (li) => li.querySelector('.pda-name')?.textContent?.trim() === name,
  );
  if (!row) throw new Error(`${seat.name} sees no tracker row for ${name}`);
  return row.dataset.combatantId!;
}

/** The posture a fighter's owner picks in the tracker's posture step. */
export async function declarePosture(table: Table, name: string, posture: Posture): Promise<void> {
  const seat = ownerSeat(table, name);
  const id = combatantId(seat, name);
  await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, seat.tracker);
  await seat.answerDialog({}, posture);
}

/**
 * The GM starts a fight among the named fighters: `initiative` are the pinned initiative dice in
 * the order of `names`; each fighter's owner declares a posture in the posture step; then the GM
 * moves to the actions step.
 */
export async function startFight(
  table: Table,
  names: readonly string[],
  initiative: readonly number[],
  postures: Readonly<Record<string, Posture>>,
  order?: readonly string[],
): Promise<any> {
  const combat = await table.startEncounter(...names);
  for (const seat of table.seats.values()) await seat.openTracker();
  table.dice.push(...initiative);
  await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
  for (const n of order ?? names) await declarePosture(table, n, postures[n]!);
  await table.gm.click('[data-action="pdaStartPasses"]', table.gm.tracker);
  return combat;
}

/** Opens the fighter's sheet and presses a weapon's attack button, then answers the dialog. */
export async function attackFromSheet(
  seat: Seat,
  actorName: string,
  weaponName: string,
  answers: Record<string, string | number | boolean | string[]> = {},
  dice: readonly (number | [number, number])[] = [],
): Promise<void> {
  const sheet = await seat.openSheet(seat.actor(actorName));
  const row = [...sheet.querySelectorAll<HTMLElement>('tr[data-item-id]')].find((tr) =>
    tr.querySelector('[data-action="editItem"]')?.textContent?.includes(weaponName),
  );
  if (!row) throw new Error(`${actorName}'s sheet shows no weapon ${weaponName}`);
  seat.table.dice.push(...dice);
  await seat.click(row.querySelector('[data-action="attack"]')!);
  if (seat.dialogs().length) await seat.answerDialog(answers, 'attack');
}

/** Presses a sheet button (aim, grapple, pickUp, flee, setPosture, toggleState…). */
export async function sheetAction(seat: Seat, actorName: string, selector: string): Promise<HTMLElement> {
  const sheet = await seat.openSheet(seat.actor(actorName));
  await seat.click(selector, sheet);
  return sheet;
}

export function text(el: Element | null | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The value of a card row by its label, in a given section (css class) or anywhere. */
export function rowValue(card: Element, label: string, section?: string): string | undefined {
  const scope = section ? card.querySelector(`.${section}`) : card;
  const rows = [...(scope?.querySelectorAll('.pda-row') ?? [])];
  const row = rows.find((r) => text(r.querySelector('.pda-row__label')) === label);
  return row ? text(row.querySelector('.pda-row__value')) : undefined;
}

export function cardButtons(seat: Seat, message?: Element): string[] {
  return seat.buttons(message ?? seat.lastMessage()).map((b) => b.label);
}

export function souffleCards(seat: Seat): HTMLElement[] {
  return seat.messages().filter((m) => m.querySelector('[data-pda-card]'));
}

/** A duel's default set-up: Aude (Alice) at (1, 1) against Basile (Bruno) at (2, 1), one weapon each. */
export interface DuelDefaults {
  readonly weapon: WeaponSpec;
  readonly postures: { readonly Aude: Posture; readonly Basile: Posture };
}

/**
 * Aude (Alice) against Basile (Bruno), side by side with the same weapon unless told otherwise:
 * the GM starts the fight with Aude's initiative die 9 against Basile's 2, both declare their
 * posture, and Alice targets Basile.
 */
export async function duel(
  aude: Partial<FighterSpec>,
  basile: Partial<FighterSpec>,
  postures: { Aude?: Posture; Basile?: Posture },
  defaults: DuelDefaults,
): Promise<Table> {
  const table = await souffleTable([
    { name: 'Aude', owner: 'Alice', weapons: [defaults.weapon], at: [1, 1], ...aude },
    { name: 'Basile', owner: 'Bruno', weapons: [defaults.weapon], at: [2, 1], ...basile },
  ]);
  await startFight(table, ['Aude', 'Basile'], [9, 2], {
    Aude: postures.Aude ?? defaults.postures.Aude,
    Basile: postures.Basile ?? defaults.postures.Basile,
  });
  await table.seat('Alice').target('Basile');
  return table;
}
