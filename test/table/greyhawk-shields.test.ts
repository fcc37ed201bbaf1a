/**
 * Shield manoeuvres carried into the round (issue 15): a declared shield rush makes the rusher
 * easier to hit all round and a target braced with a polearm doubles its damage on it (G-SH2).
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import {
  attackFromSheet,
  conditionsOf,
  nextRound,
  refusedFromSheet,
  startRound,
  text,
} from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";
const KAEL = 'Kael, archer spécialiste';
const AYLA = 'Ayla, rôdeuse aux deux lames';

async function declare(seat: Seat, combat: any, name: string, answers: Record<string, string | number>) {
  const id = combat.combatants.find((c: any) => c.name === name).id;
  await seat.openTracker();
  await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, seat.tracker);
  await seat.answerDialog(answers);
}

describe('Greyhawk shield rush through the round', () => {
  it("G-SH2 the gnoll braces its halberd against Drevin's rush: double damage, and the rusher at AC +1 without DEX", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Gnoll', 3, 0);
    await table.placeToken('Orque', 3, 1);
    const combat = await table.startEncounter(DREVIN, 'Gnoll', 'Orque');
    await startRound(table);
    const gnoll = combat.combatants.find((c: any) => c.name === 'Gnoll').id;
    await declare(alice, combat, DREVIN, { action: 'shieldRush', targetId: gnoll, rushDistance: 4.5 });
    await declare(gm, combat, 'Gnoll', { action: 'brace' });

    // AC 3 + 1 (rush) + 1 (DEX 15 bonus lost) = 5: the gnoll needs 19 − 5 = 14. The halberd's
    // 1d10 6 as the entry gives it (no STR: G-G3's size estimate is for seizing only), doubled.
    await gm.target(DREVIN);
    table.dice.push([20, 14], [10, 6]);
    const braced = text(await attackFromSheet(gm, 'Gnoll', 'Hallebarde'));
    expect(braced).toContain('TAC0 19 − CA 5 = 14');
    expect(braced).toContain('Touché');
    expect(braced).not.toContain('Force');
    expect(braced).toContain('Arme calée contre la charge : double dégât +6 G-SH2');
    expect(braced).toMatch(/Dégâts 12 /);
    // The orc did not brace: the rusher's AC is as bad for it, but its axe does single damage.
    table.dice.push([20, 14], [8, 5]);
    const orc = text(await attackFromSheet(gm, 'Orque', 'Hache de bataille'));
    expect(orc).toContain('TAC0 19 − CA 5 = 14');
    expect(orc).not.toContain('double dégât');
    expect(orc).toMatch(/Dégâts 5 /);
    expect(table.errors()).toEqual([]);
  });

  it('G-SH2 a new fighter with DEX 16: AC from armour, shield, DEX and magic on the sheet, the same on the card; the rush takes back exactly the DEX part', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await table.createActor(
      {
        name: 'Gord',
        type: 'guerrier-adnd',
        system: { abilities: { str: 12, strPercent: 0, dex: 16, int: 10 }, proficiencies: [] },
      },
      'Alice',
    );
    const sheet = await alice.openSheet(alice.actor('Gord'));
    const el = () => alice.actor('Gord').sheet.element;
    // No armour yet: AC 10 − 2 (DEX 16) = 8, not 10.
    expect(text(el().querySelector('[data-stat="ac"]'))).toBe('8');
    await alice.fill('input[name="system.armour"]', 5, sheet);
    await alice.fill('select[name="system.shield"]', 'medium', el());
    await alice.fill('input[name="system.acMagic"]', 1, el());
    // Chain mail 5, shield −1, DEX −2, magic −1: AC 1, with its parts.
    expect(text(el().querySelector('[data-stat="ac"]'))).toBe('1');
    const parts = text(el().querySelector('[data-stat="ac-parts"]'));
    expect(parts).toContain('bouclier -1');
    expect(parts).toContain('DEX -2');
    expect(parts).toContain('magie -1');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.placeToken('Gord', 0, 0);
    await table.placeToken('Gnoll', 3, 0);
    const combat = await table.startEncounter('Gord', 'Gnoll');
    await startRound(table);
    const gnoll = combat.combatants.find((c: any) => c.name === 'Gnoll').id;
    await declare(alice, combat, 'Gord', { action: 'shieldRush', targetId: gnoll, rushDistance: 4.5 });
    await declare(gm, combat, 'Gnoll', { action: 'attack' });
    await gm.target('Gord');
    table.dice.push([20, 2]);
    // The sheet's 1, + 1 (rush) + 2 (the DEX part, no more): 4.
    const card = text(await attackFromSheet(gm, 'Gnoll', 'Hallebarde'));
    expect(card).toContain('TAC0 19 − CA 4 = 15');
    expect(table.errors()).toEqual([]);
  });

  it("G-G3 the gnoll's size STR 20 holds its halberd in the contest, but its own blow adds no STR", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Gnoll');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Gnoll', 1, 0);
    await alice.target('Gnoll');
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'seizeObject', freeHands: 1 });
    // Drevin 3: 18 − 3 = +15; the gnoll (size L, no STR score) 4: 20 − 4 = +16 keeps it.
    // With a man-sized 15 it would have lost (+11).
    table.dice.push([20, 3], [20, 4]);
    await gm.press('Épreuve de force', gm.lastMessage());
    const contest = text(gm.lastMessage());
    expect(contest).toContain('att. 3 (+15) / déf. 4 (+16)');
    expect(contest).not.toContain("L'objet est pris");
    // The gnoll's halberd on Drevin: its entry's 1d10, nothing from the size estimate.
    await gm.target(DREVIN);
    table.dice.push([20, 19], [10, 5]);
    const blow = text(await attackFromSheet(gm, 'Gnoll', 'Hallebarde'));
    expect(blow).toContain('Touché');
    expect(blow).not.toContain('Force');
    expect(blow).toMatch(/Dés 1d10 : 5 Dégâts 5 /);
    expect(table.errors()).toEqual([]);
  });

  it("G-G1 Drevin grabs the orc's glass vial: the STR contest, then the fragile object's save breaks it", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    await alice.target('Orque');
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', {
      manoeuvre: 'seizeObject',
      freeHands: 1,
      fragile: 'glass',
    });
    // Contest: Drevin 3 (18 − 3 = +15) beats the orc 14 (+1); glass saves on 20: 12 breaks it.
    table.dice.push([20, 3], [20, 14], [20, 12]);
    await table.gm.press('Épreuve de force', table.gm.lastMessage());
    const after = text(table.gm.lastMessage());
    expect(after).toContain("Sauvegarde de l'objet 12 / 20 G-G1");
    expect(after).toContain("L'objet se brise dans la lutte. G-G1");
    expect(after).not.toContain("L'objet est pris.");
    expect(table.errors()).toEqual([]);
  });

  it("G-D4 Kael shoots at the orc's axe to disarm it: no extra penalty for an arrow; a shield cannot be shot away", async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(KAEL, 0, 0);
    await table.placeToken('Orque', 8, 0);
    await alice.target('Orque');
    table.dice.push([20, 18]);
    const card = text(await attackFromSheet(alice, KAEL, 'Arc long', { manoeuvre: 'disarm' }));
    expect(card).toContain('12 m (scène)');
    expect(card).toContain('Désarmement −4 G-D1');
    expect(card).not.toContain('Petite arme lancée');
    const refused = await refusedFromSheet(alice, KAEL, 'Arc long', { manoeuvre: 'disarm', grip: 'shield' });
    expect(refused).toContain(
      "Un projectile ne désarme qu'une arme tenue à une main (échec contre arme à deux mains ou bouclier). (G-D1)",
    );
    expect(table.errors()).toEqual([]);
  });

  it("G-SH1 an off-hand shield punch at −4 loses the shield's AC: a specialist gets it back at his next attack, others at the round's end", async () => {
    // These card steps are played out of the round's order: the world lets players attack at any
    // moment (setting attackTurnOrder off; the order itself is proven in greyhawk-turns).
    const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const combat = await table.startEncounter(DREVIN, 'Orque');
    await startRound(table);
    const orcBlow = async () => {
      await gm.target(DREVIN);
      table.dice.push([20, 2]);
      return text(await attackFromSheet(gm, 'Orque', 'Hache de bataille'));
    };
    // Drevin, shield specialist: 10 + 2 STR − 4 off hand = 8 ≥ 8 (THAC0 14 vs AC 6); 1d3 2 + 3.
    await alice.target('Orque');
    table.dice.push([20, 10], [3, 2]);
    const punch = text(
      await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'shieldPunchOffHand' }),
    );
    expect(punch).toContain('Coup de bouclier (main secondaire) G-SH1');
    expect(punch).toContain('−4 G-ST3');
    expect(punch).toContain('Total 8');
    expect(punch).toContain("Le bouclier ne protège plus jusqu'à la prochaine attaque (spécialiste). G-SH1");
    // The orc now meets AC 4, not 3.
    expect(await orcBlow()).toContain('TAC0 19 − CA 4 = 15');
    // Drevin's next attack brings the shield back.
    await alice.target('Orque');
    table.dice.push([20, 3]);
    await attackFromSheet(alice, DREVIN, 'Épée longue');
    expect(await orcBlow()).toContain('TAC0 19 − CA 3 = 16');

    // Without the specialisation the shield stays down to the round's end, attack or not.
    await alice.actor(DREVIN).update({ system: { styles: { shield: null } } });
    await table.settle();
    await alice.target('Orque');
    table.dice.push([20, 10], [3, 2]);
    const plain = text(
      await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'shieldPunchOffHand' }),
    );
    expect(plain).toContain("Le bouclier ne protège plus jusqu'à la fin du round. G-SH1");
    await alice.target('Orque');
    table.dice.push([20, 3]);
    await attackFromSheet(alice, DREVIN, 'Épée longue');
    expect(await orcBlow()).toContain('TAC0 19 − CA 4 = 15');
    await nextRound(table, combat.id);
    expect(await orcBlow()).toContain('TAC0 19 − CA 3 = 16');
    expect(table.errors()).toEqual([]);
  });

  it('G-D3 the orc spends its attack to realign its knocked shield: AC back at once; with no attack left it cannot; a player asks the GM', async () => {
    // These card steps are played out of the round's order: the world lets players attack at any
    // moment (setting attackTurnOrder off; the order itself is proven in greyhawk-turns).
    const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
    const alice = table.seat('Alice');
    const bruno = table.seat('Bruno');
    const gm = table.gm;
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken(AYLA, 0, 1);
    await table.placeToken('Orque', 1, 0);
    const combat = await table.startEncounter(DREVIN, AYLA, 'Orque');
    await startRound(table);
    await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    const orc = () => gm.actor('Orque');
    const knock = async (seat: Seat, who: string, d20: number, target = 'Orque') => {
      await seat.target(target);
      table.dice.push([20, d20]);
      await attackFromSheet(seat, who, 'Épée longue', { manoeuvre: 'disarm', grip: 'shield' });
      await gm.press('Appliquer', gm.lastMessage());
    };
    // The attacks used this round, as the GM's sealed copy on the Combat holds them.
    const attacksUsed = (name: string): number => {
      const c = gm.game.combats.get(combat.id);
      const id = c.combatants.find((x: any) => x.name === name).id;
      return JSON.parse(c.system.sealed.budgets[id] as string).attacks.used;
    };
    await knock(alice, DREVIN, 15);
    expect(conditionsOf(orc()).shieldOffLine).toBe(true);
    const sheet = await gm.openSheet(orc());
    await gm.click('[data-action="realignShield"]', sheet);
    expect(conditionsOf(orc()).shieldOffLine).toBe(false);
    expect(text(gm.lastMessage())).toContain('Orque consacre une attaque du round à réaligner son bouclier');
    expect(attacksUsed('Orque')).toBe(1);
    // Ayla's blow meets AC 6 again.
    await bruno.target('Orque');
    table.dice.push([20, 2]);
    expect(text(await attackFromSheet(bruno, AYLA, 'Épée longue'))).toContain('TAC0 16 − CA 6 = 10');
    // Knocked aside again: the orc has no attack left, the shield stays aside.
    await knock(bruno, AYLA, 19);
    await gm.click('[data-action="realignShield"]', orc().sheet.element);
    expect(conditionsOf(orc()).shieldOffLine).toBe(true);
    expect(gm.warnings.join(' ')).toContain("Orque n'a plus d'attaque ce round");
    expect(attacksUsed('Orque')).toBe(1);
    // Ayla knocks Drevin's shield aside; Alice's button only asks: the GM spends the attack.
    await knock(bruno, AYLA, 20, DREVIN);
    expect(conditionsOf(alice.actor(DREVIN)).shieldOffLine).toBe(true);
    const before = attacksUsed(DREVIN);
    const own = await alice.openSheet(alice.actor(DREVIN));
    await alice.click('[data-action="realignShield"]', own);
    expect(conditionsOf(alice.actor(DREVIN)).shieldOffLine).toBe(false);
    expect(attacksUsed(DREVIN)).toBe(before + 1);
    expect(text(alice.lastMessage())).toContain(`${DREVIN} consacre une attaque du round`);
    expect(table.errors()).toEqual([]);
  });
});
