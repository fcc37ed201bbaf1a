/**
 * Issue 46, point 7: Shift-click on an attack button attacks with the dialog's defaults (as dnd5e
 * and PF2e skip their roll dialogs), and keybindings end one's own turn ("J'ai fini") and move the
 * GM to the next action without reaching for the tracker.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const DREVIN = "Drevin, spécialiste de l'épée longue";
const WARRIOR = "Gardien du Waka'Hata";

/** The "Attaquer" button of a weapon's row on a sheet. */
function attackButton(sheet: HTMLElement, weapon: string): HTMLElement {
  const row = [...sheet.querySelectorAll('tr')].find((r) => text(r).includes(weapon));
  const button = [...(row?.querySelectorAll<HTMLElement>('button') ?? [])].find(
    (b) => text(b) === 'Attaquer',
  );
  if (!button) throw new Error(`no "Attaquer" button on the row ${weapon}`);
  return button;
}

/** Souffle's duel in its actions step: the warrior (Alice) acts first, then the hunter (Bruno). */
async function souffleActions() {
  const table = await Table.open({ ruleset: 'souffle' });
  const { gm } = table;
  const alice = table.seat('Alice');
  const bruno = table.seat('Bruno');
  await table.importActor('souffle-combattants', WARRIOR, 'Alice');
  await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
  await table.placeToken(WARRIOR, 1, 1);
  await table.placeToken('Chasseur', 2, 1);
  await table.startEncounter(WARRIOR, 'Chasseur');
  for (const s of [gm, alice, bruno]) await s.openTracker();
  table.dice.push([12, 9], [12, 4]);
  await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
  await alice.click('[data-action="pdaDeclare"]', alice.tracker);
  await alice.answerDialog({}, 'prudent');
  await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
  await bruno.answerDialog({}, 'prudent');
  await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
  return { table, gm, alice, bruno };
}

const current = (seat: { tracker: HTMLElement }): string =>
  text(seat.tracker.querySelector('.pda-slot[data-status="current"]'));

describe('Shift-click attacks with the dialog’s defaults', () => {
  it('F-W1 Fantasia: Bruno Shift-clicks his sword’s Attaquer: no dialog, the card comes against his target', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.placeToken('Bretteur', 1, 1);
    await table.placeToken('Brigand', 2, 1);
    const bruno = table.seat('Bruno');
    await bruno.target('Brigand');
    const sheet = await bruno.openSheet(bruno.actor('Bretteur'));
    table.dice.push([100, 30]);
    await bruno.shiftClick(attackButton(sheet, 'Épée fantasque'));
    expect(bruno.dialogs()).toEqual([]);
    expect(text(bruno.lastMessage())).toContain('Attaque 30 /');
    expect(text(bruno.lastMessage())).toContain('Brigand');
    expect(table.errors()).toEqual([]);
  });

  it('G-S2 Greyhawk: Alice Shift-clicks the long sword’s Attaquer: no dialog, the card hits the orc', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    table.dice.push([20, 15], [8, 1]);
    await alice.shiftClick(attackButton(sheet, 'Épée longue'));
    expect(alice.dialogs()).toEqual([]);
    expect(text(alice.lastMessage())).toContain('Total 18');
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 Souffle: Alice Shift-clicks Attaquer on her tracker row: no dialog, the card comes', async () => {
    const { table, alice } = await souffleActions();
    await alice.target('Chasseur');
    table.dice.push([10, 3], [12, 8]);
    await alice.shiftClick('[data-action="pdaAttack"]', alice.tracker);
    expect(alice.dialogs()).toEqual([]);
    expect(text(alice.lastMessage())).toContain(
      "Gardien du Waka'Hata attaque avec Épée longue contre Chasseur",
    );
    expect(table.errors()).toEqual([]);
  });
});

describe('keybindings', () => {
  it('S-R1 Shift+J ends one’s own turn only; Shift+N moves the GM on, and does nothing for a player', async () => {
    const { table, gm, alice, bruno } = await souffleActions();
    expect(current(gm)).toContain(WARRIOR);
    // Not Bruno's turn: his "J'ai fini" key says so and ends nothing.
    expect(await bruno.pressShortcut('KeyJ', ['Shift'])).toEqual(['passe-d-armes.endSlot']);
    expect(bruno.warnings.at(-1)).toBe(
      `Le tour en cours est celui de ${WARRIOR}, pas de votre combattant : rien n'est clos.`,
    );
    expect(current(gm)).toContain(WARRIOR);
    // Alice's key ends her turn: the hunter's comes.
    await alice.pressShortcut('KeyJ', ['Shift']);
    expect(current(gm)).toContain('Chasseur');
    // The GM's "next action" is his alone.
    expect(await bruno.pressShortcut('KeyN', ['Shift'])).toEqual([]);
    expect(current(gm)).toContain('Chasseur');
    await gm.pressShortcut('KeyN', ['Shift']);
    expect(current(gm)).not.toContain('Chasseur');
    expect(table.errors()).toEqual([]);
  });
});
