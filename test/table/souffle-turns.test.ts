/**
 * Issue 25's "Done when": two rounds, three fighters, turns strictly in initiative order. The
 * warrior (Alice, 9) grabs the hunter; the brigand (GM, 6) knocks the warrior out; the prudent
 * hunter (Bruno, 4) aims in round 1 and shoots with that aim in round 2. Out-of-turn clicks are
 * refused naming whose turn it is; the knocked-out warrior is skipped; the held hunter's token
 * does not move.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { brigand, nextSlotsUntil, text, WARRIOR } from './souffle-table';
import { declineForcing } from './souffle-forcing';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

describe('S-R1 two rounds, three fighters, in initiative order', () => {
  let table: Table;
  let gm: Seat;
  let alice: Seat;
  let bruno: Seat;
  const combatantId = (name: string): string =>
    gm.game.combat.combatants.find((c: { name: string }) => c.name === name).id;
  const bow = () => bruno.actor('Chasseur').items.getName('Arc court').id;
  const shoot = async () => {
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(sheet.querySelector(`[data-item-id="${bow()}"] [data-action="attack"]`)!);
  };

  beforeAll(async () => {
    table = await Table.open({ ruleset: 'souffle' });
    gm = table.gm;
    alice = table.seat('Alice');
    bruno = table.seat('Bruno');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await table.createActor(brigand());
    await table.placeToken(WARRIOR, 1, 1);
    const hunter = await table.placeToken('Chasseur', 2, 1);
    const thug = await table.placeToken('Brigand', 1, 2);
    // The hunter and the brigand fight the warrior.
    await hunter.update({ disposition: -1 });
    await thug.update({ disposition: -1 });
    await table.startEncounter(WARRIOR, 'Chasseur', 'Brigand');
    for (const s of [gm, alice, bruno]) await s.openTracker();
    table.dice.push([12, 9], [12, 4], [12, 6]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'intrepide');
    await bruno.click('[data-action="pdaDeclare"]', bruno.tracker);
    await bruno.answerDialog({}, 'prudent');
    await gm.click(`[data-action="pdaDeclare"][data-combatant-id="${combatantId('Brigand')}"]`, gm.tracker);
    await gm.answerDialog({}, 'intrepide');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
  });

  it('S-R1 round 1: the hunter (4) clicks during the warrior’s (9) turn: refused, naming her; nothing posted, nothing spent', async () => {
    await bruno.target('Brigand');
    const before = bruno.messages().length;
    await shoot();
    expect(bruno.dialogs()).toEqual([]);
    expect(bruno.warnings.at(-1)).toBe(
      "Ce n'est pas le tour de Chasseur : c'est au tour de Gardien du Waka'Hata." +
        " Celui de Chasseur viendra ensuite, dans l'ordre d'initiative ; attaquez alors depuis sa ligne du suivi de combat.",
    );
    expect(bruno.messages().length).toBe(before);
    expect(text(gm.tracker)).toContain('4 Chasseur Action courte En attente Prudent ○');
  });

  it('S-GR1 the warrior puts a sword away and grabs the hunter in her turn (3 + 3 against 1 + 2), a long action', async () => {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    const sword = alice.actor(WARRIOR).items.find((i: any) => i.name === 'Épée longue').id;
    await alice.click(
      sheet.querySelector(`[data-item-id="${sword}"] [data-action="toggleItem"][data-field="equipped"]`)!,
    );
    await alice.target('Chasseur');
    table.dice.push([4, 3], [4, 1]);
    const fresh = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(fresh.querySelector('[data-action="grapple"]')!);
    expect(text(alice.lastMessage())).toContain('Chasseur est agrippé(e).');
    await gm.press('Appliquer');
    expect(bruno.actor('Chasseur').statuses.has('agrippe')).toBe(true);
    expect(text(gm.tracker)).toContain("9 Gardien du Waka'Hata Lutte (prise) En cours Intrépide ●●");
  });

  it('S-GR1 the held hunter drags his token away: refused with the reason, the token stays, no opportunity card', async () => {
    const token = bruno.token('Chasseur').document;
    const [x, y] = [token.x, token.y];
    const before = alice.messages().length;
    await token.update({ x: x + 400 });
    await table.settle();
    expect(bruno.warnings.at(-1)).toBe('Chasseur est agrippé(e) : son jeton ne peut pas quitter sa place.');
    expect([gm.token('Chasseur').document.x, gm.token('Chasseur').document.y]).toEqual([x, y]);
    expect(alice.messages().length).toBe(before);
  });

  it('S-MN3 the brigand’s turn: an aimed knock-out with the club (2v1 outnumbering +1) lands on the intrépide warrior for 4 rounds', async () => {
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    expect(text(gm.tracker)).toContain('6 Brigand Action courte En cours Intrépide ○○');
    await gm.target(WARRIOR);
    const sheet = await gm.openSheet(gm.actor('Brigand'));
    await gm.click(sheet.querySelector('[data-action="aim"]')!);
    await gm.answerDialog({}, 'assommer');
    await gm.click(sheet.querySelector('[data-action="attack"]')!);
    // 2 + métier 1 + club 1 + aim 1 + outnumbering 1 (brigand and hunter around her) = +6: 2d10.
    table.dice.push([10, 9], [10, 10]);
    await gm.answerDialog({ characteristic: 'vigueur' });
    const card = text(gm.lastMessage());
    expect(card).toContain("Niveau d'avantage +6");
    expect(card).toContain('Surnombre (jetons au contact) 2 / 1 +1');
    expect(card).toContain('Dégâts potentiels 11');
    // Intrépide −2: 4d10 keep the worst; 11 − 1 − 4 − 2 = 4.
    table.dice.push([10, 9], [10, 8], [10, 7], [10, 1]);
    await declineForcing(table);
    await alice.press('Esquiver');
    expect(text(alice.lastMessage())).toContain('11 − 1 − 4 − 2 = 4');
    // Test: vigueur 3 + geste 2 + acuité 2 − 4 = +3 → d8/d10 keep best: 3 < 6.
    table.dice.push([8, 2], [10, 3]);
    await alice.press("Test contre l'assommement");
    await gm.press('Appliquer');
    const warrior = alice.actor(WARRIOR);
    expect(warrior.statuses.has('assomme')).toBe(true);
    expect(warrior.system.assommeRounds).toBe(4);
  });

  it('S-AT7 the prudent hunter’s turn: he aims at the brigand with his one action', async () => {
    await nextSlotsUntil(gm, 'Chasseur');
    await bruno.target('Brigand');
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(sheet.querySelector('[data-action="aim"]')!);
    await bruno.answerDialog({}, 'viser');
    expect(text(bruno.lastMessage())).toContain('Chasseur se prépare');
    expect(text(gm.tracker)).toContain('4 Chasseur Viser En cours Prudent ●');
  });

  it('S-MN3 round 2: the knocked-out warrior has no turn (3 rounds left) and her sheet attack is refused', async () => {
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    expect(alice.actor(WARRIOR).system.assommeRounds).toBe(3);
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    const tracker = text(gm.tracker);
    expect(tracker).toContain('6 Brigand Action courte En cours Intrépide ○○');
    expect(tracker).toContain('4 Chasseur Action courte En attente Prudent ○');
    expect(tracker).not.toMatch(/Gardien du Waka'Hata (Action courte|Attaque|Lutte)/);
    const before = alice.messages().length;
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    expect(alice.warnings.at(-1)).toBe("Gardien du Waka'Hata est assommé(e) : « Attaque » est impossible.");
    expect(alice.messages().length).toBe(before);
  });

  it('S-R1 round 2: the hunter clicks in the brigand’s turn: refused naming the brigand; S-GR1 his knocked-out holder holds nothing: he walks off and the hold ends', async () => {
    await shoot();
    expect(bruno.warnings.at(-1)).toBe(
      "Ce n'est pas le tour de Chasseur : c'est au tour de Brigand." +
        " Celui de Chasseur viendra ensuite, dans l'ordre d'initiative ; attaquez alors depuis sa ligne du suivi de combat.",
    );
    // The warrior holding him is unconscious (S-MN3): the hold is no longer kept.
    const token = bruno.token('Chasseur').document;
    const x = token.x;
    await token.update({ x: x + 300 });
    await table.settle();
    expect(gm.token('Chasseur').document.x).toBe(x + 300);
    expect(gm.actor('Chasseur').statuses.has('agrippe')).toBe(false);
    expect(text(gm.messages().find((m) => text(m).includes('tente une prise')))).toContain(
      "Gardien du Waka'Hata lâche la prise : Chasseur est libre.",
    );
  });

  it('S-AT7 the hunter’s turn in round 2: he shoots with the aim of round 1: bow +1, aim +1 = +2 (one d12)', async () => {
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await shoot();
    const aims = [...bruno.dialog().querySelectorAll<HTMLOptionElement>('[name="aim"] option')];
    expect(aims.map((o) => [o.value, o.selected])).toEqual([
      ['', false],
      ['viser', true],
    ]);
    table.dice.push([12, 6]);
    await bruno.answerDialog({ characteristic: 'acuite' });
    const card = text(bruno.lastMessage());
    expect(card).toContain("Niveau d'avantage +2");
    // 6 + acuité 4 + chasseur 3 = 13.
    expect(card).toContain('Dégâts potentiels 13');
    expect(card).toContain('Visée');
    expect(text(gm.tracker)).toContain('4 Chasseur Attaque En cours Prudent ●');
    expect(bruno.actor('Chasseur').statuses.has('vise')).toBe(false);
    expect(table.errors()).toEqual([]);
  });
});
