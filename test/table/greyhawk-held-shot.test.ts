/**
 * G-S3's held shot as the players see it on the tracker: before initiative (pass 1), or, to break
 * a spell, at initiative 0 in the round's first actions, ahead of everyone.
 */
import { describe, expect, it } from 'vitest';
import {
  against,
  declareAll,
  greyhawk,
  monster,
  resolve,
  slotsOf,
  startCombat,
} from './greyhawk-independent-helpers';

const KAEL = 'Kael, archer spécialiste';

async function heldAtTheOrc(breakSpell: boolean) {
  const table = await greyhawk();
  await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
  await monster(table, 'Orque');
  // 30 m apart: no free shot (G-F1 needs 20 m).
  await table.placeToken(KAEL, 0, 0);
  await table.placeToken('Orque', 20, 0);
  await table.startEncounter(KAEL, 'Orque');
  // d10s: Kael 9, the orc 1 (the orc would act first).
  await startCombat(table, [9, 1]);
  const orc = against(table, 'Orque');
  await declareAll(table, {
    [KAEL]: { action: 'heldShot', targetId: orc, ...(breakSpell ? { breakSpell: true } : {}) },
    Orque: { action: 'attack', targetId: against(table, KAEL) },
  });
  await resolve(table);
  await table.seat('Alice').openTracker();
  return table;
}

describe('G-S3 a held target', () => {
  it('G-S3 Kael holding the orc shoots before initiative: his slot is in pass 1, order 0, on the players’ tracker', async () => {
    const table = await heldAtTheOrc(false);
    const kael = slotsOf(table.seat('Alice'), KAEL);
    expect(kael.map((s) => [s.pass, s.order])).toContainEqual([1, '0']);
    expect(kael.some((s) => s.pass === 2)).toBe(false);
    expect(table.errors()).toEqual([]);
  });

  it('G-S3 to break a spell Kael shoots at initiative 0 among the first actions, before the orc who rolled 1', async () => {
    const table = await heldAtTheOrc(true);
    const alice = table.seat('Alice');
    const kael = slotsOf(alice, KAEL);
    expect(kael.some((s) => s.pass === 1)).toBe(false);
    const firstActions = [
      ...alice.tracker.querySelectorAll('section.pda-pass[data-pass="2"] li.pda-slot'),
    ].map((li) => [
      (li.querySelector('.pda-name')?.textContent ?? '').trim(),
      (li.querySelector('.pda-order')?.textContent ?? '').trim(),
    ]);
    expect(firstActions[0]).toEqual([KAEL, '0']);
    expect(firstActions.map(([n]) => n)).toContain('Orque');
    expect(table.errors()).toEqual([]);
  });
});
