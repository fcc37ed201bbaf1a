/**
 * A fourth independent reading of seed 002 (issue 44): what lasts a round, or three, played
 * through the tracker: the DMG parry, a held parry, a pin, the style switched at a round's start.
 * Written from the seed and the harness only, before reading how the system is built.
 */
import { describe, expect, it } from 'vitest';
import type { Table } from '../harness/table';
import {
  against,
  declare,
  declareAll,
  greyhawk,
  needed,
  nextRound,
  pc,
  resolve,
  sheetAttack,
  slots,
  startCombat,
  text,
  total,
} from './greyhawk-independent-helpers';
import { conditionsOf } from './greyhawk-table';

const DREVIN = "Drevin, spécialiste de l'épée longue";

/** Orc TAC0 19, d20 2: the AC the blow meets in effect. */
const orcAc = (card: Element): number => 17 - needed(card) + total(card);

async function drevinAndOrc(): Promise<Table> {
  const table = await greyhawk();
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', 'Orque');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken('Orque', 1, 0);
  await table.seat('Alice').target('Orque');
  await table.gm.target(DREVIN);
  await table.startEncounter(DREVIN, 'Orque');
  return table;
}

describe('what lasts one round', () => {
  it('G-PA4 the DMG parry is for its round only: next round Drevin is back to AC 3', async () => {
    const table = await drevinAndOrc();
    await startCombat(table, [5, 6]);
    await declare(table.seat('Alice'), DREVIN, { action: 'parryDmg' });
    await declareAll(table, { Orque: { targetId: against(table, DREVIN) } });
    await resolve(table);
    // Level 7 fighter: half of 7 is 3, plus 1: AC 3 − 4 = −1.
    expect(orcAc(await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]))).toBe(-1);
    await nextRound(table, [5, 6]);
    await declareAll(table, {
      [DREVIN]: { targetId: against(table, 'Orque') },
      Orque: { targetId: against(table, DREVIN) },
    });
    await resolve(table);
    expect(orcAc(await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [[20, 2]]))).toBe(3);
  });

  it('G-PA1 a parry held in round 1 is not spent in round 2', async () => {
    const table = await drevinAndOrc();
    const alice = table.seat('Alice');
    await startCombat(table, [5, 6]);
    await declareAll(table, {
      [DREVIN]: { targetId: against(table, 'Orque') },
      Orque: { targetId: against(table, DREVIN) },
    });
    await resolve(table);
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    const row = [...sheet.querySelectorAll('tr[data-item-id]')][0]!;
    await alice.click(row.querySelector('[data-action="parry"]')!);
    await alice.answerDialog({}, 'parry');
    const parry = alice.lastMessage();
    await nextRound(table, [5, 6]);
    await declareAll(table, {
      [DREVIN]: { targetId: against(table, 'Orque') },
      Orque: { targetId: against(table, DREVIN) },
    });
    await resolve(table);
    await sheetAttack(table.gm, 'Orque', 'Hache de bataille', {}, [
      [20, 17],
      [8, 5],
    ]);
    const offered = alice
      .buttons(parry)
      .filter((b) => b.enabled)
      .map((b) => b.label);
    expect(offered).not.toContain('Parer Orque');
  });
});

describe('G-C1 a pin lasts', () => {
  it('G-C1 a pinned orc is still pinned next round, and free on its own after three rounds', async () => {
    const table = await drevinAndOrc();
    const alice = table.seat('Alice');
    await startCombat(table, [5, 6]);
    await declare(alice, DREVIN, { targetId: against(table, 'Orque'), calledShot: '1' });
    await declareAll(table, { Orque: { targetId: against(table, DREVIN) } });
    await resolve(table);
    await sheetAttack(alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'pin', nearWall: true }, [
      [20, 19],
    ]);
    await table.gm.press('Appliquer', table.gm.lastMessage());
    expect(conditionsOf(table.gm.actor('Orque')).pinned).toBeGreaterThan(0);
    const pinnedIn: number[] = [];
    for (let round = 2; round <= 5; round++) {
      await nextRound(table, [5, 6]);
      if (conditionsOf(table.gm.actor('Orque')).pinned > 0) pinnedIn.push(round);
      await declareAll(table, {
        [DREVIN]: { targetId: against(table, 'Orque') },
        Orque: { targetId: against(table, DREVIN) },
      });
      await resolve(table);
    }
    // Still held in round 2; by round 5 the three rounds are over.
    expect(pinnedIn).toContain(2);
    expect(pinnedIn).not.toContain(5);
    expect(table.errors()).toEqual([]);
  });
});

describe('G-ST1 / G-ST2 the grip chosen at each round start', () => {
  it('G-ST1 a fighter who knows both styles takes his long sword in two hands in round 2: 3 faster', async () => {
    const table = await greyhawk();
    await pc(table, {
      name: 'Bors',
      classes: [{ cls: 'fighter', level: 5 }],
      proficiencies: ['longSword'],
      styles: { freeHand: 1, twoHanded: 1 },
      weapons: ['Épée longue'],
      owner: 'Alice',
    });
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken('Bors', 0, 0);
    await table.placeToken('Orque', 1, 0);
    await table.startEncounter('Bors', 'Orque');
    await startCombat(table, [5, 6]);
    await declare(table.seat('Alice'), 'Bors', { targetId: against(table, 'Orque'), grip: 'one' });
    await declareAll(table, { Orque: { targetId: against(table, 'Bors') } });
    await resolve(table);
    const first = slots(table.gm).find((s) => s.name === 'Bors')!.order;
    await nextRound(table, [5, 6]);
    await declare(table.seat('Alice'), 'Bors', { targetId: against(table, 'Orque'), grip: 'two' });
    await declareAll(table, { Orque: { targetId: against(table, 'Bors') } });
    await resolve(table);
    const second = slots(table.gm).find((s) => s.name === 'Bors')!.order;
    // d10 5 + long sword 5 = 10 in one hand; in two hands the specialist's −3: 7.
    expect([first, second]).toEqual(['10', '7']);
    expect(text(table.gm.tracker)).not.toContain('undefined');
  });
});
