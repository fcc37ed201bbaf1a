/**
 * Issue 46, point 9: a world plays one ruleset. Its Compendium Packs tab lists that ruleset's packs
 * only, for the GM and the players, and "Create Actor" / "Create Item" offer its types only.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

const options = (dialog: HTMLElement): string[] =>
  [...dialog.querySelectorAll<HTMLOptionElement>('[name="type"] option')].map((o) => o.textContent ?? '');

describe('the world’s ruleset only', () => {
  it('G-W1 a Greyhawk world: the GM and Alice see Greyhawk’s compendiums only, and the GM creates an AD&D character from scratch', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const { gm } = table;
    const alice = table.seat('Alice');
    for (const seat of [gm, alice]) {
      await seat.openCompendiumDirectory();
      const packs = seat.compendiumEntries();
      expect(packs.length, seat.name).toBeGreaterThan(0);
      expect(
        packs.every((p) => p.startsWith('passe-d-armes.greyhawk-')),
        packs.join(', '),
      ).toBe(true);
      expect(packs).toContain('passe-d-armes.greyhawk-bestiaire');
    }
    expect(gm.compendiumEntries()).toContain('passe-d-armes.greyhawk-premier-combat');
    // Every pack of the system is named after its ruleset, so none escapes the filter.
    const all = (gm.game.packs.contents as { collection: string }[]).map((p) => p.collection);
    expect(all.filter((c) => !/^passe-d-armes\.(fantasia|greyhawk|souffle)-/.test(c))).toEqual([]);
    await gm.createFromSidebar('Actor');
    expect(options(gm.dialog())).toEqual(['Personnage AD&D', 'Monstre AD&D']);
    await gm.answerDialog({ name: 'Gord', type: 'guerrier-adnd' });
    expect(gm.actor('Gord').type).toBe('guerrier-adnd');
    await gm.createFromSidebar('Item');
    expect(options(gm.dialog())).toEqual(['Arme AD&D']);
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 a Souffle world lists Souffle’s compendiums and Souffle’s actor types, each named for Souffle', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const { gm } = table;
    await gm.openCompendiumDirectory();
    expect(gm.compendiumEntries().sort()).toEqual([
      'passe-d-armes.souffle-combattants',
      'passe-d-armes.souffle-equipement',
      'passe-d-armes.souffle-premier-combat',
    ]);
    await gm.createFromSidebar('Actor');
    expect(options(gm.dialog())).toEqual(['Combattant (Souffle)', 'Adversaire (Souffle)']);
    expect(table.errors()).toEqual([]);
  });
});
