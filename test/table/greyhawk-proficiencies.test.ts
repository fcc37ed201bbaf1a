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

describe('Greyhawk expertise', () => {
  it('G-E1 Ayla, ranger and long sword expert: 3/2 attacks on her sheet, no specialist bonus on the card', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const bruno = table.seat('Bruno');
    const ayla = await table.importActor('greyhawk-bestiaire', 'Ayla, rôdeuse aux deux lames', 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(ayla.name, 0, 0);
    await table.placeToken('Orque', 1, 0);
    await bruno.target('Orque');
    const sheet = await bruno.openSheet(bruno.actor(ayla.name));
    await bruno.click('[data-tab="weapons"]', sheet);
    const row = [...bruno.actor(ayla.name).sheet.element.querySelectorAll('tr[data-item-id]')].find(
      (r: any) => r.textContent?.includes('Épée longue'),
    );
    expect(text(row)).toContain('3/2');
    table.dice.push([20, 15], [8, 4]);
    const card = text(await attackFromSheet(bruno, ayla.name, 'Épée longue'));
    expect(card).not.toContain('Spécialisation');
    // 1d8 4 + 1 STR (17): no +2 of a specialist.
    expect(card).toContain('Dés 1d8 : 4 Force +1 Dégâts 5');
    expect(table.errors()).toEqual([]);
  });
});

describe('Greyhawk weapon slots on the sheet', () => {
  it('G-W1 INT 16 gives a fighter five more weapon slots, a thief none', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    for (const [name, cls] of [
      ['Gord', 'fighter'],
      ['Filou', 'thief'],
    ] as const)
      await table.createActor(
        {
          name,
          type: 'guerrier-adnd',
          system: {
            classes: [{ cls, level: 1 }],
            abilities: { str: 12, dex: 12, int: 9 },
            proficiencies: [],
          },
        },
        'Alice',
      );
    const slots = (name: string) =>
      text(alice.actor(name).sheet.element.querySelector('[data-stat="slots-left"]'));
    const seen: Record<string, string[]> = {};
    for (const name of ['Gord', 'Filou']) {
      const sheet = await alice.openSheet(alice.actor(name));
      seen[name] = [slots(name)];
      await alice.fill('input[name="system.abilities.int"]', 16, sheet);
      expect(alice.actor(name).system.abilities.int).toBe(16);
      seen[name].push(slots(name));
    }
    // Fighter 1: 4 slots + INT's extra (9: 2, 16: 5); thief 1: 2, INT goes elsewhere.
    expect(seen.Gord).toEqual(['Restantes 6 / 6', 'Restantes 9 / 9']);
    expect(seen.Filou).toEqual(['Restantes 2 / 2', 'Restantes 2 / 2']);
    expect(table.errors()).toEqual([]);
  });
});

describe('Greyhawk weapon slots by level', () => {
  it('G-W1 slots come at the levels evenly divisible by the group number: fighter 3/6, rogue and priest 4, mage 6', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const groups = [
      ['Gord', 'fighter', [1, 2, 3, 5, 6]],
      ['Filou', 'thief', [3, 4]],
      ['Anselme', 'cleric', [3, 4, 8]],
      ['Tenser', 'mage', [5, 6]],
    ] as const;
    const seen: Record<string, string[]> = {};
    for (const [name, cls, levels] of groups) {
      // INT 8 gives one extra slot (PHB table 4): to weapons for a fighter only (G-W1).
      await table.createActor(
        {
          name,
          type: 'guerrier-adnd',
          system: {
            classes: [{ cls, level: 1 }],
            abilities: { str: 12, dex: 12, int: 8 },
            proficiencies: [],
          },
        },
        'Alice',
      );
      const sheet = await alice.openSheet(alice.actor(name));
      seen[name] = [];
      for (const level of levels) {
        await alice.fill(`[data-class-level="${cls}"]`, level, sheet);
        expect(alice.actor(name).system.classes[0].level).toBe(level);
        const left = alice.actor(name).sheet.element.querySelector('[data-stat="slots-left"]');
        seen[name].push(
          text(left)
            .replace(/.*\/\s*/, '')
            .trim(),
        );
      }
    }
    // Fighter: 4 + INT 1, one more at 3 and 6 (not at 4, not at 5).
    expect(seen.Gord).toEqual(['5', '5', '6', '6', '7']);
    expect(seen.Filou).toEqual(['2', '3']);
    expect(seen.Anselme).toEqual(['2', '3', '4']);
    expect(seen.Tenser).toEqual(['1', '2']);
    expect(table.errors()).toEqual([]);
  });
});

describe('Greyhawk out-of-class weapons', () => {
  it('G-W4 a thief pays one more slot for a long bow; a cleric is refused a long sword', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    for (const [name, cls] of [
      ['Filou', 'thief'],
      ['Frère Anselme', 'cleric'],
    ] as const)
      await table.createActor(
        { name, type: 'guerrier-adnd', system: { classes: [{ cls, level: 1 }], proficiencies: [] } },
        'Alice',
      );
    const sheet = await alice.openSheet(alice.actor('Filou'));
    await alice.click('[data-tab="weapons"]', sheet);
    let el = alice.actor('Filou').sheet.element;
    await alice.fill('[data-input="learn"]', 'longBow', el);
    await alice.click('[data-action="learnProficiency"]', el);
    expect(alice.actor('Filou').system.proficiencies).toEqual(['longBow']);
    expect(alice.actor('Filou').system.outOfClass).toEqual(['longBow']);
    expect(text(alice.actor('Filou').sheet.element.querySelector('[data-stat="slots-left"]'))).toContain(
      '0 / 2',
    );

    const cleric = await alice.openSheet(alice.actor('Frère Anselme'));
    await alice.click('[data-tab="weapons"]', cleric);
    el = alice.actor('Frère Anselme').sheet.element;
    await alice.fill('[data-input="learn"]', 'longSword', el);
    await alice.click('[data-action="learnProficiency"]', el);
    expect(alice.actor('Frère Anselme').system.proficiencies).toEqual([]);
    expect(alice.warnings.at(-1)).toContain('G-W4');
    expect(table.errors()).toEqual([]);
  });
});
