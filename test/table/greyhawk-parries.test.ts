/**
 * Greyhawk parries at the table (issue 15, G-PA1..G-PA4): the parry card opened from the sheet,
 * kept for one attacker and used on another, a polearm parrying for a neighbour, a bow ruined by
 * a parry, and the DMG parry declared in the tracker whose AC bonus the attack cards apply.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { attackFromSheet, startRound, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";
const KAEL = 'Kael, archer spécialiste';

const statuses = (actor: any): string[] => [...actor.statuses].sort();

/** The player opens the parry card from the weapon row of the sheet and answers its dialog. */
async function parryFromSheet(
  seat: Seat,
  actorName: string,
  weaponName: string,
  answers: Record<string, string> = {},
): Promise<HTMLElement> {
  const sheet = await seat.openSheet(seat.actor(actorName));
  const weaponsTab = sheet.querySelector('[data-tab="weapons"]');
  if (weaponsTab) await seat.click(weaponsTab);
  const row = [...seat.actor(actorName).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
    r.textContent?.includes(weaponName),
  );
  if (!row) throw new Error(`${actorName} has no weapon row ${weaponName}`);
  await seat.click('[data-action="parry"]', row as Element);
  await seat.answerDialog(answers);
  return seat.lastMessage();
}

/** The chat card (as this person's log shows it) whose text contains `title`, the newest. */
function card(seat: Seat, title: string): HTMLElement {
  const found = seat.messages().filter((m) => text(m).includes(title));
  const last = found[found.length - 1];
  if (!last) throw new Error(`${seat.name} sees no card ${title}`);
  return last;
}

async function arena(table: Table, fighters: readonly [string, string | undefined][]) {
  for (const [name, owner] of fighters)
    if (!table.gm.game.actors.getName(name)) await table.importActor('greyhawk-bestiaire', name, owner);
  for (const [i, [name]] of fighters.entries()) await table.placeToken(name, i === 0 ? 0 : 1, i === 0 ? 0 : i - 1);
  const combat = await table.startEncounter(...fighters.map(([n]) => n));
  await startRound(table);
  return combat;
}

describe('Greyhawk parries', () => {
  it('G-PA1 Drevin keeps his parry for the ogre, who never comes; he cannot reach back to the orc, and parries the gnoll', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await arena(table, [
      [DREVIN, 'Alice'],
      ['Orque', undefined],
      ['Gnoll', undefined],
      ['Ogre', undefined],
    ]);
    await parryFromSheet(alice, DREVIN, 'Épée longue');
    expect(text(card(alice, 'Parade de Drevin'))).toContain('Une parade disponible (round 1). G-PA1');
    await alice.press('Garder pour Ogre', card(alice, 'Parade de Drevin'));
    expect(text(card(alice, 'Parade de Drevin'))).toContain('Parade gardée pour Ogre. G-PA1');

    // The orc strikes first: THAC0 19 vs AC 3 needs 16; 17 hits, 1d8 5.
    await gm.target(DREVIN);
    table.dice.push([20, 17], [8, 5]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille');
    // Drevin may parry it now, but keeps his parry for the ogre: the GM applies the blow.
    const offered = alice.buttons(card(alice, 'Parade de Drevin')).find((b) => b.label.startsWith('Parer Orque'));
    expect(offered?.enabled).toBe(true);
    const hpBefore = gm.actor(DREVIN).system.hp.value;
    await gm.press('Appliquer', card(gm, 'Hache de bataille'));
    expect(gm.actor(DREVIN).system.hp.value).toBe(hpBefore - 5);
    // That attack has taken place: the parry cannot go back to it.
    const past = alice.buttons(card(alice, 'Parade de Drevin')).find((b) => b.label.startsWith('Parer Orque'));
    expect(past?.enabled).toBe(false);
    expect(text(card(alice, 'Parade de Drevin'))).toContain('Cette attaque a déjà eu lieu');

    // The ogre goes elsewhere; the gnoll attacks Drevin: the kept parry goes to it.
    // Gnoll (2 HD, THAC0 19) with its halberd: 18 hits AC 3; 1d10 7.
    table.dice.push([20, 18], [10, 7]);
    await attackFromSheet(gm, 'Gnoll', 'Hallebarde');
    // Drevin's parry: THAC0 14 vs the gnoll's AC 5 needs 9; 6 + 3 STR + 1 specialist = 10.
    table.dice.push([20, 6]);
    await alice.press('Parer Gnoll', card(alice, 'Parade de Drevin'));
    const parry = text(card(alice, 'Parade de Drevin'));
    expect(parry).toContain("L'attaque de Gnoll est parée. G-PA1");
    expect(parry).toContain('Parade utilisée (round 1).');
    expect(statuses(gm.actor(DREVIN))).toContain('greyhawk-parried');
    // The gnoll's card, applied, deals nothing and clears the mark.
    await gm.press('Appliquer', card(gm, 'Hallebarde'));
    expect(gm.actor(DREVIN).system.hp.value).toBe(hpBefore - 5);
    expect(text(card(gm, 'Hallebarde'))).toContain('Coup paré par Drevin');
    expect(statuses(gm.actor(DREVIN))).not.toContain('greyhawk-parried');
    // The parry is spent: no button is left on the card.
    expect(alice.buttons(card(alice, 'Parade de Drevin')).filter((b) => b.enabled)).toEqual([]);
    expect(table.errors()).toEqual([]);
  });
});
