/** The encounter simulator from the combat tracker, as the GM uses it before a fight. */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, text } from './fantasia-table';

describe('the encounter simulator window', () => {
  it('opens from the tracker, plays 1,000 fights of the encounter and shows the odds, lengths and risks', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Aventurière arbalétrière', owner: 'Alice' },
      { entry: 'Brigand' },
      { entry: 'Pasmagosaure' },
    ]);
    await t.table.startEncounter('Bretteur', 'Aventurière arbalétrière', 'Brigand', 'Pasmagosaure');
    await t.gm.openTracker();
    await t.bruno.openTracker();
    // Only the GM has the button.
    expect(t.bruno.tracker.querySelector('[data-action="pdaSimulate"]')).toBeNull();
    await t.gm.click('[data-action="pdaSimulate"]', t.gm.tracker);
    const win = t.gm.dom.querySelector<HTMLElement>('#pda-simulator')!;
    expect(win).not.toBeNull();
    // Sides come from the tokens: the players' fighters against the GM's.
    const side = (name: string) =>
      [...win.querySelectorAll<HTMLTableRowElement>('.pda-simulator-fighters tbody tr')]
        .find((r) => text(r.querySelector('th')) === name)!
        .querySelector<HTMLSelectElement>('select[name^="side."]')!.value;
    expect(['Bretteur', 'Aventurière arbalétrière', 'Brigand', 'Pasmagosaure'].map(side)).toEqual([
      '0',
      '0',
      '1',
      '1',
    ]);
    await t.gm.fill('input[name="fights"]', 1000, win);
    await t.gm.fill('input[name="seed"]', 7, win);
    await t.gm.click('[data-action="simulate"]', win);
    const report = win.querySelector('.pda-simulator-report');
    expect(report).not.toBeNull();
    const shown = text(report);
    expect(shown).toContain('1000 combats simulés, graine 7.');
    const legend = text(report!.querySelector('.pda-simulator-legend'));
    const odds = [...legend.matchAll(/(Alliés|Adversaires) (\d+(?:\.\d)?) %/g)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    expect(odds.map(([s]) => s)).toEqual(['Alliés', 'Adversaires']);
    // The Pasmagosaure's side wins far more often than not.
    expect(Number(odds[1]![1])).toBeGreaterThan(Number(odds[0]![1]));
    expect(win.querySelectorAll('.pda-simulator-risks tbody tr').length).toBe(4);
    expect(win.querySelectorAll('.pda-simulator-rounds rect').length).toBeGreaterThan(0);
    // Same seed, same answer.
    const first = shown;
    await t.gm.click('[data-action="simulate"]', win);
    expect(text(win.querySelector('.pda-simulator-report'))).toBe(first);
    // The summary goes to the GMs only.
    await t.gm.click('[data-action="post"]', win);
    expect(text(t.gm.lastMessage())).toContain('Simuler la rencontre');
    expect(t.bruno.messages()).toEqual([]);
    expect(t.table.errors()).toEqual([]);
  });
});
