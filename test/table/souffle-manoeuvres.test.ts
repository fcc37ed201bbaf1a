/** Souffle manoeuvres at the table: each needs an aim (S-MN1..S-MN3), the opportunity card (S-AT6). */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { declineForcing } from './souffle-forcing';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const WARRIOR = "Gardien du Waka'Hata";

/** The warrior (Alice) next to the hunter (Bruno), no fight started. */
async function duel() {
  const table = await Table.open({ ruleset: 'souffle' });
  const alice = table.seat('Alice');
  const bruno = table.seat('Bruno');
  await table.importActor('souffle-combattants', WARRIOR, 'Alice');
  await table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
  await table.placeToken(WARRIOR, 1, 1);
  const hunter = await table.placeToken('Chasseur', 2, 1);
  // The GM makes the hunter's token hostile (token configuration): the two are foes.
  await hunter.update({ disposition: -1 });
  await table.settle();
  await alice.target('Chasseur');
  await bruno.target(WARRIOR);
  const aim = async (kind: string) => {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="aim"]')!);
    await alice.answerDialog({}, kind);
  };
  const attack = async (dice: [number, number][]) => {
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    table.dice.push(...dice);
    await alice.answerDialog({ characteristic: 'vigueur' });
  };
  return { table, alice, bruno, aim, attack };
}

describe('Souffle manoeuvres from the sheet', () => {
  it('S-MN1 a feint needs an aim first; then no +1, and the foe parries at −2 against that blow', async () => {
    const { table, alice, bruno, aim, attack } = await duel();
    // Without an aim the dialog offers no manoeuvre at all.
    const sheet = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(sheet.querySelector('[data-action="attack"]')!);
    expect(
      [...alice.dialog().querySelectorAll<HTMLOptionElement>('[name="aim"] option')].map((o) => o.value),
    ).toEqual(['']);
    await alice.answerDialog({}, 'cancel');
    await aim('feinte');
    expect(text(alice.lastMessage())).toContain('Au lieu du +1');
    await attack([
      [10, 1],
      [12, 7],
    ]);
    expect(text(alice.lastMessage())).toContain("Niveau d'avantage +8");
    // Prudent hunter: level 0 − 2 (feint) = −2 → 4d10 keep the worst.
    table.dice.push([10, 9], [10, 8], [10, 7], [10, 4]);
    await declineForcing(table);
    await bruno.press('Parer');
    const card = text(bruno.lastMessage());
    expect(card).toMatch(/Niveau d'avantage −2|Niveau d'avantage -2/);
    expect(card).toContain('Feinte −2');
    expect(card).toContain('10 − 4 − 3 − 2 = 1');
  });

  it('S-MN2 disarm: a normal blow, a failed geste + acuité test drops the weapon; picking it up provokes an opportunity card', async () => {
    const { table, alice, bruno, aim, attack } = await duel();
    await aim('desarmer');
    // The manoeuvre keeps the aim's +1: level 9 → 2d12 keep best.
    await attack([
      [12, 1],
      [12, 7],
    ]);
    table.dice.push([10, 8], [10, 3]);
    await declineForcing(table);
    await bruno.press('Parer');
    expect(text(bruno.lastMessage())).toContain('10 − 3 − 3 − 2 = 2');
    // geste 3 + acuité 4 − 2 taken = level 5 → 1d6+1d12 keep best: 4 < 6.
    table.dice.push([6, 2], [12, 4]);
    await bruno.press('Test contre le désarmement');
    await table.gm.press('Appliquer');
    expect(bruno.actor('Chasseur').statuses.has('desarme')).toBe(true);
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(sheet.querySelector('[data-action="pickUp"]')!);
    expect(bruno.actor('Chasseur').statuses.has('desarme')).toBe(false);
    const card = text(bruno.lastMessage());
    expect(card).toContain("Attaque d'opportunité contre Chasseur");
    expect(card).toContain('Chasseur ramasse son arme et s’expose'.replace('’', "'"));
    // Only the warrior's player (and the GM) may take it.
    expect(bruno.buttons().map((b) => b.label)).toEqual([]);
    expect(alice.buttons().map((b) => b.label.split(' S-')[0])).toEqual(["Gardien du Waka'Hata frappe"]);
  });

  it('S-AT6 the adversary takes the opportunity attack: a melee blow card against the fighter, once', async () => {
    const { table, alice, bruno } = await duel();
    // The GM sets the state (a player may not: docs/trust.md).
    await table.gm.actor('Chasseur').toggleStatusEffect('desarme', { active: true });
    await table.settle();
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(sheet.querySelector('[data-action="pickUp"]')!);
    const offer = alice.lastMessage();
    table.dice.push([10, 2], [12, 5]);
    await alice.press('frappe', offer);
    const blow = text(alice.lastMessage());
    expect(blow).toContain("Gardien du Waka'Hata attaque");
    expect(blow).toContain("Attaque d'opportunité : action passive, hors budget.");
    // Two long swords, vigueur 3, métier 4: +8 → 1d10+1d12, 5 + 3 = 8.
    expect(blow).toContain('Dégâts potentiels 8');
    expect(bruno.buttons().map((b) => b.label.split(' S-')[0])).toEqual(['Parer', 'Esquiver']);
    const after = [...alice.messages()].find((m) => text(m).includes("Attaque d'opportunité contre"));
    expect(alice.buttons(after).map((b) => b.enabled)).toEqual([false]);
    expect(text(after)).toContain("Gardien du Waka'Hata a porté son attaque d'opportunité.");
  });

  it('S-MN3 knock out needs a low defence and a blunt weapon: a prudent foe and long swords, the test refused with the reason', async () => {
    const { table, bruno, aim, attack } = await duel();
    await aim('assommer');
    // The manoeuvre keeps the aim's +1: level 9 → 2d12 keep best.
    await attack([
      [12, 1],
      [12, 7],
    ]);
    table.dice.push([10, 8], [10, 3]);
    await declineForcing(table);
    await bruno.press('Parer');
    const test = bruno.buttons().find((b) => b.label.includes("Test contre l'assommement"));
    expect(test?.enabled).toBe(false);
    // Attack +9 is advantageous, but the hunter defends at 0 and long swords are not blunt.
    expect(text(bruno.lastMessage())).toContain(
      'Assommer exige une attaque au moins avantageuse (ici 9), une défense au plus désavantageuse (ici 0)',
    );
    expect(bruno.actor('Chasseur').statuses.has('assomme')).toBe(false);
  });
});
