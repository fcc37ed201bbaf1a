/**
 * Issue 42, point 1 (found while attacking it): the Souffle attack opener reads whether the
 * attacker holds the target (S-GR1: a blow on the hold ignores armour and defence) from grapple
 * cards. Only a GM writes cards: a player's look-alike "held" card must give no such blow.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../harness/table';
import { souffleRound, text, WARRIOR } from '../table/souffle-table';

const toggle = async (seat: Seat, actorName: string, item: string) => {
  const actor = seat.actor(actorName);
  const sheet = await seat.openSheet(actor);
  const id = actor.items.getName(item).id;
  await seat.click(
    sheet.querySelector(`[data-item-id="${id}"] [data-action="toggleItem"][data-field="equipped"]`)!,
  );
};

describe('S-GR1 a forged hold', () => {
  it('S-GR1 Bruno posts a "held" grapple card from the console on a warrior someone else grabbed: his dagger blow is an ordinary one', async () => {
    const { table, gm, alice, bruno } = await souffleRound(['intrepide', 'intrepide'], [4, 9]);
    // The warrior is grabbed (by someone else): the GM's state on her.
    await gm.actor(WARRIOR).toggleStatusEffect('agrippe', { active: true });
    await bruno.target(WARRIOR);
    await toggle(bruno, 'Chasseur', 'Arc court');
    await toggle(bruno, 'Chasseur', 'Dague');
    // Bruno's console: a message of the card type saying his hunter holds her.
    await bruno.client.CONFIG.ChatMessage.documentClass.create({
      type: 'carte',
      content: '<p>prise</p>',
      system: {
        ruleset: 'souffle',
        flow: 'souffle.grapple',
        step: 'held',
        actorUuid: bruno.actor('Chasseur').uuid,
        targets: [{ actorUuid: alice.actor(WARRIOR).uuid, tokenUuid: '', name: WARRIOR }],
      },
    });
    await table.settle();
    const dagger = bruno.actor('Chasseur').items.getName('Dague').id;
    const sheet = await bruno.openSheet(bruno.actor('Chasseur'));
    await bruno.click(sheet.querySelector(`[data-item-id="${dagger}"] [data-action="attack"]`)!);
    table.dice.push([8, 2], [12, 9]);
    await bruno.answerDialog({ characteristic: 'geste' });
    const card = text(bruno.lastMessage());
    expect(card).toContain('Chasseur attaque');
    expect(card).not.toContain('Coup porté sur la prise');
  });
});
