/**
 * G-M2 at the table: with the DMG's optional critical hits (a world setting, off by default), a
 * high master's chance of a critical with his melee weapon doubles (19–20); a critical rolls the
 * damage dice twice and counts the modifiers once. The missile side of high mastery: extreme range
 * at −10, with the mastery's +2 (so −8 in all).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, text } from './greyhawk-table';

async function master(
  rank: string,
  settings: Record<string, unknown> = {},
  weapon = 'longSword',
  item = 'Épée longue',
  col = 1,
) {
  const table = await Table.open({ ruleset: 'greyhawk', settings });
  const alice = table.seat('Alice');
  await table.createActor(
    {
      name: 'Gord',
      type: 'guerrier-adnd',
      system: {
        classes: [{ cls: 'fighter', level: 16 }],
        abilities: { str: 12, strPercent: 0, dex: 12, int: 12 },
        proficiencies: [weapon],
        mastery: [{ weapon, rank, since: 15, firstSpecialised: 1 }],
      },
    },
    'Alice',
  );
  await alice.dragOnto(alice.actor('Gord'), table.packUuid('greyhawk-armes', item));
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken('Gord', 0, 0);
  await table.placeToken('Orque', col, 0);
  await alice.target('Orque');
  return { table, alice };
}

describe('G-M2 critical hits and extreme range', () => {
  it('G-M2 with critical hits on, the high master crits on a natural 19: the dice twice, +3 once, and the card says why', async () => {
    const { table, alice } = await master('highMaster', { greyhawkCriticalHits: true });
    table.dice.push([20, 19], [8, 4], [8, 6]);
    const card = text(await attackFromSheet(alice, 'Gord', 'Épée longue'));
    expect(card).toContain('Coup critique : 19 naturel (chances 19–20), dés de dégâts lancés deux fois G-M2');
    // 4 + 6 + mastery 3, counted once.
    expect(card).toContain('Dés 1d8 + 1d8 : 4, 6 Maîtrise +3 G-M1 Dégâts 13');
    expect(table.errors()).toEqual([]);
  });

  it('G-M2 a master (not high) on the same 19 makes no critical; on a 20 the plain chance, no G-M2', async () => {
    const { table, alice } = await master('master', { greyhawkCriticalHits: true });
    table.dice.push([20, 19], [8, 4]);
    const nineteen = text(await attackFromSheet(alice, 'Gord', 'Épée longue'));
    expect(nineteen).not.toContain('Coup critique');
    expect(nineteen).toContain('Dés 1d8 : 4 Maîtrise +3 G-M1 Dégâts 7');
    table.dice.push([20, 20], [8, 4], [8, 2]);
    const twenty = text(await attackFromSheet(alice, 'Gord', 'Épée longue'));
    expect(twenty).toContain('Coup critique : 20 naturel (chances 20), dés de dégâts lancés deux fois');
    expect(twenty).not.toContain('G-M2');
    expect(twenty).toContain('Dégâts 9');
    expect(table.errors()).toEqual([]);
  });

  it('G-M2 critical hits are off by default: the high master on 19 rolls the dice once', async () => {
    const { table, alice } = await master('highMaster');
    table.dice.push([20, 19], [8, 4]);
    const card = text(await attackFromSheet(alice, 'Gord', 'Épée longue'));
    expect(card).not.toContain('Coup critique');
    expect(card).toContain('Dés 1d8 : 4 Maîtrise +3 G-M1 Dégâts 7');
    expect(table.errors()).toEqual([]);
  });

  it('G-M2 a high master shoots his short bow at 180 m (long range 150, extreme 200): −10 and the mastery +2', async () => {
    // 120 squares of 1.5 m: 180 m.
    const { table, alice } = await master('highMaster', {}, 'shortBow', 'Arc court', 120);
    table.dice.push([20, 12], [6, 3]);
    const card = text(await attackFromSheet(alice, 'Gord', 'Arc court'));
    expect(card).toContain('portée extrême');
    expect(card).toContain('Portée extrême −10 G-M2');
    expect(card).toContain('Maîtrise +2 G-M1');
    // d20 12 − 10 + 2 = 4 (DEX 12: no missile adjustment).
    expect(card).toContain('Total 4');
    expect(table.errors()).toEqual([]);
  });
});
