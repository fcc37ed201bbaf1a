/**
 * Issue 25 at the table: one attack one target (S-R1), what states stop (S-ST1, S-MN3, S-GR1),
 * the posture change that ends a turn (S-P1), the GM acting for anyone (S-R3), the Guerrier first
 * (S-R3), intrépide's −2 (S-P2), only a shield parries arrows (S-DF1), the defence-side context
 * (S-DF2, S-A4), the aim gone with its combat (S-AT7), souffle lost to épuisé and fatigué (S-ST1).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { brigand, nextSlots, souffleDuel, souffleRound, text, WARRIOR } from './souffle-table';
import { declineForcing } from './souffle-forcing';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const strike = async (seat: any, actorName: string, dice: [number, number][], values = {}) => {
  const sheet = await seat.openSheet(seat.actor(actorName));
  await seat.click(sheet.querySelector('[data-action="attack"]')!);
  seat.table.dice.push(...dice);
  await seat.answerDialog({ characteristic: 'vigueur', ...values });
};
const shootWith = async (seat: any, dice: [number, number][]) => {
  const sheet = await seat.openSheet(seat.actor('Chasseur'));
  const bow = seat.actor('Chasseur').items.getName('Arc court').id;
  await seat.click(sheet.querySelector(`[data-item-id="${bow}"] [data-action="attack"]`)!);
  seat.table.dice.push(...dice);
  await seat.answerDialog({ characteristic: 'acuite' });
};

describe('Souffle: one attack, one target', () => {
  it('S-R1 with two foes targeted the dialog offers one choice: one card, one short action', async () => {
    const { table, gm, alice } = await souffleRound(['intrepide', 'prudent'], [9, 4]);
    await table.createActor(brigand());
    await table.placeToken('Brigand', 1, 2);
    await alice.target('Chasseur', 'Brigand');
    const before = alice.messages().length;
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    const choices = [...alice.dialog().querySelectorAll<HTMLInputElement>('[name="target"]')];
    expect(choices.map((c) => [c.type, c.checked])).toEqual([
      ['radio', true],
      ['radio', false],
    ]);
    table.dice.push([10, 1], [12, 7]);
    await alice.answerDialog({ characteristic: 'vigueur' });
    expect(alice.messages().length).toBe(before + 1);
    expect(text(gm.tracker)).toContain("Gardien du Waka'Hata Attaque En cours Intrépide ●○");
  });
});

describe('Souffle: an assommé fighter does nothing, at every entry point', () => {
  it('S-ST1 knocked out: the sheet attack and aim are refused, the opportunity strike on the card too, and the token does not move', async () => {
    const { table, gm, alice, bruno } = await souffleDuel();
    await gm.token('Chasseur').document.update({ disposition: -1 });
    await table.settle();
    // The hunter, disarmed, picks his weapon up: the warrior is offered a strike.
    await gm.actor('Chasseur').toggleStatusEffect('desarme', { active: true });
    await gm.actor(WARRIOR).toggleStatusEffect('assomme', { active: true });
    await table.settle();
    await alice.target('Chasseur');
    const before = alice.messages().length;
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    expect(alice.dialogs()).toEqual([]);
    expect(alice.warnings.at(-1)).toBe("Gardien du Waka'Hata est assommé(e) : « Attaque » est impossible.");
    await alice.click(sheet.querySelector('[data-action="aim"]')!);
    expect(alice.dialogs()).toEqual([]);
    expect(alice.warnings.at(-1)).toBe("Gardien du Waka'Hata est assommé(e) : « Viser » est impossible.");
    expect(alice.messages().length).toBe(before);
    const own = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(own.querySelector('[data-action="pickUp"]')!);
    const offer = alice.lastMessage();
    expect(text(offer)).toContain("Attaque d'opportunité contre Chasseur");
    const [button] = alice.buttons(offer);
    expect(button?.enabled).toBe(false);
    const token = alice.token(WARRIOR).document;
    const x = token.x;
    await token.update({ x: x + 300 });
    await table.settle();
    expect(alice.warnings.at(-1)).toBe(
      "Gardien du Waka'Hata est assommé(e) : son jeton ne peut pas quitter sa place.",
    );
    expect(gm.token(WARRIOR).document.x).toBe(x);
  });
});

describe('Souffle: a held token re-sent where it stands is no move (v12+ update order)', () => {
  it('S-ST1 knocked out: an update of her token that re-sends its own place with a rotation is not refused as a move', async () => {
    const { table, gm, alice } = await souffleDuel();
    await gm.actor(WARRIOR).toggleStatusEffect('assomme', { active: true });
    await table.settle();
    const token = alice.token(WARRIOR).document;
    const warned = alice.warnings.length;
    // Foundry runs preUpdateToken with the change as requested (the unchanged x and y included).
    await token.update({ x: token.x, y: token.y, rotation: 90 });
    await table.settle();
    expect(alice.warnings.slice(warned)).toEqual([]);
    expect(gm.token(WARRIOR).document.rotation).toBe(90);
  });
});

describe('Souffle: a posture change ends the turn', () => {
  it('S-P1 the intrépide warrior switches to défensif in her last slot: her last attack is refused, and she dodges at +2', async () => {
    const { table, gm, alice, bruno } = await souffleRound(['intrepide', 'prudent'], [9, 4]);
    await alice.target('Chasseur');
    await strike(alice, WARRIOR, [
      [10, 1],
      [12, 7],
    ]);
    // Mid-turn (her first of two slots): the change from the sheet is refused.
    const own = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(own.querySelector('[data-action="setPosture"][data-posture="defensif"]')!);
    expect(alice.warnings.at(-1)).toBe(
      "La posture ne change qu'à la fin de son propre tour, après avoir agi (Défensif).",
    );
    // Her last slot: accepted, and it ends her turn.
    await nextSlots(gm, 1);
    const again = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(again.querySelector('[data-action="setPosture"][data-posture="defensif"]')!);
    expect(alice.actor(WARRIOR).system.posture).toBe('defensif');
    const before = alice.messages().length;
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    expect(alice.warnings.at(-1)).toBe(
      "Gardien du Waka'Hata a changé de posture en fin de tour : son tour est fini pour ce round.",
    );
    expect(alice.messages().length).toBe(before);
    // The hunter's turn: the warrior dodges his shot at +2 (one d12).
    await nextSlots(gm, 1);
    await bruno.target(WARRIOR);
    await shootWith(bruno, [[10, 5]]);
    table.dice.push([12, 6]);
    await declineForcing(table);
    await alice.press('Esquiver');
    const card = text(alice.lastMessage());
    expect(card).toContain('Posture +2');
    expect(card).toContain('12 − 6 − 4 − 2 = 0');
  });
});

describe('Souffle: the GM acts for anyone', () => {
  it('S-R3 the GM’s brigand strikes during the warrior’s turn (accepted), then the GM moves the turn on', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const gm = table.gm;
    const alice = table.seat('Alice');
    await table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await table.createActor(brigand());
    await table.placeToken(WARRIOR, 1, 1);
    await table.placeToken('Brigand', 2, 1);
    await table.startEncounter(WARRIOR, 'Brigand');
    for (const s of [gm, alice]) await s.openTracker();
    table.dice.push([12, 9], [12, 4]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    await alice.click('[data-action="pdaDeclare"]', alice.tracker);
    await alice.answerDialog({}, 'prudent');
    const brigandId = gm.game.combat.combatants.find((c: any) => c.name === 'Brigand').id;
    await gm.click(`[data-action="pdaDeclare"][data-combatant-id="${brigandId}"]`, gm.tracker);
    await gm.answerDialog({}, 'prudent');
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    await gm.target(WARRIOR);
    // 2 + métier 1 + club 1 = +4: d4/d12 keep best.
    await strike(gm, 'Brigand', [
      [4, 1],
      [12, 4],
    ]);
    expect(text(gm.lastMessage())).toContain('Brigand attaque');
    expect(text(gm.tracker)).toContain('4 Brigand Attaque En attente Prudent ●');
    await nextSlots(gm, 1);
    expect(text(gm.tracker)).toContain('4 Brigand Attaque En cours');
  });

  it('S-R3 a Guerrier acts before everyone, whatever the dice: 3 against 11', async () => {
    const table = await Table.open({ ruleset: 'souffle' });
    const gm = table.gm;
    await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    const guerrier = brigand('Vétéran');
    await table.createActor({ ...guerrier, system: { ...guerrier.system, disciplines: ['Guerrier'] } });
    await table.placeToken('Chasseur', 1, 1);
    await table.placeToken('Vétéran', 2, 1);
    await table.startEncounter('Chasseur', 'Vétéran');
    await gm.openTracker();
    table.dice.push([12, 11], [12, 3]);
    await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
    expect(text(gm.tracker)).toMatch(/3 Vétéran.*11 Chasseur/);
  });
});

describe('Souffle: intrépide, shields and the defence-side context', () => {
  it('S-P2 intrépide defends at −2: the warrior dodges the hunter’s shot on 4d10 keep the worst', async () => {
    const { table, gm, alice, bruno } = await souffleRound(['intrepide', 'prudent'], [9, 4]);
    await nextSlots(gm, 2);
    await bruno.target(WARRIOR);
    await shootWith(bruno, [[10, 5]]);
    table.dice.push([10, 9], [10, 8], [10, 7], [10, 2]);
    await declineForcing(table);
    await alice.press('Esquiver');
    const card = text(alice.lastMessage());
    expect(card).toMatch(/Niveau d'avantage −2/);
    expect(card).toContain('Posture −2');
    expect(card).toContain('12 − 2 − 4 − 2 = 4');
  });

  it('S-DF1 only a shield parries arrows: no parry for the two swords; with the écu worn, the parry counts its +2', async () => {
    const { table, alice, bruno } = await souffleDuel();
    await bruno.target(WARRIOR);
    await shootWith(bruno, [[10, 5]]);
    const parry = alice.buttons().find((b) => b.label.startsWith('Parer'));
    expect(parry?.enabled).toBe(false);
    const warrior = alice.actor(WARRIOR);
    await alice.dragOnto(warrior, table.packUuid('souffle-equipement', 'Écu'));
    const sheet = await alice.openSheet(warrior);
    const ecu = warrior.items.getName('Écu').id;
    await alice.click(
      sheet.querySelector(`[data-item-id="${ecu}"] [data-action="toggleItem"][data-field="worn"]`)!,
    );
    await shootWith(bruno, [[10, 5]]);
    // Prudent 0 + écu 2 = +2: one d12.
    table.dice.push([12, 5]);
    await declineForcing(table);
    await alice.press('Parer');
    const card = text(alice.lastMessage());
    expect(card).toContain('Bouclier +2');
    expect(card).toContain('12 − 5 − 4 − 2 = 1');
  });

  it('S-DF2 the GM counts the hunter’s better position (+1) before he parries: level +1, one d10', async () => {
    const { table, gm, alice, bruno } = await souffleDuel();
    await alice.target('Chasseur');
    await strike(alice, WARRIOR, [
      [10, 1],
      [12, 7],
    ]);
    // Only the GM sees the context buttons; the defender sees his two defences.
    expect(bruno.buttons().map((b) => b.label.split(' S-')[0])).toEqual(['Parer', 'Esquiver']);
    await gm.press('Position avantageuse');
    expect(gm.buttons().find((b) => b.label.startsWith('Position'))?.enabled).toBe(false);
    table.dice.push([10, 4]);
    await declineForcing(table);
    await bruno.press('Parer');
    const card = text(bruno.lastMessage());
    expect(card).toMatch(/Niveau d'avantage \+1/);
    expect(card).toContain('10 − 4 − 3 − 2 = 1');
  });

  it('S-A4 a shot seen coming from afar: the GM adds +1 to the dodge', async () => {
    const { table, gm, alice, bruno } = await souffleDuel();
    await bruno.target(WARRIOR);
    await shootWith(bruno, [[10, 5]]);
    await gm.press('Voit venir le tir');
    table.dice.push([10, 3]);
    await declineForcing(table);
    await alice.press('Esquiver');
    const card = text(alice.lastMessage());
    expect(card).toMatch(/Niveau d'avantage \+1/);
    expect(card).toContain('12 − 3 − 4 − 2 = 3');
  });
});

describe('Souffle: aims and combats', () => {
  it('S-AT7 an aim prepared in a combat ends with it: the GM deletes the combat, the "aimed" status goes', async () => {
    const { table, gm, alice } = await souffleRound(['intrepide', 'prudent'], [9, 4]);
    await alice.target('Chasseur');
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="aim"]')!);
    await alice.answerDialog({}, 'viser');
    expect(alice.actor(WARRIOR).statuses.has('vise')).toBe(true);
    await gm.game.combat.delete();
    await table.settle();
    expect(alice.actor(WARRIOR).statuses.has('vise')).toBe(false);
  });
});

describe('Souffle: souffle lost', () => {
  it('S-ST1 a defenceless hunter takes 10 (souffle 10 → 0: épuisé), then 1 more goes to PV: fatigué and a wound', async () => {
    const { table, gm, alice, bruno } = await souffleDuel();
    await gm.actor('Chasseur').toggleStatusEffect('sansDefense', { active: true });
    await table.settle();
    await alice.target('Chasseur');
    await strike(alice, WARRIOR, [
      [10, 1],
      [12, 7],
    ]);
    await alice.press('Forcer +5 souffle');
    await declineForcing(table);
    await bruno.press('Aucun jet de défense');
    // No defence roll: 15 − 0 − 3 − 2 = 10.
    expect(text(bruno.lastMessage())).toContain('15 − 0 − 3 − 2 = 10');
    await gm.press('Appliquer');
    const hunter = () => bruno.actor('Chasseur');
    expect([hunter().system.souffle.value, hunter().system.pv.value]).toEqual([0, 10]);
    expect(hunter().statuses.has('epuise')).toBe(true);
    expect(hunter().statuses.has('fatigue')).toBe(false);
    await strike(alice, WARRIOR, [
      [10, 1],
      [12, 3],
    ]);
    await declineForcing(table);
    await bruno.press('Aucun jet de défense');
    expect(text(bruno.lastMessage())).toContain('6 − 0 − 3 − 2 = 1');
    await gm.press('Appliquer');
    expect([hunter().system.souffle.value, hunter().system.pv.value]).toEqual([0, 9]);
    expect(hunter().statuses.has('fatigue')).toBe(true);
    expect(hunter().system.wounds).toEqual([1]);
  });
});

describe('Souffle: outnumbering read from the scene', () => {
  it('S-A4 the warrior strikes the brigand with the hunter beside him: 2 against 1 on the tokens, +1 (8 → 9, 2d12)', async () => {
    const { table, gm, alice } = await souffleDuel();
    await table.createActor(brigand());
    const thug = await table.placeToken('Brigand', 2, 2);
    await thug.update({ disposition: -1 });
    await table.settle();
    await alice.target('Brigand');
    await strike(alice, WARRIOR, [
      [12, 3],
      [12, 8],
    ]);
    let card = text(alice.lastMessage());
    expect(card).toContain("Niveau d'avantage +9");
    expect(card).toContain('Surnombre (jetons au contact) 2 / 1 +1');
    // The hunter steps out of reach: one against one, no bonus.
    await gm.token('Chasseur').document.update({ x: 900 });
    await table.settle();
    await strike(alice, WARRIOR, [
      [10, 1],
      [12, 7],
    ]);
    card = text(alice.lastMessage());
    expect(card).toContain("Niveau d'avantage +8");
    expect(card).not.toContain('Surnombre');
  });

  it('S-ST1 an épuisé warrior cannot force, even with souffle left: the button says why', async () => {
    const { table, gm, alice } = await souffleDuel();
    await gm.actor(WARRIOR).toggleStatusEffect('epuise', { active: true });
    await table.settle();
    await alice.target('Chasseur');
    await strike(alice, WARRIOR, [
      [10, 1],
      [12, 7],
    ]);
    const force = alice.buttons().filter((b) => b.label.startsWith('Forcer'));
    expect(force.map((b) => b.enabled)).toEqual([false]);
    expect(alice.actor(WARRIOR).system.souffle.value).toBe(10);
  });
});
