/** Fantasia's round at the table (F-R1–F-R10): the tracker as the GM and the players use it. */
import { describe, expect, it } from 'vitest';
import { controls, declare, fantasiaTable, itemId, startFight, text } from './fantasia-table';

describe('Fantasia round in the tracker', () => {
  it('F-R3 equal DEX between two PNJ is settled by 1d10, shown to everyone in the order', async () => {
    const t = await fantasiaTable([{ entry: 'Brigand' }, { entry: 'Garde de la porte' }]);
    // The GM types DEX 13 on the guard's sheet: now equal to the brigand's.
    const sheet = await t.gm.openSheet(t.gm.actor('Garde de la porte'));
    await t.gm.fill('input[name="system.characteristics.DEX"]', 13, sheet);
    expect(t.alice.actor('Garde de la porte').system.characteristics.DEX).toBe(13);
    t.table.dice.push([10, 3], [10, 8]);
    await startFight(t, ['Brigand', 'Garde de la porte']);
    const order = text(t.alice.tracker);
    expect(order.indexOf('Garde de la porte')).toBeLessThan(order.indexOf('Brigand'));
    expect(t.table.dice.rolled.filter((d) => d.faces === 10).map((d) => d.value)).toEqual([3, 8]);
  });

  it('F-R4 an Aventurier and a PNJ of equal DEX: the Aventurier first, no die rolled', async () => {
    const t = await fantasiaTable([{ entry: 'Brigand' }, { entry: 'Bretteur', owner: 'Bruno' }]);
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    await t.bruno.fill('input[name="system.characteristics.DEX"]', 13, sheet);
    await startFight(t, ['Brigand', 'Bretteur']);
    expect(text(t.gm.tracker)).toMatch(/13 Bretteur 13 Brigand/);
    expect(t.table.dice.rolled.filter((d) => d.faces === 10)).toEqual([]);
  });

  it('F-R10 a combatant the GM marks surprised starts with its sword sheathed and must draw in pass 3', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand'], async () => {
      // Only the GM has the surprise toggle on the roster.
      expect(controls(t.bruno)).not.toContain('pdaToggleSurprised');
      await t.gm.click(
        `[data-action="pdaToggleSurprised"][data-combatant-id="${t.ids.Bretteur}"]`,
        t.gm.tracker,
      );
    });
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    expect(t.bruno.actor('Bretteur').items.get(sword).system.drawn).toBe(false);
    await declare(t.bruno, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    expect(t.bruno.warnings.join(' ')).toMatch(/dégain/i);
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'draw', 'intents.0.weaponId': sword });
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    expect(text(t.gm.tracker)).toMatch(/3e passe : dégainer, encocher, tirs tardifs \d+ Bretteur Dégainer/);
  });

  it('F-R1 when everyone has acted the GM is offered the next round, and the round number moves on everywhere', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
    await declare(t.gm, t.ids.Brigand!, { 'intents.0.kind': 'dodge' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    while (!text(t.gm.tracker).includes('Tout le monde a agi'))
      await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    expect(controls(t.gm)).toContain('pdaNextRound');
    expect(controls(t.bruno)).not.toContain('pdaNextRound');
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    expect(text(t.bruno.tracker)).toContain('Round 2');
    expect(t.bruno.game.combat.round).toBe(2);
  });
});
