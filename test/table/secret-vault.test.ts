/**
 * Issues 30 and 39: the GMs' secrets (a Fantasia PNJ's exact intent, F-R5; a second GM's request
 * carrying one; Greyhawk's sealed d10 while players declare) are in no data a player's client
 * receives. Since issue 39 the harness delivers every chat message to every client (a whisper
 * with dice reaches everyone in Foundry, and the stricter reading is kept for the others), so
 * each test reads everything a player's client holds: documents of every kind, the chat log and
 * the client's own settings.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */
import { describe, expect, it } from 'vitest';
import { Table, type Seat } from '../harness/table';
import { declare, fantasiaTable, itemId, startFight, text } from './fantasia-table';

const SECRET = 'contourner-par-la-gauche';

/** Everything a client holds, as text: every collection's documents, its chat log, its settings. */
function everything(seat: Seat): string {
  const game = seat.game;
  const docs = [...game.collections.values()].map((c: any) => c.contents.map((d: any) => d.toObject()));
  return JSON.stringify([
    docs,
    seat.dom.querySelector('.chat-log')?.innerHTML ?? '',
    [...seat.client.clientSettings.entries()],
  ]);
}

describe('the GMs’ secrets are in nothing a player’s client receives', () => {
  it('F-R5 the GM clears the chat log and reloads mid-declaration: the brigand’s exact intent is kept, and no player client holds it', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Alice' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    const dagger = itemId(t.gm, 'Brigand', 'Dague');
    await declare(t.gm, t.ids.Brigand!, {
      'intents.0.kind': 'draw',
      'intents.0.weaponId': dagger,
      'intents.0.note': SECRET,
      publicText: 'Le brigand grogne',
    });
    expect(text(t.gm.tracker)).toContain(SECRET);
    // Every player's client holds every message the GM's does (the stricter reading)…
    for (const player of [t.alice, t.bruno]) expect(player.game.messages.size).toBe(t.gm.game.messages.size);
    // …and none of them, nor any other document, holds the secret.
    for (const player of [t.alice, t.bruno]) {
      expect(everything(player)).not.toContain(SECRET);
      expect(text(player.tracker)).toContain('Le brigand grogne');
    }
    expect(
      JSON.stringify([...Object.values(t.table.server.world)].map((m) => [...m.values()])),
    ).not.toContain(SECRET);
    // Core's "Clear chat log", then the GM reloads the page: the intent is still the GM's.
    const ids = t.gm.game.messages.contents.map((m: any) => m.id);
    if (ids.length) await t.gm.client.CONFIG.ChatMessage.documentClass.deleteDocuments(ids);
    const gm = await t.table.reload('MJ');
    await gm.openTracker();
    expect(text(gm.tracker)).toContain(SECRET);
    // The round goes on with the brigand's exact declaration: the dagger is drawn at its slot.
    const sword = itemId(t.alice, 'Bretteur', 'Épée fantasque');
    await declare(t.alice, t.ids.Bretteur!, {
      'intents.0.kind': 'melee',
      'intents.0.weaponId': sword,
      'intents.0.targetId': t.ids.Brigand!,
    });
    await gm.click('[data-action="pdaStartPasses"]', gm.tracker);
    expect(text(gm.tracker)).toContain('13 Brigand Dégainer / encocher En attente');
    for (const player of [t.alice, t.bruno]) expect(everything(player)).not.toContain(SECRET);
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R5 a second GM declares the brigand’s intent: the active GM holds it; no player client, no world document does', async () => {
    const table = await Table.open({ ruleset: 'fantasia', gms: ['MJ', 'MJ2'] });
    await table.importActor('fantasia-bestiaire', 'Bretteur', 'Alice');
    await table.importActor('fantasia-bestiaire', 'Brigand');
    const combat = await table.startEncounter('Bretteur', 'Brigand');
    const [gm, second, alice, bruno] = ['MJ', 'MJ2', 'Alice', 'Bruno'].map((n) => table.seat(n)) as Seat[];
    for (const s of [gm!, second!, alice!, bruno!]) await s.openTracker();
    await gm!.click('[data-action="pdaStartCombat"]', gm!.tracker);
    const brigand = combat.combatants.find((c: any) => c.name === 'Brigand').id;
    await declare(second!, brigand, {
      'intents.0.kind': 'draw',
      'intents.0.weaponId': itemId(second!, 'Brigand', 'Dague'),
      'intents.0.note': SECRET,
      publicText: 'Le brigand grogne',
    });
    for (let i = 0; i < 3; i++) await table.settle();
    expect(text(gm!.tracker)).toContain(SECRET);
    for (const player of [alice!, bruno!]) expect(everything(player)).not.toContain(SECRET);
    expect(JSON.stringify([...Object.values(table.server.world)].map((m) => [...m.values()]))).not.toContain(
      SECRET,
    );
    expect(table.errors()).toEqual([]);
  });

  it('Base Greyhawk’s sealed d10s are in nothing a player’s client holds until the declarations close', async () => {
    const KAEL = 'Kael, archer spécialiste';
    const table = await Table.open({ ruleset: 'greyhawk' });
    await table.importActor('greyhawk-bestiaire', KAEL, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    const combat = await table.startEncounter(KAEL, 'Orque');
    const alice = table.seat('Alice');
    for (const s of [table.gm, alice]) await s.openTracker();
    table.dice.push([10, 7], [10, 3]);
    await table.gm.click('[data-action="pdaStartCombat"]', table.gm.tracker);
    const ids = Object.fromEntries(combat.combatants.contents.map((c: any) => [c.name, c.id]));
    expect(text(table.gm.tracker.querySelector(`li[data-combatant-id="${ids[KAEL]}"] .pda-initiative`))).toBe(
      '7',
    );
    // The score or die of either fighter, in a field or inside a JSON string (quotes escaped).
    const sealed = /\\*"(score|d10)\\*":\s*[37]\b/;
    // Nor a d10 of 7 or 3 among any message's rolls (a whispered roll reaches every client).
    const rolled = /\\*"faces\\*":\s*10,\s*\\*"results\\*":\s*\[\{\\*"result\\*":\s*[37]\b/;
    for (const player of [alice, table.seat('Bruno')]) {
      expect(everything(player)).not.toMatch(sealed);
      expect(everything(player)).not.toMatch(rolled);
    }
    expect(table.errors()).toEqual([]);
  });
});
