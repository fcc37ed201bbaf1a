/**
 * The Greyhawk sheet and the bow in the multi-client harness (test/harness): a player fills a
 * fighter's sheet through its controls, then shoots at tokens the GM placed on the scene. These
 * check that the sheet's DOM wiring (unnamed selects, the level input, tabs) and the token
 * distance work in a rendered page, not only through the action handlers.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function emptyFighter(table: Table, name: string, owner: string): Promise<any> {
  return table.createActor(
    {
      name,
      type: 'guerrier-adnd',
      system: { abilities: { str: 16, strPercent: 0, dex: 14, int: 12 }, proficiencies: [] },
    },
    owner,
  );
}

describe('Greyhawk at the table', () => {
  it('G-S1 a player builds a fighter from an empty sheet: level, proficiency, specialisation', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await emptyFighter(table, 'Gord', 'Alice');
    const actor = alice.actor('Gord');
    const sheet = await alice.openSheet(actor);
    await alice.fill('[data-class-level="fighter"]', 3, sheet);
    expect(alice.actor('Gord').system.classes).toEqual([{ cls: 'fighter', level: 3 }]);
    await alice.click('[data-tab="weapons"]', sheet);
    await alice.fill('[data-input="learn"]', 'longSword', actor.sheet.element);
    await alice.click('[data-action="learnProficiency"]', actor.sheet.element);
    expect(alice.actor('Gord').system.proficiencies).toEqual(['longSword']);
    await alice.click('[data-action="raiseMastery"][data-rank="specialist"]', actor.sheet.element);
    expect(alice.actor('Gord').system.mastery).toEqual([
      { weapon: 'longSword', rank: 'specialist', since: 3, firstSpecialised: 3 },
    ]);
    // Level 3, INT 12: 4 + 1 (level 3, PHB table 34) + 3 = 8 slots; 2 spent.
    expect(actor.sheet.element.querySelector('[data-stat="slots-left"]')?.textContent).toContain('6 / 8');
    expect(table.errors()).toEqual([]);
  });

  it('G-M1 lowering the level below the specialisation is refused and the input goes back', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.createActor(
      {
        name: 'Gord',
        type: 'guerrier-adnd',
        system: {
          classes: [{ cls: 'fighter', level: 5 }],
          proficiencies: ['longSword'],
          mastery: [{ weapon: 'longSword', rank: 'specialist', since: 5, firstSpecialised: 5 }],
        },
      },
      'Alice',
    );
    const sheet = await alice.openSheet(alice.actor('Gord'));
    await alice.fill('[data-class-level="fighter"]', 2, sheet);
    expect(alice.actor('Gord').system.classes[0].level).toBe(5);
    expect(alice.warnings.at(-1)).toContain('(G-M1)');
    const level: HTMLInputElement | null = alice
      .actor('Gord')
      .sheet.element.querySelector('[data-class-level="fighter"]');
    expect(level?.value).toBe('5');
  });

  it('G-S3 an archer shoots at a token 6 m away: point blank from the scene, no distance asked', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const kael = await table.importActor('greyhawk-bestiaire', 'Kael, archer spécialiste', 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    // The harness scene: 100 px squares of 1.5 m; four squares is 6 m.
    await table.placeToken(kael.name, 0, 0);
    await table.placeToken('Orque', 4, 0);
    await alice.target('Orque');
    const sheet = await alice.openSheet(alice.actor(kael.name));
    await alice.click('[data-tab="weapons"]', sheet);
    const bowRow = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) =>
      r.textContent?.includes('Arc long'),
    );
    await alice.click('[data-action="attack"]', bowRow);
    const dialog = alice.dialog();
    expect(dialog.querySelector('[name="targetDistance"]')).toBeNull();
    expect(dialog.textContent).toContain('6 m');
    await alice.answerDialog({});
    const card = alice.lastMessage().textContent ?? '';
    expect(card).toContain('6 m (scène) : bout portant');
    expect(card).toContain('G-S3');
    expect(table.errors()).toEqual([]);
  });

  it('G-M2 a high master shoots at tokens at medium (100.5 m) and extreme (250.5 m) range', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const kael = await table.importActor('greyhawk-bestiaire', 'Kael, archer spécialiste', 'Alice');
    await kael.update({
      system: {
        classes: [{ cls: 'fighter', level: 15 }],
        mastery: [{ weapon: 'longBow', rank: 'highMaster', since: 15, firstSpecialised: 1 }],
      },
    });
    await table.settle();
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.importActor('greyhawk-bestiaire', 'Ogre');
    await table.placeToken(kael.name, 0, 0);
    await table.placeToken('Orque', 67, 0);
    await table.placeToken('Ogre', 167, 0);
    await alice.target('Orque', 'Ogre');
    const sheet = await alice.openSheet(alice.actor(kael.name));
    const bowRow = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) =>
      r.textContent?.includes('Arc long'),
    );
    await alice.click('[data-action="attack"]', bowRow);
    await alice.answerDialog({});
    const cards = alice
      .messages()
      .slice(-2)
      .map((m) => m.textContent ?? '');
    expect(cards.find((c) => c.includes('Orque'))).toContain('100.5 m (scène) : moyenne portée');
    const far = cards.find((c) => c.includes('Ogre')) ?? '';
    expect(far).toContain('250.5 m (scène) : portée extrême');
    expect(far).toContain('G-M2');
    expect(table.errors()).toEqual([]);
  });

  it("the GM writes a monster's THAC0, size and attack rate on its sheet, and adds an attack", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const ogre = await table.importActor('greyhawk-bestiaire', 'Ogre');
    const sheet = await table.gm.openSheet(table.gm.actor(ogre.name));
    expect(sheet.querySelector<HTMLInputElement>('input[name="system.thac0"]')?.placeholder).toBe('17');
    await table.gm.fill('input[name="system.thac0"]', 15, sheet);
    await table.gm.fill('select[name="system.size"]', 'H', ogre.sheet.element);
    await table.gm.fill('select[name="system.attacksPerTwoRounds"]', '3', ogre.sheet.element);
    const after = table.gm.actor(ogre.name);
    expect(after.system.derived.thac0).toBe(15);
    expect(after.system.size).toBe('H');
    expect(after.system.attacksPerTwoRounds).toBe(3);
    await table.gm.click('[data-action="addAttack"]', after.sheet.element);
    expect(table.gm.actor(ogre.name).items.size).toBe(2);
    expect(table.errors()).toEqual([]);
  });

  it('G-H1 the player rolls the handedness from the sheet: 1d100 on the table, the hand stored and posted', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await emptyFighter(table, 'Gord', 'Alice');
    const sheet = await alice.openSheet(alice.actor('Gord'));
    table.dice.push([100, 92]);
    await alice.click('[data-action="rollHandedness"]', sheet);
    expect(alice.actor('Gord').system.handedness).toBe('left');
    expect(alice.lastMessage().textContent).toContain('Gaucher');
    expect(table.errors()).toEqual([]);
  });
});
