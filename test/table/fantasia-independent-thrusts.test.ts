/**
 * Independent reading of the Fantasia seed: mastery, borrowed weapons and the effects of
 * several secret thrusts, and the resistance-table contests of the whip.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  attackFromSheet,
  cardRows,
  cardText,
  checkOf,
  fighter,
  setItem,
  thrustsOffered,
} from './fantasia-independent-kit';

/** Aline (Bretteur, Armes de mêlée 65, +1d4) attacks the Garde (épée longue drawn, Armes de mêlée
 * 50, petit bouclier +10, Esquive 25, cotte de mailles 5, 13 PV). Extra gear by name. */
async function bout(weapons: string[] = [], bottes: string[] = []) {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
  await fighter(table, 'Garde de la porte', 'Garde');
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Garde', 2, 1);
  const alice = table.seat('Alice');
  const gm = table.gm;
  for (const w of weapons) {
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', w));
    await setItem(table, gm.actor('Aline'), w, { 'system.drawn': true });
  }
  for (const b of bottes) await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-bottes', b));
  await alice.target('Garde');
  return { table, gm, alice };
}

function button(seat: ReturnType<Table['seat']>, start: string) {
  return seat.buttons().find((b) => b.label.startsWith(start));
}

async function finish(gm: ReturnType<Table['seat']>) {
  if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
}

describe('Fantasia, independent reading: mastery and borrowed weapons', () => {
  it('F-B6 Étranglement mastered (5 crosses for −5 %): the attacker rolls at 65, the guard still parries at 55', async () => {
    const { table, gm, alice } = await bout();
    await setItem(table, gm.actor('Aline'), 'Étranglement', { 'system.crosses': 5 });
    table.dice.push([100, 65]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'etranglement' });
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 65 %', level: 'Réussite' });
    expect(button(gm, 'Parer (Épée longue)')?.label).toContain('55 %');
  });

  it('F-B6 four crosses of five are not mastery: the attacker still rolls at 60', async () => {
    const { table, gm, alice } = await bout();
    await setItem(table, gm.actor('Aline'), 'Étranglement', { 'system.crosses': 4 });
    table.dice.push([100, 61]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'etranglement' });
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 60 %', level: 'Échec' });
  });

  it('F-B1 Désarmement with a gourdin (same skill, GM allows): −10 −10, the attack needs 45', async () => {
    const { table, gm, alice } = await bout(['Gourdin']);
    table.dice.push([100, 45]);
    // The GM's leave is asked on the GM's screen (corrected: no box in the player's dialog).
    await attackFromSheet(alice, alice.actor('Aline'), 'Gourdin', { thrustId: 'desarmement' });
    await gm.answerDialog({}, 'yes');
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 45 %', level: 'Réussite' });
  });

  it('F-B1 Désarmement with a gourdin without the GM’s leave is refused', async () => {
    const { table, gm, alice } = await bout(['Gourdin']);
    const before = gm.messages().length;
    table.dice.push([100, 45]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Gourdin', { thrustId: 'desarmement' });
    await gm.answerDialog({}, 'no');
    expect(alice.warnings.join(' ')).toContain("n'accorde pas Désarmement");
    expect(gm.messages().length).toBe(before);
  });

  it('F-B7 Baiser de Percesprit goes with a bow (Armes de tir) but is refused with a thrown javelin', async () => {
    const { table, gm, alice } = await bout(['Javelot', 'Arc'], ['Baiser de Percesprit']);
    await gm.actor('Aline').update({ 'system.skills.armesDeLancer': 60, 'system.skills.armesDeTir': 60 });
    await table.settle();
    const before = gm.messages().length;
    table.dice.push([100, 10]);
    // Not offered with the javelin; the dialog says why (corrected from a refusal after Attaquer).
    const javelin = await thrustsOffered(alice, alice.actor('Aline'), 'Javelot');
    expect(javelin.offered).not.toContain('baiserPercesprit');
    expect(javelin.impossible).toContain('Baiser de Percesprit (-25 %) — pas avec cette arme');
    expect(gm.messages().length).toBe(before);
    await attackFromSheet(alice, alice.actor('Aline'), 'Arc', {
      thrustId: 'baiserPercesprit',
      'situation.initiative': true,
    });
    expect(gm.messages().length).toBe(before + 1);
    // 60 − 25
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 35 %', level: 'Réussite' });
  });
});

describe('Fantasia, independent reading: what the thrusts do', () => {
  it("F-B7 Pointe à l'occiput: (1d6+2 + 1d4) doubled and the mail ignored: (3 + 2 + 2) × 2 = 14", async () => {
    const { table, gm, alice } = await bout(['Épée longue'], ["Pointe à l'occiput"]);
    table.dice.push([100, 45]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée longue', {
      thrustId: 'pointeOcciput',
      'situation.above': true,
    });
    // 65 − 20
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 45 %', level: 'Réussite' });
    table.dice.push([6, 3], [4, 2]);
    await gm.press('Ne rien faire');
    expect(cardRows(gm.lastMessage())['Dommages subis']).toBe('14');
    await finish(gm);
    expect(gm.actor('Garde').system.pv.value).toBeLessThanOrEqual(0);
  });

  it('F-B7 Coup bestial: the 1d4 bonus is rolled twice; the guard parries at 60 − 4', async () => {
    const { table, gm, alice } = await bout([], ['Coup bestial']);
    table.dice.push([100, 60]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque', { thrustId: 'coupBestial' });
    // 65 − 5
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 60 %', level: 'Réussite' });
    expect(button(gm, 'Parer (Épée longue)')?.label).toContain('56 %');
    // 1d6 → 3, +1, bonus 1d4 → 2 and again → 4, mail −5: 5
    table.dice.push([6, 3], [4, 2], [4, 4]);
    await gm.press('Ne rien faire');
    expect(cardRows(gm.lastMessage())['Dommages subis']).toBe('5');
  });

  it('F-B7 Baiser de Percesprit that lands unparried kills the guard outright', async () => {
    const { table, gm, alice } = await bout(['Épée longue'], ['Baiser de Percesprit']);
    table.dice.push([100, 40]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée longue', {
      thrustId: 'baiserPercesprit',
      'situation.initiative': true,
    });
    // 65 − 25
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 40 %', level: 'Réussite' });
    await gm.press('Ne rien faire');
    await finish(gm);
    expect(gm.actor('Garde').system.states.dead).toBe(true);
  });

  it('F-B7 Baiser de Percesprit is refused without the initiative', async () => {
    const { table, gm, alice } = await bout(['Épée longue'], ['Baiser de Percesprit']);
    const before = gm.messages().length;
    table.dice.push([100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée longue', { thrustId: 'baiserPercesprit' });
    expect(alice.warnings.length).toBeGreaterThan(0);
    expect(gm.messages().length).toBe(before);
    expect(gm.actor('Garde').system.states.dead).toBe(false);
  });

  it('F-B7 the refusal of a thrust names the thrust and its condition in French words', async () => {
    const { table, alice } = await bout(['Épée longue'], ['Baiser de Percesprit']);
    table.dice.push([100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée longue', { thrustId: 'baiserPercesprit' });
    const warning = alice.warnings.join(' ');
    expect(warning).toContain('Baiser de Percesprit');
    expect(warning).toContain("avoir l'initiative");
  });

  it('F-B7 Faucheuse that lands leaves the guard unable to move', async () => {
    const { table, gm, alice } = await bout(['Épée longue'], ['Faucheuse']);
    table.dice.push([100, 60]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée longue', { thrustId: 'faucheuse' });
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 60 %', level: 'Réussite' });
    await gm.press('Ne rien faire');
    await finish(gm);
    expect(gm.actor('Garde').system.states.cannotMove).toBe(true);
  });

  it('F-B7 Feinte coupe-bras placed on a parry that fails to stop it costs the guard his sword arm', async () => {
    const { table, gm, alice } = await bout(['Épée longue'], ['Feinte coupe-bras']);
    table.dice.push([100, 40]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée longue', { thrustId: 'feinteCoupeBras' });
    // 65 − 15; the guard parries at 50 + 10 − 15 = 45 and rolls 80
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 50 %', level: 'Réussite' });
    expect(button(gm, 'Parer (Épée longue)')?.label).toContain('45 %');
    table.dice.push([100, 80]);
    await gm.press('Parer (Épée longue)');
    await finish(gm);
    expect(gm.actor('Garde').system.states.armLost).toBe(true);
  });
});

describe('Fantasia, independent reading: the whip on the resistance table', () => {
  /** The Chef brigand (FOR 15, DEX 14, fouet, Armes de mêlée 60) lashes Aline (TAI 12). */
  async function lash() {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const chef = await fighter(table, 'Chef brigand', 'Chef');
    await setItem(table, chef, 'Fouet', { 'system.drawn': true });
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Chef', 2, 1);
    await table.gm.target('Aline');
    return { table, gm: table.gm, chef };
  }

  for (const [roll, falls] of [
    [65, true],
    [66, false],
  ] as const) {
    it(`F-T1 F-W2 whip trip FOR 15 against TAI 12 is 65 %: a ${roll} ${falls ? 'trips' : 'does not trip'}`, async () => {
      const { table, gm, chef } = await lash();
      table.dice.push([100, 30]);
      await attackFromSheet(gm, chef, 'Fouet', { whip: 'trip' });
      // damage 1d3 (a halved d6) and the 1d4 bonus, then the contest
      table.dice.push([6, 2], [4, 1], [100, roll]);
      await gm.press('Ne rien faire');
      for (const label of ['Appliquer', 'Faire tomber'])
        if (gm.buttons().some((b) => b.label.includes(label) && b.enabled)) await gm.press(label);
      expect(cardText(gm.lastMessage())).toMatch(/15 (vs|contre) 12 → 65 %/);
      expect(gm.actor('Aline').system.states.fallen).toBe(falls);
    });
  }

  it('F-W2 whip disarm is a d100 under DEX × 3 (14 × 3 = 42): 42 disarms', async () => {
    const { table, gm, chef } = await lash();
    table.dice.push([100, 30]);
    await attackFromSheet(gm, chef, 'Fouet', { whip: 'disarm' });
    table.dice.push([6, 2], [4, 1], [100, 42]);
    await gm.press('Ne rien faire');
    for (const label of ['Appliquer', 'Désarmer'])
      if (gm.buttons().some((b) => b.label.includes(label) && b.enabled)) await gm.press(label);
    expect(cardText(gm.lastMessage())).toContain('La cible est désarmée.');
  });
});
