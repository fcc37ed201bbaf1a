/**
 * Independent reading of the Fantasia seed: chases by Mouvement and the sprint limit, played in
 * the chase window the GM opens from the combat tracker.
 */
import { describe, expect, it } from 'vitest';
import { Table, fighter } from './fantasia-independent-kit';

/** A PNJ pursuer and an Aventurier quarry `squares` apart (1.5 m a square). */
async function chase(pursuer: Record<string, unknown>, quarry: Record<string, unknown>, squares: number) {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Brigand', 'Chasseur', pursuer);
  await fighter(table, 'Bretteur', 'Proie', quarry, 'Alice');
  await table.placeToken('Chasseur', 0, 1);
  await table.placeToken('Proie', squares, 1);
  await table.startEncounter('Chasseur', 'Proie');
  const gm = table.gm;
  await gm.openTracker();
  await gm.click('[data-pda-chase]', gm.tracker);
  const body = () => gm.dom.querySelector<HTMLElement>('.pda-chase-body')!;
  await gm.click('[data-action="chaseStart"]', body());
  const pair = () => {
    const cells = [...body().querySelectorAll('.pda-chase-pairs tbody tr td')].map((td) =>
      (td.textContent ?? '').replace(/\s+/g, ' ').trim(),
    );
    return { gap: cells[0] ?? '', gain: cells[1] ?? '', outlook: cells[2] ?? '' };
  };
  const runner = (name: string) =>
    [...body().querySelectorAll<HTMLElement>('.pda-chase-runners tbody tr')]
      .find((tr) => tr.querySelector('th')?.textContent?.trim() === name)
      ?.textContent?.replace(/\s+/g, ' ')
      .trim() ?? '';
  const nextRound = () => gm.click('[data-action="chaseRound"]', body());
  return { table, gm, pair, runner, nextRound, body };
}

describe('Fantasia, independent reading: chases', () => {
  it('F-M2 Mouvement 11 after Mouvement 8 with 15 m lead: 3 m a round, caught in exactly 5 rounds', async () => {
    const { pair, nextRound, table } = await chase(
      { 'system.mouvement': 11, 'system.characteristics.CON': 20 },
      { 'system.mouvement': 8, 'system.characteristics.CON': 20 },
      10,
    );
    expect(pair().gap).toBe('15 m');
    expect(pair().gain).toContain('gagne 3 m');
    expect(pair().outlook).toContain('rattrape dans 5 rounds');
    for (let i = 0; i < 4; i++) await nextRound();
    expect(pair().gap).toBe('3 m');
    await nextRound();
    expect(pair().outlook).toContain('rattrapé au round 5');
    expect(table.errors()).toEqual([]);
  });

  it('F-M2 a slower pursuer (8 after 10) loses 2 m a round and never catches up', async () => {
    const { pair, nextRound } = await chase(
      { 'system.mouvement': 8, 'system.characteristics.CON': 20 },
      { 'system.mouvement': 10, 'system.characteristics.CON': 20 },
      4,
    );
    expect(pair().gain).toContain('perd 2 m');
    expect(pair().outlook).toContain('ne rattrape pas');
    await nextRound();
    // 6 m + 2 m
    expect(pair().gap).toBe('8 m');
  });

  it('F-M3 a quarry of CON 2 runs flat out for 2 rounds, then at half its Mouvement', async () => {
    const { pair, runner, nextRound } = await chase(
      { 'system.mouvement': 8, 'system.characteristics.CON': 20 },
      { 'system.mouvement': 10, 'system.characteristics.CON': 2, 'system.characteristics.TAI': 20 },
      4,
    );
    expect(pair().gain).toContain('perd 2 m');
    await nextRound();
    expect(pair().gain).toContain('perd 2 m');
    await nextRound();
    // Rounds 1 and 2 were at full speed (6 → 8 → 10 m); round 3 at 5: the pursuer gains 3 m.
    expect(pair().gap).toBe('10 m');
    expect(pair().gain).toContain('gagne 3 m');
    await nextRound();
    expect(pair().gap).toBe('7 m');
    expect(runner('Proie')).toContain('épuisé');
  });
});
