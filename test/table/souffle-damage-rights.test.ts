/**
 * Issue 29, who applies damage (docs/rulings.md "Who applies damage"), in Souffle: the warrior
 * (Alice) strikes the hunter (Bruno), who dodges; the world's setting says whether Bruno may press
 * Appliquer and Annuler for his own character's wound (S-DF3). The GM always may; Alice and Carla
 * never, even from the console.
 */
import { describe, expect, it } from 'vitest';
import { text, WARRIOR } from './souffle-table';
import { lastCardId, onlyAllowed, rightsTable, type Rights } from './damage-rights-kit';

async function wounded(rights: Rights) {
  const t = await rightsTable('souffle', rights);
  await t.table.importActor('souffle-combattants', WARRIOR, 'Alice');
  await t.table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
  await t.table.placeToken(WARRIOR, 1, 1);
  await t.table.placeToken('Chasseur', 2, 1);
  await t.alice.target('Chasseur');
  const sheet = await t.alice.openSheet(t.alice.actor(WARRIOR));
  await t.alice.click(sheet.querySelector('[data-action="attack"]')!);
  t.table.dice.push([10, 9], [12, 12]);
  await t.alice.answerDialog({ characteristic: 'vigueur' });
  t.table.dice.push([10, 1], [10, 1]);
  await t.bruno.press('Esquiver');
  const card = text(t.gm.lastMessage());
  const dealt = Number(/= (\d+)/.exec(card)?.[1] ?? NaN);
  expect(dealt).toBeGreaterThan(0);
  const fighter = () => t.gm.actor('Chasseur').system;
  const wound = () => [fighter().souffle?.value, fighter().pv?.value];
  return { ...t, id: lastCardId(t.gm), wound, before: wound() };
}

describe('S-DF3 who applies the damage taken (world setting)', () => {
  it("S-DF3 'the GM and the wounded character's owner': Bruno applies and undoes his hunter's wound; Alice and Carla cannot, even from the console", async () => {
    const t = await wounded('owner');
    await onlyAllowed(t, t.id, 'Appliquer', 'apply', 'owner', t.wound);
    await t.bruno.press('Appliquer');
    expect(t.wound()).not.toEqual(t.before);
    await onlyAllowed(t, t.id, 'Annuler', 'undo', 'owner', t.wound);
    await t.bruno.press('Annuler');
    expect(t.wound()).toEqual(t.before);
    expect(t.table.errors()).toEqual([]);
  });

  it("S-DF3 'the GM only': Bruno sees no Appliquer and his click from the console is refused; the GM applies and undoes", async () => {
    const t = await wounded('gm');
    await onlyAllowed(t, t.id, 'Appliquer', 'apply', 'gm', t.wound);
    await t.gm.press('Appliquer');
    expect(t.wound()).not.toEqual(t.before);
    await onlyAllowed(t, t.id, 'Annuler', 'undo', 'gm', t.wound);
    await t.gm.press('Annuler');
    expect(t.wound()).toEqual(t.before);
    expect(t.table.errors()).toEqual([]);
  });
});
