/** Greyhawk missiles at the table: disarming with a thrown dagger (G-D4), a sling specialist (G-S4). */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, refusedFromSheet, text } from './greyhawk-table';

const DREVIN = "Drevin, spécialiste de l'épée longue";

describe('Greyhawk missiles', () => {
  it('G-D4 a dagger thrown to disarm takes −2 more, and cannot disarm a two-handed weapon', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 2, 0);
    await table.placeToken('Gnoll', 2, 2);
    await alice.target('Orque');
    table.dice.push([20, 18]);
    const card = text(await attackFromSheet(alice, DREVIN, 'Dague', { manoeuvre: 'disarm', thrown: true }));
    expect(card).toContain('3 m (scène)');
    expect(card).toContain('Petite arme lancée −2 G-D4');
    expect(card).toContain('Désarmement −4 G-D1');
    // The gnoll's halberd is two-handed (its sheet says so; the thrower is not asked).
    await alice.target('Gnoll');
    const refused = await refusedFromSheet(alice, DREVIN, 'Dague', {
      manoeuvre: 'disarm',
      thrown: true,
    });
    expect(refused).toContain(
      "Un projectile ne désarme qu'une arme tenue à une main (échec contre arme à deux mains ou bouclier). (G-D1)",
    );
    expect(table.errors()).toEqual([]);
  });

  it('G-S4 a sling specialist: +1 to hit, no point blank damage (bows and crossbows only)', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.createActor(
      {
        name: 'Frondeur',
        type: 'guerrier-adnd',
        system: {
          classes: [{ cls: 'fighter', level: 3 }],
          abilities: { str: 12, dex: 12, int: 10 },
          proficiencies: ['sling'],
          mastery: [{ weapon: 'sling', rank: 'specialist', since: 1, firstSpecialised: 1 }],
        },
      },
      'Alice',
    );
    await alice.dragOnto(alice.actor('Frondeur'), table.packUuid('greyhawk-armes', 'Fronde'));
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Frondeur', 0, 0);
    await table.placeToken('Orque', 4, 0);
    await alice.target('Orque');
    table.dice.push([20, 15], [4, 3]);
    const card = text(await attackFromSheet(alice, 'Frondeur', 'Fronde'));
    expect(card).toContain('Spécialisation +1 G-S4');
    expect(card).not.toContain('bout portant');
    expect(table.errors()).toEqual([]);
  });
});
