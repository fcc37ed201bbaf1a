/**
 * Issue 29, who applies damage (docs/rulings.md "Who applies damage"), in Souffle: the warrior
 * (Alice) strikes the hunter (Bruno), who dodges; the world's setting says whether Bruno may press
 * Appliquer and Annuler for his own character's wound (S-DF3). The GM always may; Alice and Carla
 * never, even from the console.
 */
import { describe, expect, it } from 'vitest';
import { text, WARRIOR } from './souffle-table';
import {
  cardOf,
  lastCardId,
  onlyAllowed,
  rightsTable,
  sees,
  whoLine,
  type Rights,
} from './damage-rights-kit';
import { declineForcing } from './souffle-forcing';

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
  await declineForcing(t.table);
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

describe('S-DF3 one rule for Appliquer and Annuler, said on the card (issue 46)', () => {
  it('S-DF3 the card tells the GM and Bruno that the GM or the hunter’s player applies and undoes; Bruno applies, the GM may undo it and the line stays', async () => {
    const t = await wounded('owner');
    for (const seat of [t.gm, t.bruno, t.alice])
      expect(whoLine(seat, t.id)).toBe('Appliquer et Annuler : le MJ ou le joueur de Chasseur');
    await t.bruno.press('Appliquer');
    expect(t.wound()).not.toEqual(t.before);
    expect(whoLine(t.gm, t.id)).toBe('Appliquer et Annuler : le MJ ou le joueur de Chasseur');
    expect(sees(t.bruno, t.id, 'Annuler')).toBe(true);
    await t.gm.press('Annuler');
    expect(t.wound()).toEqual(t.before);
    expect(t.table.errors()).toEqual([]);
  });

  it("S-DF3 under 'the GM only' the card says so to Bruno, who sees neither Appliquer nor Annuler", async () => {
    const t = await wounded('gm');
    expect(whoLine(t.bruno, t.id)).toBe(
      'Appliquer et Annuler : le MJ seul (réglage « Qui applique les dégâts »)',
    );
    expect(t.bruno.buttons(cardOf(t.bruno, t.id)).map((b) => b.label)).not.toContain('Appliquer les dégâts');
    await t.gm.press('Appliquer');
    expect(whoLine(t.bruno, t.id)).toContain('le MJ seul');
    expect(t.bruno.buttons(cardOf(t.bruno, t.id)).some((b) => b.label.startsWith('Annuler'))).toBe(false);
  });

  it('S-DF3 a dodged blow that leaves 0 souffle and 0 PV offers no Appliquer to anyone, and says nothing of who applies', async () => {
    const t = await rightsTable('souffle', 'owner');
    await t.table.importActor('souffle-combattants', WARRIOR, 'Alice');
    await t.table.importActor('souffle-combattants', 'Chasseur', 'Bruno');
    await t.table.placeToken(WARRIOR, 1, 1);
    await t.table.placeToken('Chasseur', 2, 1);
    await t.alice.target('Chasseur');
    const sheet = await t.alice.openSheet(t.alice.actor(WARRIOR));
    await t.alice.click(sheet.querySelector('[data-action="attack"]')!);
    t.table.dice.push([10, 1], [12, 1]);
    await t.alice.answerDialog({ characteristic: 'vigueur' });
    t.table.dice.push([10, 10], [10, 10]);
    await declineForcing(t.table);
    await t.bruno.press('Esquiver');
    const id = lastCardId(t.gm);
    expect(text(t.gm.lastMessage())).toContain('4 − 10 − 3 − 2 = 0 S-DF3');
    for (const seat of [t.gm, t.bruno])
      expect(seat.buttons(cardOf(seat, id)).some((b) => b.label.startsWith('Appliquer'))).toBe(false);
    expect(whoLine(t.gm, id)).toBe('');
    expect(t.table.errors()).toEqual([]);
  });
});
