/**
 * Independent reading of the Fantasia seed: the arquebus (strength, Chance roll, incident
 * table), the whip, Lutte and the weapon a thrust belongs to, played from the sheet and the card.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  attackFromSheet,
  cardText,
  checkOf,
  fighter,
  setItem,
  thrustsOffered,
} from './fantasia-independent-kit';

/** Aline (Bretteur, Chance 11 → Chance roll 55 %) with an arquebus in hand, Brute 4.5 m away. */
async function gunner(FOR: number) {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Bretteur', 'Aline', { 'system.characteristics.FOR': FOR }, 'Alice');
  await fighter(table, 'Brigand', 'Brute');
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Brute', 4, 1);
  const alice = table.seat('Alice');
  const gm = table.gm;
  await alice.target('Brute');
  await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', 'Arquebuse'));
  await setItem(table, gm.actor('Aline'), 'Arquebuse', { 'system.drawn': true });
  return { table, alice, gm };
}

async function weaponDialog(seat: ReturnType<Table['seat']>, actor: unknown, weapon: string) {
  const sheet = await seat.openSheet(actor);
  const b = [...sheet.querySelectorAll<HTMLElement>('[data-action="useWeapon"]')].find(
    (x) => x.textContent?.trim() === weapon,
  )!;
  await seat.click(b);
  return seat.dialog();
}

describe('Fantasia, independent reading: the arquebus', () => {
  it('F-W6 FOR 15 handles the arquebus alone: no helper is asked', async () => {
    const { alice } = await gunner(15);
    const dialog = await weaponDialog(alice, alice.actor('Aline'), 'Arquebuse');
    expect(dialog.querySelector('[name="assisted"]')).toBeNull();
  });

  it('F-W6 FOR 14 alone is refused; with a companion holding it the shot goes', async () => {
    const { table, alice, gm } = await gunner(14);
    const before = gm.messages().length;
    const dialog = await weaponDialog(alice, alice.actor('Aline'), 'Arquebuse');
    expect(dialog.querySelector('[name="assisted"]')).not.toBeNull();
    await alice.answerDialog({ assisted: false }, 'attack');
    expect(alice.warnings.join(' ')).toContain('FOR 15');
    expect(gm.messages().length).toBe(before);
    table.dice.push([100, 3]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Arquebuse', { assisted: true });
    expect(gm.messages().length).toBe(before + 1);
  });

  it('F-W6 a missed shot with the Chance roll made (55 against 55 %) has no incident', async () => {
    const { table, alice, gm } = await gunner(15);
    table.dice.push([100, 50]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Arquebuse');
    table.dice.push([100, 55]);
    await alice.press('Jet de Chance');
    expect(table.dice.pending).toBe(0);
    const card = cardText(gm.lastMessage());
    expect(card).toContain('55 / 55 % Réussite');
    for (const incident of ['Raté, rien de grave', 'Pas assez de poudre', 'Trop de poudre', "L'arme explose"])
      expect(card).not.toContain(incident);
  });

  const incidents: [number, string][] = [
    [50, 'Raté, rien de grave'],
    [51, 'Pas assez de poudre'],
    [70, 'Pas assez de poudre'],
    [71, 'Trop de poudre'],
    [94, 'Trop de poudre'],
  ];
  for (const [roll, text] of incidents) {
    it(`F-W6 Chance failed (56), incident table at ${roll}: ${text}`, async () => {
      const { table, alice, gm } = await gunner(15);
      table.dice.push([100, 50]);
      await attackFromSheet(alice, alice.actor('Aline'), 'Arquebuse');
      table.dice.push([100, 56], [100, roll], [4, 2]);
      await alice.press('Jet de Chance');
      const card = cardText(gm.lastMessage());
      expect(card).toContain(text);
      if (text === 'Trop de poudre') expect(card).toContain('10 rounds (doublé)');
    });
  }

  it('F-W6 incident 95: the gun bursts, 1d6 to the shooter', async () => {
    const { table, alice, gm } = await gunner(15);
    table.dice.push([100, 50]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Arquebuse');
    table.dice.push([100, 56], [100, 95], [6, 4]);
    await alice.press('Jet de Chance');
    expect(cardText(gm.lastMessage())).toContain("L'arme explose");
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(gm.actor('Aline').system.pv.value).toBe(8);
  });
});

describe('Fantasia, independent reading: thrusts belong to a weapon', () => {
  it('F-B1 a thrust of the épée fantasque cannot be placed with an arquebus', async () => {
    const { alice } = await gunner(15);
    // The dialog does not offer it, and says why (corrected from "refused after Attaquer": the
    // issue asks the dialog to offer only what the weapon allows).
    const { offered, impossible } = await thrustsOffered(alice, alice.actor('Aline'), 'Arquebuse');
    expect(offered).not.toContain('desarmement');
    expect(impossible).toContain('Désarmement (-10 %) — pas avec cette arme');
  });
});

describe('Fantasia, independent reading: whip and Lutte', () => {
  /** The Chef brigand (fouet 1d3, Armes de mêlée 60) against Aline. */
  async function whip() {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const chef = await fighter(table, 'Chef brigand', 'Chef');
    await setItem(table, chef, 'Fouet', { 'system.drawn': true });
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Chef', 2, 1);
    await table.gm.target('Aline');
    return { table, gm: table.gm, chef };
  }

  it('F-W2 a critical whip lash trips the foe by choice, with no FOR/TAI roll', async () => {
    const { table, gm, chef } = await whip();
    table.dice.push([100, 2]);
    await attackFromSheet(gm, chef, 'Fouet', { whip: 'trip' });
    expect(checkOf(gm.lastMessage()).level).toBe('Critique');
    await gm.press('Ne rien faire');
    for (const label of ['Appliquer', 'Faire tomber'])
      if (gm.buttons().some((b) => b.label.includes(label) && b.enabled)) await gm.press(label);
    const d100s = table.dice.rolled.filter((d) => d.faces === 100);
    expect(d100s).toHaveLength(1);
    expect(gm.actor('Aline').system.states.fallen).toBe(true);
  });

  it("F-W2 a whip hit deals the whip's 1d3", async () => {
    const { table, gm, chef } = await whip();
    table.dice.push([100, 30]);
    await attackFromSheet(gm, chef, 'Fouet');
    await gm.press('Ne rien faire');
    const text = cardText(gm.lastMessage());
    expect(text).toContain('1d3');
  });

  it('F-U3 a Lutte hit that throws down leaves the foe fallen, with no FOR/FOR roll', async () => {
    const { table, gm, chef } = await whip();
    await chef.update({ 'system.skills.lutte': 50 });
    table.dice.push([100, 40]);
    await attackFromSheet(gm, chef, 'Lutte', { lutte: 'throw' });
    await gm.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(table.dice.rolled.filter((d) => d.faces === 100)).toHaveLength(1);
    expect(gm.actor('Aline').system.states.fallen).toBe(true);
  });
});
