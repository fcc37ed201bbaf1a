/**
 * A seat's gestures are a person's (test/harness/table.ts): they use only what the person sees (a
 * control in a closed tab through its tab button first, nothing out of sight), act on their own
 * screen only, give a field only a value it offers and lets them change, press nothing behind a
 * modal dialog,
 * open and drag only the documents they are shown, and target only the tokens they see. Without
 * these refusals a table test could prove something no player can do: press a button on the GM's
 * screen, pick an option a select does not offer, copy an item off a sheet they cannot open.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { OWNERSHIP, Table, type Seat } from './table';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

/** Fantasia: Bruno's Bretteur at (1, 1) and the GM's Brigand at (3, 1); Bruno's sheet open. */
async function duel(options: { players?: string[] } = {}) {
  const table = await Table.open({ ruleset: 'fantasia', ...options });
  await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
  await table.importActor('fantasia-bestiaire', 'Brigand');
  await table.placeToken('Bretteur', 1, 1);
  await table.placeToken('Brigand', 3, 1);
  const bruno = table.seat('Bruno');
  const sheet = await bruno.openSheet(bruno.actor('Bretteur'));
  return { table, bruno, sheet };
}

/** Bruno targets the Brigand and opens his sword's attack dialog. */
async function attackDialog(bruno: Seat, sheet: HTMLElement): Promise<HTMLElement> {
  await bruno.target('Brigand');
  await bruno.click(sheet.querySelector('[data-action="useWeapon"]')!);
  return bruno.dialog();
}

describe('a seat uses only what its person sees', () => {
  it('opens a closed tab with its tab button before pressing a control inside it', async () => {
    const { bruno, sheet } = await duel();
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
    const { table, bruno, sheet } = await duel();
    // A secret thrust known: the attack dialog carries its situation questions, out of sight.
    await table.gm.dragOnto(table.gm.actor('Bretteur'), table.packUuid('fantasia-bottes', 'Anti-parade'));
    const dialog = await attackDialog(bruno, sheet);
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
    const { bruno } = await duel();
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

describe('a seat acts on its own screen only', () => {
  it("refuses Alice's press of Appliquer on the GM's copy of the card: the wound stays unapplied", async () => {
    const table = await Table.open({ ruleset: 'fantasia', settings: { damageRights: 'gm' } });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand', 'Bruno');
    await table.placeToken('Bretteur', 1, 1);
    await table.placeToken('Brigand', 2, 1);
    const { gm } = table;
    const alice = table.seat('Alice');
    await alice.target('Brigand');
    const sheet = await alice.openSheet(alice.actor('Bretteur'));
    table.dice.push([100, 30]);
    const sword = alice.actor('Bretteur').items.getName('Épée fantasque').id;
    await alice.click(sheet.querySelector(`tr[data-weapon-id="${sword}"] [data-action="useWeapon"]`)!);
    if (alice.dialogs().length) await alice.answerDialog({});
    table.dice.push([6, 4], [4, 3]);
    await gm.press('Ne rien faire');
    const pv = () => gm.actor('Brigand').system.pv.value as number;
    expect(text(gm.lastMessage())).toMatch(/Dommages subis 6/);
    expect(alice.buttons().some((b) => b.label.includes('Appliquer'))).toBe(false);
    // The GM's screen shows the button; Alice's hand is not on it.
    const gmCard = gm.lastMessage();
    await expect(alice.press('Appliquer', gmCard)).rejects.toThrow(/chat log does not show this message/);
    expect(() => alice.buttons(gmCard)).toThrow(/chat log does not show this message/);
    const button = gm.buttons(gmCard).find((b) => b.label.includes('Appliquer'))!.el;
    await expect(alice.click(button)).rejects.toThrow(/on another person's screen/);
    expect(pv()).toBe(12);
    // The GM's own press still applies it.
    await gm.press('Appliquer');
    expect(pv()).toBe(6);
    expect(table.errors()).toEqual([]);
  });
});

describe('a field takes only what a person can give it', () => {
  it('refuses a secret thrust the select does not offer, and no attack is sent', async () => {
    const { table, bruno, sheet } = await duel();
    const dialog = await attackDialog(bruno, sheet);
    const select = dialog.querySelector<HTMLSelectElement>('select[name="thrustId"]')!;
    await expect(bruno.answerDialog({ thrustId: 'botteInconnue' }, 'attack')).rejects.toThrow(
      /offers no option "botteInconnue"/,
    );
    await expect(bruno.fill(select, 'botteInconnue')).rejects.toThrow(/offers no option/);
    expect(select.value).toBe('');
    expect(bruno.dialogs()).toHaveLength(1);
    expect(table.gm.messages()).toEqual([]);
  });

  it('refuses a target no box of the dialog names, and the box ticked stays ticked', async () => {
    const { table, bruno, sheet } = await duel();
    const dialog = await attackDialog(bruno, sheet);
    const box = dialog.querySelector<HTMLInputElement>('input[name="target"]')!;
    expect(box.checked).toBe(true);
    await expect(bruno.answerDialog({ target: ['Actor.personne'] }, 'attack')).rejects.toThrow(
      /offers no "Actor.personne"/,
    );
    expect(box.checked).toBe(true);
    expect(bruno.dialogs()).toHaveLength(1);
    expect(table.gm.messages()).toEqual([]);
  });

  it('refuses a target no radio button of the dialog offers, and no attack is sent', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    const alice = table.seat('Alice');
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    const radio = alice.dialog().querySelector<HTMLInputElement>('input[type="radio"][name="target"]')!;
    expect(radio.checked).toBe(true);
    await expect(alice.answerDialog({ target: 'Actor.personne' })).rejects.toThrow(
      /offers no "Actor.personne"/,
    );
    // Nor can a click uncheck a radio button: only picking another does.
    await expect(alice.fill(radio, false)).rejects.toThrow(/no click unchecks/);
    expect(radio.checked).toBe(true);
    // Nor can she aim in the dialog's aim select: it offers no aim before one is taken.
    await expect(alice.answerDialog({ aim: 'viser' })).rejects.toThrow(/offers no option "viser"/);
    expect(alice.dialogs()).toHaveLength(1);
    expect(table.gm.messages()).toEqual([]);
  });

  it("refuses a field of a sheet Alice only observes (disabled): Bruno's swordsman keeps his name", async () => {
    const { table } = await duel();
    await table.gm.actor('Bretteur').update({ 'ownership.default': OWNERSHIP.OBSERVER });
    const alice = table.seat('Alice');
    const sheet = await alice.openSheet(alice.actor('Bretteur'));
    const name = sheet.querySelector<HTMLInputElement>('input[name="name"]')!;
    expect(name.disabled).toBe(true);
    await expect(alice.fill(name, 'Volé')).rejects.toThrow(/is disabled/);
    expect(name.value).toBe('Bretteur');
    expect(table.gm.actor('Bretteur').name).toBe('Bretteur');
  });

  it('refuses text in a number field (a browser keeps none), and the PV stay as they were', async () => {
    const { table, bruno, sheet } = await duel();
    const pv = sheet.querySelector<HTMLInputElement>('input[name="system.pv.value"]')!;
    const before = table.gm.actor('Bretteur').system.pv.value as number;
    await expect(bruno.fill(pv, 'abc')).rejects.toThrow(/number field, which takes no "abc"/);
    expect(pv.value).toBe(String(before));
    expect(table.gm.actor('Bretteur').system.pv.value).toBe(before);
    // A hidden input and a read-only one are no one's to type in either.
    const hidden = bruno.dom.createElement('input');
    hidden.type = 'hidden';
    hidden.name = 'system.pv.value';
    const readOnly = bruno.dom.createElement('input');
    readOnly.readOnly = true;
    readOnly.name = 'system.pv.max';
    pv.closest('form')!.append(hidden, readOnly);
    await expect(bruno.fill(hidden, 1)).rejects.toThrow(/hidden input/);
    await expect(bruno.fill(readOnly, 1)).rejects.toThrow(/read-only/);
    expect(table.gm.actor('Bretteur').system.pv.value).toBe(before);
  });
});

describe('a disabled button takes no click', () => {
  it('refuses a click on the icon of a disabled button, and the button runs nothing', async () => {
    const { bruno } = await duel();
    const button = bruno.dom.createElement('button');
    button.disabled = true;
    const icon = bruno.dom.createElement('i');
    button.append(icon);
    bruno.dom.body.append(button);
    let pressed = 0;
    button.addEventListener('click', () => (pressed += 1));
    await expect(bruno.click(icon)).rejects.toThrow(/is disabled/);
    expect(pressed).toBe(0);
  });
});

describe('a modal dialog takes every click until it is answered', () => {
  it("refuses a sheet button behind a modal dialog; once it is answered, the button is Bruno's again", async () => {
    const { bruno, sheet } = await duel();
    const { DialogV2 } = bruno.client.foundry.applications.api;
    const answer = DialogV2.wait({
      modal: true,
      content: '<p>Prêt ?</p>',
      buttons: [{ action: 'ok', label: 'OK' }],
    }) as Promise<unknown>;
    await bruno.table.settle();
    // No target: a press that reached the sheet would warn Bruno.
    const button = sheet.querySelector('[data-action="useWeapon"]')!;
    await expect(bruno.click(button)).rejects.toThrow(/behind the modal dialog/);
    expect(bruno.warnings).toEqual([]);
    await bruno.answerDialog({}, 'ok');
    expect(await answer).toBe('ok');
    await bruno.click(button);
    expect(bruno.warnings).toHaveLength(1);
  });
});

describe('a person opens and drags only the documents they are shown', () => {
  it("refuses Alice the sheet of Bruno's swordsman, and a drop onto it: no sheet, no new item", async () => {
    const { table } = await duel();
    const alice = table.seat('Alice');
    const actor = alice.actor('Bretteur');
    const items = table.gm.actor('Bretteur').items.size as number;
    await expect(alice.openSheet(actor)).rejects.toThrow(/cannot open the sheet of Bretteur/);
    expect(actor.sheet.rendered).toBe(false);
    const dagger = table.packUuid('fantasia-armes', 'Dague');
    await expect(alice.dragOnto(actor, dagger)).rejects.toThrow(/cannot drop onto the sheet of Bretteur/);
    expect(actor.sheet.rendered).toBe(false);
    expect(table.gm.actor('Bretteur').items.size).toBe(items);
  });

  it('refuses Alice a drag of an item off a sheet she cannot open: her own fighter gets no copy', async () => {
    const { table } = await duel();
    await table.importActor('fantasia-bestiaire', 'Brigand', 'Alice');
    const alice = table.seat('Alice');
    const mine = alice.game.actors.find((a: any) => a.name === 'Brigand' && a.isOwner);
    const items = mine.items.size as number;
    const sword = alice.actor('Bretteur').items.getName('Épée fantasque');
    await expect(alice.dragOnto(mine, sword.uuid)).rejects.toThrow(/cannot drag Épée fantasque/);
    expect(table.gm.game.actors.get(mine.id).items.size).toBe(items);
    // From a compendium every player browses, the same drop lands.
    await alice.dragOnto(mine, table.packUuid('fantasia-armes', 'Dague'));
    expect(table.gm.game.actors.get(mine.id).items.size).toBe(items + 1);
  });
});

describe('a person targets only the tokens they see', () => {
  it('refuses Bruno a target on a token the GM hid, and he targets nothing', async () => {
    const { table, bruno } = await duel();
    const token = table.gm.game.scenes
      .find((s: any) => s.active)
      .tokens.find((t: any) => t.name === 'Brigand');
    await token.update({ hidden: true });
    await table.settle();
    await expect(bruno.target('Brigand')).rejects.toThrow(/sees no token Brigand: it is hidden/);
    expect(bruno.user.targets.size).toBe(0);
    await table.gm.target('Brigand');
    expect(table.gm.user.targets.size).toBe(1);
  });
});

describe('a person opens only the settings menus Configure Settings shows them', () => {
  it("refuses Alice the GM's advantage-ladder menu, and the ladder stays as it was", async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const alice = table.seat('Alice');
    const before = table.gm.game.settings.get('passe-d-armes', 'souffleLadder') as unknown;
    await expect(alice.openSettingsMenu('passe-d-armes.souffleLadderMenu')).rejects.toThrow(/to GMs only/);
    expect(alice.dom.querySelector('.application form, form.application')).toBeNull();
    expect(table.gm.game.settings.get('passe-d-armes', 'souffleLadder')).toEqual(before);
    const form = await table.gm.openSettingsMenu('passe-d-armes.souffleLadderMenu');
    expect(form.querySelectorAll('.pda-souffle-ladder-level').length).toBeGreaterThan(0);
  });
});

describe('a key reaches only what takes focus', () => {
  it('refuses Enter on a plain line of a card, and no rules reference opens; Enter on a rule link opens it', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Aventurière arbalétrière', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.placeToken('Aventurière arbalétrière', 1, 1);
    await table.placeToken('Brigand', 4, 1);
    const alice = table.seat('Alice');
    await alice.target('Brigand');
    const sheet = await alice.openSheet(alice.actor('Aventurière arbalétrière'));
    const crossbow = alice.actor('Aventurière arbalétrière').items.getName('Arbalète').id;
    table.dice.push([100, 45]);
    await alice.click(sheet.querySelector(`tr[data-weapon-id="${crossbow}"] [data-action="useWeapon"]`)!);
    await alice.answerDialog({ cover: 20 });
    const link = alice.lastMessage().querySelector<HTMLElement>('a[data-pda-rule="F-D5"]')!;
    const line = link.parentElement!;
    expect(line.matches('a, button, input, select, textarea, [tabindex]')).toBe(false);
    await expect(alice.pressKey(line, 'Enter')).rejects.toThrow(/takes no focus/);
    expect(alice.window('#pda-rules-reference')).toBeNull();
    await alice.pressKey(link, 'Enter');
    expect(alice.window('#pda-rules-reference [data-rule-page="F-D5"]')).not.toBeNull();
  });
});
