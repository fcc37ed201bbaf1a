/**
 * Assistant GMs (role 3) are GMs in Foundry (`User#isGM`), and `game.users.activeGM` is "an
 * active Gamemaster, non-assistant if possible". With an assistant and a Gamemaster connected,
 * exactly one client (the Gamemaster's) answers the players' requests, and the assistant's own
 * clicks travel to it like a player's; with the assistant alone, the assistant's client answers.
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, itemId, text } from './fantasia-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

async function table(gms: string[], assistants: string[]): Promise<Table> {
  const t = await Table.open({ ruleset: 'fantasia', gms, assistants, players: ['Alice'] });
  await t.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
  await t.importActor('fantasia-bestiaire', 'Brigand');
  await t.placeToken('Bretteur', 1, 1);
  await t.placeToken('Brigand', 2, 1);
  return t;
}

describe('Assistant GMs at the table', () => {
  it('F-D2 with a GM and an assistant on, the GM alone posts Alice’s card; the assistant’s defence click is run once by the GM', async () => {
    const t = await table(['MJ'], ['Aide']);
    const alice = t.seat('Alice');
    const aide = t.seat('Aide');
    expect(alice.game.users.activeGM.name).toBe('MJ');
    t.dice.push([100, 30]);
    await attackFromSheet(alice, 'Bretteur', itemId(alice, 'Bretteur', 'Épée fantasque'), 'Brigand');
    await t.settle();
    const cards = () => [...t.server.world.messages.values()].filter((m: any) => m.type === 'carte');
    expect(cards().map((m: any) => t.server.user(m.author)?.name)).toEqual(['MJ']);
    // The assistant is a GM: they see and press the PNJ's defence; the Gamemaster's client runs it.
    const writesBefore = t.server.log.filter((op) => op.documentName === 'ChatMessage').length;
    t.dice.push([6, 4], [4, 3]);
    await aide.press('Ne rien faire');
    await t.settle();
    const cardWrites = t.server.log
      .slice(0)
      .filter((op) => op.documentName === 'ChatMessage')
      .slice(writesBefore);
    expect(cardWrites.length).toBeGreaterThan(0);
    // Every write of the card is the Gamemaster's; the assistant writes only the sealed request
    // whispered to the GMs (a GM's request never travels on a User), which the GM then deletes.
    const cardId = cards()[0]!._id;
    const touchesCard = (op: (typeof cardWrites)[number]) =>
      (op.result as { _id?: string }[]).some((r) => r._id === cardId);
    expect(cardWrites.filter(touchesCard).every((op) => op.userId === t.gm.user.id)).toBe(true);
    const byAide = cardWrites.filter((op) => op.userId === aide.user.id);
    expect(byAide.every((op) => !touchesCard(op) && op.action === 'create')).toBe(true);
    expect(text(alice.lastMessage())).toMatch(/Dommages subis 6/);
    await aide.press('Appliquer');
    await t.settle();
    expect(alice.actor('Brigand').system.pv.value).toBe(6);
    expect(t.errors()).toEqual([]);
  });

  it('F-D2 with the assistant alone, the assistant’s client answers Alice and plays the card through', async () => {
    const t = await table([], ['Aide']);
    const alice = t.seat('Alice');
    const aide = t.seat('Aide');
    expect(alice.game.users.activeGM.name).toBe('Aide');
    t.dice.push([100, 30]);
    await attackFromSheet(alice, 'Bretteur', itemId(alice, 'Bretteur', 'Épée fantasque'), 'Brigand');
    await t.settle();
    const card = [...t.server.world.messages.values()].find((m: any) => m.type === 'carte') as any;
    expect(t.server.user(card.author)?.name).toBe('Aide');
    t.dice.push([6, 4], [4, 3]);
    await aide.press('Ne rien faire');
    await aide.press('Appliquer');
    await t.settle();
    expect(alice.actor('Brigand').system.pv.value).toBe(6);
    expect(t.errors()).toEqual([]);
  });
});
