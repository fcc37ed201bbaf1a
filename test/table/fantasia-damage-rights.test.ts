/**
 * Issue 29, who applies damage (docs/rulings.md "Who applies damage"), in Fantasia: Alice's
 * swordsman hits Bruno's brigand; the world's setting says whether Bruno may press Appliquer and
 * Annuler for his own character's wound. The GM always may; Alice and Carla never, even from the
 * console.
 */
import { describe, expect, it } from 'vitest';
import { attackFromSheet, itemId, text } from './fantasia-table';
import { cardOf, lastCardId, onlyAllowed, rightsTable, whoLine, type Rights } from './damage-rights-kit';

async function wounded(rights: Rights) {
  const t = await rightsTable('fantasia', rights);
  await t.table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
  await t.table.importActor('fantasia-bestiaire', 'Brigand', 'Bruno');
  await t.table.placeToken('Bretteur', 1, 1);
  await t.table.placeToken('Brigand', 2, 1);
  t.table.dice.push([100, 30]);
  await attackFromSheet(t.alice, 'Bretteur', itemId(t.alice, 'Bretteur', 'Épée fantasque'), 'Brigand');
  t.table.dice.push([6, 4], [4, 3]);
  await t.gm.press('Ne rien faire');
  expect(text(t.gm.lastMessage())).toMatch(/Dommages subis 6/);
  return { ...t, id: lastCardId(t.gm), pv: () => t.gm.actor('Brigand').system.pv.value as number };
}

describe('F-H1 who applies the damage a hit deals (world setting)', () => {
  it("F-H1 'the GM and the wounded character's owner': Bruno applies and undoes his brigand's 6 PV; Alice and Carla cannot, even from the console", async () => {
    const t = await wounded('owner');
    await onlyAllowed(t, t.id, 'Appliquer', 'apply', 'owner', t.pv);
    await t.bruno.press('Appliquer');
    expect(t.pv()).toBe(6);
    await onlyAllowed(t, t.id, 'Annuler', 'undo', 'owner', t.pv);
    await t.bruno.press('Annuler');
    expect(t.pv()).toBe(12);
    expect(t.table.errors()).toEqual([]);
  });

  it("F-H1 'the GM only': Bruno sees no Appliquer and his click from the console is refused; the GM applies and undoes", async () => {
    const t = await wounded('gm');
    await onlyAllowed(t, t.id, 'Appliquer', 'apply', 'gm', t.pv);
    await t.gm.press('Appliquer');
    expect(t.pv()).toBe(6);
    await onlyAllowed(t, t.id, 'Annuler', 'undo', 'gm', t.pv);
    await t.gm.press('Annuler');
    expect(t.pv()).toBe(12);
    expect(t.table.errors()).toEqual([]);
  });
});

describe('F-H1 one rule for Appliquer and Annuler, said on the card (issue 46)', () => {
  it('F-H1 the card tells every seat that the GM or the brigand’s player applies and undoes; Bruno applies, the GM may undo it', async () => {
    const t = await wounded('owner');
    const line = 'Appliquer et Annuler : le MJ ou le joueur de Brigand';
    for (const seat of [t.gm, t.bruno, t.alice]) expect(whoLine(seat, t.id)).toBe(line);
    await t.bruno.press('Appliquer');
    expect(whoLine(t.gm, t.id)).toBe(line);
    await t.gm.press('Annuler');
    expect(t.pv()).toBe(12);
    expect(t.table.errors()).toEqual([]);
  });

  it("F-H1 under 'the GM only' the card says so to Bruno, who sees neither Appliquer nor Annuler", async () => {
    const t = await wounded('gm');
    expect(whoLine(t.bruno, t.id)).toContain('le MJ seul');
    expect(t.bruno.buttons(cardOf(t.bruno, t.id)).some((b) => b.label.startsWith('Appliquer'))).toBe(false);
    await t.gm.press('Appliquer');
    expect(whoLine(t.bruno, t.id)).toContain('le MJ seul');
    expect(t.bruno.buttons(cardOf(t.bruno, t.id)).some((b) => b.label.startsWith('Annuler'))).toBe(false);
  });
});
