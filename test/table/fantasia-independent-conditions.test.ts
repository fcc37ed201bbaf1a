/**
 * Independent reading of the Fantasia seed: the conditions secret thrusts put on the attacker
 * (a shield to strike, a size gap and a second blade, S'Raal and bare hands) and a lamed foe in a
 * chase.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  attackFromSheet,
  checkOf,
  fighter,
  setItem,
  thrustsOffered,
} from './fantasia-independent-kit';

async function bout(
  target: string,
  targetChanges: Record<string, unknown>,
  weapons: string[],
  bottes: string[],
) {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
  await fighter(table, target, 'Cible', targetChanges);
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Cible', 2, 1);
  const alice = table.seat('Alice');
  const gm = table.gm;
  for (const w of weapons) {
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', w));
    await setItem(table, gm.actor('Aline'), w, { 'system.drawn': true });
  }
  for (const b of bottes) await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-bottes', b));
  await alice.target('Cible');
  return { table, gm, alice };
}

async function tryThrust(
  d: Awaited<ReturnType<typeof bout>>,
  weapon: string,
  values: Record<string, string | number | boolean | string[]>,
): Promise<boolean> {
  // A thrust the weapon or the situation rules out is not offered in the dialog (it is listed
  // there as not possible, with the reason); one offered is tried and must post a card.
  const thrustId = String(values.thrustId ?? '');
  const { offered, impossible } = await thrustsOffered(d.alice, d.alice.actor('Aline'), weapon);
  if (thrustId && !offered.includes(thrustId)) {
    expect(impossible).toMatch(/il manque|pas avec cette arme/);
    return false;
  }
  const before = d.gm.messages().length;
  d.table.dice.push([100, 90]);
  await attackFromSheet(d.alice, d.alice.actor('Aline'), weapon, values);
  return d.gm.messages().length > before;
}

describe('Fantasia, independent reading: what a thrust asks of the fight', () => {
  it('F-B7 Boucliade assommante needs a foe carrying a shield: refused against the shieldless Brigand', async () => {
    const d = await bout('Brigand', {}, ['Gourdin'], ['Boucliade assommante']);
    expect(
      await tryThrust(d, 'Gourdin', { thrustId: 'boucliadeAssommante', 'situation.initiative': true }),
    ).toBe(false);
  });

  it('F-B7 Boucliade assommante against the Garde and his shield is placed (65 − 10)', async () => {
    const d = await bout('Garde de la porte', {}, ['Gourdin'], ['Boucliade assommante']);
    expect(
      await tryThrust(d, 'Gourdin', { thrustId: 'boucliadeAssommante', 'situation.initiative': true }),
    ).toBe(true);
    expect(checkOf(d.gm.lastMessage()).target).toBe('/ 55 %');
  });

  it('F-B7 Bond de Nausicaä with a size gap of exactly 3 (TAI 12 against 15) is refused', async () => {
    const d = await bout(
      'Garde de la porte',
      { 'system.characteristics.TAI': 15 },
      ['Épée longue', 'Dague'],
      ['Bond de Nausicaä'],
    );
    expect(await tryThrust(d, 'Épée longue', { thrustId: 'bondNausicaa' })).toBe(false);
  });

  it('F-B7 Bond de Nausicaä with a gap of 4 (TAI 12 against 16) and a dagger is placed at 65 − 25 + 10', async () => {
    const d = await bout(
      'Garde de la porte',
      { 'system.characteristics.TAI': 16 },
      ['Épée longue', 'Dague'],
      ['Bond de Nausicaä'],
    );
    expect(await tryThrust(d, 'Épée longue', { thrustId: 'bondNausicaa' })).toBe(true);
    expect(checkOf(d.gm.lastMessage()).target).toBe('/ 50 %');
  });

  it('F-B7 Bond de Nausicaä without a dagger or poignard is refused', async () => {
    const d = await bout(
      'Garde de la porte',
      { 'system.characteristics.TAI': 18 },
      ['Épée longue'],
      ['Bond de Nausicaä'],
    );
    expect(await tryThrust(d, 'Épée longue', { thrustId: 'bondNausicaa' })).toBe(false);
  });

  it("F-B7 Ruade S'Raal is refused to a human", async () => {
    const d = await bout('Brigand', {}, [], ["Ruade S'Raal"]);
    expect(await tryThrust(d, 'Bagarre', { thrustId: 'ruadeSraal', 'situation.behind': true })).toBe(false);
  });
});

describe('Fantasia, independent reading: a lamed foe runs at half speed', () => {
  it('F-B7 F-M2 after a Casse-pied the Brigand (Mouvement 8) chases at 4', async () => {
    const d = await bout('Brigand', {}, ['Gourdin'], ['Casse-pied']);
    d.table.dice.push([100, 20]);
    await attackFromSheet(d.alice, d.alice.actor('Aline'), 'Gourdin', { thrustId: 'cassePied' });
    await d.gm.press('Ne rien faire');
    if (d.gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await d.gm.press('Appliquer');
    expect(d.gm.actor('Cible').system.states.halfMovement).toBe(true);
    await d.table.startEncounter('Aline', 'Cible');
    const gm = d.gm;
    await gm.openTracker();
    await gm.click('[data-pda-chase]', gm.tracker);
    const body = gm.dom.querySelector<HTMLElement>('.pda-chase-body')!;
    const row = [...body.querySelectorAll<HTMLElement>('tbody tr')].find(
      (tr) => tr.querySelector('th')?.textContent?.trim() === 'Cible',
    );
    expect(row?.querySelector('td')?.textContent?.trim()).toMatch(/^4\b/);
  });
});
