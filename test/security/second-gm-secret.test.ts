/**
 * Issue 22, attack 3: a second, non-active GM declares a PNJ's exact intent. Their declaration is
 * a request to the active GM; nothing secret may travel on a User document, whoever sends it, so
 * no player's client may hold the secret in any document (users, combats and their combatants,
 * messages, actors).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { declare, itemId, text } from '../table/fantasia-table';

const SECRET = 'poignarder-le-bretteur-dans-le-dos';

/** Every document a client holds, as text. */
const everything = (seat: Seat): string =>
  JSON.stringify([
    seat.game.users.contents.map((u: any) => u.toObject()),
    seat.game.combats.contents.map((c: any) => c.toObject()),
    seat.game.messages.contents.map((m: any) => m.toObject()),
    seat.game.actors.contents.map((a: any) => a.toObject()),
  ]);

describe('F-R5 a second GM’s declaration of a PNJ never reaches a player', () => {
  it('F-R5 the second GM declares the brigand’s secret intent: the active GM holds it, no player-side document does', async () => {
    const table = await Table.open({ ruleset: 'fantasia', gms: ['MJ', 'MJ2'] });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    await table.placeToken('Bretteur', 1, 1);
    await table.placeToken('Brigand', 3, 1);
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    const [gm, second, alice, bruno] = ['MJ', 'MJ2', 'Alice', 'Bruno'].map((n) => table.seat(n));
    for (const s of [gm!, second!, alice!, bruno!]) await s.openTracker();
    await gm!.click('[data-action="pdaStartCombat"]', gm!.tracker);
    const brigand = combat.combatants.find((c: any) => c.name === 'Brigand').id;
    const dagger = itemId(second!, 'Brigand', 'Dague');
    await declare(second!, brigand, {
      'intents.0.kind': 'draw',
      'intents.0.weaponId': dagger,
      'intents.0.note': SECRET,
      publicText: 'Le brigand grogne',
    });
    for (let i = 0; i < 3; i++) await table.settle();
    // Accepted by the active GM: both GMs' trackers show the exact intent.
    expect(text(gm!.tracker)).toContain(SECRET);
    expect(second!.warnings).toEqual([]);
    for (const player of [alice!, bruno!]) {
      expect(everything(player)).not.toContain(SECRET);
      expect(text(player.tracker)).toContain('Le brigand grogne');
    }
    // Nor is it left anywhere the server keeps for players: the Users hold no request with it.
    expect(JSON.stringify([...table.server.world.users.values()])).not.toContain(SECRET);
    // Nor in any message: the request's data went to the active GM's client by a query only.
    expect(JSON.stringify([...table.server.world.messages.values()])).not.toContain(SECRET);
    expect(table.server.queries.map((q) => q.name)).toContain('passe-d-armes.sealedRequest');
    expect(table.errors()).toEqual([]);
  });

  it('a player’s forged sealed request is refused: only a GM’s own attested request names sealed data', async () => {
    const table = await Table.open({ ruleset: 'fantasia', gms: ['MJ', 'MJ2'] });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Bruno');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    const bruno = table.seat('Bruno');
    const brigand = combat.combatants.find((c: any) => c.name === 'Brigand').id;
    const data = {
      combatId: combat.id,
      command: { kind: 'declare', combatantId: brigand, declaration: { intents: [{ kind: 'dodge' }] } },
    };
    // Bruno sends his own sealed data to the active GM by a query, then names it from his User.
    const token = 'A'.repeat(32);
    await bruno.game.users.activeGM.query('passe-d-armes.sealedRequest', {
      token,
      id: 'seal1',
      name: 'round.command',
      data,
    });
    await bruno.user.update({
      'flags.passe-d-armes.requests.seal1': { name: 'round.command', sealed: token },
    });
    await table.settle();
    expect(bruno.user.flags['passe-d-armes'].answers.seal1).toMatchObject({
      ok: false,
      key: 'PDA.Error.BadRequest',
    });
    expect(table.gm.game.combats.get(combat.id).system.step).toBe('');
  });
});
