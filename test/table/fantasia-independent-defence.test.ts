/**
 * Independent reading of the Fantasia seed: parry, dodge, shields and the secret thrusts'
 * maluses, played from the sheets and the attack card outside a tracked combat.
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

/** Brute (Brigand, dague 1d4+2 drawn, Armes de mêlée 45) strikes Aline (Bretteur: épée fantasque,
 * Armes de mêlée 65, petit bouclier +10, Esquive 45), owned by Alice. */
async function ambush() {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
  const brute = await fighter(table, 'Brigand', 'Brute');
  await setItem(table, brute, 'Dague', { 'system.drawn': true });
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Brute', 2, 1);
  const gm = table.gm;
  await gm.target('Aline');
  return { table, gm, alice: table.seat('Alice'), brute };
}

function label(buttons: { label: string; enabled: boolean }[], start: string) {
  return buttons.find((b) => b.label.startsWith(start));
}

describe('Fantasia, independent reading: parry and dodge', () => {
  it('F-D4 a parry with the small shield succeeds at exactly skill + 10 (75)', async () => {
    const { table, gm, alice, brute } = await ambush();
    table.dice.push([100, 10]);
    await attackFromSheet(gm, brute, 'Dague');
    const parry = label(alice.buttons(), 'Parer (Épée fantasque)');
    expect(parry?.label).toContain('75 %');
    table.dice.push([100, 75]);
    await alice.press('Parer (Épée fantasque)');
    expect(cardText(gm.lastMessage())).toContain('Le coup est paré.');
    expect(gm.buttons().some((b) => b.label.includes('Appliquer'))).toBe(false);
    expect(gm.actor('Aline').system.pv.value).toBe(12);
  });

  it('F-D2 a parry rolled at 76 (one above 75) fails and the blow lands', async () => {
    const { table, gm, alice, brute } = await ambush();
    table.dice.push([100, 10]);
    await attackFromSheet(gm, brute, 'Dague');
    // parry 76, then dague 1d4 → 3, +2, and Brute's FOR 12 + TAI 12 = 24: no bonus
    table.dice.push([100, 76], [4, 3]);
    await alice.press('Parer (Épée fantasque)');
    expect(cardText(gm.lastMessage())).not.toContain('Le coup est paré.');
    expect(cardRows(gm.lastMessage())['Dommages subis']).toBe('5');
    await gm.press('Appliquer');
    expect(gm.actor('Aline').system.pv.value).toBe(7);
  });

  it('F-D1 a dodge rolled at exactly the Esquive (45) avoids the blow', async () => {
    const { table, gm, alice, brute } = await ambush();
    table.dice.push([100, 10]);
    await attackFromSheet(gm, brute, 'Dague');
    expect(label(alice.buttons(), 'Esquiver')?.label).toContain('45 %');
    table.dice.push([100, 45]);
    await alice.press('Esquiver');
    expect(cardText(gm.lastMessage())).toContain('Le coup est esquivé.');
    expect(gm.actor('Aline').system.pv.value).toBe(12);
  });

  it('F-D3 an arrow: the sword may not parry it, the shield may (Armes de mêlée 65 + 10)', async () => {
    const { table, gm, alice, brute } = await ambush();
    await setItem(table, brute, 'Arc', { 'system.drawn': true });
    table.dice.push([100, 10]);
    await attackFromSheet(gm, brute, 'Arc');
    const buttons = alice.buttons();
    expect(label(buttons, 'Parer (Épée fantasque)')?.enabled).toBe(false);
    const shield = label(buttons, 'Parer (Petit bouclier)');
    expect(shield?.enabled).toBe(true);
    expect(shield?.label).toContain('75 %');
  });

  it('F-D4 a shield that is not worn adds nothing to the parry', async () => {
    const { table, gm, alice, brute } = await ambush();
    await setItem(table, gm.actor('Aline'), 'Petit bouclier', { 'system.worn': false });
    table.dice.push([100, 10]);
    await attackFromSheet(gm, brute, 'Dague');
    expect(label(alice.buttons(), 'Parer (Épée fantasque)')?.label).toContain('65 %');
  });
});

/** Aline (Bretteur, knows Désarmement −10 and Étranglement −5) attacks the Garde de la porte
 * (épée longue drawn, Armes de mêlée 50, petit bouclier +10, Esquive 25, cotte de mailles 5). */
async function thrusts() {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
  await fighter(table, 'Garde de la porte', 'Garde');
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Garde', 2, 1);
  const alice = table.seat('Alice');
  await alice.target('Garde');
  return { table, gm: table.gm, alice };
}

describe('Fantasia, independent reading: secret thrusts on the card', () => {
  it('F-B3 Désarmement (−10 %): the attack needs 55 or less and the guard parries at 50 %, not 60 %', async () => {
    const { table, gm, alice } = await thrusts();
    table.dice.push([100, 55]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'desarmement' });
    expect(checkOf(gm.lastMessage())).toMatchObject({ roll: '55', target: '/ 55 %', level: 'Réussite' });
    expect(label(gm.buttons(), 'Parer (Épée longue)')?.label).toContain('50 %');
  });

  it('F-B3 Désarmement rolled at 56 against 55 misses', async () => {
    const { table, gm, alice } = await thrusts();
    table.dice.push([100, 56]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'desarmement' });
    expect(checkOf(gm.lastMessage()).level).toBe('Échec');
  });

  it('F-B4 a critical thrust (02) leaves the guard neither parry nor dodge', async () => {
    const { table, gm, alice } = await thrusts();
    table.dice.push([100, 2]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'etranglement' });
    expect(checkOf(gm.lastMessage()).level).toBe('Critique');
    const open = gm.buttons().filter((b) => b.enabled && /^(Parer|Esquiver)/.test(b.label));
    expect(open).toEqual([]);
  });

  it('F-B6 a thrust that lands earns one cross; a critical one two more', async () => {
    const { table, gm, alice } = await thrusts();
    // The sample Bretteur starts with 1 cross in Étranglement and 3 in Désarmement: start from 0.
    await setItem(table, gm.actor('Aline'), 'Étranglement', { 'system.crosses': 0 });
    await setItem(table, gm.actor('Aline'), 'Désarmement', { 'system.crosses': 0 });
    table.dice.push([100, 30]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'etranglement' });
    await gm.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(gm.actor('Aline').items.getName('Étranglement').system.crosses).toBe(1);
    // A critical Désarmement (not seen before by this foe outside a combat).
    table.dice.push([100, 4]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'desarmement' });
    if (gm.buttons().some((b) => b.label.includes('Ne rien faire') && b.enabled))
      await gm.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(gm.actor('Aline').items.getName('Désarmement').system.crosses).toBe(2);
  });

  it('F-B6 a parried thrust earns no cross', async () => {
    const { table, gm, alice } = await thrusts();
    await setItem(table, gm.actor('Aline'), 'Étranglement', { 'system.crosses': 0 });
    table.dice.push([100, 30], [100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'etranglement' });
    await gm.press('Parer (Épée longue)');
    expect(cardText(gm.lastMessage())).toContain('Le coup est paré.');
    expect(gm.actor('Aline').items.getName('Étranglement').system.crosses).toBe(0);
  });

  it("F-B7 Anti-parade: with the initiative, the guard's parry fails of itself and the blow lands", async () => {
    const { table, gm, alice } = await thrusts();
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-bottes', 'Anti-parade'));
    const id = [
      ...(alice.actor('Aline').items as Iterable<{ name: string; system: { thrustId: string } }>),
    ].find((i) => i.name === 'Anti-parade')!.system.thrustId;
    table.dice.push([100, 30]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', {
      thrustId: id,
      'situation.initiative': true,
    });
    // 65 − 15
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 50 %', level: 'Réussite' });
    await gm.press('Parer (Épée longue)');
    const text = cardText(gm.lastMessage());
    expect(text).toContain("La parade échoue d'office.");
    const total = Number(cardRows(gm.lastMessage())['Dommages subis']);
    await gm.press('Appliquer');
    expect(gm.actor('Garde').system.pv.value).toBe(13 - total);
  });
});
