/**
 * Write path 20 (docs/trust.md): realigning a knocked shield (G-D3) spends one of the
 * round's attacks, kept on the Combat's GM-written copy. A player asking it from the console for a
 * fighter she does not own is refused, and neither the budget nor the condition moves.
 */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { attackFromSheet, conditionsOf, startRound } from '../table/greyhawk-table';

const DREVIN = "Drevin, spécialiste de l'épée longue";

async function fromConsole(seat: Seat, id: string, name: string, data: Record<string, unknown>) {
  await seat.user.update({ [`flags.passe-d-armes.requests.${id}`]: { name, data } });
  await seat.table.settle();
  return seat.user.flags['passe-d-armes'].answers[id];
}

describe('G-D3 the shield realignment is the GM’s write', () => {
  it('G-D3 Alice cannot realign the orc’s shield from the console: refused, budget and condition unchanged', async () => {
    // Drevin strikes whatever the slot (setting attackTurnOrder off): the realignment's trust is under
    // test, the turn order is proven in greyhawk-turns.
    const table = await Table.open({ ruleset: 'greyhawk', settings: { attackTurnOrder: false } });
    const alice = table.seat('Alice');
    const gm = table.gm;
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const combat = await table.startEncounter(DREVIN, 'Orque');
    await startRound(table);
    await gm.click('[data-action="pdaForcePasses"]', gm.tracker);
    await alice.target('Orque');
    table.dice.push([20, 15]);
    await attackFromSheet(alice, DREVIN, 'Épée longue', { manoeuvre: 'disarm', grip: 'shield' });
    await gm.press('Appliquer', gm.lastMessage());
    expect(conditionsOf(gm.actor('Orque')).shieldOffLine).toBe(true);
    const sealed = () => JSON.stringify(gm.game.combats.get(combat.id).system.sealed);
    const before = sealed();

    const answer = await fromConsole(alice, 'x1', 'greyhawk.realignShield', {
      actorUuid: gm.actor('Orque').uuid,
    });
    expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.CardNotYourActor' });
    expect(conditionsOf(gm.actor('Orque')).shieldOffLine).toBe(true);
    expect(sealed()).toBe(before);
    // A made-up uuid is refused by the schema or as gone, and changes nothing either.
    const bogus = await fromConsole(alice, 'x2', 'greyhawk.realignShield', { actorUuid: 'constructor' });
    expect(bogus.ok).toBe(false);
    expect(sealed()).toBe(before);
  });
});
