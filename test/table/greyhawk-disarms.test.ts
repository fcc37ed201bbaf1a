/**
 * Disarms carried into the round (issue 15): a two-handed sword knocked off line, then sent
 * flying by a second attacker in the same round (G-D2) and its wielder's lost initiative the next
 * round; a shield knocked aside loses its AC until the round ends (G-D3).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, conditionsOf, nextRound, startRound, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

const DREVIN = "Drevin, spécialiste de l'épée longue";
const AYLA = 'Ayla, rôdeuse aux deux lames';

async function arena(others: readonly string[], prepare?: (table: Table) => Promise<void>) {
  // These card steps are played out of the round's order: the world lets players attack at any
  // moment (setting attackTurnOrder off; the order itself is proven in greyhawk-turns).
  const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
  await prepare?.(table);
  await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
  await table.importActor('greyhawk-bestiaire', AYLA, 'Bruno');
  await table.placeToken(DREVIN, 0, 0);
  await table.placeToken(AYLA, 0, 1);
  for (const n of others)
    if (!table.gm.game.actors.getName(n)) await table.importActor('greyhawk-bestiaire', n);
  for (const [i, n] of others.entries()) await table.placeToken(n, 1, i);
  const combat = await table.startEncounter(DREVIN, AYLA, ...others);
  await startRound(table);
  return { table, alice: table.seat('Alice'), bruno: table.seat('Bruno'), gm: table.gm, combat };
}

/** The GM makes a brute with a two-handed sword dragged from the compendium and readied. */
async function brute(table: Table): Promise<void> {
  await table.createActor({
    name: 'Brute',
    type: 'guerrier-adnd',
    system: { classes: [{ cls: 'fighter', level: 2 }], proficiencies: ['twoHandedSword'], ac: 8 },
  });
  const gm = table.gm;
  await gm.dragOnto(gm.actor('Brute'), table.packUuid('greyhawk-armes', 'Épée à deux mains'));
  const sheet = await gm.openSheet(gm.actor('Brute'));
  await gm.click('[data-tab="weapons"]', sheet);
  await gm.click('[data-action="equip"]', gm.actor('Brute').sheet.element);
}

const statuses = (actor: any): string[] => [...actor.statuses].sort();

describe('Greyhawk disarms carried into the round', () => {
  it('G-D2 two attackers in one round: off line, then flying; the brute loses the next initiative', async () => {
    const { table, alice, bruno, gm, combat } = await arena(['Brute'], brute);
    await alice.target('Brute');
    await bruno.target('Brute');
    // Drevin: THAC0 14 vs AC 8 needs 6; 9 + 3 − 4 (disarm) = 8, a hit: the sword is off line.
    table.dice.push([20, 9]);
    const first = text(await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'disarm' }));
    expect(first).toContain("L'arme à deux mains est déviée");
    await gm.press('Appliquer', gm.lastMessage());
    expect(statuses(gm.actor('Brute'))).toEqual(['greyhawk-offLine']);
    expect(text(gm.actor('Brute').sheet.element.querySelector('.pda-greyhawk-conditions'))).toContain(
      'Arme déviée G-D2',
    );
    // Ayla, same round: nobody types the earlier success, the off-line sword tells it.
    table.dice.push([20, 17]);
    await attackFromSheet(bruno, AYLA, 'Épée longue', { manoeuvre: 'disarm' });
    table.dice.push([6, 2], [6, 5]);
    await bruno.press('Issue du désarmement');
    const second = text(bruno.lastMessage());
    expect(second).toContain("Deuxième désarmement du round : l'arme à deux mains est projetée. G-D2");
    expect(second).toContain('Elle tombe à 5 pieds, direction 2.');
    await gm.press('Appliquer', gm.lastMessage());
    expect(statuses(gm.actor('Brute'))).toEqual(['greyhawk-disarmed', 'greyhawk-losesInitiative']);

    // Round 2: whatever its d10, the brute acts after everyone (G-D2).
    await nextRound(table, combat.id);
    expect(conditionsOf(gm.actor('Brute')).offLine).toBe(false);
    await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    const order = text(gm.tracker.querySelector('.pda-pass-2') ?? gm.tracker);
    const pos = (n: string) => order.indexOf(n);
    expect(pos('Brute')).toBeGreaterThan(pos('Ayla'));
    expect(pos('Brute')).toBeGreaterThan(pos('Drevin'));
    const state = gm.game.combats.get(combat.id);
    const slot = state.system.slots.find(
      (s: any) => s.pass === 2 && s.combatantId === state.combatants.find((c: any) => c.name === 'Brute').id,
    );
    expect(slot.order).toBeGreaterThan(100);
    // Round 3: the initiative is its own again; the sword still lies on the floor.
    await nextRound(table, combat.id);
    expect(statuses(gm.actor('Brute'))).toEqual(['greyhawk-disarmed']);
    expect(table.errors()).toEqual([]);
  });

  it('G-D3 a shield knocked aside loses its AC for the rest of the round, back at the next round', async () => {
    const { table, alice, bruno, gm, combat } = await arena(['Orque']);
    await alice.target('Orque');
    await bruno.target('Orque');
    table.dice.push([20, 15]);
    const card = text(
      await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'disarm', grip: 'shield' }),
    );
    expect(card).toContain('G-D3');
    await gm.press('Appliquer', gm.lastMessage());
    expect(statuses(gm.actor('Orque'))).toEqual(['greyhawk-shieldOffLine']);
    // Ayla's blow meets AC 7 rather than 6: the small shield's point is gone (G-D3).
    table.dice.push([20, 2]);
    const blow = text(await attackFromSheet(bruno, AYLA, 'Épée longue'));
    expect(blow).toContain('TAC0 16 − CA 7 = 9');
    await nextRound(table, combat.id);
    expect(statuses(gm.actor('Orque'))).toEqual([]);
    table.dice.push([20, 2]);
    expect(text(await attackFromSheet(bruno, AYLA, 'Épée longue'))).toContain('TAC0 16 − CA 6 = 10');
    expect(table.errors()).toEqual([]);
  });
});
