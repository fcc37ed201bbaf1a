/** Greyhawk's lasting conditions at the table: pinned, held, hostage, disarms carried into the round. */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { attackFromSheet, nextRound, startRound, text } from './greyhawk-table';

/* eslint-disable @typescript-eslint/no-explicit-any -- documents of the harness clients */

describe('Greyhawk conditions', () => {
  it('G-C1 explore', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    const drevin = await table.importActor('greyhawk-bestiaire', "Drevin, spécialiste de l'épée longue", 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(drevin.name, 0, 0);
    await table.placeToken('Orque', 1, 0);
    const combat = await table.startEncounter(drevin.name, 'Orque');
    await startRound(table);
    await alice.target('Orque');
    table.dice.push([20, 18]);
    const card = await attackFromSheet(alice, drevin.name, 'Épée longue', { calledShot: 1, purpose: 'pin' });
    console.log(text(card));
    console.log(table.gm.buttons(table.gm.lastMessage()).map((b) => b.label));
    await table.gm.press('Appliquer', table.gm.lastMessage());
    const orc = table.gm.actor('Orque');
    console.log(orc.system.conditions, [...orc.effects].map((e: any) => [e.statuses, e.duration]));
    const sheet = await table.gm.openSheet(orc);
    console.log(text(sheet.querySelector('.pda-greyhawk-conditions')));
    await nextRound(table, combat.id);
    console.log(table.gm.actor('Orque').system.conditions.pinned, text(table.gm.tracker));
    console.log(table.errors());
  });
});
