/**
 * Greyhawk's lasting conditions at the table (issue 15): a pin that runs out by itself, a hold
 * that turns into a hostage the next round, disarms carried through the round (G-D2, G-D3). Each
 * condition is on the actor, its sheet and its token's statuses, and the cards apply it.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import {
  attackFromSheet,
  conditionsOf,
  disabledInDialog,
  nextRound,
  rawAttack,
  refusedFromSheet,
  startRound,
  text,
} from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";
const AYLA = 'Ayla, rôdeuse aux deux lames';

async function arena(names: readonly string[]) {
  // These card steps are played out of the round's order: the world lets players attack at any
  // moment (setting attackTurnOrder off; the order itself is proven in greyhawk-turns).
  const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
  const alice = table.seat('Alice');
  const bruno = table.seat('Bruno');
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
  for (const n of names) await table.importActor('greyhawk-bestiaire', n);
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken(AYLA, 0, 1);
  for (const [i, n] of names.entries()) await table.placeToken(n, 1, i);
  const combat = await table.startEncounter(DREVIN, AYLA, ...names);
  await startRound(table);
  return { table, alice, bruno, gm: table.gm, combat };
}

const statuses = (actor: any): string[] => [...actor.statuses].sort();

describe('Greyhawk conditions that take effect by themselves', () => {
  it('G-C1 a pinned orc gives later attackers +2, attacks at −2, and the pin ends by itself after three rounds', async () => {
    const { table, alice, bruno, gm, combat } = await arena(['Orque']);
    await alice.target('Orque');
    // Drevin: THAC0 14 vs AC 6 needs 8; 18 + 2 STR + 1 spec − 4 called = 17.
    table.dice.push([20, 18]);
    const pin = await attackFromSheet(alice, DREVIN, 'Épée longue', {
      calledShot: 1,
      purpose: 'pin',
      nearWall: true,
    });
    expect(text(pin)).toContain('Coup visé : clouer au mur');
    await gm.press('Appliquer', gm.lastMessage());
    const orc = () => gm.actor('Orque');
    expect(conditionsOf(orc()).pinned).toBe(3);
    expect(statuses(orc())).toEqual(['greyhawk-pinned']);
    const effect = [...orc().effects][0];
    expect(effect.duration.rounds).toBe(3);
    // Every client sees the status on the token's actor, and the sheet lists it.
    expect(statuses(bruno.token('Orque').actor)).toEqual(['greyhawk-pinned']);
    const sheet = await gm.openSheet(orc());
    expect(text(sheet.querySelector('.pda-greyhawk-conditions'))).toContain('Cloué (3 rounds au plus) G-C1');

    // Ayla strikes twice: both cards add the pinned target's +2 (G-C1) by themselves.
    await bruno.target('Orque');
    // Ranger 5: THAC0 16 vs AC 6 needs 10; two low rolls that miss still show the bonus.
    for (const d20 of [3, 4]) {
      table.dice.push([20, d20]);
      const card = text(await attackFromSheet(bruno, AYLA, 'Épée longue'));
      expect(card).toContain('Cible épinglée +2 G-C1');
    }
    // The pinned orc's own blow is at −2 (G-C1).
    await gm.target(DREVIN);
    table.dice.push([20, 10]);
    const orcBlow = text(await attackFromSheet(gm, 'Orque', 'Hache de bataille'));
    expect(orcBlow).toContain('Épinglé −2 G-C1');

    // Rounds 2 and 3 still pinned (2, then 1 round left, the effect's duration follows);
    // round 4: free, with no status and nothing on the sheet.
    await nextRound(table, combat.id);
    expect(conditionsOf(orc()).pinned).toBe(2);
    expect([...orc().effects][0].duration.rounds).toBe(2);
    await nextRound(table, combat.id);
    expect(conditionsOf(orc()).pinned).toBe(1);
    await nextRound(table, combat.id);
    expect(gm.game.combats.get(combat.id).round).toBe(4);
    expect(conditionsOf(orc()).pinned).toBe(0);
    expect(statuses(orc())).toEqual([]);
    expect(statuses(alice.token('Orque').actor)).toEqual([]);
    expect(text(orc().sheet.element.querySelector('.pda-greyhawk-conditions'))).toContain('Aucun état');
    await bruno.target('Orque');
    table.dice.push([20, 3]);
    expect(text(await attackFromSheet(bruno, AYLA, 'Épée longue'))).not.toContain('Cible épinglée');
    expect(table.errors()).toEqual([]);
  });

  it('G-C1 a pinned fighter spends a round pulling free from the sheet: the pin ends at once', async () => {
    const { table, alice, gm } = await arena(['Orque']);
    await gm.target(DREVIN);
    // Orc: THAC0 19 (1 HD) vs AC 3 needs 16; 20 − 4 called = 16.
    table.dice.push([20, 20]);
    await attackFromSheet(gm, 'Orque', 'Hache de bataille', {
      calledShot: 1,
      purpose: 'pin',
      nearWall: true,
    });
    await gm.press('Appliquer', gm.lastMessage());
    expect(statuses(alice.actor(DREVIN))).toEqual(['greyhawk-pinned']);
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    await alice.click('[data-action="pullFree"]', sheet);
    expect(conditionsOf(alice.actor(DREVIN)).pinned).toBe(0);
    expect(statuses(alice.actor(DREVIN))).toEqual([]);
    expect(alice.actor(DREVIN).sheet.element.querySelector('[data-action="pullFree"]')).toBeNull();
    expect(table.errors()).toEqual([]);
  });

  it('G-G2 a seized orc is held; the next round Drevin puts a blade at its throat (G-C1 hostage) and strikes for double damage', async () => {
    const { table, alice, gm, combat } = await arena(['Orque']);
    await alice.target('Orque');
    // The hostage shot is refused before the victim has been held a round: offered disabled with
    // the reason, and refused by the GM when asked past the dialog (no card, nothing written).
    expect(await disabledInDialog(alice, DREVIN, 'Épée longue')).toContain(
      'lame sous la gorge — impossible : Il faut avoir maîtrisé la victime pendant un round avant de la prendre en otage. (G-C1)',
    );
    const cards = gm.messages().length;
    expect(
      await rawAttack(alice, DREVIN, 'Épée longue', 'Orque', { calledShot: 1, purpose: 'hostage' }),
    ).toMatchObject({ ok: false, key: 'PDA.Error.Greyhawk.HoldFirst' });
    expect(gm.messages().length).toBe(cards);
    expect(conditionsOf(gm.actor('Orque')).bladeAtThroat).toBe(false);
    // Seize: d20 15 hits; STR contest: Drevin 2, the orc 15.
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'seizePerson', freeHands: 1 });
    table.dice.push([20, 2], [20, 15]);
    await gm.press('', gm.lastMessage());
    await gm.press('Appliquer', gm.lastMessage());
    const orc = () => gm.actor('Orque');
    expect(conditionsOf(orc()).held).toBe(true);
    expect(statuses(orc())).toEqual(['greyhawk-held']);
    expect(statuses(alice.actor(DREVIN))).toEqual(['greyhawk-holding']);
    // The holder cannot take up a two-handed sword while holding (G-G2).
    await alice.dragOnto(alice.actor(DREVIN), table.packUuid('greyhawk-armes', 'Épée à deux mains'));
    const twoHanded = await refusedFromSheet(alice, DREVIN, 'Épée à deux mains');
    expect(twoHanded).toContain("On ne manie pas d'arme à deux mains en agrippant quelqu'un. (G-G2)");
    // Both are hampered: Drevin's next blow is at −2 (G-G2) against a held target (+2 G-G2).
    table.dice.push([20, 2]);
    const blow = text(await attackFromSheet(alice, DREVIN, 'Épée longue'));
    expect(blow).toContain('Cible agrippée +2 G-G2');
    expect(blow).toContain('Lutte en cours −2 G-G2');

    // Round 2 starts: three initiative d10, then the orc's escape contest (G-G2): it rolls 18,
    // Drevin 2; Drevin keeps his hold.
    table.dice.push([10, 5], [10, 6], [10, 7], [20, 18], [20, 2]);
    await nextRound(table, combat.id);
    expect(text(gm.lastMessage())).toContain('garde sa prise sur Orque');
    expect(conditionsOf(orc()).heldRounds).toBe(1);
    expect(text(orc().sheet?.element ?? (await gm.openSheet(orc())))).toContain('tenu depuis 1 round');
    table.dice.push([20, 19]);
    const hostage = text(
      await attackFromSheet(alice, DREVIN, 'Épée longue', { calledShot: 1, purpose: 'hostage' }),
    );
    expect(hostage).toContain('Touché');
    await gm.press('Appliquer', gm.lastMessage());
    expect(conditionsOf(orc()).bladeAtThroat).toBe(true);
    expect(statuses(orc())).toEqual(['greyhawk-bladeAtThroat', 'greyhawk-held']);
    // The strike: 1d8 5 + 3 STR (18/xx) + 2 specialist = 10, doubled to 20.
    table.dice.push([20, 15], [8, 5]);
    const strike = text(await attackFromSheet(alice, DREVIN, 'Épée longue'));
    expect(strike).toContain('Lame sous la gorge : double dégât +10 G-C1');
    expect(strike).toMatch(/Dégâts 20(?!\d)/);

    // Round 3: the orc rolls 1, Drevin 19: it breaks free; both lose the hold and the blade.
    table.dice.push([10, 5], [10, 6], [10, 7], [20, 1], [20, 19]);
    await nextRound(table, combat.id);
    expect(text(gm.lastMessage())).toContain('Orque se dégage de la prise de');
    expect(statuses(orc())).toEqual([]);
    expect(statuses(alice.actor(DREVIN))).toEqual([]);
    expect(table.errors()).toEqual([]);
  });
});
