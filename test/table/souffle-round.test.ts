/** Souffle at the table: initiative, postures in the tracker, the S-AT3 blow through the card. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { declineForcing } from './souffle-forcing';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

describe('a Souffle round: the S-AT3 warrior (Alice) against the S-AT5 hunter (Bruno)', () => {
  let table: Table;
  let gm: Seat;
  let alice: Seat;
  let bruno: Seat;

  beforeAll(async () => {
    table = await Table.open({ ruleset: 'souffle' });
    gm = table.gm;
    alice = table.seat('Alice');
    bruno = table.seat('Bruno');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    await table.startEncounter(WARRIOR, 'Chasseur');
    for (const s of [gm, alice, bruno]) await s.openTracker();
  });

  it('S-R3 the GM starts the fight: each rolls initiative on the advantage dice, highest first', async () => {
    table.dice.push([12, 4], [12, 9]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    expect(text(bruno.tracker)).toContain("9 Chasseur 4 Gardien du Waka'Hata");
    const rolled = table.dice.rolled.map((d) => [d.faces, d.value, d.userId]);
    // The GM's client rolls the round's dice, whoever asked.
    expect(rolled).toEqual([
      [12, 4, gm.user.id],
      [12, 9, gm.user.id],
    ]);
  });

  it('S-P1 each player picks a posture from their own tracker; S-P2 intrépide has two actions, S-P3 prudent one', async () => {
    expect(text(alice.tracker)).toContain('Choix des postures');
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'intrepide');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'prudent');
    const tracker = text(gm.tracker);
    expect(tracker).toContain("Gardien du Waka'Hata Intrépide ○○");
    expect(tracker).toContain('Chasseur Prudent ○');
    expect(tracker).not.toContain('Prudent ○○');
    // Bruno may not choose for Alice's warrior.
    expect(bruno.tracker.querySelectorAll('[data-action="pdaDeclare"]').length).toBe(1);
  });

  it('S-AT3 the warrior strikes with vigueur 3 and métier 4: level +8, 1d10+1d12 keep best, 7 + 3 = 10', async () => {
    // The actions step: the hunter (9) first, then the warrior's turn, where she strikes (issue 29:
    // an action is taken in the fighter's own turn).
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    const card = text(alice.lastMessage());
    expect(card).toContain("Niveau d'avantage +8");
    expect(card).toContain('le meilleur de 1d10 et 1d12 : 1, [7]');
    expect(card).toContain('Dégâts potentiels 10');
    expect(card).toContain("Peut encore forcer : jusqu'à 5 points de souffle de plus sur ce coup.");
    // The defender sees the defence buttons, waiting; the attacker the forcing ones (issue 46).
    expect(bruno.buttons().map((b) => [b.label.split(' S-')[0], b.enabled])).toEqual([
      ['Parer', false],
      ['Esquiver', false],
    ]);
    expect(alice.buttons().map((b) => b.label.split(' S-')[0])).toEqual([
      'Forcer +1 souffle',
      'Forcer +5 souffle',
      'Ne pas forcer',
    ]);
  });

  it("S-AT2 forcing spends the warrior's souffle, point for point, up to the kept d12's 12", async () => {
    const before = alice.actor(WARRIOR).system.souffle.value;
    await alice.press('Forcer +5 souffle');
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 15');
    expect(alice.actor(WARRIOR).system.souffle.value).toBe(before - 5);
    // The kept d12 shows 12 now: no more forcing, and no button left that says otherwise.
    expect(alice.buttons().map((b) => [b.label, b.enabled])).toEqual([]);
    expect(table.errors()).toEqual([]);
  });
});

describe('a Souffle defence: the hunter parries the warrior', () => {
  it('S-A1 S-DF3 no advantage rolls 2d10 and keeps the worse; damage − die − défense − ½ métier comes off souffle first', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const alice = table.seat('Alice');
    const bruno = table.seat('Bruno');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Chasseur', 2, 1);
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    // S-DF1: the defence is passive, always there: the defender's owner rolls it from the card.
    table.dice.push([10, 8], [10, 3]);
    await declineForcing(table);
    await bruno.press('Parer');
    const card = text(alice.lastMessage());
    expect(card).toContain('Dés le plus bas de 2d10 : 8, [3]');
    // 10 − 3 (die) − 3 (défense) − 2 (½ métier 3, rounded up: ruling S-DF3) = 2.
    expect(card).toContain('10 − 3 − 3 − 2 = 2');
    await table.gm.press('Appliquer');
    const hunter = alice.actor('Chasseur').system;
    expect([hunter.souffle.value, hunter.pv.value]).toEqual([8, 10]);
    expect(text(bruno.lastMessage())).toContain('Chasseur perd 2 souffle et 0 PV.');
  });
});
