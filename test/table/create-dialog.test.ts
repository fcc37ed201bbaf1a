/**
 * Issue 39: core's sidebar Create button calls the document class's `createDialog(data,
 * createOptions, options)`. The system's override offers only the active ruleset's types.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

describe('the Create button of the sidebar offers the active ruleset’s types only', () => {
  it('in a Souffle world the GM creates an actor: only Souffle types are offered, and the actor is made', async () => {
    const table = await Table.open({ ruleset: 'souffle', players: [] });
    const gm = table.gm;
    const allTypes = Object.keys(gm.client.CONFIG.Actor.dataModels);
    await gm.createFromSidebar('Actor');
    const offered = [...gm.dialog().querySelectorAll<HTMLOptionElement>('select[name="type"] option')].map(
      (o) => o.value,
    );
    expect(offered).toEqual(['combattant', 'adversaire']);
    expect(allTypes.length).toBeGreaterThan(offered.length);
    await gm.answerDialog({ name: 'Nouvelle recrue', type: 'combattant' }, 'ok');
    await table.settle();
    expect(gm.game.actors.getName('Nouvelle recrue')?.type).toBe('combattant');
    expect(table.errors()).toEqual([]);
  });
});
