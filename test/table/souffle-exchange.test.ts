/**
 * Souffle's exchanges at the table, where they close issue 16's gaps: a token moved out of a
 * foe's reach posts the opportunity card (S-AT6), and an aim not used by the end of its round is
 * gone (S-AT7). The cards are the GM's: opened on the players' requests.
 */
import { describe, expect, it } from 'vitest';
import { closeOpenSlots, souffleRound, text, WARRIOR } from './souffle-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

/** The duel in its actions step, the hunter's token hostile to the warrior. */
async function fight(
  postures: readonly [string, string] = ['intrepide', 'prudent'],
  settings?: Readonly<Record<string, unknown>>,
) {
  const duel = await souffleRound(postures, [9, 4], true, settings);
  await duel.gm.token('Chasseur').document.update({ disposition: -1 });
  await duel.table.settle();
  return duel;
}

describe('S-AT6 leaving reach by moving a token', () => {
  it('S-AT6 the hunter steps away from the warrior: the opportunity card is posted by the GM, for Alice to strike', async () => {
    const { table, gm, alice, bruno } = await fight();
    const before = alice.messages().length;
    // Bruno drags his hunter from (2, 1) to (5, 1): out of the warrior's reach.
    await bruno.token('Chasseur').document.update({ x: 500 });
    await table.settle();
    expect(alice.messages().length).toBe(before + 1);
    const offer = alice.lastMessage();
    expect(text(offer)).toContain("Attaque d'opportunité contre Chasseur");
    expect(text(offer)).toContain('Chasseur quitte la portée de ses adversaires.');
    const message = alice.game.messages.contents.at(-1);
    expect(message.author.id).toBe(gm.user.id);
    // The warrior's player strikes; the hunter's player has no button.
    expect(bruno.buttons(bruno.lastMessage())).toEqual([]);
    table.dice.push([10, 2], [12, 5]);
    await alice.press('frappe', offer);
    expect(text(alice.lastMessage())).toContain("Attaque d'opportunité : action passive, hors budget.");
    expect(bruno.buttons().map((b) => b.label.split(' S-')[0])).toEqual(['Parer', 'Esquiver']);
    expect(table.errors()).toEqual([]);
  });

  it('S-AT6 a step that stays in reach (a diagonal) posts nothing', async () => {
    const { table, alice, bruno } = await fight();
    const before = alice.messages().length;
    await bruno.token('Chasseur').document.update({ y: 200 });
    await table.settle();
    expect(alice.messages().length).toBe(before);
    expect(table.errors()).toEqual([]);
  });
});

describe('S-AT7 an aim lasts its round (world setting "its round")', () => {
  it('S-AT7 the warrior aims in round 1 and does not strike: in round 2 the attack carries no aim (+8, not +9)', async () => {
    const { table, gm, alice } = await fight(['intrepide', 'prudent'], { souffleAimLasts: 'round' });
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="aim"]')!);
    await alice.answerDialog({}, 'viser');
    expect(text(alice.lastMessage())).toContain('Visée : +1 avantage');
    // The prepared aim is an Active Effect on the warrior, carrying its status.
    expect([...alice.actor(WARRIOR).statuses]).toContain('vise');
    // The same round, the dialog offers the prepared aim.
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    expect(
      [...alice.dialog().querySelectorAll<HTMLOptionElement>('[name="aim"] option')].map((o) => o.value),
    ).toEqual(['', 'viser']);
    await alice.answerDialog({}, 'cancel');
    // The round ends with the aim unused.
    await closeOpenSlots(gm);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    expect(text(gm.tracker)).toMatch(/^2 Round 2/);
    // The new round ended it.
    expect([...alice.actor(WARRIOR).statuses]).not.toContain('vise');
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'intrepide');
    await table.seat('Bruno').click('[data-action="pdaDeclare"]', table.seat('Bruno').tracker);
    await table.seat('Bruno').answerDialog({}, 'prudent');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    expect(
      [...alice.dialog().querySelectorAll<HTMLOptionElement>('[name="aim"] option')].map((o) => o.value),
    ).toEqual(['']);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(text(alice.lastMessage())).toContain("Niveau d'avantage +8");
    expect(text(alice.lastMessage())).not.toContain('Visée');
    expect(table.errors()).toEqual([]);
  });
});

describe('S-FL1 freiné lasts the round', () => {
  it('S-FL1 the GM slows the caught runner: an Active Effect "freiné" on the warrior, gone at the next round', async () => {
    const { table, gm, alice } = await fight(['prudent', 'prudent']);
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="flee"]')!);
    table.dice.push([10, 2], [10, 5]);
    await alice.answerDialog({ situation: 'tenaille', threshold: 8 });
    await gm.press('Freiné');
    const effect = [...alice.actor(WARRIOR).effects].find((e: any) => [...e.statuses].includes('freine'));
    expect(effect?.duration).toMatchObject({ rounds: 1 });
    for (let i = 0; i < 2; i++) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    expect([...alice.actor(WARRIOR).statuses]).not.toContain('freine');
    expect(table.errors()).toEqual([]);
  });
});
