/**
 * 0 hit points or below (AD&D 2e, docs/rulings.md "Base — 0 hit points"): out of the fight on the
 * card that put it there, on the tracker (no slot left, no attack button), on the sheet, and on
 * any card it would open; the DMG option "death at −10" tells unconscious from dead.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { refusedFromSheet, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";

async function declare(seat: Seat, id: string, values: Record<string, string | boolean>): Promise<void> {
  await seat.click(`[data-action="pdaDeclare"][data-combatant-id="${id}"]`, seat.tracker);
  await seat.answerDialog(values);
}

async function orcFight(settings: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'greyhawk', settings });
  const alice = table.seat('Alice');
  const gm = table.gm;
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  const combat = await table.startEncounter(DREVIN, 'Orque');
  const ids: Record<string, string> = {};
  for (const c of combat.combatants.contents) ids[c.name] = c.id;
  for (const s of [gm, alice]) await s.openTracker();
  // d10s: Drevin 1, the orc 5: Drevin strikes first.
  table.dice.push([10, 1], [10, 5]);
  await gm.click('[data-action="pdaStartCombat"]', gm.tracker);
  await declare(alice, ids[DREVIN]!, { action: 'attack', targetId: ids.Orque! });
  await declare(gm, ids.Orque!, { action: 'attack', targetId: ids[DREVIN]! });
  await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
  return { table, alice, gm, combat, ids };
}

const orcSlots = (seat: Seat, id: string) =>
  [...seat.tracker.querySelectorAll(`.pda-slot[data-combatant-id="${id}"]`)].filter(
    (li: any) => li.dataset.status === 'waiting' || li.dataset.status === 'current',
  );

describe('Greyhawk: 0 hit points or below', () => {
  it('Base the orc cut to −3 in the round leaves it: no slot, no attack button, dead on the card and the sheet, its blow refused', async () => {
    const { table, alice, gm, ids } = await orcFight();
    expect(orcSlots(alice, ids.Orque!)).toHaveLength(1);
    const button = alice.tracker.querySelector('[data-action="pdaAttack"]');
    expect(button).not.toBeNull();
    // 1d8 4 + STR 3 + specialisation 2 = 9 on the orc's 6 HP: −3.
    table.dice.push([20, 15], [8, 4]);
    await alice.click(button!);
    await alice.answerDialog({});
    await gm.press('Appliquer', gm.lastMessage());
    await table.settle();
    expect(gm.actor('Orque').system.hp.value).toBe(-3);
    expect(text(gm.lastMessage())).toContain('Orque tombe à 0 PV ou moins : mort, hors de combat.');
    // The tracker: the orc's slot is gone, for the players and the GM.
    expect(orcSlots(alice, ids.Orque!)).toHaveLength(0);
    expect(orcSlots(gm, ids.Orque!)).toHaveLength(0);
    expect(gm.game.combats.contents[0].combatants.get(ids.Orque).defeated).toBe(true);
    // The sheet says so.
    await gm.openSheet(gm.actor('Orque'));
    expect(text(gm.actor('Orque').sheet.element.querySelector('[data-stat="fight"]'))).toContain(
      'Mort — hors de combat',
    );
    // A blow from its sheet is refused, nothing rolled, no card: the GM is told why.
    await gm.target(DREVIN);
    const refused = await refusedFromSheet(gm, 'Orque', 'Hache de bataille');
    expect(refused).toContain("Orque est à -3 PV : mort, hors de combat, il n'attaque plus.");
    expect(table.errors()).toEqual([]);
  });

  it('Base with the DMG option the orc at −3 lies unconscious (out of the fight), dead at −10', async () => {
    const { table, alice, gm, ids } = await orcFight({ greyhawkDeathAtMinusTen: true });
    table.dice.push([20, 15], [8, 4]);
    await alice.click(alice.tracker.querySelector('[data-action="pdaAttack"]')!);
    await alice.answerDialog({});
    await gm.press('Appliquer', gm.lastMessage());
    await table.settle();
    expect(text(gm.lastMessage())).toContain(
      'Orque tombe à 0 PV ou moins : inconscient, hors de combat (mort à −10).',
    );
    expect(orcSlots(gm, ids.Orque!)).toHaveLength(0);
    await gm.openSheet(gm.actor('Orque'));
    expect(text(gm.actor('Orque').sheet.element.querySelector('[data-stat="fight"]'))).toContain(
      'Inconscient',
    );
    // The GM writes −10 on the sheet: dead.
    await gm.fill('input[name="system.hp.value"]', -10, gm.actor('Orque').sheet.element);
    expect(text(gm.actor('Orque').sheet.element.querySelector('[data-stat="fight"]'))).toContain('Mort');
    expect(table.errors()).toEqual([]);
  });
});
