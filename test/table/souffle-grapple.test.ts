/** Souffle grappling at the table (S-GR1), started from the sheet. */
import { describe, expect, it } from 'vitest';
import { souffleRound, text, WARRIOR } from './souffle-table';
import type { Seat } from '../harness/table';

/** The hunter (Bruno) rolls the higher initiative: his turn comes first (S-R1). */
async function arena(postures: [string, string]) {
  const { table, gm, alice, bruno } = await souffleRound([postures[0], postures[1]], [4, 9]);
  await bruno.target(WARRIOR);
  return { table, gm, alice, bruno };
}

async function grapple(bruno: Seat) {
  const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
  await bruno.click(sheet.querySelector('[data-action="grapple"]')!);
}

describe('Souffle grappling', () => {
  it('S-GR1 a hold needs a free hand: with the bow in both hands it is refused; put away, the opposed roll grabs, a long action', async () => {
    const { table, gm, alice, bruno } = await arena(['intrepide', 'intrepide']);
    const before = bruno.messages().length;
    await grapple(bruno);
    expect(bruno.warnings.at(-1)).toBe('Pour lutter, il faut au moins une main libre.');
    expect(bruno.messages().length).toBe(before);
    // Bruno puts the bow away from his sheet.
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    await bruno.click(
      sheet.querySelector(`[data-item-id="${bow}"] [data-action="toggleItem"][data-field="equipped"]`)!,
    );
    // 1d4 + vigueur each: the hunter 4 + 2 = 6 beats the warrior 1 + 3 = 4.
    table.dice.push([4, 4], [4, 1]);
    await grapple(bruno);
    const card = text(bruno.lastMessage());
    expect(card).toContain('Chasseur tente une prise');
    expect(card).toContain("Gardien du Waka'Hata est agrippé(e).");
    // A long action: both of the intrépide hunter's short actions.
    expect(text(gm.tracker)).toContain(
      '9 Chasseur Lutte (prise) En cours Intrépide ●● 9 Chasseur Lutte (prise) En attente',
    );
    await gm.press('Appliquer');
    expect(alice.actor(WARRIOR).statuses.has('agrippe')).toBe(true);
    expect(text(alice.lastMessage())).toContain('ne peut ni bouger ni se défendre');
    expect(table.errors()).toEqual([]);
  });

  it('S-GR1 the held warrior cannot flee, and escaping is a long action: 1d4 + vigueur opposed', async () => {
    const { table, gm, alice, bruno } = await arena(['intrepide', 'intrepide']);
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    const bow = bruno.actor('Chasseur').items.getName('Arc court').id;
    await bruno.click(
      sheet.querySelector(`[data-item-id="${bow}"] [data-action="toggleItem"][data-field="equipped"]`)!,
    );
    table.dice.push([4, 4], [4, 1]);
    await grapple(bruno);
    await gm.press('Appliquer');
    const hold = alice.lastMessage();
    // Held: no flight.
    const own = await alice.openSheet(alice.actor(WARRIOR));
    await alice.click(own.querySelector('[data-action="flee"]')!);
    // Refused before the flight dialog asks anything.
    expect(alice.dialogs()).toEqual([]);
    expect(alice.warnings.at(-1)).toBe("Un personnage entravé ne peut pas s'enfuir.");
    // The hunter's two slots are closed: the warrior's turn.
    for (let i = 0; i < 2; i++) await gm.click('[data-action="pdaNextSlot"]', gm.tracker);
    // The warrior 1 + 3 = 4 does not beat the hunter 3 + 2 = 5: still held, both actions spent.
    table.dice.push([4, 1], [4, 3]);
    await alice.press('Se dégager', hold);
    expect(text(alice.lastMessage())).toContain('Toujours tenu (4 contre 5).');
    expect(text(gm.tracker)).toContain("4 Gardien du Waka'Hata Se dégager En cours Intrépide ●●");
    expect(alice.actor(WARRIOR).statuses.has('agrippe')).toBe(true);
    expect(table.errors()).toEqual([]);
  });

  it('S-GR1 a defenceless target is grabbed without a roll', async () => {
    const { table, gm, alice, bruno } = await arena(['prudent', 'intrepide']);
    // The GM sets the state (a player may not: docs/trust.md).
    await gm.actor(WARRIOR).toggleStatusEffect('sansDefense', { active: true });
    await table.settle();
    await bruno.actor('Chasseur').items.getName('Arc court').update({ 'system.equipped': false });
    await table.settle();
    await grapple(bruno);
    const card = text(bruno.lastMessage());
    expect(card).toContain('Prise automatique (cible sans défense)');
    expect(table.dice.rolled).toHaveLength(2);
    await gm.press('Appliquer');
    expect(alice.actor(WARRIOR).statuses.has('agrippe')).toBe(true);
  });
});
