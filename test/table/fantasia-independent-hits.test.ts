/**
 * Independent reading of the Fantasia seed: hits, criticals, fumbles, armour and the damage
 * bonus, played from the character sheet outside a tracked combat.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  attackFromSheet,
  cardRows,
  cardText,
  checkOf,
  fighter,
  setItem,
} from './fantasia-independent-kit';

/** Aline (Bretteur: Armes de mêlée 65, épée fantasque 1d6+1, FOR 13 + TAI 12 → +1d4) faces Brute
 * (Brigand: 12 PV, Cuir épais 2), one square apart. */
async function duel(changes: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'fantasia' });
  const aline = await fighter(table, 'Bretteur', 'Aline', changes, 'Alice');
  const brute = await fighter(table, 'Brigand', 'Brute');
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Brute', 2, 1);
  const alice = table.seat('Alice');
  await alice.target('Brute');
  return { table, alice, gm: table.gm, aline, brute };
}

describe('Fantasia, independent reading: hits and damage', () => {
  it('F-H1 a d100 equal to the skill (65 against 65) hits', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([100, 65]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(checkOf(gm.lastMessage())).toMatchObject({ roll: '65', level: 'Réussite' });
    expect(gm.buttons().some((b) => b.label.includes('Ne rien faire'))).toBe(true);
  });

  it('F-H1 a d100 one above the skill (66 against 65) misses: nothing to defend, no damage', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([100, 66]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(checkOf(gm.lastMessage())).toMatchObject({ roll: '66', level: 'Échec' });
    expect(
      gm
        .buttons()
        .filter((b) => b.enabled)
        .map((b) => b.label),
    ).not.toContain('Appliquer');
    expect(gm.buttons().some((b) => b.enabled && b.label.startsWith('Parer'))).toBe(false);
    expect(gm.actor('Brute').system.pv.value).toBe(12);
  });

  it('F-H5 a 05 is a critical: the weapon dice are rolled twice, the +1 and the bonus once', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([100, 5]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(checkOf(gm.lastMessage()).level).toBe('Critique');
    // d6 4, then 3 and 2 for the second weapon d6 and the 1d4 bonus (either order: same sum).
    table.dice.push(4, 3, 2);
    await gm.press('Ne rien faire');
    // 4 + 3 + 1 + 2 − 2 armour = 8
    expect(cardRows(gm.lastMessage())['Dommages subis']).toBe('8');
    await gm.press('Appliquer');
    expect(gm.actor('Brute').system.pv.value).toBe(4);
  });

  it('F-H5 a 06 is an ordinary success: the weapon dice are rolled once', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([100, 6]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(checkOf(gm.lastMessage()).level).toBe('Réussite');
    table.dice.push([6, 4], [4, 2]);
    await gm.press('Ne rien faire');
    // 4 + 1 + 2 − 2 = 5
    expect(cardRows(gm.lastMessage())['Dommages subis']).toBe('5');
    expect(table.dice.pending).toBe(0);
  });

  it('F-H5 a 03 is a critical hit even for a skill of 3 %', async () => {
    const { table, alice, gm } = await duel({ 'system.skills.armesDeMelee': 3 });
    table.dice.push([100, 3]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(checkOf(gm.lastMessage())).toMatchObject({ roll: '03', level: 'Critique' });
  });

  it('F-H9 a 96 is a fumble even with a skill of 120 %, a 95 still hits', async () => {
    const { table, alice, gm } = await duel({ 'system.skills.armesDeMelee': 120 });
    table.dice.push([100, 95]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(checkOf(gm.lastMessage()).level).toBe('Réussite');
    table.dice.push([100, 96]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(checkOf(gm.lastMessage()).level).toBe('Maladresse');
  });

  it('F-H6 a sword fumble offers the GM the broken weapon, the lost balance and the friend hit', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([100, 99]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    const text =
      cardText(gm.lastMessage()) +
      gm
        .buttons()
        .map((b) => b.label)
        .join(' | ');
    expect(text).toContain("L'arme se brise");
    expect(text).toContain("Perte d'équilibre");
    expect(text).toContain('Touche un allié');
    expect(text).not.toContain('Mécanisme enrayé');
  });

  it('F-H7 a bow fumble offers the friend hit and the loose string, never a jammed mechanism', async () => {
    const { table, alice, gm } = await duel();
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', 'Arc'));
    await setItem(table, gm.actor('Aline'), 'Arc', { 'system.drawn': true });
    table.dice.push([100, 98]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Arc');
    const text =
      cardText(gm.lastMessage()) +
      gm
        .buttons()
        .map((b) => b.label)
        .join(' | ');
    expect(checkOf(gm.lastMessage()).level).toBe('Maladresse');
    expect(text).toContain("La corde de l'arc lâche");
    expect(text).toContain('Touche un allié');
    expect(text).not.toContain('Mécanisme enrayé');
    expect(text).not.toContain("L'arme se brise");
  });

  it('F-H3 armour of 9 against a 3-point blow takes no PV (and gives none back)', async () => {
    const { table, alice, gm, brute } = await duel();
    await setItem(table, brute, 'Cuir épais', { 'system.protection': 9 });
    table.dice.push([100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    table.dice.push([6, 1], [4, 1]);
    await gm.press('Ne rien faire');
    expect(cardRows(gm.lastMessage())['Dommages subis']).toBe('0');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(gm.actor('Brute').system.pv.value).toBe(12);
  });

  it('F-H3 armour counts again on a second blow: it does not wear out', async () => {
    const { table, alice, gm } = await duel();
    for (let i = 0; i < 2; i++) {
      table.dice.push([100, 10]);
      await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
      table.dice.push([6, 2], [4, 1]);
      await gm.press('Ne rien faire');
      expect(cardRows(gm.lastMessage())['Armure']).toBe('-2');
      await gm.press('Appliquer');
    }
    // (2 + 1 + 1 − 2) twice
    expect(gm.actor('Brute').system.pv.value).toBe(8);
  });

  it('F-H4 a thrown javelin adds no damage bonus, even from a strong thrower', async () => {
    const { table, alice, gm } = await duel({
      'system.characteristics.FOR': 18,
      'system.skills.armesDeLancer': 50,
    });
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', 'Javelot'));
    await setItem(table, gm.actor('Aline'), 'Javelot', { 'system.drawn': true });
    table.dice.push([100, 50]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Javelot');
    expect(checkOf(gm.lastMessage()).level).toBe('Réussite');
    table.dice.push([6, 5]);
    await gm.press('Ne rien faire');
    const rows = cardRows(gm.lastMessage());
    expect(Object.keys(rows)).not.toContain('Bonus aux dommages');
    expect(rows['Dommages subis']).toBe('3');
  });

  it('F-U1 Bagarre at exactly 50 % hits for 1d3 plus the damage bonus', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([100, 50]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Bagarre');
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 50 %', level: 'Réussite' });
    // The system rolls its d3 as a halved d6: 4 → 2.
    table.dice.push([6, 4], [4, 3]);
    await gm.press('Ne rien faire');
    const rows = cardRows(gm.lastMessage());
    expect(rows['Arme']).toContain('1d3');
    expect(rows['Bonus aux dommages']).toContain('3');
    // 2 + 3 − 2 armour
    expect(rows['Dommages subis']).toBe('3');
  });
});

describe('Fantasia, independent reading: knocking out', () => {
  async function club() {
    const d = await duel();
    await d.alice.dragOnto(d.alice.actor('Aline'), d.table.packUuid('fantasia-armes', 'Gourdin'));
    await setItem(d.table, d.gm.actor('Aline'), 'Gourdin', { 'system.drawn': true });
    return d;
  }

  it('F-U4 a club knock-out of 8 against 12 PV wins on exactly 30 %: out for CON hours, ⌊8 ÷ 3⌋ PV lost', async () => {
    const { table, alice, gm } = await club();
    table.dice.push([100, 20]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Gourdin', { knockOut: true });
    // 1d6 → 6, bonus 1d4 → 2: 8 points against 12 PV → 50 + 5 × (8 − 12) = 30 %; the d100 says 30.
    table.dice.push([6, 6], [4, 2], [100, 30]);
    await gm.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    const text = cardText(gm.lastMessage());
    expect(text).toContain('30 %');
    expect(text).toContain('Assommé pour 11 heures');
    expect(gm.actor('Brute').system.pv.value).toBe(10);
    expect(gm.actor('Brute').system.states.unconscious).toBe(true);
  });

  it('F-U4 the same knock-out on 31 fails: the blow lands as ordinary damage (ruling normalDamage)', async () => {
    const { table, alice, gm } = await club();
    table.dice.push([100, 20]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Gourdin', { knockOut: true });
    table.dice.push([6, 6], [4, 2], [100, 31]);
    await gm.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(cardText(gm.lastMessage())).not.toContain('Assommé pour');
    // 8 − 2 armour
    expect(gm.actor('Brute').system.pv.value).toBe(6);
    expect(gm.actor('Brute').system.states.unconscious).toBe(false);
  });
});
