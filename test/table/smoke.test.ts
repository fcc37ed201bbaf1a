import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

describe('table harness', () => {
  it('boots a GM and two players on a Fantasia world', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const brute = await table.importActor('fantasia-bestiaire', 'Pasmagosaure');
    const el = await table.gm.openSheet(table.gm.actor(brute.name));
    expect(el.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe('Pasmagosaure');
    expect(table.errors()).toEqual([]);
  });
});
