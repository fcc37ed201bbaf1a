import { describe, expect, it } from 'vitest';
import type { Seat, Table } from '../harness/table';
import {
  attackFromSheet,
  CLUB,
  type FighterSpec,
  LONG_BOW,
  LONG_SWORD,
  type Posture,
  rowValue,
  sheetAction,
  souffleCards,
  duel,
  text,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

const fight = (
  aude: Partial<FighterSpec>,
  basile: Partial<FighterSpec>,
  postures: { Aude?: Posture; Basile?: Posture } = {},
): Promise<Table> =>
  duel(aude, basile, postures, { weapon: LONG_SWORD, postures: { Aude: 'intrepide', Basile: 'prudent' } });

/** The newest card as `seat` sees it in their own chat log (the GM's by default). */
const card = (table: Table, seat: Seat = table.gm): HTMLElement => souffleCards(seat).at(-1)!;
const DEF = 'pda-souffle-defence';

async function aim(table: Table, what: 'viser' | 'feinte' | 'desarmer' | 'assommer'): Promise<void> {
  await sheetAction(table.seat('Alice'), 'Aude', '[data-action="aim"]');
  await table.seat('Alice').answerDialog({}, what);
}

async function untilTurnOf(table: Table, name: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    if (text(table.gm.tracker.querySelector('.pda-slot.current .pda-name')) === name) return;
    await table.gm.click('.pda-slot.current [data-action="pdaEndSlot"]', table.gm.tracker);
  }
  throw new Error(`${name}'s turn never came`);
}

describe('Souffle, read afresh: more numbers and entry points', () => {
  it('S-AT7 the aim helps only the next attack: the one after it has no +1', async () => {
    const table = await fight({}, {}, { Aude: 'intrepide' });
    await aim(table, 'viser');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [
      [8, 1],
      [10, 5],
    ]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+3/);
    // next round, a plain attack: back to level 2
    for (let i = 0; i < 6; i++) {
      const end = table.gm.tracker.querySelector<HTMLButtonElement>(
        '.pda-slot.current [data-action="pdaEndSlot"]',
      );
      if (!end) break;
      await table.gm.click(end);
    }
    await table.gm.click('[data-action="pdaNextRound"]', table.gm.tracker);
    const start = table.gm.tracker.querySelector('[data-action="pdaStartPasses"]');
    if (start) await table.gm.click(start);
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [5, 5]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+2/);
  });

  it('S-AT7 after aiming, a blow that deals damage lets the attacker choose the location', async () => {
    const table = await fight({}, {});
    await aim(table, 'viser');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [
      [8, 1],
      [10, 9],
    ]);
    table.dice.push([10, 2], [10, 3]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    // 12 − 2 − 2 − 1 = 7 ≥ 1
    const alice = table.seat('Alice');
    const labels = alice.buttons(card(table, alice)).map((b) => b.label);
    expect(
      labels.some((l) => /Tête|Torse/.test(l)) || text(card(table, alice)).includes('localisation'),
    ).toBe(true);
  });

  it('S-AT7 after aiming, a blow that deals no damage offers no location', async () => {
    const table = await fight({}, { system: { defense: 8 } });
    await aim(table, 'viser');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [
      [8, 1],
      [10, 2],
    ]);
    table.dice.push([10, 2], [10, 3]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    // 5 − 2 − 8 − 1 < 0
    const labels = table.gm.buttons(card(table)).map((b) => b.label);
    expect(labels.some((l) => /Tête|Torse/.test(l))).toBe(false);
  });

  it('S-MN2 one luck point cancels a disarm', async () => {
    const table = await fight({ weapons: [CLUB] }, { weapons: [LONG_SWORD], system: { chance: 1 } });
    await aim(table, 'desarmer');
    // club 3 + aim 1 = 4 → d4 and d12
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 1],
      [12, 10],
    ]);
    table.dice.push([10, 1], [10, 9]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    table.dice.push(...Array<[number, number]>(5).fill([10, 5]));
    await table.seat('Bruno').press('Test contre le désarmement');
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Basile').statuses.has('desarme')).toBe(true);
    await table.seat('Bruno').press('point de chance', souffleCards(table.seat('Bruno')).at(-1));
    const basile = table.gm.actor('Basile');
    expect(basile.statuses.has('desarme')).toBe(false);
    expect(basile.system.chance).toBe(0);
  });

  it('S-MN2 a disarmed fighter cannot strike with the weapon he dropped', async () => {
    const table = await fight(
      { weapons: [CLUB] },
      { weapons: [LONG_SWORD], system: { chance: 0 } },
      { Basile: 'intrepide' },
    );
    await aim(table, 'desarmer');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Gourdin', {}, [
      [4, 1],
      [12, 10],
    ]);
    table.dice.push([10, 1], [10, 9], [10, 9], [10, 9]);
    await declineForcing(table);
    await table.seat('Bruno').press('Parer');
    table.dice.push(...Array<[number, number]>(5).fill([10, 5]));
    await table.seat('Bruno').press('Test contre le désarmement');
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Basile').statuses.has('desarme')).toBe(true);
    await untilTurnOf(table, 'Basile');
    await table.seat('Bruno').target('Aude');
    const before = souffleCards(table.gm).length;
    await attackFromSheet(table.seat('Bruno'), 'Basile', 'Épée longue', {}, [5]);
    const posted = souffleCards(table.gm).slice(before);
    expect(posted.some((m) => text(m.querySelector('.pda-card__title')).includes('Épée longue'))).toBe(false);
  });

  it('S-GR1 escaping a hold is a long action: a prudent fighter cannot try it', async () => {
    const table = await fight({ weapons: [] }, {}, { Basile: 'prudent' });
    table.dice.push([4, 4], [4, 1]);
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="grapple"]');
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Basile').statuses.has('agrippe')).toBe(true);
    await untilTurnOf(table, 'Basile');
    const before = souffleCards(table.gm).length;
    const escape = table
      .seat('Bruno')
      .buttons(souffleCards(table.seat('Bruno')).at(-1))
      .find((b) => b.label.includes('Se dégager'));
    expect(escape).toBeDefined();
    table.dice.push([4, 4], [4, 1]);
    if (escape?.enabled) await table.seat('Bruno').click(escape.el);
    const apply = table.gm.buttons(card(table)).find((b) => b.label.includes('Appliquer') && b.enabled);
    if (apply && souffleCards(table.gm).length > before) await table.gm.click(apply.el);
    expect(table.gm.actor('Basile').statuses.has('agrippe')).toBe(true);
  });

  it('S-FL1 a runner caught while flanked and slowed (freiné) cannot try to flee again this round', async () => {
    const table = await fight({}, {}, { Aude: 'intrepide' });
    const alice = table.seat('Alice');
    await sheetAction(alice, 'Aude', '[data-action="flee"]');
    table.dice.push([10, 1], [10, 1]);
    await alice.answerDialog({ situation: 'tenaille', threshold: 8 });
    // 1 + défense 2 = 3 < 8: caught; the GM picks "Freiné"
    await table.gm.press('Freiné', card(table));
    const before = souffleCards(table.gm).length;
    await sheetAction(alice, 'Aude', '[data-action="flee"]');
    if (alice.dialogs().length) {
      table.dice.push([10, 10], [10, 10]);
      await alice.answerDialog({ situation: 'libre', threshold: 8 });
    }
    expect(souffleCards(table.gm).length).toBe(before);
    expect(alice.warnings.join(' ')).toContain('freiné');
  });

  it('S-FL1 a caught runner may instead suffer an attack: the pursuer gets an opportunity attack', async () => {
    const table = await fight({}, {}, { Aude: 'intrepide' });
    // Both fighters are players' (friendly tokens): the GM marks Basile's token hostile, as the
    // opportunity goes to the runner's adversaries within reach, read from the tokens (S-AT6).
    await table.gm.token('Basile').document.update({ disposition: -1 });
    await table.settle();
    const alice = table.seat('Alice');
    await sheetAction(alice, 'Aude', '[data-action="flee"]');
    table.dice.push([10, 1], [10, 1]);
    await alice.answerDialog({ situation: 'coince', threshold: 8 });
    await table.gm.press("Attaque d'opportunité", card(table));
    expect(table.gm.messages().some((m) => text(m).includes("Attaque d'opportunité contre Aude"))).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it('S-FL1 with a free way out the flight succeeds without a roll', async () => {
    const table = await fight({}, {});
    const alice = table.seat('Alice');
    await sheetAction(alice, 'Aude', '[data-action="flee"]');
    const rolled = table.dice.rolled.length;
    await alice.answerDialog({ situation: 'libre', threshold: 8 });
    expect(table.dice.rolled.length).toBe(rolled);
    expect(text(card(table))).toContain("Aude s'échappe");
  });

  it('S-AT5 distance never turns into a malus: at 30 m a métier-4 shooter leaves the target at level 0', async () => {
    const table = await fight(
      {
        weapons: [{ ...LONG_BOW, equipped: true }],
        system: { metiers: [{ name: 'Archer', level: 4 }] },
        at: [0, 1],
      },
      { at: [20, 1] },
    );
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', {}, [[12, 9]]);
    table.dice.push([10, 4], [10, 6]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    expect(rowValue(card(table), "Niveau d'avantage", DEF)).toMatch(/^0/);
  });

  it('S-AT5 with no métier, a target 45 m away gains the full +2 (one d12)', async () => {
    const table = await fight({ weapons: [{ ...LONG_BOW, equipped: true }], at: [0, 1] }, { at: [30, 1] });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Arc long', { metier: '0' }, [[12, 9]]);
    table.dice.push([12, 4]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    expect(rowValue(card(table), "Niveau d'avantage", DEF)).toMatch(/^\+2/);
  });

  it('S-A3 mail’s geste malus lowers geste in the attack roll', async () => {
    const table = await fight(
      {
        system: { geste: 3, vigueur: 1 },
        armours: [{ name: 'Cotte de mailles', kind: 'armure', defence: 2, gesteMalus: -1 }],
      },
      {},
    );
    // geste 3 − 1 = 2, + métier 1 + sword 0 = level 3 → d8 and d10
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', { characteristic: 'geste' }, [5, 5]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+3/);
  });
});
