/**
 * A fighter built on the sheet up to grand mastery, then played at the tracker and the card
 * (issue 14): the ladder's level gaps, the weapon groups, and what each rank gives at the table.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { attackFromSheet, disabledInDialog, rawAttack, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function setLevel(seat: Seat, name: string, level: number): Promise<void> {
  const sheet = await seat.openSheet(seat.actor(name));
  await seat.fill('[data-class-level="fighter"]', level, sheet);
}

async function raise(seat: Seat, name: string, weapon: string, rank: string): Promise<void> {
  const sheet = await seat.openSheet(seat.actor(name));
  await seat.click('[data-tab="weapons"]', sheet);
  await seat.click(
    `[data-action="raiseMastery"][data-weapon="${weapon}"][data-rank="${rank}"]`,
    seat.actor(name).sheet.element,
  );
}

/** The ladder's step button for `rank`, as the sheet shows it (disabled with its reason when refused). */
async function step(
  seat: Seat,
  name: string,
  weapon: string,
  rank: string,
): Promise<HTMLButtonElement | null> {
  const sheet = await seat.openSheet(seat.actor(name));
  await seat.click('[data-tab="weapons"]', sheet);
  return seat
    .actor(name)
    .sheet.element.querySelector(
      `[data-action="raiseMastery"][data-weapon="${weapon}"][data-rank="${rank}"]`,
    );
}

async function learn(seat: Seat, name: string, entry: string): Promise<void> {
  const sheet = await seat.openSheet(seat.actor(name));
  await seat.click('[data-tab="weapons"]', sheet);
  await seat.fill('[data-input="learn"]', entry, seat.actor(name).sheet.element);
  await seat.click('[data-action="learnProficiency"]', seat.actor(name).sheet.element);
}

/** Alice's empty fighter Gord, an orc in front of him, the long sword readied. */
async function gord() {
  const table = await Table.open({ ruleset: 'greyhawk' });
  const alice = table.seat('Alice');
  await table.createActor(
    {
      name: 'Gord',
      type: 'guerrier-adnd',
      system: { abilities: { str: 12, strPercent: 0, dex: 12, int: 12 }, proficiencies: [] },
    },
    'Alice',
  );
  await alice.dragOnto(alice.actor('Gord'), table.packUuid('greyhawk-armes', 'Épée longue'));
  const sheet = await alice.openSheet(alice.actor('Gord'));
  await alice.click('[data-tab="weapons"]', sheet);
  await alice.click('[data-action="equip"]', alice.actor('Gord').sheet.element);
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken('Gord', 0, 0);
  await table.placeToken('Orque', 1, 0);
  await alice.target('Orque');
  return { table, alice, gm: table.gm };
}

describe('A fighter built up to grand mastery', () => {
  it('G-M3 Gord climbs the ladder on his sheet (specialist 1, master 9, high master 15, grand master 18) and strikes three times a round', async () => {
    const { table, alice, gm } = await gord();
    await learn(alice, 'Gord', 'longSword');
    await raise(alice, 'Gord', 'longSword', 'specialist');
    // A master needs six levels of specialisation: at level 8 the step is refused.
    await setLevel(alice, 'Gord', 8);
    const early = await step(alice, 'Gord', 'longSword', 'master');
    expect(early?.disabled).toBe(true);
    expect(early?.dataset.tooltip).toContain('G-M1');
    await setLevel(alice, 'Gord', 9);
    await raise(alice, 'Gord', 'longSword', 'master');
    await setLevel(alice, 'Gord', 15);
    await raise(alice, 'Gord', 'longSword', 'highMaster');
    // Grand mastery: three levels as a high master (G-M3): not at 17.
    await setLevel(alice, 'Gord', 17);
    const grandEarly = await step(alice, 'Gord', 'longSword', 'grandMaster');
    expect(grandEarly?.disabled).toBe(true);
    expect(grandEarly?.dataset.tooltip).toContain('G-M3');
    await setLevel(alice, 'Gord', 18);
    await raise(alice, 'Gord', 'longSword', 'grandMaster');
    expect(alice.actor('Gord').system.mastery).toEqual([
      { weapon: 'longSword', rank: 'grandMaster', since: 18, firstSpecialised: 1 },
    ]);
    // The card: mastery +2 to hit and +3 damage (G-M1).
    table.dice.push([20, 10], [8, 4]);
    const card = text(await attackFromSheet(alice, 'Gord', 'Épée longue'));
    expect(card).toContain('Maîtrise +2 G-M1');
    expect(card).toContain('Maîtrise +3 G-M1');
    // The tracker: a level-18 specialist has 5/2; the grand master one more, 6/2 (G-M3).
    const combat = await table.startEncounter('Gord', 'Orque');
    await gm.openTracker();
    await alice.openTracker();
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    const gordId = combat.combatants.contents.find((c: any) => c.name === 'Gord').id;
    // What Alice's tracker shows of Gord's round: three attack rows.
    const rows = [...alice.tracker.querySelectorAll(`li.pda-slot[data-combatant-id="${gordId}"]`)].filter(
      (li) => text(li.querySelector('.pda-action')).trim() === 'Attaque',
    );
    expect(rows).toHaveLength(3);
    // High mastery: speed 5 − 1 (G-M2) on the d10 (the GM's tracker prints the initiative order).
    const slots = gm.game.combats
      .get(combat.id)
      .system.slots.filter((s: any) => s.combatantId === gordId && s.spends === 'attacks');
    const first = slots.find((s: any) => s.pass === 2);
    expect(first.order - first.detail.d10).toBe(4);
    const firstRow = [
      ...gm.tracker.querySelectorAll(
        `section.pda-pass[data-pass="2"] li.pda-slot[data-combatant-id="${gordId}"]`,
      ),
    ][0];
    expect(Number(text(firstRow?.querySelector('.pda-order')).trim())).toBe(first.order);
    expect(table.errors()).toEqual([]);
  });

  it('G-W5 Gord learns the tight group of long blades (2 slots) and wields a scimitar without penalty', async () => {
    const { table, alice } = await gord();
    await setLevel(alice, 'Gord', 3);
    await learn(alice, 'Gord', 'tight:longBlades');
    expect(alice.actor('Gord').system.proficiencies).toEqual(['tight:longBlades']);
    // Level 3, INT 12: 4 + 1 (level 3) + 3 = 8 slots, the group costs 2.
    expect(
      alice.actor('Gord').sheet.element.querySelector('[data-stat="slots-left"]')?.textContent,
    ).toContain('6 / 8');
    await alice.dragOnto(alice.actor('Gord'), table.packUuid('greyhawk-armes', 'Cimeterre'));
    // THAC0 18 − AC 6: 15 hits.
    table.dice.push([20, 15], [8, 4]);
    const scimitar = text(await attackFromSheet(alice, 'Gord', 'Cimeterre'));
    expect(scimitar).not.toContain('non maîtrisée');
    expect(scimitar).not.toContain('G-W3');
    // A dagger is no long blade: the fighter's −2 (G-W2).
    await alice.dragOnto(alice.actor('Gord'), table.packUuid('greyhawk-armes', 'Dague'));
    table.dice.push([20, 2]);
    expect(text(await attackFromSheet(alice, 'Gord', 'Dague'))).toContain('−2 G-W2');
    expect(table.errors()).toEqual([]);
  });

  it('G-W2 a disarm refused for want of proficiency: offered disabled citing G-W2 (not the disarm rule), and refused by the GM', async () => {
    const { table, alice, gm } = await gord();
    await learn(alice, 'Gord', 'dagger');
    const disabled = await disabledInDialog(alice, 'Gord', 'Épée longue');
    expect(disabled).toContain(
      "Désarmement — impossible : Gord n'est pas compétent avec Épée longue : pas de manœuvre spéciale. (G-W2)",
    );
    expect(disabled.join(' ')).not.toContain('G-D1');
    // The GM's client decides: a request sent past the dialog is refused, with the rule, and posts nothing.
    const cards = gm.messages().length;
    const answer = await rawAttack(alice, 'Gord', 'Épée longue', 'Orque', { manoeuvre: 'disarm' });
    expect(answer).toMatchObject({
      ok: false,
      key: 'PDA.Error.Greyhawk.NotProficient',
      data: { cite: 'G-W2' },
    });
    expect(gm.messages().length).toBe(cards);
    expect(table.errors()).toEqual([]);
  });
});
