/**
 * Issue 42, point 1: a player posts a message of the card type whose journal names any document
 * (her own User with the Gamemaster's role, another player's fighter's PV, statuses). When the
 * GM's page loads, the journals of cut-off cards are finished: only cards a GM wrote, and each
 * write checked as a live one is (a card writes fighters, never a User or a message).
 */
import { describe, expect, it } from 'vitest';
import { fantasiaTable } from '../table/fantasia-table';

async function forgedJournalTable() {
  const t = await fantasiaTable([
    { entry: 'Bretteur', owner: 'Bruno' },
    { entry: 'Garde de la porte', owner: 'Alice' },
  ]);
  const pv = t.gm.actor('Bretteur').system.pv.value as number;
  return { t, pv };
}

describe('a forged card journal is never finished', () => {
  it('Alice posts a card whose journal makes her Gamemaster and wounds Bruno’s swordsman; the GM reloads: nothing lands', async () => {
    const { t, pv } = await forgedJournalTable();
    const alice = t.alice.client;
    const bretteur = t.alice.game.actors.getName('Bretteur');
    // Alice's console: one message of the card type, with a journal of her choosing.
    await alice.CONFIG.ChatMessage.documentClass.create({
      type: 'carte',
      content: '<p>carte</p>',
      system: {
        ruleset: 'fantasia',
        flow: 'fantasia.attack',
        step: 'damage',
        revision: 3,
        actorUuid: bretteur.uuid,
        journal: {
          revision: 3,
          owners: [],
          writes: [
            { uuid: `User.${alice.userId}`, update: { role: 4 }, from: { role: 1 } },
            {
              uuid: bretteur.uuid,
              update: { system: { pv: { value: -20 } } },
              from: { system: { pv: { value: pv } } },
            },
            { uuid: bretteur.uuid, update: {}, statuses: { dead: { name: 'Mort', statuses: ['dead'] } } },
          ],
        },
      },
    });
    await t.table.settle();
    const gm = await t.table.reload('MJ');
    expect(gm.game.users.get(alice.userId).role).toBe(1);
    expect(gm.actor('Bretteur').system.pv.value).toBe(pv);
    expect([...gm.actor('Bretteur').statuses]).not.toContain('dead');
  });

  it('Alice changes the author of her forged card to the GM: the server refuses, and the GM’s reload finishes nothing', async () => {
    const { t, pv } = await forgedJournalTable();
    const alice = t.alice.client;
    const bretteur = t.alice.game.actors.getName('Bretteur');
    const [message] = await alice.CONFIG.ChatMessage.documentClass.createDocuments([
      {
        type: 'carte',
        content: '<p>carte</p>',
        system: {
          ruleset: 'fantasia',
          flow: 'fantasia.attack',
          step: 'damage',
          revision: 1,
          actorUuid: bretteur.uuid,
          journal: {
            revision: 1,
            owners: [],
            writes: [{ uuid: bretteur.uuid, update: { 'system.pv.value': -20 } }],
          },
        },
      },
    ]);
    await expect(message.update({ author: t.gm.client.userId })).rejects.toThrow();
    await t.table.settle();
    const gm = await t.table.reload('MJ');
    expect(gm.game.messages.get(message.id).author.isGM).toBe(false);
    expect(gm.actor('Bretteur').system.pv.value).toBe(pv);
  });
});
