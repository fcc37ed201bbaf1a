import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import {
  attackFromSheet,
  combatantId,
  createFighter,
  type FighterSpec,
  LONG_SWORD,
  type Posture,
  rowValue,
  sheetAction,
  souffleCards,
  souffleTable,
  duel,
  startFight,
  text,
} from './souffle-independent-table';
import { declineForcing } from './souffle-forcing';

const AUDE: FighterSpec = { name: 'Aude', owner: 'Alice', weapons: [LONG_SWORD], at: [1, 1] };
const BASILE: FighterSpec = { name: 'Basile', owner: 'Bruno', weapons: [LONG_SWORD], at: [2, 1] };

const fight = (
  aude: Partial<FighterSpec>,
  basile: Partial<FighterSpec>,
  postures: { Aude?: Posture; Basile?: Posture } = {},
): Promise<Table> =>
  duel(aude, basile, postures, { weapon: LONG_SWORD, postures: { Aude: 'intrepide', Basile: 'prudent' } });

const card = (table: Table): HTMLElement => souffleCards(table.gm).at(-1)!;
const DEF = 'pda-souffle-defence';
const BREAKDOWN = 'Dégâts − dé − défense − ½ métier';

describe('Souffle, read afresh: the ends of the ladder and other numbers', () => {
  it('S-A2 a level-9 attack rolls two d12 and keeps the better', async () => {
    const table = await fight({ system: { vigueur: 3, metiers: [{ name: 'Bretteur', level: 6 }] } }, {});
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [
      [12, 4],
      [12, 11],
    ]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+9/);
    expect(rowValue(card(table), 'Dégâts potentiels')).toBe('14');
    expect(table.dice.pending).toBe(0);
  });

  it('S-A2 a defence below the ladder’s end (feint on an intrépide: −4) uses the lowest row, the worst die kept', async () => {
    const table = await fight({}, {}, { Basile: 'intrepide' });
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="aim"]');
    await table.seat('Alice').answerDialog({}, 'feinte');
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 10]]);
    table.dice.push([10, 9], [10, 9], [10, 8], [10, 7], [10, 6]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    const rows = table.dice.rolled.slice(-5);
    expect(rows.every((r) => r.faces === 10)).toBe(true);
    // 13 − 6 − 2 − 1 = 4
    expect(rowValue(card(table), BREAKDOWN)).toBe('13 − 6 − 2 − 1 = 4');
    expect(table.dice.pending).toBe(0);
  });

  it('S-DF3 half of an odd métier (5) rounds up to 3', async () => {
    const table = await fight({}, { system: { metiers: [{ name: 'Garde', level: 5 }], defense: 1 } });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 11]]);
    table.dice.push([10, 2], [10, 6]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    expect(rowValue(card(table), BREAKDOWN)).toBe('14 − 2 − 1 − 3 = 8');
  });

  it('S-DF3 a blow smaller than the defence leaves the defender untouched (no negative damage)', async () => {
    const table = await fight({}, { system: { defense: 6 } });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 1]]);
    table.dice.push([10, 5], [10, 6]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    const apply = table.gm.buttons(card(table)).find((b) => b.label.includes('Appliquer'));
    if (apply?.enabled) await table.gm.click(apply.el);
    const basile = table.gm.actor('Basile');
    expect(basile.system.souffle.value).toBe(10);
    expect(basile.system.pv.value).toBe(10);
  });

  it('S-DF3 a blow that takes the last PV says the defender is down', async () => {
    const table = await fight({}, { system: { souffle: { value: 0, max: 10 }, pv: { value: 2, max: 10 } } });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 12]]);
    table.dice.push([10, 1], [10, 1]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    await table.gm.press('Appliquer', card(table));
    expect(table.gm.actor('Basile').system.pv.value).toBe(0);
    // docs/rulings.md S-DF3: at 0 PV the outcome says the fighter is down
    expect(text(card(table))).toMatch(/à terre|hors de combat|hors combat|inconscient|\bdown\b/i);
  });

  it('S-A4 two fighters against one: the attacker counts +1 for outnumbering', async () => {
    const table = await souffleTable([
      { ...AUDE, at: [1, 1] },
      { ...BASILE, at: [1, 3] },
      { name: 'Brigand', weapons: [LONG_SWORD], at: [2, 2] },
    ]);
    await startFight(table, ['Aude', 'Basile', 'Brigand'], [9, 5, 2], {
      Aude: 'prudent',
      Basile: 'prudent',
      Brigand: 'prudent',
    });
    await table.seat('Alice').target('Brigand');
    // 1 + 1 + 0, +1 for 2 against 1 → level 3: d8 and d10
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [5, 5]);
    expect(rowValue(card(table), "Niveau d'avantage")).toMatch(/^\+3/);
  });

  it('S-P1 a posture changed after acting counts at once for defence (prudent → défensif: +2)', async () => {
    const table = await fight({}, {}, { Aude: 'prudent', Basile: 'intrepide' });
    await attackFromSheet(table.seat('Alice'), 'Aude', 'Épée longue', {}, [[12, 3]]);
    table.dice.push([10, 5], [10, 5], [10, 5], [10, 5]);
    await declineForcing(table);
    await table.seat('Bruno').press('Esquiver');
    // Basile's dodge stops the blow (0 damage): nothing to apply, no Appliquer (issue 46).
    await sheetAction(table.seat('Alice'), 'Aude', '[data-action="setPosture"][data-posture="defensif"]');
    expect(table.gm.actor('Aude').system.posture).toBe('defensif');
    await table.gm.click('.pda-slot.current [data-action="pdaEndSlot"]', table.gm.tracker);
    // Basile strikes back: Aude defends at +2 → one d12
    await table.seat('Bruno').target('Aude');
    await attackFromSheet(table.seat('Bruno'), 'Basile', 'Épée longue', {}, [[12, 9]]);
    table.dice.push([12, 4]);
    await declineForcing(table);
    await table.seat('Alice').press('Esquiver', souffleCards(table.seat('Alice')).at(-1));
    expect(rowValue(card(table), "Niveau d'avantage", DEF)).toMatch(/^\+2/);
  });

  it('S-R3 equal initiative totals are left to the players: the later one may choose to go first', async () => {
    const table = await souffleTable([AUDE, BASILE]);
    await table.startEncounter('Aude', 'Basile');
    for (const seat of table.seats.values()) await seat.openTracker();
    table.dice.push(6, 6);
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
    const bruno = table.seat('Bruno');
    const id = combatantId(bruno, 'Basile');
    await bruno.click(`[data-action="pdaGoFirst"][data-combatant-id="${id}"]`, bruno.tracker);
    const names = [...table.gm.tracker.querySelectorAll('.pda-declarations .pda-name')].map((n) => text(n));
    expect(names).toEqual(['Basile', 'Aude']);
  });

  it('S-P1 a fighter joining mid-fight is asked for a posture before acting in the next round', async () => {
    const table = await fight({}, {});
    await createFighter(table, { name: 'Renfort', weapons: [LONG_SWORD], at: [4, 4] });
    const combat = table.gm.game.combats.contents[0];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of the fake are untyped
    const scene = table.gm.game.scenes.find((s: any) => s.active);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of the fake are untyped
    const token = scene.tokens.find((t: any) => t.name === 'Renfort');
    await combat.createEmbeddedDocuments('Combatant', [
      { actorId: table.gm.actor('Renfort').id, tokenId: token.id, sceneId: scene.id },
    ]);
    await table.settle();
    for (let i = 0; i < 8; i++) {
      const end = table.gm.tracker.querySelector<HTMLButtonElement>(
        '.pda-slot.current [data-action="pdaEndSlot"]',
      );
      if (!end) break;
      await table.gm.click(end);
    }
    table.dice.push(4);
    await table.gm.click('[data-action="pdaNextRound"]', table.gm.tracker);
    const renfort = [...table.gm.tracker.querySelectorAll('li[data-combatant-id]')].find(
      (li) => text(li.querySelector('.pda-name')) === 'Renfort',
    );
    expect(renfort).toBeDefined();
    expect(renfort?.querySelector('[data-action="pdaDeclare"]')).not.toBeNull();
    expect(table.gm.tracker.querySelector('[data-action="pdaStartPasses"]')).toBeNull();
  });
});
