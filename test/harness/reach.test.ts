/**
 * A person can use only what they see (test/harness/table.ts, `reach`): a seat's click, fill or
 * dialog answer goes to a control's tab first, as a person opens the tab before pressing what is
 * in it, and is refused for a control nobody can see. Without this, a table test could press a
 * button of a closed tab, or tick a box of a section the dialog keeps out of sight, and prove
 * something no player can do.
 */
import { describe, expect, it } from 'vitest';
import { Table } from './table';

async function bretteurSheet() {
  const table = await Table.open({ ruleset: 'fantasia' });
  await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
  await table.importActor('fantasia-bestiaire', 'Brigand');
  await table.placeToken('Bretteur', 1, 1);
  await table.placeToken('Brigand', 3, 1);
  // A secret thrust known: the attack dialog carries its situation questions, out of sight.
  await table.gm.dragOnto(table.gm.actor('Bretteur'), table.packUuid('fantasia-bottes', 'Anti-parade'));
  const bruno = table.seat('Bruno');
  const sheet = await bruno.openSheet(bruno.actor('Bretteur'));
  return { table, bruno, sheet };
}

describe('a seat uses only what its person sees', () => {
  it('opens a closed tab with its tab button before pressing a control inside it', async () => {
    const { bruno, sheet } = await bretteurSheet();
    const panel = sheet.querySelector<HTMLElement>('.tab[data-tab="combat"]')!;
    const tabButton = sheet.querySelector<HTMLElement>('[data-action="tab"][data-tab="combat"]')!;
    expect(panel.classList.contains('active')).toBe(false);
    let tabClicks = 0;
    tabButton.addEventListener('click', () => (tabClicks += 1));
    // Bruno attacks with no target: the sheet warns him (the click reached its handler).
    await bruno.click(panel.querySelector('[data-action="useWeapon"]')!);
    expect(tabClicks).toBe(1);
    expect(panel.classList.contains('active')).toBe(true);
    expect(tabButton.classList.contains('active')).toBe(true);
    expect(bruno.actor('Bretteur').sheet.tabGroups.primary).toBe('combat');
    expect(bruno.warnings.length).toBe(1);
  });

  it('refuses a box of a section the dialog keeps out of sight, and nothing is sent', async () => {
    const { table, bruno, sheet } = await bretteurSheet();
    await bruno.target('Brigand');
    await bruno.click(sheet.querySelector('[data-action="useWeapon"]')!);
    const dialog = bruno.dialog();
    // No secret thrust named: its situation questions are out of sight.
    const box = dialog.querySelector<HTMLInputElement>('input[name^="situation."]')!;
    await expect(bruno.fill(box, true)).rejects.toThrow(/out of sight/);
    expect(box.checked).toBe(false);
    await expect(bruno.answerDialog({ [box.name]: true })).rejects.toThrow(/out of sight/);
    expect(box.checked).toBe(false);
    expect(bruno.dialogs()).toHaveLength(1);
    expect(table.gm.messages()).toEqual([]);
  });

  it('refuses a control off the page, and one in a closed tab no button opens, running neither', async () => {
    const { bruno } = await bretteurSheet();
    const dom = bruno.dom;
    let pressed = 0;
    const loose = dom.createElement('button');
    loose.addEventListener('click', () => (pressed += 1));
    await expect(bruno.click(loose)).rejects.toThrow(/not on the page/);
    const panel = dom.createElement('section');
    panel.className = 'tab';
    panel.dataset.tab = 'orphan';
    panel.dataset.group = 'primary';
    const inside = dom.createElement('button');
    inside.addEventListener('click', () => (pressed += 1));
    panel.append(inside);
    dom.body.append(panel);
    await expect(bruno.click(inside)).rejects.toThrow(/closed tab "orphan", which no tab button opens/);
    expect(pressed).toBe(0);
  });
});
