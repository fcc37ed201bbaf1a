/**
 * Issue 29, who applies damage (docs/rulings.md "Who applies damage"), in Greyhawk: Drevin
 * (Alice) hits Ayla (Bruno) with his long sword, a specialist's blow (G-S2); the world's setting says whether Bruno may press
 * Appliquer and Annuler for his own character's hit points. The GM always may; Alice and Carla
 * never, even from the console.
 */
import { describe, expect, it } from 'vitest';
import { attackFromSheet, text } from './greyhawk-table';
import { cardOf, lastCardId, onlyAllowed, rightsTable, whoLine, type Rights } from './damage-rights-kit';

const DREVIN = "Drevin, spécialiste de l'épée longue";
const AYLA = 'Ayla, rôdeuse aux deux lames';

async function wounded(rights: Rights) {
  const t = await rightsTable('greyhawk', rights);
  await t.table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await t.table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
  await t.table.placeToken(DREVIN, 0, 0);
  await t.table.placeToken(AYLA, 1, 0);
  await t.alice.target(AYLA);
  const hp = () => t.gm.actor(AYLA).system.hp.value as number;
  const full = hp();
  t.table.dice.push([20, 19], [8, 4]);
  const card = text(await attackFromSheet(t.alice, DREVIN, 'Épée longue'));
  // The specialist's blow: 1d8 + 2 (G-S2) and his STR bonus.
  expect(card).toContain('G-S2');
  const dealt = Number(/Dégâts (\d+)/.exec(card)?.[1] ?? NaN);
  expect(dealt).toBeGreaterThan(0);
  return { ...t, id: lastCardId(t.gm), hp, full, dealt };
}

describe('G-S2 who applies the damage of a hit (world setting)', () => {
  it("G-S2 'the GM and the wounded character's owner': Bruno applies and undoes Ayla's wound; Alice and Carla cannot, even from the console", async () => {
    const t = await wounded('owner');
    await onlyAllowed(t, t.id, 'Appliquer', 'apply', 'owner', t.hp);
    await t.bruno.press('Appliquer');
    expect(t.hp()).toBe(t.full - t.dealt);
    await onlyAllowed(t, t.id, 'Annuler', 'undo', 'owner', t.hp);
    await t.bruno.press('Annuler');
    expect(t.hp()).toBe(t.full);
    expect(t.table.errors()).toEqual([]);
  });

  it("G-S2 'the GM only': Bruno sees no Appliquer and his click from the console is refused; the GM applies and undoes", async () => {
    const t = await wounded('gm');
    await onlyAllowed(t, t.id, 'Appliquer', 'apply', 'gm', t.hp);
    await t.gm.press('Appliquer');
    expect(t.hp()).toBe(t.full - t.dealt);
    await onlyAllowed(t, t.id, 'Annuler', 'undo', 'gm', t.hp);
    await t.gm.press('Annuler');
    expect(t.hp()).toBe(t.full);
    expect(t.table.errors()).toEqual([]);
  });
});

describe('G-S2 one rule for Appliquer and Annuler, said on the card (issue 46)', () => {
  it('G-S2 the card tells every seat that the GM or Ayla’s player applies and undoes; Bruno applies, the GM may undo it', async () => {
    const t = await wounded('owner');
    const line = `Appliquer et Annuler : le MJ ou le joueur de ${AYLA}`;
    for (const seat of [t.gm, t.bruno, t.alice]) expect(whoLine(seat, t.id)).toBe(line);
    await t.bruno.press('Appliquer');
    expect(whoLine(t.bruno, t.id)).toBe(line);
    await t.gm.press('Annuler');
    expect(t.hp()).toBe(t.full);
    expect(t.table.errors()).toEqual([]);
  });

  it("G-S2 under 'the GM only' the card says so to Bruno, who sees neither Appliquer nor Annuler", async () => {
    const t = await wounded('gm');
    expect(whoLine(t.bruno, t.id)).toContain('le MJ seul');
    expect(t.bruno.buttons(cardOf(t.bruno, t.id)).some((b) => b.label.startsWith('Appliquer'))).toBe(false);
    await t.gm.press('Appliquer');
    expect(whoLine(t.bruno, t.id)).toContain('le MJ seul');
    expect(t.bruno.buttons(cardOf(t.bruno, t.id)).some((b) => b.label.startsWith('Annuler'))).toBe(false);
  });
});

describe('G-S2 a PNJ wounded: no player applies (issue 46)', () => {
  it('G-S2 Drevin wounds the GM’s orc under the owner rule: the card names the GM alone, Alice has no Appliquer, the GM applies', async () => {
    const t = await rightsTable('greyhawk', 'owner');
    await t.table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await t.table.importActor('greyhawk-bestiaire', 'Orque');
    await t.table.placeToken(DREVIN, 0, 0);
    await t.table.placeToken('Orque', 1, 0);
    await t.alice.target('Orque');
    const hp = () => t.gm.actor('Orque').system.hp.value as number;
    const full = hp();
    t.table.dice.push([20, 19], [8, 4]);
    await attackFromSheet(t.alice, DREVIN, 'Épée longue');
    const id = lastCardId(t.gm);
    for (const seat of [t.gm, t.alice, t.bruno])
      expect(whoLine(seat, id)).toBe('Appliquer et Annuler : le MJ');
    expect(t.alice.buttons(cardOf(t.alice, id)).some((b) => b.label.startsWith('Appliquer'))).toBe(false);
    await t.gm.press('Appliquer', cardOf(t.gm, id));
    expect(hp()).toBeLessThan(full);
    expect(t.table.errors()).toEqual([]);
  });
});

describe('G-C1 a called shot that would change nothing (issue 46)', () => {
  it('G-C1 cutting Ayla’s clothing a second time deals no damage and adds nothing: no Appliquer for the GM or Bruno, no line on who applies', async () => {
    const t = await rightsTable('greyhawk', 'owner');
    await t.table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await t.table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
    await t.table.placeToken(DREVIN, 0, 0);
    await t.table.placeToken(AYLA, 1, 0);
    await t.alice.target(AYLA);
    t.table.dice.push([20, 19]);
    await attackFromSheet(t.alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'clothing' });
    const first = lastCardId(t.gm);
    expect(whoLine(t.bruno, first)).toBe(`Appliquer et Annuler : le MJ ou le joueur de ${AYLA}`);
    await t.bruno.press('Appliquer');
    expect([...t.gm.actor(AYLA).statuses]).toContain('greyhawk-clothingCut');
    t.table.dice.push([20, 19]);
    const card = text(
      await attackFromSheet(t.alice, DREVIN, 'Épée longue', { calledShot: '1', purpose: 'clothing' }),
    );
    expect(card).toContain('Les vêtements sont tailladés. G-C1');
    const id = lastCardId(t.gm);
    expect(id).not.toBe(first);
    for (const seat of [t.gm, t.bruno])
      expect(seat.buttons(cardOf(seat, id)).some((b) => b.label.startsWith('Appliquer'))).toBe(false);
    expect(whoLine(t.gm, id)).toBe('');
    expect(t.table.errors()).toEqual([]);
  });
});
