/**
 * Greyhawk proficiencies and specialisation at the table: what the sheet's controls set, the
 * attack card counts (issue 14's rules played through the sheet and the card).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";

async function duel() {
  const table = await Table.open({ ruleset: 'greyhawk' });
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  const alice = table.seat('Alice');
  await alice.target('Orque');
  return { table, alice, gm: table.gm };
}

describe('Greyhawk proficiencies on the card', () => {
  it('G-S2 the long sword specialist: +1 to hit and +2 damage on the card', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([20, 5], [8, 1]);
    const card = text(await attackFromSheet(alice, DREVIN, 'Épée longue'));
    // 5 + 2 STR + 1 = 8 = THAC0 14 − AC 6: a hit by the specialisation alone.
    expect(card).toContain('Spécialisation +1 G-S2');
    expect(card).toContain('Touché');
    expect(card).toContain('Dés 1d8 : 1 Force +3 Spécialisation +2 G-S2 Dégâts 6');
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Orque').system.hp.value).toBe(0);
    expect(table.errors()).toEqual([]);
  });

  it('G-W3 a broad sword, of the long blades like his long sword, is at −1 rather than −2', async () => {
    const { table, alice } = await duel();
    await alice.dragOnto(alice.actor(DREVIN), table.packUuid('greyhawk-armes', 'Épée large'));
    table.dice.push([20, 2]);
    const card = text(await attackFromSheet(alice, DREVIN, 'Épée large'));
    expect(card).toContain('−1 G-W3');
    expect(card).not.toContain('G-W2');
    expect(table.errors()).toEqual([]);
  });

  it('G-W6 naming the long sword weapon of choice on the sheet adds +1 to hit', async () => {
    const { table, alice } = await duel();
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    await alice.click('[data-tab="weapons"]', sheet);
    const el = alice.actor(DREVIN).sheet.element;
    await alice.fill('[data-input="choice"]', 'longSword', el);
    await alice.click('[data-action="nameWeaponOfChoice"]', el);
    expect(alice.actor(DREVIN).system.weaponOfChoice).toBe('longSword');
    table.dice.push([20, 2]);
    expect(text(await attackFromSheet(alice, DREVIN, 'Épée longue'))).toContain('+1 G-W6');
    expect(table.errors()).toEqual([]);
  });
});
