/**
 * Issue 24's tests that must bite: the missile specialist's better rate of fire by level (G-S3,
 * G-S4) on the sheet and on the tracker, and the weapon of choice's cost by class and
 * permanence (G-W6), played through the sheet's controls.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function shooter(table: Table, name: string, weapon: string, specialised: boolean) {
  await table.createActor(
    {
      name,
      type: 'guerrier-adnd',
      system: {
        classes: [{ cls: 'fighter', level: 1 }],
        abilities: { str: 12, dex: 12, int: 10 },
        proficiencies: [weapon],
        mastery: specialised ? [{ weapon, rank: 'specialist', since: 1, firstSpecialised: 1 }] : [],
      },
    },
    'Alice',
  );
}

/** The rate column of a weapon row on the sheet, at each level the player writes. */
async function ratesAt(seat: Seat, name: string, item: string, levels: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const level of levels) {
    const sheet = await seat.openSheet(seat.actor(name));
    await seat.fill('[data-class-level="fighter"]', level, sheet);
    await seat.click('[data-tab="weapons"]', seat.actor(name).sheet.element);
    const row = [...seat.actor(name).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
      r.textContent?.includes(item),
    ) as Element;
    out.push(text(row.querySelectorAll('td')[2]).trim());
  }
  return out;
}

describe('Missile specialists shoot faster with level', () => {
  it('G-S4 a sling specialist: 3/2 at level 1, 2/1 at 7, 5/2 at 13; a plain slinger 1/1 throughout', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await shooter(table, 'Frondeur', 'sling', true);
    await shooter(table, 'Berger', 'sling', false);
    for (const n of ['Frondeur', 'Berger'])
      await alice.dragOnto(alice.actor(n), table.packUuid('greyhawk-armes', 'Fronde'));
    expect(await ratesAt(alice, 'Frondeur', 'Fronde', [1, 6, 7, 12, 13])).toEqual([
      '3/2',
      '3/2',
      '2/1',
      '2/1',
      '5/2',
    ]);
    expect(await ratesAt(alice, 'Berger', 'Fronde', [1, 7, 13])).toEqual(['1/1', '1/1', '1/1']);
    expect(table.errors()).toEqual([]);
  });

  it('G-S3 a long bow specialist: 2/1 at level 1, 5/2 at 7, 3/1 at 13 (docs/rulings.md G-M4); a plain archer 2/1', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await shooter(table, 'Kael', 'longBow', true);
    await shooter(table, 'Robin', 'longBow', false);
    for (const n of ['Kael', 'Robin'])
      await alice.dragOnto(alice.actor(n), table.packUuid('greyhawk-armes', 'Arc long'));
    expect(await ratesAt(alice, 'Kael', 'Arc long', [1, 7, 13])).toEqual(['2/1', '5/2', '3/1']);
    expect(await ratesAt(alice, 'Robin', 'Arc long', [1, 7, 13])).toEqual(['2/1', '2/1', '2/1']);
    expect(table.errors()).toEqual([]);
  });
});

describe('Weapon of choice by class', () => {
  it('G-W6 a mage pays 2 slots for a weapon of choice, a fighter none; the choice is permanent (a second naming is refused)', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    for (const [name, cls, level] of [
      ['Tenser', 'mage', 12],
      ['Gord', 'fighter', 1],
    ] as const)
      await table.createActor(
        {
          name,
          type: 'guerrier-adnd',
          system: {
            classes: [{ cls, level }],
            abilities: { str: 12, dex: 12, int: 8 },
            proficiencies: ['dagger', 'quarterstaff'],
          },
        },
        'Alice',
      );
    const left = (name: string) =>
      text(alice.actor(name).sheet.element.querySelector('[data-stat="slots-left"]'));
    const name = async (who: string, weapon: string) => {
      const sheet = await alice.openSheet(alice.actor(who));
      await alice.click('[data-tab="weapons"]', sheet);
      const el = alice.actor(who).sheet.element;
      await alice.fill('[data-input="choice"]', weapon, el);
      await alice.click('[data-action="nameWeaponOfChoice"]', el);
    };
    // Mage 12: 1 + 2 (levels 6, 12) = 3 slots; two weapons spent 2, the choice would cost 2: refused.
    await name('Tenser', 'dagger');
    expect(alice.actor('Tenser').system.weaponOfChoice).toBe('');
    expect(alice.warnings.at(-1)).toContain('G-W1');
    await alice.actor('Tenser').update({ system: { proficiencies: ['dagger'] } });
    await table.settle();
    await name('Tenser', 'dagger');
    expect(alice.actor('Tenser').system.weaponOfChoice).toBe('dagger');
    expect(left('Tenser')).toContain('0 / 3');
    // Fighter 1, INT 8: 4 + 1 slots, two weapons spent, the choice free.
    await name('Gord', 'dagger');
    expect(alice.actor('Gord').system.weaponOfChoice).toBe('dagger');
    expect(left('Gord')).toContain('3 / 5');
    // Permanent: once named, the sheet offers no control to name another.
    const sheet = await alice.openSheet(alice.actor('Gord'));
    await alice.click('[data-tab="weapons"]', sheet);
    expect(alice.actor('Gord').sheet.element.querySelector('[data-input="choice"]')).toBeNull();
    expect(alice.actor('Gord').sheet.element.querySelector('[data-action="nameWeaponOfChoice"]')).toBeNull();
    expect(alice.actor('Gord').system.weaponOfChoice).toBe('dagger');
    expect(table.errors()).toEqual([]);
  });
});
