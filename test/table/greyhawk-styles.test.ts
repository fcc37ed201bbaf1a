/**
 * Greyhawk fighting styles at the table (issue 14): the second weapon, the free hand, the grip,
 * the missile style and mounted archery, read from the sheet's readied weapons and played
 * through the attack dialog and its card.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, refusedFromSheet, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

/** The owner drags a weapon from the compendium onto the sheet and readies it from its row. */
async function readyWeapon(
  table: Table,
  owner: string | null,
  actorName: string,
  weapon: string,
): Promise<void> {
  const seat = owner ? table.seat(owner) : table.gm;
  await seat.dragOnto(seat.actor(actorName), table.packUuid('greyhawk-armes', weapon));
  const sheet = await seat.openSheet(seat.actor(actorName));
  await seat.click('[data-tab="weapons"]', sheet);
  const row = [...seat.actor(actorName).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
    r.textContent?.includes(weapon),
  );
  if (!row) throw new Error(`no row ${weapon}`);
  await seat.click('[data-action="equip"]', row as Element);
}

/** Gord, fighter 5 with DEX 16 (reaction +1), and an orc in front of him. */
async function gord(system: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'greyhawk' });
  await table.createActor(
    {
      name: 'Gord',
      type: 'guerrier-adnd',
      system: {
        classes: [{ cls: 'fighter', level: 5 }],
        abilities: { str: 12, strPercent: 0, dex: 16, int: 12 },
        proficiencies: ['longSword', 'shortSword', 'broadSword', 'bastardSword', 'dagger'],
        ...system,
      },
    },
    'Alice',
  );
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken('Gord', 0, 0);
  await table.placeToken('Orque', 1, 0);
  const alice = table.seat('Alice');
  await alice.target('Orque');
  return { table, alice, gm: table.gm };
}

describe('Greyhawk fighting styles on the card', () => {
  it('G-ST4 two weapons: −2/−4 moved by DEX to −1/−3, the shorter in the off hand, −1 more for different manoeuvres', async () => {
    const { table, alice } = await gord();
    await readyWeapon(table, 'Alice', 'Gord', 'Épée longue');
    await readyWeapon(table, 'Alice', 'Gord', 'Épée courte');
    // The dialog names both weapons and the reaction adjustment; it asks no hand for the sword.
    table.dice.push([20, 15], [8, 3]);
    const sheetAttack = attackFromSheet(alice, 'Gord', 'Épée longue', {});
    const main = text(await sheetAttack);
    expect(main).toContain('Main principale −1 G-ST4');
    expect(main).not.toContain('Main secondaire');
    // The short sword is in the off hand by itself: −4 + 1 = −3.
    table.dice.push([20, 15], [6, 2]);
    const off = text(await attackFromSheet(alice, 'Gord', 'Épée courte', {}));
    expect(off).toContain('Main secondaire −3 G-ST4');
    // A disarm with one weapon and a blow with the other: −1 each (G-ST4).
    table.dice.push([20, 15], [6, 2]);
    const mixed = text(await attackFromSheet(alice, 'Gord', 'Épée courte', { mixedManoeuvres: true }));
    expect(mixed).toContain('Manœuvres différentes −1 G-ST4');
    expect(mixed).toContain('Total 11');
    expect(table.errors()).toEqual([]);
  });

  it('G-ST4 the dialog shows what the sheet knows: both weapons and the DEX reaction', async () => {
    const { table, alice } = await gord();
    await readyWeapon(table, 'Alice', 'Gord', 'Épée longue');
    await readyWeapon(table, 'Alice', 'Gord', 'Épée courte');
    const sheet = await alice.openSheet(alice.actor('Gord'));
    const row = [...alice.actor('Gord').sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
      r.textContent?.includes('Épée longue'),
    );
    expect(sheet).toBeTruthy();
    await alice.click('[data-action="attack"]', row as Element);
    const dialog = text(alice.dialog());
    expect(dialog).toContain('Deux armes en main : Épée longue et Épée courte G-ST4');
    expect(dialog).toContain('Ajustement de réaction (DEX) : +1');
    await alice.answerDialog({}, 'cancel');
    expect(table.errors()).toEqual([]);
  });

  it('G-ST4 two weapons of the same size are refused without the third slot', async () => {
    const { table, alice } = await gord();
    await readyWeapon(table, 'Alice', 'Gord', 'Épée longue');
    await readyWeapon(table, 'Alice', 'Gord', 'Épée large');
    // Two readied weapons the style does not allow together: the dialog does not tick both.
    table.dice.push([20, 15], [8, 3]);
    expect(text(await attackFromSheet(alice, 'Gord', 'Épée longue', {}))).toContain('Touché');
    const refused = await refusedFromSheet(alice, 'Gord', 'Épée longue', { bothHands: true });
    expect(refused).toContain(
      'Épée large doit être plus courte que Épée longue (sauf deux petites armes). (G-ST4)',
    );
    expect(table.errors()).toEqual([]);
  });

  it('G-ST4 Ayla the ranger: two blades with no penalty, and different manoeuvres without −1', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const ayla = await table.importActor('greyhawk-bestiaire', 'Ayla, rôdeuse aux deux lames', 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(ayla.name, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const bruno = table.seat('Bruno');
    await bruno.target('Orque');
    table.dice.push([20, 15], [6, 2]);
    const card = text(await attackFromSheet(bruno, ayla.name, 'Épée courte', { mixedManoeuvres: true }));
    // No G-ST4 penalty row (the card only notes that the other blade strikes with its own attack).
    expect(card).not.toMatch(/−\d+ G-ST4/);
    expect(card).not.toContain('Main secondaire');
    expect(table.errors()).toEqual([]);
  });

  it('G-ST1 the free hand strikes too: −2 moved by DEX on the sword; a free-hand specialist is −1 AC', async () => {
    const { table, alice } = await gord();
    await readyWeapon(table, 'Alice', 'Gord', 'Épée longue');
    table.dice.push([20, 15], [8, 3]);
    const card = text(await attackFromSheet(alice, 'Gord', 'Épée longue', { bothHands: true }));
    expect(card).toContain('Main principale −1 G-ST1');
    // Mordo fights with one sword and nothing else, specialised in the free-hand style.
    await table.createActor({
      name: 'Mordo',
      type: 'guerrier-adnd',
      system: {
        classes: [{ cls: 'fighter', level: 3 }],
        proficiencies: ['longSword'],
        styles: { freeHand: 1 },
      },
    });
    await readyWeapon(table, null, 'Mordo', 'Épée longue');
    await table.placeToken('Mordo', 1, 1);
    await alice.target('Mordo');
    table.dice.push([20, 15], [8, 3]);
    const against = text(await attackFromSheet(alice, 'Gord', 'Épée longue', {}));
    expect(against).toContain('Cible en main libre (CA) −1 G-ST1');
    expect(table.errors()).toEqual([]);
  });

  it('G-H1 a dagger alone in the off hand takes the setting’s penalty: −2, then −4 once the GM changes it', async () => {
    const { table, alice, gm } = await gord();
    await readyWeapon(table, 'Alice', 'Gord', 'Dague');
    table.dice.push([20, 15], [4, 1]);
    expect(text(await attackFromSheet(alice, 'Gord', 'Dague', { styleHand: 'off' }))).toContain(
      'Main inhabituelle −2 G-H1',
    );
    await gm.game.settings.set('passe-d-armes', 'greyhawkOffHandPenalty', -4);
    await table.settle();
    table.dice.push([20, 15], [4, 1]);
    const card = text(await attackFromSheet(alice, 'Gord', 'Dague', { styleHand: 'off' }));
    expect(card).toContain('Main inhabituelle −4 G-H1');
    expect(card).toContain('Total 11');
    expect(table.errors()).toEqual([]);
  });

  it('G-ST5 an archer shooting at Kael, missile-style specialist, meets −1 AC; the style’s moves need the foe out of reach, a full move the specialisation', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const kael = await table.importActor('greyhawk-bestiaire', 'Kael, archer spécialiste', 'Alice');
    await table.createActor(
      {
        name: 'Gord',
        type: 'guerrier-adnd',
        system: { classes: [{ cls: 'fighter', level: 5 }], proficiencies: ['shortBow'] },
      },
      'Bruno',
    );
    await readyWeapon(table, 'Bruno', 'Gord', 'Arc court');
    await table.placeToken('Gord', 0, 0);
    await table.placeToken(kael.name, 10, 0);
    const bruno = table.seat('Bruno');
    await bruno.target(kael.name);
    table.dice.push([20, 15], [6, 3]);
    expect(text(await attackFromSheet(bruno, 'Gord', 'Arc court', {}))).toContain(
      'Cible en style projectiles (CA) −1 G-ST5',
    );
    // Kael's missile style needs him out of the orc's reach: armed, 1.5 × 1.8 m = 2.7 m.
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Orque', 11, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    const close = await refusedFromSheet(alice, kael.name, 'Arc long', { missileMove: 'half' });
    expect(close).toContain("l'adversaire peut frapper en mêlée");
    expect(close).toContain('(G-ST5)');
    table.dice.push([20, 15], [6, 3]);
    expect(text(await attackFromSheet(alice, kael.name, 'Arc long', { missileMove: 'none' }))).toContain(
      'Touché',
    );
    // Gord has no missile-style specialisation: running his full move leaves no shot.
    const refused = await refusedFromSheet(bruno, 'Gord', 'Arc court', { missileMove: 'full' });
    expect(refused).toContain(
      'Sans spécialisation du style, un déplacement complet interdit le tir. (G-ST5)',
    );
    expect(table.errors()).toEqual([]);
  });

  it('G-ST6 Temujin shoots from his galloping horse: −5 less 2 for the specialisation; no long bow', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const temujin = await table.importActor('greyhawk-bestiaire', 'Temujin, archer monté', 'Alice');
    await table.createActor({
      name: 'Cheval',
      type: 'monstre-adnd',
      system: { hitDice: 2, movement: 24, size: 'L' },
    });
    // Alice names the mount on the styles tab of Temujin's sheet.
    const sheet = await table.seat('Alice').openSheet(table.seat('Alice').actor(temujin.name));
    await table.seat('Alice').click('[data-tab="styles"]', sheet);
    await table.seat('Alice').fill('input[name="system.mount"]', 'Cheval', temujin.sheet.element);
    expect(table.seat('Alice').actor(temujin.name).system.mount).toBe('Cheval');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(temujin.name, 0, 0);
    await table.placeToken('Orque', 10, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    table.dice.push([20, 15], [6, 3]);
    const card = text(await attackFromSheet(alice, temujin.name, 'Arc court composite', { mountMoved: 20 }));
    // 20 of 24: over three quarters, −5; mounted archery specialist: −3.
    expect(card).toContain('Allure de la monture −3 G-ST6');
    table.dice.push([20, 15], [6, 3]);
    expect(
      text(await attackFromSheet(alice, temujin.name, 'Arc court composite', { mountMoved: 0 })),
    ).not.toContain('G-ST6');
    await readyWeapon(table, 'Alice', temujin.name, 'Arc long');
    const refused = await refusedFromSheet(alice, temujin.name, 'Arc long', {});
    expect(refused).toContain("À cheval, l'arc long demande une spécialisation. (G-ST6)");
    expect(table.errors()).toEqual([]);
  });

  it('G-ST3 Drevin also uses his shield this round: the sword at −2 (DEX 15, no adjustment); a second slot takes it to 0', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const drevin = await table.importActor(
      'greyhawk-bestiaire',
      "Drevin, spécialiste de l'épée longue",
      'Alice',
    );
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(drevin.name, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const alice = table.seat('Alice');
    await alice.target('Orque');
    table.dice.push([20, 15], [8, 3]);
    const card = text(await attackFromSheet(alice, drevin.name, 'Épée longue', { bothHands: true }));
    expect(card).toContain('Main principale −2 G-ST3');
    await drevin.update({ system: { styles: { shield: 2 } } });
    await table.settle();
    table.dice.push([20, 15], [8, 3]);
    expect(text(await attackFromSheet(alice, drevin.name, 'Épée longue', { bothHands: true }))).not.toContain(
      'Main principale',
    );
    expect(table.errors()).toEqual([]);
  });
});
