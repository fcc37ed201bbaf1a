/**
 * The Greyhawk weapon sheet names the catalogue weapon an item is (issue 29: no internal key on a
 * field), and the key chosen there is the one proficiency (G-W2) reads.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";

describe('the Greyhawk weapon sheet', () => {
  it('G-W2 the sword’s sheet names its catalogue weapon; made a dagger there, a dagger-proficient Drevin strikes with it without −2', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    await alice.actor(DREVIN).update({ system: { proficiencies: ['dagger'], mastery: [] } });
    await table.settle();

    const sword = alice.actor(DREVIN).items.find((i: any) => i.name === 'Épée longue');
    const sheet = await alice.openSheet(sword);
    const select = sheet.querySelector<HTMLSelectElement>('select[name="system.base"]')!;
    expect(select.selectedOptions[0]!.textContent).toBe('Épée longue');
    const labels = [...select.options].map((o) => o.textContent ?? '');
    expect(labels).toContain('Dague');
    expect(labels.filter((l) => /^[a-z]+[A-Z]\w*$/.test(l))).toEqual([]);

    table.dice.push([20, 15], [8, 4]);
    expect(text(await attackFromSheet(alice, DREVIN, 'Épée longue'))).toContain('−2 G-W2');

    await alice.fill('select[name="system.base"]', 'dagger', sheet);
    expect(table.gm.actor(DREVIN).items.get(sword.id).system.base).toBe('dagger');
    expect(
      sheet.querySelector<HTMLSelectElement>('select[name="system.base"]')!.selectedOptions[0]!.textContent,
    ).toBe('Dague');
    // The rules read the stored key: proficient with the dagger, Drevin's next blow has no −2.
    const before = alice.messages().length;
    table.dice.push([20, 15], [8, 4]);
    const second = text(await attackFromSheet(alice, DREVIN, 'Épée longue'));
    expect(alice.messages().length).toBe(before + 1);
    expect(second).not.toContain('G-W2');
    expect(second).toContain('Total 17');
    expect(table.errors()).toEqual([]);
  });
});
