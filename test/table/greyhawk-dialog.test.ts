/**
 * Issue 29, the Greyhawk attack dialog asks only what matters: the fields of the chosen manoeuvre
 * show (live, as the choice changes) and the others are neither shown nor sent; nothing that
 * changes a number is ticked unless the situation says so; an attack with no target is warned of
 * before any dialog.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { startRound, text } from './greyhawk-table';
import { refusedAs } from './greyhawk-independent-helpers';

const DREVIN = "Drevin, spécialiste de l'épée longue";

async function duel(squares = 1) {
  // The dialog is opened at any moment of the round (setting attackTurnOrder off): what it asks is
  // under test here; the turn order itself is proven in greyhawk-turns.
  const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', squares, 0);
  const alice = table.seat('Alice');
  return { table, alice };
}

/** Alice clicks the long sword's attack on Drevin's sheet; returns the dialog (or null). */
async function openDialog(alice: Seat): Promise<HTMLElement | null> {
  const sheet = await alice.openSheet(alice.actor(DREVIN));
  const tab = sheet.querySelector('[data-tab="weapons"]');
  if (tab) await alice.click(tab);
  const row = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) =>
    r.textContent?.includes('Épée longue'),
  );
  await alice.click('[data-action="attack"]', row!);
  return alice.dialogs().at(-1) ?? null;
}

/** The legends of the dialog's manoeuvre sections a person sees (not hidden). */
const shownSections = (dialog: HTMLElement): string[] =>
  [...dialog.querySelectorAll<HTMLElement>('fieldset[data-pda-when]')]
    .filter((f) => !f.hidden)
    .map((f) => text(f.querySelector('legend')));

const ticked = (dialog: HTMLElement): string[] =>
  [...dialog.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')].map((c) => c.name);

describe('the Greyhawk attack dialog asks only what matters', () => {
  it('G-P1 a plain long-sword attack: no manoeuvre’s fields, nothing ticked but the target, and no manoeuvre modifier on the card', async () => {
    const { table, alice } = await duel();
    await alice.target('Orque');
    const dialog = (await openDialog(alice))!;
    expect(shownSections(dialog)).toEqual(['Attaque normale G-C1']);
    expect(ticked(dialog)).toEqual(['target']);
    // The called shot's purpose and the wall wait for a called shot.
    expect(
      dialog.querySelector<HTMLElement>('[name="purpose"]')!.closest<HTMLElement>('[data-pda-when]')!.hidden,
    ).toBe(true);
    table.dice.push([20, 12], [8, 3]);
    await alice.answerDialog({});
    const card = text(alice.lastMessage());
    expect(card).toContain('Total');
    for (const rule of ['G-C1', 'G-D1', 'G-G1', 'G-SH1', 'G-SH2']) expect(card).not.toContain(rule);
    expect(table.errors()).toEqual([]);
  });

  it('G-SH2 choosing the shield rush shows its fields only, the run-up measured on the scene and nothing ticked; declared, it gives +2', async () => {
    const { table, alice } = await duel(4);
    await alice.target('Orque');
    const dialog = (await openDialog(alice))!;
    await alice.fill('[name="manoeuvre"]', 'shieldRush', dialog);
    expect(shownSections(dialog)).toEqual(['Charge au bouclier G-SH2']);
    // 4 squares of 1.5 m between the tokens.
    expect(dialog.querySelector<HTMLInputElement>('[name="distance"]')!.value).toBe('6');
    expect(ticked(dialog)).toEqual(['target']);
    await alice.fill('[name="declared"]', true, dialog);
    table.dice.push([20, 10], [3, 3]);
    await alice.answerDialog({});
    expect(text(alice.lastMessage())).toContain('Charge +2 G-SH2');
    expect(table.errors()).toEqual([]);
  });

  it('G-SH2 a rush left undeclared is refused: the dialog no longer declares it for the player', async () => {
    const { table, alice } = await duel(4);
    await alice.target('Orque');
    const refused = await refusedAs(alice, async () => {
      await openDialog(alice);
      await alice.answerDialog({ manoeuvre: 'shieldRush' });
    });
    expect(refused).toBe(
      "La charge au bouclier s'annonce avant l'initiative. (G-SH2) Rien n'est lancé ni dépensé : choisissez une autre manœuvre, une autre arme ou une autre action.",
    );
    expect(table.errors()).toEqual([]);
  });

  it('G-SH2 a rush declared before initiative opens the sheet’s dialog on the rush, declared, with its declared run-up', async () => {
    const { table, alice } = await duel(4);
    const combat = await table.startEncounter(DREVIN, 'Orque');
    await startRound(table);
    const id = (name: string) => combat.combatants.find((c: { name: string }) => c.name === name).id;
    await alice.openTracker();
    await alice.click(`[data-action="pdaDeclare"][data-combatant-id="${id(DREVIN)}"]`, alice.tracker);
    await alice.answerDialog({ action: 'shieldRush', targetId: id('Orque'), rushDistance: 4.5 });
    await alice.target('Orque');
    const dialog = (await openDialog(alice))!;
    expect(dialog.querySelector<HTMLSelectElement>('[name="manoeuvre"]')!.value).toBe('shieldRush');
    expect(shownSections(dialog)).toEqual(['Charge au bouclier G-SH2']);
    expect(dialog.querySelector<HTMLInputElement>('[name="declared"]')!.checked).toBe(true);
    expect(dialog.querySelector<HTMLInputElement>('[name="distance"]')!.value).toBe('5');
    table.dice.push([20, 10], [3, 3]);
    await alice.answerDialog({});
    expect(text(alice.lastMessage())).toContain('Charge +2 G-SH2');
    expect(table.errors()).toEqual([]);
  });

  it('G-C1 a called shot set, then left for a disarm (G-D1), is not sent: the card has the disarm, not the called shot', async () => {
    const { table, alice } = await duel();
    await alice.target('Orque');
    const dialog = (await openDialog(alice))!;
    await alice.fill('[name="calledShot"]', '1', dialog);
    await alice.fill('[name="purpose"]', 'pin', dialog);
    const wall = dialog.querySelector<HTMLInputElement>('[name="nearWall"]')!;
    // The wall is asked for a pin only, and not ticked: the scene cannot tell.
    expect(wall.closest<HTMLElement>('[data-pda-when]')!.hidden).toBe(false);
    expect(wall.checked).toBe(false);
    await alice.fill('[name="manoeuvre"]', 'disarm', dialog);
    expect(shownSections(dialog)).toEqual(['Désarmement G-D1']);
    expect(wall.closest<HTMLElement>('fieldset')!.hidden).toBe(true);
    table.dice.push([20, 19]);
    await alice.answerDialog({});
    const card = text(alice.lastMessage());
    expect(card).toContain('G-D1');
    expect(card).not.toContain('G-C1');
    expect(table.errors()).toEqual([]);
  });

  it('G-P1 an attack with no targeted token says how to target, and opens no dialog', async () => {
    const { table, alice } = await duel();
    const before = alice.messages().length;
    expect(await openDialog(alice)).toBeNull();
    expect(alice.warnings.at(-1)).toBe(
      `Ciblez d'abord le jeton que ${DREVIN} attaque : survolez-le sur la scène et appuyez sur T (ou clic droit sur le jeton, puis l'icône de cible). Relancez ensuite l'attaque.`,
    );
    expect(alice.messages().length).toBe(before);
    expect(table.errors()).toEqual([]);
  });
});
