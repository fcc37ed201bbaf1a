import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import {
  attackFromSheet,
  CLUB,
  type FighterSpec,
  LONG_SWORD,
  type Posture,
  sheetAction,
  souffleCards,
  souffleTable,
  startFight,
  text,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

// Aude (Alice) against a Brigand run by the GM (another disposition): both with a club
// (1 + 1 + 1 = level 3 → d8 and d10) unless told otherwise.
const AUDE: FighterSpec = { name: 'Aude', owner: 'Alice', weapons: [CLUB], at: [1, 1] };
const BRIGAND: FighterSpec = { name: 'Brigand', weapons: [CLUB], at: [2, 1] };

async function fight(
  aude: Partial<FighterSpec>,
  brigand: Partial<FighterSpec>,
  postures: { Aude?: Posture; Brigand?: Posture } = {},
): Promise<Table> {
  const table = await souffleTable([
    { ...AUDE, ...aude },
    { ...BRIGAND, ...brigand },
  ]);
  await startFight(table, ['Aude', 'Brigand'], [9, 2], {
    Aude: postures.Aude ?? 'intrepide',
    Brigand: postures.Brigand ?? 'intrepide',
  });
  await table.seat('Alice').target('Brigand');
  return table;
}

const card = (table: Table): HTMLElement => souffleCards(table.gm).at(-1)!;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of the fake are untyped
function tokenDoc(table: Table, seatName: string, name: string): any {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of the fake are untyped
  const scene = table.seat(seatName).game.scenes.find((s: any) => s.active);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of the fake are untyped
  return scene.tokens.find((t: any) => t.name === name);
}

async function moveToken(
  table: Table,
  seatName: string,
  name: string,
  col: number,
  row: number,
): Promise<void> {
  try {
    await tokenDoc(table, seatName, name).update({ x: col * 100, y: row * 100 });
  } catch {
    // a refused move
  }
  await table.settle();
}

/** Aude grabs the Brigand: an intrépide's long action, 1d4 + vigueur each, then the GM applies. */
async function grab(
  table: Table,
  dice: readonly [number, number][] = [
    [4, 4],
    [4, 1],
  ],
): Promise<void> {
  table.dice.push(...dice);
  await sheetAction(table.seat('Alice'), 'Aude', '[data-action="grapple"]');
  await table.gm.press('Appliquer', card(table));
}

async function nextRound(table: Table): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const end = table.gm.tracker.querySelector<HTMLButtonElement>(
      '.pda-slot.current [data-action="pdaEndSlot"]',
    );
    if (!end) break;
    await table.gm.click(end);
  }
  await table.gm.click('[data-action="pdaNextRound"]', table.gm.tracker);
}

describe('Souffle, read afresh: states, grapple, flight and opportunity', () => {
  it('S-AT6 leaving an adjacent foe’s reach offers the foe an opportunity attack, outside his budget', async () => {
    const table = await fight({}, {}, { Brigand: 'prudent' });
    await moveToken(table, 'Alice', 'Aude', 8, 1);
    const offer = card(table);
    expect(text(offer)).toContain("Attaque d'opportunité contre Aude");
    table.dice.push([8, 2], [10, 7]);
    await table.gm.press('Brigand frappe', offer);
    const blow = card(table);
    expect(text(blow.querySelector('.pda-card__title'))).toContain('Brigand attaque');
    // the prudent Brigand still has his one short action for his own turn
    expect(text(table.gm.tracker)).toContain('Prudent ○');
  });

  it('S-AT6 a step that stays within the foe’s reach provokes nothing', async () => {
    const table = await fight({}, {});
    const before = souffleCards(table.gm).length;
    // (1,1) → (1,2): 2.1 m from the Brigand at (2,1)
    await moveToken(table, 'Alice', 'Aude', 1, 2);
    expect(souffleCards(table.gm).length).toBe(before);
  });

  it('S-GR1 an agrippé fighter cannot move: the player’s token move is refused', async () => {
    const table = await fight({}, {});
    // the Brigand's turn: he grabs Aude
    for (
      let i = 0;
      i < 4 && text(table.gm.tracker.querySelector('.pda-slot.current .pda-name')) !== 'Brigand';
      i++
    )
      await table.gm.click('.pda-slot.current [data-action="pdaEndSlot"]', table.gm.tracker);
    await table.gm.target('Aude');
    table.dice.push([4, 4], [4, 1]);
    await sheetAction(table.gm, 'Brigand', '[data-action="grapple"]');
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Aude').statuses.has('agrippe')).toBe(true);
    await moveToken(table, 'Alice', 'Aude', 1, 4);
    const token = tokenDoc(table, 'MJ', 'Aude');
    expect([token.x, token.y]).toEqual([100, 100]);
  });

  it('S-GR1 a grabbed target is defenceless: the next blow on it rolls no defence die', async () => {
    const table = await fight({ weapons: [CLUB] }, {});
    // a club in one hand leaves the other free
    await grab(table);
    await nextRound(table);
    const start = table.gm.tracker.querySelector('[data-action="pdaStartPasses"]');
    if (start) await table.gm.click(start);
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [8, 1],
      [10, 9],
    ]);
    const rolled = table.dice.rolled.length;
    await declineForcing(table);
    const offered = table.gm
      .buttons(card(table))
      .find((b) => b.enabled && /Parer|Esquiver|Aucun/.test(b.label));
    if (offered) await table.gm.click(offered.el);
    expect(table.dice.rolled.length).toBe(rolled);
    // 10 − 0 − 2 − 1 = 7
    expect(text(card(table))).toContain('= 7');
  });

  it('S-GR1 a holder strikes only bare-handed or with a light weapon: a long sword is refused during the hold', async () => {
    const table = await fight({ weapons: [LONG_SWORD] }, {});
    // a long sword in one hand leaves the other free
    await grab(table);
    expect(table.gm.actor('Brigand').statuses.has('agrippe')).toBe(true);
    await nextRound(table);
    const start = table.gm.tracker.querySelector('[data-action="pdaStartPasses"]');
    if (start) await table.gm.click(start);
    const before = souffleCards(table.gm).length;
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [5, 5]);
    expect(souffleCards(table.gm).length).toBe(before);
    expect(table.seat('Alice').warnings.join(' ')).toContain('Pendant une prise');
  });

  it('S-GR1 a grapple against a sans défense target succeeds without an opposed roll', async () => {
    const table = await fight({ weapons: [] }, {});
    await sheetAction(table.gm, 'Brigand', '[data-action="toggleState"][data-state="sansDefense"]');
    const rolled = table.dice.rolled.length;
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="grapple"]');
    expect(table.dice.rolled.length).toBe(rolled);
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Brigand').statuses.has('agrippe')).toBe(true);
  });

  it('S-GR1 a failed grapple (attacker not higher) changes nothing', async () => {
    const table = await fight({ weapons: [] }, {});
    table.dice.push([4, 2], [4, 2]);
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="grapple"]');
    const apply = table.gm.buttons(card(table)).find((b) => b.label.includes('Appliquer'));
    if (apply?.enabled) await table.gm.click(apply.el);
    expect(table.gm.actor('Brigand').statuses.has('agrippe')).toBe(false);
  });

  it('S-GR1 a fighter with a two-handed weapon in hand has no free hand to grapple', async () => {
    const table = await fight(
      { weapons: [{ name: 'Hache à deux mains', category: 'lourde', advantage: -1, damage: 5, hands: 2 }] },
      {},
    );
    const before = souffleCards(table.gm).length;
    table.dice.push([4, 4], [4, 1]);
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="grapple"]');
    expect(souffleCards(table.gm).length).toBe(before);
    expect(table.seat('Alice').warnings.join(' ')).toContain('main libre');
  });

  it('S-FL1 a grabbed fighter cannot flee', async () => {
    const table = await fight({ weapons: [] }, {});
    await grab(table);
    const before = souffleCards(table.gm).length;
    await sheetAction(table.gm, 'Brigand', '[data-action="flee"]');
    if (table.gm.dialogs().length) await table.gm.answerDialog({ situation: 'libre' });
    expect(souffleCards(table.gm).length).toBe(before);
    expect(table.gm.warnings.join(' ')).toContain('entravé');
  });

  it('S-MN3 a knock-out of 2 rounds wears off after two new rounds', async () => {
    const table = await fight({}, {});
    await table.gm.actor('Brigand').update({ 'system.assommeRounds': 2 });
    await sheetAction(table.gm, 'Brigand', '[data-action="toggleState"][data-state="assomme"]');
    await nextRound(table);
    expect(table.gm.actor('Brigand').statuses.has('assomme')).toBe(true);
    expect(table.gm.actor('Brigand').system.assommeRounds).toBe(1);
    const start = table.gm.tracker.querySelector('[data-action="pdaStartPasses"]');
    if (start) await table.gm.click(start);
    await nextRound(table);
    expect(table.gm.actor('Brigand').statuses.has('assomme')).toBe(false);
  });

  it('S-MN3 a fighter still unconscious at a new round gets no action in it', async () => {
    const table = await fight({}, {});
    await table.gm.actor('Brigand').update({ 'system.assommeRounds': 3 });
    await sheetAction(table.gm, 'Brigand', '[data-action="toggleState"][data-state="assomme"]');
    await nextRound(table);
    const start = table.gm.tracker.querySelector('[data-action="pdaStartPasses"]');
    if (start) await table.gm.click(start);
    expect(table.gm.actor('Brigand').statuses.has('assomme')).toBe(true);
    // Aude's turn ends; the Brigand's slots come up (or are skipped)
    for (let i = 0; i < 4; i++) {
      if (text(table.gm.tracker.querySelector('.pda-slot.current .pda-name')) !== 'Aude') break;
      await table.gm.click('.pda-slot.current [data-action="pdaEndSlot"]', table.gm.tracker);
    }
    await table.gm.target('Aude');
    const before = souffleCards(table.gm).length;
    // were he conscious: club 1 + 1 + 1 = 3 → d8 and d10
    await attackFromSheet(table.gm, 'Brigand', 'Gourdin', {}, [5, 5]);
    expect(souffleCards(table.gm).length).toBe(before);
  });

  it('S-MN3 an unconscious fighter gets no defence roll', async () => {
    const table = await fight({}, {});
    await table.gm.actor('Brigand').update({ 'system.assommeRounds': 3 });
    await sheetAction(table.gm, 'Brigand', '[data-action="toggleState"][data-state="assomme"]');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [8, 1],
      [10, 9],
    ]);
    const rolled = table.dice.rolled.length;
    await declineForcing(table);
    const offered = table.gm
      .buttons(card(table))
      .find((b) => b.enabled && /Parer|Esquiver|Aucun/.test(b.label));
    if (offered) await table.gm.click(offered.el);
    expect(table.dice.rolled.length).toBe(rolled);
  });

  it('S-MN2 picking up a dropped weapon is a short action that provokes the adjacent foe', async () => {
    const table = await fight({}, {});
    await sheetAction(table.gm, 'Aude', '[data-action="toggleState"][data-state="desarme"]');
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="pickUp"]');
    expect(table.gm.messages().some((m) => text(m).includes("Attaque d'opportunité contre Aude"))).toBe(true);
    expect(table.gm.actor('Aude').statuses.has('desarme')).toBe(false);
    expect(text(table.gm.tracker)).toContain('Intrépide ●○');
  });
});
