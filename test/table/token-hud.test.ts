/**
 * Issue 39: core renders the Token HUD and calls `renderTokenHUD(hud, html, context)`, `hud.object`
 * being the Token placeable. The Souffle posture buttons the system adds there work when a person
 * clicks them, on their own page.
 */
import { describe, expect, it } from 'vitest';
import { souffleDuel, WARRIOR } from './souffle-table';

describe('the Souffle posture buttons of the token HUD', () => {
  it('S-P1 out of a fight, Alice picks défensif from her warrior’s token HUD: every client reads the posture', async () => {
    const { table, alice } = await souffleDuel();
    const hud = await alice.openTokenHUD(WARRIOR);
    const buttons = [...hud.querySelectorAll<HTMLElement>('.col.right [data-pda-posture]')];
    expect(buttons.map((b) => b.dataset.pdaPosture)).toContain('defensif');
    await alice.click(hud.querySelector('[data-pda-posture="defensif"]')!);
    await table.settle();
    for (const seat of table.seats.values())
      expect(seat.actor(WARRIOR).system.posture, seat.name).toBe('defensif');
    expect(table.errors()).toEqual([]);
  });
});
