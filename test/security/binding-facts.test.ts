/**
 * Issue 42, point 2: a fact that binds a fighter is one only the GM writes (docs/trust.md, "Facts
 * that bind a fighter"). Each test is the bound player's own console write, and the rules read
 * the fact as the GM left it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, itemId, startFight } from '../table/fantasia-table';

describe('facts that bind a fighter are the GM’s', () => {
  it('F-R10 Bruno clears the surprise mark from his own Combatant before the start: his sword is still sheathed', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand'], async () => {
      await t.gm.click(
        `[data-action="pdaToggleSurprised"][data-combatant-id="${t.ids.Bretteur}"]`,
        t.gm.tracker,
      );
      // Bruno's console: his own Combatant, which Foundry lets him write.
      const mine = t.bruno.game.combats.get(t.combat!.id).combatants.get(t.ids.Bretteur);
      await mine.update({ system: { surprised: false } }).catch(() => undefined);
      // Nor may he write the Combat's copy.
      await t.bruno.game.combats
        .get(t.combat!.id)
        .update({ system: { surprised: [] } })
        .catch(() => undefined);
      await t.table.settle();
    });
    const sword = itemId(t.bruno, 'Bretteur', 'Épée fantasque');
    expect(t.bruno.actor('Bretteur').items.get(sword).system.drawn).toBe(false);
  });
});
