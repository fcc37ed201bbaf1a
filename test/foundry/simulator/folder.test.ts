/** The Actors sidebar's folder menu opens the simulator on the folder's actors (GM only). */
import { describe, expect, it } from 'vitest';
import { folderContextEntries, sourcesOfActors } from '../../../src/foundry/simulator';
import { actAs, resetFoundry } from '../../fakes/foundry';

/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's globals */
const g = globalThis as any;

const actor = (id: string, name: string, disposition: number) => ({
  id,
  name,
  prototypeToken: { disposition },
  toObject: () => ({ _id: id, name, type: 'pnj', system: {} }),
});

describe('the simulator from a folder of actors', () => {
  it("sides follow the actors' token dispositions; only the GM sees the entry, on actor folders", () => {
    const { gm, player } = resetFoundry();
    const folder = { type: 'Actor', contents: [actor('a1', 'Garde', 1), actor('a2', 'Brigand', -1)] };
    g.game.folders = new Map([
      ['f1', folder],
      ['f2', { type: 'Item', contents: [] }],
    ]);
    const entries: any[] = [];
    folderContextEntries(null, entries);
    expect(entries.map((e) => e.name)).toEqual(['PDA.Simulator.Open']);
    const li = (id: string) => ({ dataset: { folderId: id }, closest: () => null }) as unknown as HTMLElement;
    actAs(gm);
    expect(entries[0].condition(li('f1'))).toBe(true);
    expect(entries[0].condition(li('f2'))).toBe(false);
    actAs(player);
    expect(entries[0].condition(li('f1'))).toBe(false);
    expect(sourcesOfActors(folder.contents).map((s) => [s.name, s.disposition])).toEqual([
      ['Garde', 1],
      ['Brigand', -1],
    ]);
  });
});
