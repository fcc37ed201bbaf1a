/** The tracker's rows behave as core's do: select and pan, hide, defeated, ping. */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, startFight, text } from './fantasia-table';

describe('combatant rows in the tracker', () => {
  it('a row click selects the token for its owner and pans every viewer to it', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno', at: [4, 2] },
      { entry: 'Brigand', at: [8, 2] },
    ]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const row = (seat: typeof t.gm, name: string) =>
      [...seat.tracker.querySelectorAll<HTMLElement>('li.combatant')].find(
        (li) => text(li.querySelector('.token-name')) === name,
      )!;
    expect(t.bruno.tracker.querySelector('ol.combat-tracker')).not.toBeNull();
    await t.bruno.click(row(t.bruno, 'Bretteur'));
    expect(t.bruno.client.canvas.tokens.controlled.map((p: { name: string }) => p.name)).toEqual([
      'Bretteur',
    ]);
    expect(t.bruno.client.canvas.panned.at(-1)).toEqual({ x: 450, y: 250 });
    // Bruno may look at the brigand, not take control of it.
    await t.bruno.click(row(t.bruno, 'Brigand'));
    expect(t.bruno.client.canvas.tokens.controlled.map((p: { name: string }) => p.name)).toEqual([
      'Bretteur',
    ]);
    expect(t.bruno.client.canvas.panned.at(-1)).toEqual({ x: 850, y: 250 });
    await t.gm.click(row(t.gm, 'Brigand'));
    expect(t.gm.client.canvas.tokens.controlled.map((p: { name: string }) => p.name)).toEqual(['Brigand']);
  });

  it('the GM hides a combatant from the players and marks another defeated; anyone pings', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Brigand' },
      { entry: 'Garde de la porte' },
    ]);
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    expect(t.bruno.tracker.querySelector('[data-action="pdaToggleHidden"]')).toBeNull();
    await t.gm.click(`[data-action="pdaToggleHidden"][data-combatant-id="${t.ids.Brigand}"]`, t.gm.tracker);
    expect(text(t.bruno.tracker)).not.toContain('Brigand');
    expect(text(t.gm.tracker)).toContain('Brigand');
    await t.gm.click(
      `[data-action="pdaToggleDefeated"][data-combatant-id="${t.ids['Garde de la porte']}"]`,
      t.gm.tracker,
    );
    const guard = t.bruno.game.combat.combatants.get(t.ids['Garde de la porte']);
    expect(guard.defeated).toBe(true);
    expect([...t.bruno.actor('Garde de la porte').statuses]).toContain('dead');
    await t.bruno.click(
      `[data-action="pdaPingCombatant"][data-combatant-id="${t.ids.Bretteur}"]`,
      t.bruno.tracker,
    );
    expect(t.bruno.client.canvas.pings).toHaveLength(1);
    expect(t.table.errors()).toEqual([]);
  });
});
