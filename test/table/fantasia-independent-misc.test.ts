/**
 * Independent reading of the Fantasia seed: a crossbow critical, cover, Lutte damage and holds,
 * the arquebus countdown and the end of a fight.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  advanceTo,
  attackFromSheet,
  attackFromSlot,
  cardRows,
  cardText,
  checkOf,
  declare,
  fighter,
  finishRound,
  gmClick,
  setItem,
} from './fantasia-independent-kit';

async function pair(attacker: string, changes: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'fantasia' });
  const a = await fighter(table, attacker, 'Tireur', changes, 'Alice');
  await fighter(table, 'Brigand', 'Brute');
  await table.placeToken('Tireur', 1, 1);
  await table.placeToken('Brute', 3, 1);
  const alice = table.seat('Alice');
  await alice.target('Brute');
  return { table, alice, gm: table.gm, a };
}

describe('Fantasia, independent reading: criticals at range and cover', () => {
  it('F-H5 F-H4 a critical crossbow bolt rolls its 2d4 twice, adds +2 once and no damage bonus', async () => {
    const { table, alice, gm } = await pair('Aventurière arbalétrière', { 'system.characteristics.FOR': 18 });
    table.dice.push([100, 4]);
    await attackFromSheet(alice, alice.actor('Tireur'), 'Arbalète');
    expect(checkOf(gm.lastMessage()).level).toBe('Critique');
    table.dice.push([4, 1], [4, 2], [4, 3], [4, 4]);
    await gm.press('Ne rien faire');
    const rows = cardRows(gm.lastMessage());
    expect(Object.keys(rows)).not.toContain('Bonus aux dommages');
    // 1 + 2 + 3 + 4 + 2 − 2 armour
    expect(rows['Dommages subis']).toBe('10');
  });

  it('F-D5 cover of 20 % brings Armes de mêlée 65 down to 45: a 45 hits', async () => {
    const { table, alice, gm } = await pair('Bretteur');
    table.dice.push([100, 45]);
    await attackFromSheet(alice, alice.actor('Tireur'), 'Épée fantasque', { cover: 20 });
    expect(checkOf(gm.lastMessage())).toMatchObject({ target: '/ 45 %', level: 'Réussite' });
  });

  it('F-D5 F-H5 cover of 70 % leaves 65 − 70 below zero, yet a 03 is still a critical', async () => {
    const { table, alice, gm } = await pair('Bretteur');
    table.dice.push([100, 3]);
    await attackFromSheet(alice, alice.actor('Tireur'), 'Épée fantasque', { cover: 70 });
    expect(checkOf(gm.lastMessage()).level).toBe('Critique');
  });
});

describe('Fantasia, independent reading: Lutte', () => {
  /** The Chef brigand (Lutte 60, FOR 15 + TAI 14 → +1d4) grapples Aline (FOR 13). */
  async function grapple() {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const chef = await fighter(table, 'Chef brigand', 'Chef', { 'system.skills.lutte': 60 });
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Chef', 2, 1);
    await table.gm.target('Aline');
    return { table, gm: table.gm, alice: table.seat('Alice'), chef };
  }

  it('F-U2 a Lutte blow is 2d3 read from two d6 halved: 5 and 6 give 3 + 3', async () => {
    const { table, gm, alice, chef } = await grapple();
    table.dice.push([100, 20]);
    await attackFromSheet(gm, chef, 'Lutte');
    table.dice.push([6, 5], [6, 6], [4, 1]);
    await alice.press('Ne rien faire');
    const rows = cardRows(gm.lastMessage());
    expect(rows['Arme']).toContain('2d3');
    expect(rows['Arme']).toMatch(/= 6$/);
  });

  it('F-U3 a strangled victim breaks free on FOR 13 against FOR 15 at exactly 40 %', async () => {
    const { table, gm, alice, chef } = await grapple();
    table.dice.push([100, 20]);
    await attackFromSheet(gm, chef, 'Lutte', { lutte: 'strangle' });
    await alice.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(gm.actor('Aline').system.states.strangledBy).not.toBe('');
    table.dice.push([100, 40]);
    await alice.press('Se dégager (FOR/FOR)');
    const text = cardText(gm.lastMessage());
    expect(text).toMatch(/13 (vs|contre) 15 → 40 %/);
    expect(text).toContain('La victime se dégage.');
    expect(gm.actor('Aline').system.states.strangledBy).toBe('');
  });
});

describe('Fantasia, independent reading: the arquebus countdown and the end of a fight', () => {
  it('F-W6 an arquebus fired in round 1 needs 1d4+3 rounds: a 1 on the d4 shows 4 rounds to reload', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', { 'system.characteristics.FOR': 16 }, 'Alice');
    await fighter(table, 'Brigand', 'Brute');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Brute', 4, 1);
    const alice = table.seat('Alice');
    const gm = table.gm;
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', 'Arquebuse'));
    await setItem(table, gm.actor('Aline'), 'Arquebuse', { 'system.drawn': true });
    await table.startEncounter('Aline', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Aline', [{ kind: 'shoot', weapon: 'Arquebuse', target: 'Brute' }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Tirer');
    table.dice.push([100, 2]);
    await attackFromSlot(alice, 'Aline');
    await alice.press('Ne rien faire').catch(() => undefined);
    await gm.press('Ne rien faire').catch(() => undefined);
    table.dice.push([4, 1]);
    await finishRound(table);
    const sheet = await alice.openSheet(alice.actor('Aline'));
    expect(sheet.querySelector('[data-reload-left]')?.getAttribute('data-reload-left')).toBe('4');
  });

  it('F-R1 with the only foe out of the fight, no new round starts', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    await fighter(table, 'Brigand', 'Brute');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Brute', 2, 1);
    const combat = await table.startEncounter('Aline', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    await declare(table.seat('Alice'), 'Aline', [{ kind: 'other' }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    const row = [...gm.tracker.querySelectorAll<HTMLElement>('.pda-slot')].find(
      (li) => li.querySelector('.pda-name')?.textContent?.trim() === 'Brute',
    );
    const skull = gm.tracker.querySelector<HTMLElement>(
      `[data-action="pdaToggleDefeated"][data-combatant-id="${row?.dataset.combatantId ?? ''}"]`,
    );
    if (skull) await gm.click(skull);
    else await combat.combatants.find((c: { name: string }) => c.name === 'Brute').update({ defeated: true });
    await table.settle();
    await finishRound(table);
    expect(gm.game.combat.round).toBe(1);
    expect(gm.warnings.join(' ')).toContain('Il ne reste pas assez de combattants');
  });
});
