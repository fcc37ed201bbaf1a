/**
 * Every ruleset's sheets render in every world: a world keeps the data of the other rulesets
 * (compendiums, actors made before a switch), so their sheets must open whatever the setting.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const value = (el: HTMLElement, name: string) =>
  el.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

describe('sheets of one ruleset open in a world of another', () => {
  it('a Fantasia aventurier sheet renders in a Souffle world', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const actor = await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    const sheet = await table.seat('Alice').openSheet(table.seat('Alice').actor(actor.name));
    expect(value(sheet, 'name')).toBe('Bretteur');
    expect(sheet.querySelector('[data-action="useWeapon"]')).not.toBeNull();
    expect(table.errors()).toEqual([]);
  });

  it('a Souffle combattant sheet renders in a Fantasia world', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const pack = table.gm.game.packs.get('passe-d-armes.souffle-combattants');
    const [first] = await pack.getDocuments();
    const actor = await table.importActor('souffle-combattants', first.name, 'Bruno');
    const sheet = await table.seat('Bruno').openSheet(table.seat('Bruno').actor(actor.name));
    expect(value(sheet, 'name')).toBe(first.name);
    expect(table.errors()).toEqual([]);
  });

  it('a Fantasia weapon from the compendium opens read-only for a player', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const bow = alice.client.fromUuidSync(table.packUuid('fantasia-armes', 'Arc'));
    const sheet = await alice.openSheet(bow);
    expect(sheet.querySelector<HTMLInputElement>('input[name="system.damage"]')?.value).toBe('1d6+1');
    // A compendium entry is locked: its fields are read-only for a player.
    expect(sheet.querySelector<HTMLInputElement>('input[name="system.damage"]')?.disabled).toBe(true);
    expect(table.errors()).toEqual([]);
  });
});
