/**
 * Greyhawk's parry cards read other cards from the chat log: the attacks made on the fighter they
 * defend (G-PA1) and the parry cards already opened this round (one a round). A player may post
 * messages of the card type; only a GM writes cards, so a player's look-alikes must count for
 * nothing: no parry denied to another player's fighter, no fake attack offered to parry.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { startRound, text } from '../table/greyhawk-table';

const DREVIN = "Drevin, spécialiste de l'épée longue";

describe('look-alike cards posted by a player', () => {
  it('Bruno’s forged parry and attack cards neither spend Drevin’s parry nor appear on Alice’s parry card', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const [alice, bruno, gm] = [table.seat('Alice'), table.seat('Bruno'), table.gm];
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const combat = await table.startEncounter(DREVIN, 'Orque');
    await startRound(table);
    const drevin = gm.actor(DREVIN).uuid;
    const orc = gm.actor('Orque').uuid;
    const Message = bruno.client.CONFIG.ChatMessage.documentClass;
    // A parry card "already opened" by Drevin this round, and an attack of the orc on him.
    await Message.createDocuments([
      {
        type: 'carte',
        content: '<p>parade</p>',
        system: {
          ruleset: 'greyhawk',
          flow: 'greyhawk.parry',
          step: 'ready',
          actorUuid: drevin,
          combatId: combat.id,
          round: 1,
        },
      },
      {
        type: 'carte',
        content: '<p>attaque</p>',
        system: {
          ruleset: 'greyhawk',
          flow: 'greyhawk.attack',
          step: 'damage',
          actorUuid: orc,
          targets: [{ actorUuid: drevin, tokenUuid: '', name: DREVIN }],
          combatId: combat.id,
          round: 1,
          state: { attackerName: 'Orque FORGÉ', first: { attack: { outcome: 'hit' } } },
        },
      },
    ]);
    await table.settle();
    // Alice still opens Drevin's one parry of the round, and it lists no forged attack.
    const sheet = await alice.openSheet(alice.actor(DREVIN));
    const weaponsTab = sheet.querySelector('[data-tab="weapons"]');
    if (weaponsTab) await alice.click(weaponsTab);
    const row = [...alice.actor(DREVIN).sheet.element.querySelectorAll('tr[data-item-id]')].find((r: any) =>
      r.textContent?.includes('Épée longue'),
    );
    await alice.click('[data-action="parry"]', row as Element);
    await alice.answerDialog({});
    const parry = gm.game.messages.contents.filter(
      (m: any) => m.system.flow === 'greyhawk.parry' && m.author.isGM,
    );
    expect(parry).toHaveLength(1);
    expect(alice.warnings).toEqual([]);
    const shown = alice.messages().find((m) => text(m).includes('Parade de Drevin'));
    expect(text(shown)).toContain('Une parade disponible (round 1)');
    expect(text(shown)).not.toContain('FORGÉ');
    expect(
      alice
        .buttons(shown)
        .map((b) => b.label)
        .join(' '),
    ).not.toMatch(/Parer Orque/);
    // Nor do the look-alikes break anyone's chat log: they render with no button, no error.
    expect(table.errors()).toEqual([]);
  });
});
