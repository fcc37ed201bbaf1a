/**
 * Clauses of seed 003 never played at the table before issue 25: the luck points against a
 * disarm and a knock-out (S-MN2, S-MN3), a knock-out that lands, counts its rounds down and wakes
 * (S-MN3), the holder's blow on a grabbed fighter (S-GR1), and a weapon row without id (S-AT1).
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import {
  brigand,
  closeOpenSlots,
  nextSlots,
  souffleDuel,
  souffleRound,
  text,
  WARRIOR,
} from './souffle-table';
import { declineForcing } from './souffle-forcing';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const toggle = async (seat: Seat, actorName: string, item: string, field = 'equipped') => {
  const actor = seat.actor(actorName);
  const sheet = await seat.openSheet(actor);
  const id = actor.items.getName(item).id;
  await seat.click(
    sheet.querySelector(`[data-item-id="${id}"] [data-action="toggleItem"][data-field="${field}"]`)!,
  );
};

/** The warrior (Alice) and the GM's brigand side by side, foes; optionally in a fight. */
async function thugAndWarrior(fight: boolean) {
  const table = await Table.open({ ruleset: 'souffle' });
  const gm = table.gm;
  const alice = table.seat('Alice');
  await table.importActor('souffle-combattants', WARRIOR, 'Alice');
  await table.createActor(brigand());
  await table.placeToken(WARRIOR, 1, 1);
  const thug = await table.placeToken('Brigand', 2, 1);
  await thug.update({ disposition: -1 });
  await table.settle();
  await gm.target(WARRIOR);
  if (fight) {
    await table.startEncounter(WARRIOR, 'Brigand');
    for (const s of [gm, alice]) await s.openTracker();
    table.dice.push([12, 9], [12, 4]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'intrepide');
    const id = gm.game.combat.combatants.find((c: any) => c.name === 'Brigand').id;
    await gm.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, gm.tracker);
    await gm.answerDialog({}, 'intrepide');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
  } else {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="setPosture"][data-posture="intrepide"]')!);
  }
  return { table, gm, alice };
}

/** The brigand aims a knock-out and strikes with the club (d6/d12 keep best at +5). */
async function knockOut(gm: Seat, dice: [number, number][]) {
  const sheet = await gm.openSheet(gm.actor('Brigand'));
  await gm.click(sheet.querySelector('[data-action="aim"]')!);
  await gm.answerDialog({}, 'assommer');
  await gm.click(sheet.querySelector('[data-action="attack"]')!);
  gm.table.dice.push(...dice);
  await gm.answerDialog({ characteristic: 'vigueur' });
}

describe('Souffle luck points', () => {
  it('S-MN2 a luck point keeps the weapon: désarmé goes, chance 1 → 0', async () => {
    const { table, alice, bruno } = await souffleDuel();
    await table.gm.token('Chasseur').document.update({ disposition: -1 });
    await table.settle();
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="aim"]')!);
    await alice.answerDialog({}, 'desarmer');
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([12, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    table.dice.push([10, 8], [10, 3]);
    await declineForcing(table);
    await bruno.press('Parer');
    // geste 3 + acuité 4 − 2 = +5: 4 < 6, disarmed.
    table.dice.push([6, 2], [12, 4]);
    await bruno.press('Test contre le désarmement');
    await table.gm.press('Appliquer');
    expect(bruno.actor('Chasseur').statuses.has('desarme')).toBe(true);
    await bruno.press('garder son arme');
    const hunter = bruno.actor('Chasseur');
    expect(hunter.statuses.has('desarme')).toBe(false);
    expect(hunter.system.chance).toBe(0);
  });

  it('S-MN3 a luck point keeps the warrior conscious: assommé goes, chance 2 → 1', async () => {
    const { table, gm, alice } = await thugAndWarrior(false);
    // 2 + métier 1 + club 1 + aim 1 = +5: 10 + 1 = 11.
    await knockOut(gm, [
      [6, 1],
      [12, 10],
    ]);
    expect(text(gm.lastMessage())).toContain('Dégâts potentiels 11');
    // Intrépide −2: the worst of 4d10; 11 − 1 − 4 − 2 = 4.
    table.dice.push([10, 9], [10, 8], [10, 7], [10, 1]);
    await declineForcing(table);
    await alice.press('Esquiver');
    expect(text(alice.lastMessage())).toContain('11 − 1 − 4 − 2 = 4');
    // vigueur 3 + geste 2 + acuité 2 − 4 = +3: 3 < 6.
    table.dice.push([8, 2], [10, 3]);
    await alice.press("Test contre l'assommement");
    await gm.press('Appliquer');
    expect(alice.actor(WARRIOR).statuses.has('assomme')).toBe(true);
    await alice.press('rester conscient');
    const warrior = alice.actor(WARRIOR);
    expect(warrior.statuses.has('assomme')).toBe(false);
    expect(warrior.system.chance).toBe(1);
  });
});

describe('Souffle knock-out, round by round', () => {
  it('S-MN3 knocked out for 2 rounds: skipped in round 2, awake in round 3 with her turn back', async () => {
    const { table, gm, alice } = await thugAndWarrior(true);
    await nextSlots(gm, 2);
    await knockOut(gm, [
      [6, 1],
      [12, 10],
    ]);
    // 11 − 3 − 4 − 2 = 2 taken.
    table.dice.push([10, 9], [10, 8], [10, 7], [10, 3]);
    await declineForcing(table);
    await alice.press('Esquiver');
    // 7 − 2 = +5: d6/d12, 2 < 6: out for 2 rounds.
    table.dice.push([6, 1], [12, 2]);
    await alice.press("Test contre l'assommement");
    await gm.press('Appliquer');
    expect(alice.actor(WARRIOR).system.assommeRounds).toBe(2);
    await closeOpenSlots(gm);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    expect(alice.actor(WARRIOR).system.assommeRounds).toBe(1);
    expect(text(gm.tracker)).not.toMatch(/Gardien du Waka'Hata Action courte/);
    await nextSlots(gm, 2);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    const warrior = alice.actor(WARRIOR);
    expect(warrior.statuses.has('assomme')).toBe(false);
    expect(text(gm.tracker)).toContain("9 Gardien du Waka'Hata Action courte En cours Intrépide ○○");
    await alice.target('Brigand');
    const sheet = await alice.openSheet(warrior);
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(alice.lastMessage())).toContain('Dégâts potentiels 10');
    expect(table.errors()).toEqual([]);
  });
});

describe('Souffle: the holder strikes', () => {
  it('S-GR1 the hunter holds the warrior, then next round stabs her with his dagger: no armour, no defence roll', async () => {
    const { table, gm, alice, bruno } = await souffleRound(['intrepide', 'intrepide'], [4, 9]);
    await bruno.target(WARRIOR);
    await toggle(bruno, 'Chasseur', 'Arc court');
    await toggle(bruno, 'Chasseur', 'Dague');
    table.dice.push([4, 4], [4, 1]);
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(sheet.querySelector('[data-action="grapple"]')!);
    await gm.press('Appliquer');
    expect(alice.actor(WARRIOR).statuses.has('agrippe')).toBe(true);
    // The hold took the whole round: no blow yet.
    const dagger = bruno.actor('Chasseur').items.getName('Dague').id;
    const own = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(own.querySelector(`[data-item-id="${dagger}"] [data-action="attack"]`)!);
    expect(bruno.warnings.at(-1)).toContain('il en reste 0');
    await nextSlots(gm, 4);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    const again = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(again.querySelector(`[data-item-id="${dagger}"] [data-action="attack"]`)!);
    // geste 3 + métier 3 + dagger 1 = +7: d8/d12 keep best; 9 + 1 = 10.
    table.dice.push([8, 2], [12, 9]);
    await bruno.answerDialog({ characteristic: 'geste' });
    const card = text(bruno.lastMessage());
    expect(card).toContain("Coup porté sur la prise : l'armure ne compte pas, aucune défense.");
    expect(card).toContain('Dégâts potentiels 10');
    await declineForcing(table);
    await alice.press('Aucun jet de défense');
    const after = text(alice.lastMessage());
    expect(after).toContain('Aucun jet de défense');
    expect(after).toContain('10 − 0 − 4 − 2 = 4');
  });
});

describe('Souffle: a click always acts or says why', () => {
  it('S-AT1 a weapon row that lost its item id: the attack button says why instead of doing nothing', async () => {
    const { alice } = await souffleDuel();
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    const button = sheet.querySelector<HTMLElement>('[data-action="attack"]')!;
    button.closest('[data-item-id]')?.removeAttribute('data-item-id');
    await alice.click(button);
    expect(alice.warnings.at(-1)).toBe(
      "Cette arme n'a pas encore d'identifiant : fermez et rouvrez la fiche, puis réessayez.",
    );
  });
});
