/**
 * Issue 46, point 3, one targeting rule for Greyhawk and Souffle as for Fantasia: an attack
 * started from the sheet (or the tracker, or a hotbar macro, which open the same dialog) takes
 * the declared target, else the T target, else offers a choice among the fighter's foes in the
 * fight. Before, both refused an attack with nothing targeted ("target a token first").
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { startRound, text } from './greyhawk-table';
import { souffleRound, WARRIOR } from './souffle-table';

const DREVIN = "Drevin, spécialiste de l'épée longue";
const AYLA = 'Ayla, rôdeuse aux deux lames';

/** The targets the newest attack dialog offers: name and whether it starts ticked. */
function offered(seat: Seat): [string, boolean][] {
  return [...seat.dialog().querySelectorAll<HTMLInputElement>('input[name="target"]')].map((el) => [
    text(el.closest('label')).trim(),
    el.checked,
  ]);
}

async function greyhawkFight(orcs: readonly string[]) {
  const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
  for (const n of orcs) await table.importActor('greyhawk-bestiaire', n);
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken(AYLA, 0, 1);
  for (const [i, n] of orcs.entries()) {
    const token = await table.placeToken(n, 1, i);
    await token.update({ disposition: -1 });
  }
  await table.startEncounter(DREVIN, AYLA, ...orcs);
  await startRound(table);
  return { table, alice: table.seat('Alice'), gm: table.gm };
}

async function clickAttack(seat: Seat, actorName: string, weaponName: string) {
  const sheet = await seat.openSheet(seat.actor(actorName));
  const weaponsTab = sheet.querySelector('[data-tab="weapons"]');
  if (weaponsTab) await seat.click(weaponsTab);
  const row = [...sheet.querySelectorAll('tr[data-item-id]')].find((r) =>
    r.textContent?.includes(weaponName),
  );
  await seat.click('[data-action="attack"]', row!);
}

describe('one targeting rule (issue 46)', () => {
  it('G-S2 Drevin attacks from his sheet with nothing targeted: the dialog offers the orc, his only foe, ticked, and the card strikes it', async () => {
    const { table, alice, gm } = await greyhawkFight(['Orque']);
    await clickAttack(alice, DREVIN, 'Épée longue');
    expect(offered(alice)).toEqual([['Orque', true]]);
    table.dice.push([20, 19], [8, 4]);
    await alice.answerDialog({});
    expect(text(gm.lastMessage())).toContain('contre Orque');
    expect(table.errors()).toEqual([]);
  });

  it('G-S2 two orcs and nothing targeted: both offered, none ticked, Alice picks the second; with T on the first, only it is offered', async () => {
    const { table, alice, gm } = await greyhawkFight(['Orque', 'Gnoll']);
    await clickAttack(alice, DREVIN, 'Épée longue');
    expect(offered(alice)).toEqual([
      ['Orque', false],
      ['Gnoll', false],
    ]);
    const gnoll = [...alice.dialog().querySelectorAll<HTMLInputElement>('input[name="target"]')][1]!.value;
    // The gnoll is large: the long sword's d12 (G-S2's damage by size).
    table.dice.push([20, 19], [12, 4]);
    await alice.answerDialog({ target: [gnoll] });
    expect(text(gm.lastMessage())).toContain('contre Gnoll');
    await alice.target('Orque');
    await clickAttack(alice, DREVIN, 'Épée longue');
    expect(offered(alice)).toEqual([['Orque', true]]);
    await alice.answerDialog({}, 'cancel');
    expect(table.errors()).toEqual([]);
  });

  it('S-R1 the warrior attacks from her sheet in the fight with nothing targeted: the dialog offers the hunter, her only foe, ticked', async () => {
    const { table, alice, bruno, gm } = await souffleRound(['prudent', 'prudent']);
    await bruno.token('Chasseur').document.update({ disposition: -1 });
    await table.settle();
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    expect(offered(alice)).toEqual([['Chasseur', true]]);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(gm.lastMessage())).toContain('contre Chasseur');
    expect(table.errors()).toEqual([]);
  });
});
