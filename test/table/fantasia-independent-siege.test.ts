/**
 * Independent reading of the Fantasia seed: siege engines, fired from the sheet's engine list.
 */
import { describe, expect, it } from 'vitest';
import { Table, cardText, fighter } from './fantasia-independent-kit';

/** Aline (Art de la guerre 60) with a catapult, two servants of her own, three brigands downrange:
 * the impact at 30 m, one exactly 3 m from it, one 4.5 m from it. */
async function battery() {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Bretteur', 'Aline', { 'system.skills.artDeLaGuerre': 60 }, 'Alice');
  await fighter(table, 'Bretteur', 'Servant un', {}, 'Alice');
  await fighter(table, 'Bretteur', 'Servant deux', {}, 'Alice');
  await fighter(table, 'Bretteur', 'Servant trois', {}, 'Alice');
  for (const n of ['Impact', 'Voisin', 'Loin']) await fighter(table, 'Brigand', n);
  await table.placeToken('Aline', 0, 0);
  await table.placeToken('Servant un', 0, 1);
  await table.placeToken('Servant deux', 0, 2);
  await table.placeToken('Servant trois', 0, 3);
  await table.placeToken('Impact', 20, 0);
  await table.placeToken('Voisin', 22, 0);
  await table.placeToken('Loin', 23, 0);
  const alice = table.seat('Alice');
  await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-engins', 'Catapulte'));
  await alice.target('Impact', 'Voisin', 'Loin');
  return { table, alice, gm: table.gm };
}

async function fire(alice: ReturnType<Table['seat']>, crew: string[]) {
  const sheet = await alice.openSheet(alice.actor('Aline'));
  await alice.click('[data-action="fireEngine"]', sheet);
  const dialog = alice.dialog();
  const uuids = [...dialog.querySelectorAll<HTMLInputElement>('[name="crew"]')]
    .filter((el) => crew.includes((el.parentElement?.textContent ?? '').trim()))
    .map((el) => el.value);
  await alice.answerDialog({ crew: uuids });
}

describe('Fantasia, independent reading: siege engines', () => {
  it('F-S1 a catapult served by its gunner alone is refused: it needs 2 or 3', async () => {
    const { alice, gm } = await battery();
    const before = gm.messages().length;
    await fire(alice, []);
    expect(alice.warnings.join(' ')).toContain('Il faut de 2 à 3 servants');
    expect(gm.messages().length).toBe(before);
  });

  it('F-S1 four men at a catapult are refused too', async () => {
    const { alice, gm } = await battery();
    const before = gm.messages().length;
    await fire(alice, ['Servant un', 'Servant deux', 'Servant trois']);
    expect(alice.warnings.join(' ')).toContain('Il faut de 2 à 3 servants');
    expect(gm.messages().length).toBe(before);
  });

  it('F-S2 the catapult strikes the impact (5d6), a man exactly 3 m off (2d6), spares one 4.5 m off', async () => {
    const { table, alice, gm } = await battery();
    table.dice.push([100, 30]);
    await fire(alice, ['Servant un']);
    const text = cardText(gm.lastMessage());
    expect(text).toContain('5d6');
    expect(text).toContain('2d6');
    const rows = [...gm.lastMessage().querySelectorAll('.pda-row')].map((r) =>
      (r.textContent ?? '').replace(/\s+/g, ' ').trim(),
    );
    expect(rows.find((r) => r.includes('Impact'))).toContain('impact');
    expect(rows.find((r) => r.includes('Voisin'))).toContain('à proximité');
    expect(rows.find((r) => r.includes('Loin'))).toContain("trop loin de l'impact");
  });
});
