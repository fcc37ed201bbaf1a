/**
 * The Greyhawk weapon sheet names the catalogue weapon an item is (issue 29: no internal key on a
 * field); the key stored is the one proficiency (G-W2) reads.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";

describe('the Greyhawk weapon sheet', () => {
  it('G-W2 the sword’s sheet names its catalogue weapon (the key proficiency reads), and choosing “Dague” stores the dagger', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const alice = table.seat('Alice');

    const sword = alice.actor(DREVIN).items.find((i: any) => i.name === 'Épée longue');
    const sheet = await alice.openSheet(sword);
    const select = sheet.querySelector<HTMLSelectElement>('select[name="system.base"]')!;
    expect(select.selectedOptions[0]!.textContent).toBe('Épée longue');
    const labels = [...select.options].map((o) => o.textContent ?? '');
    expect(labels).toContain('Dague');
    expect(labels.filter((l) => /^[a-z]+[A-Z]\w*$/.test(l))).toEqual([]);

    await alice.fill('select[name="system.base"]', 'dagger', sheet);
    expect(table.gm.actor(DREVIN).items.get(sword.id).system.base).toBe('dagger');
    expect(
      sheet.querySelector<HTMLSelectElement>('select[name="system.base"]')!.selectedOptions[0]!.textContent,
    ).toBe('Dague');
    expect(table.errors()).toEqual([]);
  });
});
