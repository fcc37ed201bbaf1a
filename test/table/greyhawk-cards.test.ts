/**
 * Greyhawk manoeuvres played as a person would (issue 15): a player attacks from the sheet with
 * a token targeted, answers the dialog, the defender or the GM rolls the follow-up from the card,
 * the GM applies. Each test checks the card's numbers and rule IDs and what the documents hold.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, disabledInDialog, rawAttack, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";
const NOT_PROFICIENT = `${DREVIN} n'est pas compétent avec Épée longue : pas de manœuvre spéciale. (G-W2)`;
const AYLA = 'Ayla, rôdeuse aux deux lames';

async function duel() {
  const table = await Table.open({ ruleset: 'greyhawk' });
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken(AYLA, 0, 1);
  await table.placeToken('Orque', 1, 0);
  const alice = table.seat('Alice');
  const bruno = table.seat('Bruno');
  await alice.target('Orque');
  await bruno.target('Orque');
  return { table, alice, bruno, gm: table.gm };
}

const statuses = (actor: any): string[] => [...actor.statuses].sort();

describe('Greyhawk manoeuvres through the sheet and the card', () => {
  it('G-P1 a kneeling target gives +1, and an orc knocked down by a rush is prone (+4) for the next attacker', async () => {
    const { table, alice, bruno, gm } = await duel();
    table.dice.push([20, 15], [8, 4]);
    const kneel = text(await attackFromSheet(alice, DREVIN, 'Épée longue', { position: 'kneeling' }));
    expect(kneel).toContain('Cible à genoux +1 G-P1');
    expect(kneel).toContain('Total 19');
    // G-SH2 rush with the medium shield, 6 m run-up: d20 15, 1d3 2; the orc fails to stay up.
    table.dice.push([20, 15], [3, 2]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', {
      manoeuvre: 'shieldRush',
      distance: 6,
      declared: true,
    });
    table.dice.push([20, 20]);
    await gm.press('Rester debout', gm.lastMessage());
    await gm.press('Appliquer', gm.lastMessage());
    expect(statuses(gm.actor('Orque'))).toEqual(['greyhawk-prone']);
    // Ayla does not pick the position: the card reads it from the orc.
    table.dice.push([20, 3]);
    const next = text(await attackFromSheet(bruno, AYLA, 'Épée longue'));
    expect(next).toContain('+4 G-P1');
    expect(table.errors()).toEqual([]);
  });

  it('G-SH2 a shield rush: +2 to hit, 1d3 + STR damage, the stay-up check rolled by the defender', async () => {
    const { table, alice, gm } = await duel();
    // Without the shield style's specialisation, the rusher's shield AC is lost to round end.
    await alice.actor(DREVIN).update({ system: { styles: { shield: null } } });
    await table.settle();
    table.dice.push([20, 6], [3, 2]);
    const card = text(
      await attackFromSheet(alice, DREVIN, 'Épée longue', {
        manoeuvre: 'shieldRush',
        distance: 6,
        declared: true,
      }),
    );
    // 6 + 2 STR + 2 rush = 10 ≥ 8; no specialisation bonus on a rush.
    expect(card).toContain('Charge +2 G-SH2');
    expect(card).not.toContain('Spécialisation');
    expect(card).toContain('Dés 1d3 : 2 Force +3 Dégâts 5');
    expect(alice.buttons(alice.lastMessage()).map((b) => b.label)).not.toContain('Rester debout (DEX)');
    table.dice.push([20, 1]);
    await gm.press('Rester debout', gm.lastMessage());
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Orque').system.hp.value).toBe(1);
    expect(statuses(gm.actor('Orque'))).toEqual([]);
    // The rusher's shield gives no AC until the round ends, the charge costs 1 AC and his DEX 15
    // bonus (G-SH2, issue 44): the orc's blow meets AC 3 + 1 + 1 + 1 = 6.
    expect(statuses(alice.actor(DREVIN))).toEqual(['greyhawk-rushing', 'greyhawk-shieldOffLine']);
    await gm.target(DREVIN);
    table.dice.push([20, 2]);
    expect(text(await attackFromSheet(gm, 'Orque', 'Hache de bataille'))).toMatch(/TAC0 \d+ − CA 6 = /);
    expect(table.errors()).toEqual([]);
  });

  it('G-SH1 a shield punch instead of the sword: no weapon bonuses, 1d3 + STR', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([20, 6], [3, 3]);
    const card = text(await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'shieldPunch' }));
    expect(card).toContain('Coup de bouclier G-SH1');
    expect(card).not.toContain('Spécialisation');
    expect(card).toContain('Total 8');
    expect(card).toContain('Dés 1d3+3 : 3 Dégâts 6');
    await gm.press('Appliquer', gm.lastMessage());
    expect(gm.actor('Orque').system.hp.value).toBe(0);
    expect(table.errors()).toEqual([]);
  });

  it('G-D1 a disarm sends the axe 1d6 feet in direction 1d6, and the orc is disarmed', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([20, 15]);
    const card = text(await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'disarm' }));
    expect(card).toContain('Désarmement −4 G-D1');
    table.dice.push([6, 4], [6, 3]);
    await alice.press('Issue du désarmement');
    expect(text(alice.lastMessage())).toContain('3 pieds, direction 4');
    await gm.press('Appliquer', gm.lastMessage());
    expect(statuses(gm.actor('Orque'))).toEqual(['greyhawk-disarmed']);
    expect(table.errors()).toEqual([]);
  });

  it('G-D5 an expert disarm at −8: the axe flies to the attacker, caught on a DEX check', async () => {
    const { table, alice } = await duel();
    table.dice.push([20, 19]);
    const card = text(await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'expertDisarm' }));
    expect(card).toContain('Désarmement expert −8 G-D5');
    expect(card).toContain('Total 14');
    table.dice.push([20, 2]);
    await alice.press('Issue du désarmement expert');
    // Drevin's DEX check (2): he catches the axe.
    const after = text(alice.lastMessage());
    expect(after).toContain("L'attaquant rattrape l'arme (DEX réussie). G-D5");
    expect(table.errors()).toEqual([]);
  });

  it('G-G1 seizing an object: the hit, then a STR contest rolled by the defender', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'seizeObject', freeHands: 1 });
    table.dice.push([20, 3], [20, 14]);
    await gm.press('Épreuve de force', gm.lastMessage());
    // Margins: Drevin 18 − 3 = 15, the orc 15 − 14 = 1.
    const after = text(gm.lastMessage());
    expect(after).toContain('Jet 1 att. 3 (+15) / déf. 14 (+1) G-G1');
    expect(after).toContain("L'objet est pris. G-G1");
    expect(table.errors()).toEqual([]);
  });

  it('G-G3 an orc without a STR score fights the contest with 15, its size M', async () => {
    const { table, alice, gm } = await duel();
    expect(gm.actor('Orque').system.hasStr).toBe(false);
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'seizeObject', freeHands: 1 });
    // Orc rolls 5: margin 15 − 5 = 10 (not 10 − 5 from the sheet's unused STR 10).
    table.dice.push([20, 10], [20, 5]);
    await gm.press('Épreuve de force', gm.lastMessage());
    const after = text(gm.lastMessage());
    expect(after).toContain('déf. 5 (+10)');
    expect(after).not.toContain("L'objet est pris");
    expect(table.errors()).toEqual([]);
  });

  it('G-W2 a fighter without the proficiency strikes at −2 and may not disarm', async () => {
    const { table, alice } = await duel();
    await alice.actor(DREVIN).update({ system: { proficiencies: ['dagger'], mastery: [] } });
    await table.settle();
    table.dice.push([20, 15], [8, 4]);
    const card = text(await attackFromSheet(alice, DREVIN, 'Épée longue'));
    expect(card).toContain('−2 G-W2');
    // Disarming is offered disabled, with the reason (the dialog knows it); the GM refuses it too.
    const disabled = await disabledInDialog(alice, DREVIN, 'Épée longue');
    expect(disabled).toContain(`Désarmement — impossible : ${NOT_PROFICIENT}`);
    const cards = alice.messages().length;
    const answer = await rawAttack(alice, DREVIN, 'Épée longue', 'Orque', { manoeuvre: 'disarm' });
    expect(answer).toMatchObject({
      ok: false,
      key: 'PDA.Error.Greyhawk.NotProficient',
      data: { cite: 'G-W2' },
    });
    expect(alice.messages().length).toBe(cards);
    expect(table.errors()).toEqual([]);
  });
});
