/**
 * Independent reader, issue 46 for Souffle: who applies damage (S-DF3, docs/rulings.md "Who
 * applies damage") with exact numbers and the other person undoing, a PNJ wounded, the forcing
 * order on an opportunity blow (S-AT6 then S-AT2), and a GM who can always move on (S-R2).
 */
import { describe, expect, it } from 'vitest';
import { brigand, souffleRound, text, WARRIOR } from './souffle-table';
import { declineForcing } from './souffle-forcing';
import { cardOf, lastCardId, rightsTable, sees, whoLine } from './damage-rights-kit';
import type { Seat } from '../harness/table';

function button(seat: Seat, label: string) {
  return seat.buttons(seat.lastMessage()).find((b) => b.label.startsWith(label));
}

async function rightsDuel(hunterOwner: string | undefined, defender = 'Chasseur') {
  const t = await rightsTable('souffle', 'owner');
  await t.table.importActor('souffle-combattants', WARRIOR, 'Alice');
  if (defender === 'Chasseur') await t.table.importActor('souffle-combattants', 'Chasseur', hunterOwner);
  else await t.table.createActor(brigand(defender));
  await t.table.placeToken(WARRIOR, 1, 1);
  await t.table.placeToken(defender, 2, 1);
  await t.alice.target(defender);
  const sheet = await t.alice.openSheet(t.alice.actor(WARRIOR));
  await t.alice.click(sheet.querySelector('[data-action="attack"]')!);
  t.table.dice.push([10, 9], [12, 12]);
  await t.alice.answerDialog({ characteristic: 'vigueur' });
  return t;
}

describe('S-DF3 who applies damage, read again', () => {
  it('S-DF3 a 15 dodged with 1s: the GM applies exactly what the card says, Bruno (owner) undoes it, Carla sees neither button', async () => {
    const t = await rightsDuel('Bruno');
    expect(text(t.alice.lastMessage())).toContain('Dégâts potentiels 15');
    t.table.dice.push([10, 1], [10, 1]);
    await t.bruno.press('Esquiver');
    const card = text(t.gm.lastMessage());
    const dealt = Number(
      /Dégâts − dé − défense − ½ métier 15 − 1 − \d+ − \d+ = (\d+)/.exec(card)?.[1] ?? NaN,
    );
    expect(dealt).toBeGreaterThan(0);
    const id = lastCardId(t.gm);
    const hunter = () => t.gm.actor('Chasseur').system;
    const total = () => (hunter().souffle.value as number) + (hunter().pv.value as number);
    const before = total();
    expect(sees(t.carla, id, 'Appliquer')).toBe(false);
    await t.gm.press('Appliquer', cardOf(t.gm, id));
    expect(before - total()).toBe(dealt);
    expect(sees(t.carla, id, 'Annuler')).toBe(false);
    expect(sees(t.alice, id, 'Annuler')).toBe(false);
    await t.bruno.press('Annuler', cardOf(t.bruno, id));
    expect(total()).toBe(before);
    expect(t.table.errors()).toEqual([]);
  });

  it('S-DF3 a brigand no player owns: Alice cannot apply, and the card does not speak of a « joueur de Brigand »', async () => {
    const t = await rightsDuel(undefined, 'Brigand');
    await declineForcing(t.table);
    t.table.dice.push(1, 1, 1);
    await t.gm.press('Esquiver');
    const id = lastCardId(t.gm);
    expect(sees(t.alice, id, 'Appliquer')).toBe(false);
    expect(whoLine(t.gm, id)).toContain('MJ');
    expect(whoLine(t.alice, id)).not.toContain('joueur de');
  });
});

describe('S-AT2 forcing on an opportunity blow', () => {
  it('S-AT6 S-AT2 the hunter steps away, Alice’s opportunity blow (2, 5 → 8) makes Bruno wait; she forces +1 twice (souffle −2) and stops; he dodges the 10', async () => {
    const { table, gm, alice, bruno } = await souffleRound(['prudent', 'prudent']);
    await gm.token('Chasseur').document.update({ disposition: -1 });
    await table.settle();
    await bruno.token('Chasseur').document.update({ x: 500 });
    await table.settle();
    const offer = alice.lastMessage();
    table.dice.push([10, 2], [12, 5]);
    await alice.press('frappe', offer);
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 8');
    expect(button(bruno, 'Esquiver')?.enabled).toBe(false);
    const souffle = alice.actor(WARRIOR).system.souffle.value as number;
    // Room 7 (the d12's 12 caps the die and the forcing together, as in S-AT3's example).
    expect(alice.buttons(alice.lastMessage()).map((b) => b.label)).toContain('Forcer +7 souffle');
    await alice.press('Forcer +1 souffle');
    expect(button(bruno, 'Esquiver')?.enabled).toBe(false);
    await alice.press('Forcer +1 souffle');
    expect(alice.actor(WARRIOR).system.souffle.value).toBe(souffle - 2);
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 10');
    await alice.press('Ne plus forcer');
    expect(button(bruno, 'Esquiver')?.enabled).toBe(true);
    table.dice.push([10, 2], [10, 3]);
    await bruno.press('Esquiver');
    expect(text(gm.lastMessage())).toMatch(/Dégâts − dé − défense − ½ métier 10 − /);
    expect(table.errors()).toEqual([]);
  });
});

describe('S-R2 the GM can always move on', () => {
  it('S-R2 while Alice’s blow still waits for her forcing choice, the GM moves the turn on to the hunter, and the card still plays out', async () => {
    const { table, gm, alice } = await souffleRound(['prudent', 'prudent']);
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    if (gm.dialogs().length) await gm.answerDialog({}, 'yes').catch(() => gm.answerDialog({}));
    expect(text(gm.tracker.querySelector('li.active'))).toContain('Chasseur');
    // The blow's card still plays out: Alice stops, Bruno dodges the 10.
    await alice.press('Ne pas forcer');
    table.dice.push([10, 2], [10, 3]);
    await table.seat('Bruno').press('Esquiver');
    expect(text(gm.lastMessage())).toMatch(/Dégâts − dé − défense − ½ métier 10 − /);
    expect(table.errors()).toEqual([]);
  });
});
