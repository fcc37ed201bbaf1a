/**
 * Malformed payloads through the real request channel (a player's own User write, answered by
 * the active GM): each is answered with PDA.Error.BadPayload naming the field, and no document
 * other than the requester's User (the request, then the GM's answer) is written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Table } from '../harness/table';

describe('malformed requests at a table', () => {
  let table: Table;
  let combatId = '';

  beforeEach(async () => {
    table = await Table.open({ ruleset: 'fantasia' });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    combatId = combat.id;
    await table.gm.openTracker();
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
  });

  const bretteur = () =>
    table.gm.game.combats.get(combatId).combatants.find((c: { name: string }) => c.name === 'Bretteur');

  const cases: [string, string, (combatant: string) => Record<string, unknown>, string][] = [
    [
      'a combatant id that is a prototype key',
      'round.command',
      () => ({ combatId, command: { kind: 'drop', combatantId: 'constructor' } }),
      'command.combatantId',
    ],
    [
      'a declaration aimed at __proto__',
      'round.command',
      (id) => ({
        combatId,
        command: {
          kind: 'declare',
          combatantId: id,
          declaration: { intents: [{ kind: 'melee', targetId: '__proto__' }] },
        },
      }),
      'command.declaration.intents.0.targetId',
    ],
    [
      'a declaration nested past the limit',
      'round.command',
      (id) => ({
        combatId,
        command: { kind: 'declare', combatantId: id, declaration: { a: { b: { c: { d: { e: 1 } } } } } },
      }),
      'command.declaration.a.b.c.d',
    ],
    [
      'a card revision of null',
      'card.action',
      () => ({ messageId: 'aaaaaaaaaaaaaaaa', actionId: 'apply', revision: null }),
      'revision',
    ],
    [
      'an extra key',
      'round.command',
      () => ({ combatId, command: { kind: 'nextSlot' }, asGM: true }),
      'asGM',
    ],
  ];

  for (const [what, name, data, field] of cases) {
    it(`${what} is refused naming ${field}, and only Alice's User is written`, async () => {
      const alice = table.seat('Alice');
      const before = JSON.stringify(bretteur().system);
      const from = table.server.log.length;
      await alice.user.update({
        'flags.passe-d-armes.requests.bad1': { name, data: data(bretteur().id) },
      });
      await table.settle();
      const answer = alice.user.flags['passe-d-armes'].answers.bad1;
      expect(answer).toMatchObject({ ok: false, key: 'PDA.Error.BadPayload', data: { field } });
      const written = table.server.log.slice(from).map((op: { documentName: string }) => op.documentName);
      expect(written).toEqual(['User', 'User']);
      expect(JSON.stringify(bretteur().system)).toBe(before);
      expect(table.errors()).toEqual([]);
    });
  }
});
