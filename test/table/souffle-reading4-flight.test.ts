/**
 * A fourth independent reading of seed 003's flight and opportunity clauses (S-FL1, S-AT6), played
 * at the table: a free runner, a flanked runner at the threshold, a slowed runner across rounds, and
 * token moves on the canvas near one, two or no foes.
 * Written from the seed, the harness and the table kits only (no system code read).
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import {
  LONG_SWORD,
  cardButtons,
  sheetAction,
  souffleTable,
  startFight,
  text,
  type FighterSpec,
  type Posture,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

/**
 * Basile (Bruno) between the GM's Cyr (east) and Dame (south, unless moved), Aude (Alice) far off.
 * Initiative: Aude 9, Basile 5, Cyr 3, Dame 2.
 */
async function flightTable(
  over: { Basile?: Partial<FighterSpec>; Cyr?: Partial<FighterSpec>; Dame?: Partial<FighterSpec> } = {},
  postures: { Basile?: Posture; Cyr?: Posture } = {},
): Promise<Table> {
  const table = await souffleTable([
    { name: 'Aude', owner: 'Alice', weapons: [LONG_SWORD], at: [1, 8] },
    { name: 'Basile', owner: 'Bruno', weapons: [LONG_SWORD], at: [2, 1], ...over.Basile },
    { name: 'Cyr', type: 'adversaire', weapons: [LONG_SWORD], at: [3, 1], ...over.Cyr },
    { name: 'Dame', type: 'adversaire', weapons: [LONG_SWORD], at: [2, 2], ...over.Dame },
  ]);
  await startFight(table, ['Aude', 'Basile', 'Cyr', 'Dame'], [9, 5, 3, 2], {
    Aude: 'prudent',
    Basile: postures.Basile ?? 'prudent',
    Cyr: postures.Cyr ?? 'prudent',
    Dame: 'prudent',
  });
  return table;
}

/** Bruno targets Cyr and presses Fuir on Basile's sheet, then answers the flight dialog. */
async function basileFlees(
  table: Table,
  situation: 'libre' | 'tenaille' | 'coince',
  threshold = 8,
  dice: readonly (number | [number, number])[] = [],
): Promise<void> {
  const bruno = table.seat('Bruno');
  await bruno.target('Cyr');
  await sheetAction(bruno, 'Basile', '[data-action="flee"]');
  table.dice.push(...dice);
  if (bruno.dialogs().length) await bruno.answerDialog({ situation, threshold }, 'flee');
}

const fleeCards = (table: Table): HTMLElement[] =>
  table.gm.messages().filter((m) => text(m).includes('tente de fuir'));
const opportunityCards = (table: Table): HTMLElement[] =>
  table.gm.messages().filter((m) => text(m).includes("Attaque d'opportunité contre"));

/** Bruno drags Basile's token to grid square (col, row). */
async function moveBasile(table: Table, col: number, row: number): Promise<void> {
  await table
    .seat('Bruno')
    .token('Basile')
    .document.update({ x: col * 100, y: row * 100 });
  await table.settle();
}

describe('S-FL1 fleeing, read from the seed', () => {
  it('S-FL1 a runner with a free way (libre) gets away with no defence roll', async () => {
    const table = await flightTable();
    const before = table.dice.rolled.length;
    await basileFlees(table, 'libre');
    expect(text(fleeCards(table).at(-1))).toContain("Basile s'échappe");
    expect(table.dice.rolled.length).toBe(before);
  });

  it('S-FL1 a flanked runner whose defence reaches the threshold exactly gets away (6 + défense 2 = 8 against 8)', async () => {
    const table = await flightTable();
    // Prudent, no armour: level 0, the worse of 2d10.
    await basileFlees(table, 'tenaille', 8, [
      [10, 9],
      [10, 6],
    ]);
    const card = text(fleeCards(table).at(-1));
    expect(card).toContain('6 + 2 = 8');
    expect(card).toContain("Basile s'échappe");
  });

  it('S-FL1 one short of the threshold (7 against 8): the GM chooses between an attack and slowing him', async () => {
    const table = await flightTable();
    await basileFlees(table, 'coince', 8, [
      [10, 5],
      [10, 9],
    ]);
    const card = fleeCards(table).at(-1)!;
    expect(text(card)).toContain('5 + 2 = 7');
    expect(text(card)).toContain("Basile ne s'échappe pas");
    expect(cardButtons(table.gm, card)).toEqual(expect.arrayContaining(["Attaque d'opportunité", 'Freiné']));
  });

  it('S-FL1 the flight defence counts the shield like any defence: prudent + shield +1 rolls 1d10', async () => {
    const table = await flightTable({
      Basile: { armours: [{ name: 'Rondache', kind: 'bouclier', defence: 1 }] },
    });
    await basileFlees(table, 'tenaille', 8, [[10, 7]]);
    const card = text(fleeCards(table).at(-1));
    expect(card).toContain('1d10 : 7');
    expect(card).toContain('7 + 2 = 9');
  });

  it('S-FL1 freiné: no new flight before the round is over, then the next round he may try again', async () => {
    const table = await flightTable();
    await basileFlees(table, 'tenaille', 8, [
      [10, 1],
      [10, 1],
    ]);
    const gm = table.gm;
    await gm.press('Freiné', fleeCards(table).at(-1));
    const cards = fleeCards(table).length;
    await basileFlees(table, 'libre');
    expect(fleeCards(table).length, 'a second flight the same round is refused').toBe(cards);
    expect(table.seat('Bruno').warnings.at(-1)).toContain('freiné');
    // Everyone's slot is closed, then the GM starts the next round.
    for (let i = 0; i < 4; i++) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await gm.click('[data-action="pdaNextRound"]', gm.tracker);
    if (gm.tracker.querySelector('[data-action="pdaStartPasses"]'))
      await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    await basileFlees(table, 'libre');
    expect(fleeCards(table).length).toBe(cards + 1);
    expect(text(fleeCards(table).at(-1))).toContain("Basile s'échappe");
  });
});

describe('S-AT6 leaving a foe’s reach on the canvas, read from the seed', () => {
  it('S-AT6 a runner who drags his token away from one adjacent foe: that foe is offered an opportunity attack, and it strikes him', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await moveBasile(table, 2, 6);
    const card = opportunityCards(table).at(-1);
    expect(card, 'an opportunity card is posted').toBeTruthy();
    expect(cardButtons(table.gm, card).some((b) => b.includes('Cyr'))).toBe(true);
    expect(cardButtons(table.gm, card).some((b) => b.includes('Dame'))).toBe(false);
    table.dice.push([12, 5]);
    await table.gm.press('Cyr', card);
    const attack = text(table.gm.lastMessage());
    expect(attack).toContain('Cyr attaque');
    expect(attack).toContain('contre Basile');
  });

  it('S-AT6 leaving two adjacent foes at once: both are offered their blow', async () => {
    const table = await flightTable();
    await moveBasile(table, 0, 6);
    const card = opportunityCards(table).at(-1);
    expect(card).toBeTruthy();
    const labels = cardButtons(table.gm, card);
    expect(labels.some((b) => b.includes('Cyr'))).toBe(true);
    expect(labels.some((b) => b.includes('Dame'))).toBe(true);
  });

  it('S-AT6 a step that stays within the foe’s reach (diagonal, 2.1 m) provokes nothing', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    const before = opportunityCards(table).length;
    await moveBasile(table, 2, 2);
    expect(opportunityCards(table).length).toBe(before);
  });

  it('S-AT6 a fighter who was at no one’s reach moves freely: no opportunity card', async () => {
    const table = await flightTable();
    const before = opportunityCards(table).length;
    await table.seat('Alice').token('Aude').document.update({ x: 500, y: 900 });
    await table.settle();
    expect(opportunityCards(table).length).toBe(before);
  });

  it('S-AT6 leaving a companion (same side) only is no opportunity for anyone', async () => {
    const table = await flightTable({ Cyr: { at: [9, 1] }, Dame: { at: [9, 3] } });
    // Aude steps next to Basile, then Basile walks away from her.
    await table.seat('Alice').token('Aude').document.update({ x: 100, y: 100 });
    await table.settle();
    const before = opportunityCards(table).length;
    await moveBasile(table, 2, 6);
    expect(opportunityCards(table).length).toBe(before);
  });

  it('S-AT6 each foe strikes once: a second press of the same foe’s button posts no second blow', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await moveBasile(table, 2, 6);
    const card = opportunityCards(table).at(-1)!;
    await table.gm.press('Cyr', card);
    const attacks = table.gm.messages().filter((m) => text(m).includes('Cyr attaque')).length;
    const again = table.gm.buttons(opportunityCards(table).at(-1)).find((b) => b.label.includes('Cyr'));
    if (again?.enabled) await table.gm.click(again.el);
    expect(table.gm.messages().filter((m) => text(m).includes('Cyr attaque')).length).toBe(attacks);
  });

  it('S-AT6 an unconscious (assommé) foe gets no opportunity blow', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await sheetAction(table.gm, 'Cyr', '[data-action="toggleState"][data-state="assomme"]');
    await moveBasile(table, 2, 6);
    const card = opportunityCards(table).at(-1);
    if (card) {
      const cyr = table.gm.buttons(card).find((b) => b.label.includes('Cyr'));
      if (cyr?.enabled) await table.gm.click(cyr.el);
    }
    expect(table.gm.messages().some((m) => text(m).includes('Cyr attaque'))).toBe(false);
  });

  it('S-AT6 the opportunity blow is passive: the prudent striker keeps his one action for his own turn', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await moveBasile(table, 2, 6);
    await table.gm.press('Cyr', opportunityCards(table).at(-1));
    const row = [...table.gm.tracker.querySelectorAll('li.pda-slot')].find((li) => text(li).includes('Cyr'));
    expect(text(row)).toContain('○');
    expect(text(row)).not.toContain('●');
  });
  it('S-FL1 a runner the GM slowed (freiné) cannot simply drag his token out of the pursuer’s reach that round', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await basileFlees(table, 'tenaille', 8, [
      [10, 1],
      [10, 1],
    ]);
    await table.gm.press('Freiné', fleeCards(table).at(-1));
    await moveBasile(table, 2, 7);
    const t = table.gm.token('Basile').document;
    const cyr = table.gm.token('Cyr').document;
    // Still within reach of Cyr (2.5 m between centres: at most one square away).
    expect(Math.max(Math.abs(t.x - cyr.x), Math.abs(t.y - cyr.y))).toBeLessThanOrEqual(100);
  });

  it('S-AT6 the runner struck by an opportunity blow defends as usual (he is not defenceless)', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await moveBasile(table, 2, 6);
    table.dice.push([12, 9]);
    await table.gm.press('Cyr', opportunityCards(table).at(-1));
    const bruno = table.seat('Bruno');
    expect(text(bruno.lastMessage())).toContain('Cyr attaque');
    table.dice.push([10, 5], [10, 7]);
    await declineForcing(table);
    await bruno.press('Parer', bruno.lastMessage());
    // 12 − 5 − 2 − 1 = 4.
    expect(text(bruno.lastMessage())).toContain('12 − 5 − 2 − 1 = 4');
  });

  it('S-AT6 an unconscious (assommé) fighter’s token cannot be dragged away, and no opportunity follows', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await sheetAction(table.gm, 'Basile', '[data-action="toggleState"][data-state="assomme"]');
    const before = opportunityCards(table).length;
    await moveBasile(table, 2, 6);
    expect(table.gm.token('Basile').document.y).toBe(100);
    expect(opportunityCards(table).length).toBe(before);
  });
  it('S-FL1 / S-AT6 a runner who got away (flanked, defence made) then walks off: no opportunity blow is offered', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    await basileFlees(table, 'tenaille', 8, [
      [10, 9],
      [10, 8],
    ]);
    expect(text(fleeCards(table).at(-1))).toContain("Basile s'échappe");
    const before = opportunityCards(table).length;
    await moveBasile(table, 2, 6);
    expect(opportunityCards(table).length).toBe(before);
  });

  it('S-P4 / S-FL1 a défensif fighter may still flee (a move, not an action), at his +2 defence', async () => {
    const table = await flightTable({}, { Basile: 'defensif' });
    await basileFlees(table, 'tenaille', 8, [[12, 7]]);
    const card = text(fleeCards(table).at(-1));
    expect(card).toContain('1d12 : 7');
    expect(card).toContain("Basile s'échappe");
  });
  it('S-MN2 / S-AT6 picking a weapon up next to a foe and a companion: only the foe is offered the blow', async () => {
    const table = await flightTable({ Dame: { at: [8, 8] } });
    const gm = table.gm;
    // Aude stands by Basile (a companion), Cyr is the foe.
    await table.seat('Alice').token('Aude').document.update({ x: 100, y: 100 });
    await table.settle();
    await sheetAction(gm, 'Basile', '[data-action="toggleState"][data-state="desarme"]');
    // Aude's slot closed: Basile's turn.
    await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    await sheetAction(table.seat('Bruno'), 'Basile', '[data-action="pickUp"]');
    expect(gm.actor('Basile').statuses.has('desarme')).toBe(false);
    const card = opportunityCards(table).at(-1);
    expect(card, 'an opportunity card is posted').toBeTruthy();
    const labels = cardButtons(gm, card);
    expect(labels.some((b) => b.includes('Cyr'))).toBe(true);
    expect(labels.some((b) => b.includes('Aude'))).toBe(false);
  });
});
