/**
 * Issue 42, point 8: Foundry renders a `data-tooltip` as HTML, so a name a player writes (her
 * weapon, her métier) must reach a tooltip as text: hovered by anyone, it shows as written and
 * adds no element to the page.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const MARKUP = '<img src="x" id="pwn">';

describe('player text in tooltips', () => {
  it('Alice names her weapon and her métier with markup: the attack and remove tooltips show it as text', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const alice = table.seat('Alice');
    const actor = await table.importActor('souffle-combattants', "Gardien du Waka'Hata", 'Alice');
    // Alice's console: her own weapon and métier renamed.
    const mine = alice.actor(actor.name);
    const weapon = mine.items.find((i: { type: string }) => i.type === 'arme-souffle');
    await weapon.update({ name: `Lance ${MARKUP}` });
    await mine.update({ 'system.metiers': [{ name: `Garde ${MARKUP}`, level: 1 }] });
    await table.settle();
    const sheet = await alice.openSheet(alice.actor(actor.name));
    const attack = sheet.querySelector<HTMLElement>('[data-action="attack"]')!;
    expect(await alice.hover(attack)).toContain(`Lance ${MARKUP}`);
    expect(alice.dom.querySelector('#tooltip #pwn')).toBeNull();
    const remove = sheet.querySelector<HTMLElement>('[data-action="removeMetier"]')!;
    expect(await alice.hover(remove)).toContain(`Garde ${MARKUP}`);
    expect(alice.dom.querySelector('#tooltip #pwn')).toBeNull();
  });
});

describe('player text in the sheets’ button tooltips', () => {
  it('Alice names her Fantasia sword with markup: its Attaquer, edit and delete tooltips show it as text', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const alice = table.seat('Alice');
    const actor = await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    const mine = alice.actor(actor.name);
    const sword = mine.items.find((i: { type: string }) => i.type === 'arme');
    await sword.update({ name: `Rapière ${MARKUP}` });
    await table.settle();
    const sheet = await alice.openSheet(alice.actor(actor.name));
    const row = sheet.querySelector<HTMLElement>(`[data-weapon-id="${sword.id}"]`)!;
    for (const action of ['useWeapon', 'editItem', 'deleteItem']) {
      const button = row.querySelector<HTMLElement>(`button[data-action="${action}"][data-tooltip]`)!;
      expect(await alice.hover(button), action).toContain(`Rapière ${MARKUP}`);
      expect(alice.dom.querySelector('#tooltip #pwn'), action).toBeNull();
    }
  });
});
