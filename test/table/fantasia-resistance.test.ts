/** The resistance table at the table (F-T1): the sheet's button and the GM's bounds. */
import { describe, expect, it } from 'vitest';
import { fantasiaTable, text } from './fantasia-table';

describe('the resistance table', () => {
  it('F-T1 from the sheet: FOR 13 against 11 is 60 %, shown as "active vs passive → %"', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }]);
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    t.table.dice.push([100, 55]);
    await t.bruno.click(sheet.querySelector('[data-action="resistanceRoll"]')!);
    await t.bruno.answerDialog({ passive: 11, label: 'FOR contre FOR' });
    const card = text(t.gm.lastMessage());
    expect(card).toContain('FOR contre FOR');
    expect(card).toMatch(/13 vs 11 → 60 %/);
    expect(card).toMatch(/Réussite/);
  });

  it('F-T1 the GM bounds the table at 5–95 %: a gap of 10 still needs a roll, and a 97 fails without being a fumble', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }]);
    await expect(t.bruno.game.settings.set('passe-d-armes', 'fantasiaResistanceMax', 90)).rejects.toThrow();
    await t.gm.game.settings.set('passe-d-armes', 'fantasiaResistanceMin', 5);
    await t.gm.game.settings.set('passe-d-armes', 'fantasiaResistanceMax', 95);
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    t.table.dice.push([100, 97]);
    await t.bruno.click(sheet.querySelector('[data-action="resistanceRoll"]')!);
    await t.bruno.answerDialog({ active: 20, passive: 8, label: 'DEX contre FOR' });
    expect(text(t.gm.lastMessage())).toMatch(/97 \/ 20 vs 8 → 95 %.*La force passive résiste/);
    // A resistance roll has no fumble range: the 97 is a plain failure.
    expect(text(t.gm.lastMessage())).toMatch(/97 \/ 20 vs 8 → 95 % Échec/);
    expect(text(t.gm.lastMessage())).not.toContain('Maladresse');
  });

  it('F-T1 a value that is not a whole number is refused with a message and posts nothing', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }]);
    const sheet = await t.bruno.openSheet(t.bruno.actor('Bretteur'));
    const before = t.gm.game.messages.size;
    await t.bruno.click(sheet.querySelector('[data-action="resistanceRoll"]')!);
    await t.bruno.answerDialog({ active: 1500 });
    expect(t.bruno.warnings.join(' ')).toContain('nombres entiers de 0 à 999');
    expect(t.gm.game.messages.size).toBe(before);
  });
});
