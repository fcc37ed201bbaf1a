/**
 * Issue 39: core calls the system's `hotbarDrop` handler through `Hooks.call` (an explicit `false`
 * stops its default macro; the result is not awaited). A person drags a weapon onto the hotbar
 * and clicks the slot; a compendium weapon makes no macro.
 */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, itemId, text } from './fantasia-table';

describe('hotbar macros of weapons', () => {
  it('F-H1 Bruno drags his sword onto the hotbar: the slot attacks the targeted brigand with it', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno', at: [1, 1] },
      { entry: 'Brigand', at: [2, 1] },
    ]);
    const sword = t.bruno.actor('Bretteur').items.get(itemId(t.bruno, 'Bretteur', 'Épée fantasque'));
    await t.bruno.dropOnHotbar(sword, 1);
    // One macro, the system's (core's default sheet macro was stopped by the handler's false).
    const macros = t.bruno.game.macros.contents;
    expect(macros.map((m: { name: string }) => m.name)).toEqual(['Épée fantasque']);
    await t.bruno.target('Brigand');
    t.table.dice.push([100, 30]);
    await t.bruno.useHotbarSlot(1);
    if (t.bruno.dialogs().length) await t.bruno.answerDialog({});
    await t.table.settle();
    expect(text(t.bruno.lastMessage())).toMatch(/Bretteur attaque avec Épée fantasque contre Brigand/);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-H1 a compendium weapon dropped on the hotbar is refused with a message and makes no macro', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }]);
    const pack = t.bruno.game.packs.get('passe-d-armes.fantasia-armes');
    const [weapon] = (await pack.getDocuments()).filter((d: { type: string }) => d.type === 'arme');
    await t.bruno.dropOnHotbar(weapon, 2);
    expect(t.bruno.game.macros.size).toBe(0);
    expect(t.bruno.warnings.join(' ')).toContain(weapon.name);
    expect(t.table.errors()).toEqual([]);
  });
});
