/**
 * Issue 46, point 12: what a person can click is shown as clickable, says what it does on hover,
 * and a form's labels name their fields; a Greyhawk attack declared with nobody to strike is asked
 * about instead of being taken silently.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const DREVIN = "Drevin, spécialiste de l'épée longue";

async function greyhawkDeclarations() {
  const table = await Table.open({ ruleset: 'greyhawk' });
  const alice = table.seat('Alice');
  const gm = table.gm;
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  const combat = await table.startEncounter(DREVIN, 'Orque');
  const ids: Record<string, string> = {};
  for (const c of combat.combatants.contents) ids[c.name] = c.id;
  for (const s of [gm, alice]) await s.openTracker();
  table.dice.push([10, 1], [10, 5]);
  await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
  return { table, alice, gm, combat, ids };
}

describe('Greyhawk declarations', () => {
  it('G-PA4 every label of the declaration names its field: a click on "Cible" reaches the target select', async () => {
    const { alice, ids } = await greyhawkDeclarations();
    await alice.click(`[data-action="pdaDeclare"][data-combatant-id="${ids[DREVIN]}"]`, alice.tracker);
    const dialog = alice.dialog();
    const labels = [...dialog.querySelectorAll<HTMLLabelElement>('.pda-gh-declare label')];
    expect(labels.length).toBeGreaterThan(5);
    for (const label of labels) {
      const field = label.htmlFor ? dialog.querySelector(`[id="${label.htmlFor}"]`) : null;
      expect(field?.getAttribute('name'), `label "${text(label)}"`).toBeTruthy();
    }
    const target = labels.find((l) => text(l) === 'Cible')!;
    expect(dialog.querySelector(`[id="${target.htmlFor}"]`)?.getAttribute('name')).toBe('targetId');
  });

  it('G-PA4 an attack declared with no target is asked about: Alice goes back, picks the orc, and the tracker shows the attack on him', async () => {
    const { table, alice, gm, ids } = await greyhawkDeclarations();
    await alice.click(`[data-action="pdaDeclare"][data-combatant-id="${ids[DREVIN]}"]`, alice.tracker);
    await alice.answerDialog({ action: 'attack', targetId: '' });
    // Not declared yet: she is asked.
    expect(text(alice.dialog())).toContain(
      "Drevin, spécialiste de l'épée longue déclare « Attaque » sans cible",
    );
    await alice.answerDialog({}, 'pick');
    // The declaration comes back with her attack kept; she picks the orc.
    const action = alice.dialog().querySelector<HTMLSelectElement>('[name="action"]')!;
    expect(action.value).toBe('attack');
    await alice.answerDialog({ targetId: ids.Orque! });
    expect(text(gm.tracker)).toContain('Attaque → Orque');
    expect(table.errors()).toEqual([]);
  });
});

/** The visible "Attaquer" button of a weapon's row on a sheet (not the weapon's name). */
function attackButton(sheet: HTMLElement, weapon: string): HTMLElement {
  const row = [...sheet.querySelectorAll('tr')].find((r) =>
    text(r.querySelector('th, td')).startsWith(weapon),
  );
  if (!row) throw new Error(`no row ${weapon}`);
  const button = [...row.querySelectorAll<HTMLElement>('button')].find((b) => text(b) === 'Attaquer');
  if (!button) throw new Error(`the row ${weapon} shows no "Attaquer" button`);
  return button;
}

/** Every icon-only button of a sheet says what it does on hover. */
async function iconTooltips(seat: Seat, sheet: HTMLElement): Promise<string[]> {
  const icons = [...sheet.querySelectorAll<HTMLElement>('button')].filter(
    (b) => !text(b) && b.querySelector('i') && !b.closest('nav'),
  );
  const tips: string[] = [];
  for (const b of icons) tips.push((await seat.hover(b)) ?? `(no tooltip on ${b.dataset.action})`);
  return tips;
}

describe('sheets: a visible attack button on each weapon row, a tooltip on each icon button', () => {
  it('F-W1 Fantasia: the Bretteur\'s sword row has an "Attaquer" button that says what it does and opens the attack', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.placeToken('Bretteur', 1, 1);
    await table.placeToken('Brigand', 2, 1);
    const bruno = table.seat('Bruno');
    await bruno.target('Brigand');
    const sheet = await bruno.openSheet(bruno.actor('Bretteur'));
    const button = attackButton(sheet, 'Épée fantasque');
    expect(await bruno.hover(button)).toBe('Attaquer avec Épée fantasque');
    const tips = await iconTooltips(bruno, sheet);
    expect(tips).toContain('Modifier Épée fantasque');
    expect(tips.filter((t) => t.startsWith('(no tooltip'))).toEqual([]);
    await bruno.click(button);
    expect(text(bruno.dialog())).toContain('Brigand');
    expect(table.errors()).toEqual([]);
  });

  it('G-S2 Greyhawk: Drevin\'s long-sword row has an "Attaquer" button; the card follows, and the icon buttons say what they do', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    const button = attackButton(sheet, 'Épée longue');
    expect(await alice.hover(button)).toBe('Attaquer avec Épée longue');
    const tips = await iconTooltips(alice, sheet);
    expect(tips).toContain('Parer Épée longue');
    expect(tips.filter((t) => t.startsWith('(no tooltip'))).toEqual([]);
    table.dice.push([20, 15], [8, 1]);
    await alice.click(button);
    await alice.answerDialog({});
    expect(text(alice.lastMessage())).toContain('Total 18');
    expect(table.errors()).toEqual([]);
  });
});

describe('hotbar macros in every ruleset', () => {
  it("G-S2 Greyhawk: Alice drags Drevin's long sword to her hotbar; its slot attacks the orc", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const alice = table.seat('Alice');
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    const row = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) => text(r).includes('Épée longue'))!;
    await alice.dragToHotbar(row.querySelector('.pda-weapon-name')!, 1);
    expect(alice.game.macros.get(alice.user.hotbar[1])?.name).toBe('Épée longue');
    await alice.target('Orque');
    table.dice.push([20, 15], [8, 1]);
    await alice.useHotbarSlot(1);
    await alice.answerDialog({});
    expect(text(alice.lastMessage())).toContain('Total 18');
    expect(table.errors()).toEqual([]);
  });

  it("S-AT1 Souffle: Alice drags the warrior's long sword to her hotbar; its slot attacks the hunter", async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    await table.importActor('souffle-combattants', "Gardien du Waka'Hata", 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken("Gardien du Waka'Hata", 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    const alice = table.seat('Alice');
    const sheet = await alice.openSheet(alice.actor("Gardien du Waka'Hata"));
    const row = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) => text(r).includes('Épée longue'))!;
    await alice.dragToHotbar(row.querySelector('[data-drag-item]')!, 2);
    expect(alice.game.macros.get(alice.user.hotbar[2])?.name).toBe('Épée longue');
    await alice.target('Chasseur');
    table.dice.push([10, 3], [12, 8]);
    await alice.useHotbarSlot(2);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 11');
    expect(table.errors()).toEqual([]);
  });
});
