/**
 * Independent reader, issue 46 points 1 and 2 for Fantasia and Greyhawk: a slot closes itself
 * once its card has nothing left to answer (a missed blow: F-R1, G-S2), and « Déclarer les PNJ »
 * leaves a PNJ the GM already declared alone (F-R5).
 */
import { describe, expect, it } from 'vitest';
import { Table } from '../harness/table';
import { declare, fantasiaTable, startFight, text, type FantasiaTable } from './fantasia-table';
import { against, DREVIN, declareAll, resolve, startCombat } from './greyhawk-independent-helpers';

const row = (t: FantasiaTable, name: string) => `[data-combatant-id="${t.ids[name]}"]`;

describe('F-R1 / F-R5 Fantasia, read again', () => {
  it('F-R1 Bruno’s blow misses (d100 80 against 65 %): nothing to answer, his slot is done without « J’ai fini »', async () => {
    const t = await fantasiaTable([{ entry: 'Bretteur', owner: 'Bruno' }, { entry: 'Brigand' }]);
    await startFight(t, ['Bretteur', 'Brigand']);
    await t.bruno.target('Brigand');
    await declare(t.bruno, t.ids.Bretteur!, {});
    await t.gm.click('[data-action="pdaForcePasses"]', t.gm.tracker);
    const current = () => text(t.bruno.tracker.querySelector('li.pda-slot.active .pda-name'));
    expect(current()).toBe('Bretteur');
    t.table.dice.push([100, 80]);
    await t.bruno.click('li.active [data-action="pdaAttack"]', t.bruno.tracker);
    if (t.bruno.dialogs().length) await t.bruno.answerDialog({});
    expect(text(t.gm.lastMessage())).toMatch(/Échec/);
    expect(current()).not.toBe('Bretteur');
    expect(t.table.errors()).toEqual([]);
  });

  it('F-R5 round 2: « Déclarer les PNJ » starts each PNJ from its round-1 declaration (two dodges), one confirmation repeats them', async () => {
    const t = await fantasiaTable([
      { entry: 'Bretteur', owner: 'Bruno' },
      { entry: 'Brigand' },
      { entry: 'Garde de la porte' },
    ]);
    await startFight(t, ['Bretteur', 'Brigand', 'Garde de la porte']);
    await t.gm.click('[data-action="pdaDeclareNpcs"]', t.gm.tracker);
    await t.gm.answerDialog({
      [`npc.${t.ids.Brigand}.kind`]: 'dodge',
      [`npc.${t.ids['Garde de la porte']}.kind`]: 'dodge',
    });
    await declare(t.bruno, t.ids.Bretteur!, { 'intents.0.kind': 'dodge' });
    await t.gm.click('[data-action="pdaStartPasses"]', t.gm.tracker);
    for (let i = 0; i < 20 && !text(t.gm.tracker).includes('Tout le monde a agi'); i++)
      await t.gm.click('[data-action="pdaNextSlot"]', t.gm.tracker);
    await t.gm.click('[data-action="pdaNextRound"]', t.gm.tracker);
    if (t.gm.dialogs().length) await t.gm.answerDialog({}, 'yes');
    expect(text(t.gm.tracker)).toContain('Round 2');
    await t.gm.click('[data-action="pdaDeclareNpcs"]', t.gm.tracker);
    await t.gm.answerDialog({});
    for (const n of ['Brigand', 'Garde de la porte'])
      expect(text(t.gm.tracker.querySelector(`li${row(t, n)} .pda-summary`))).toContain('Esquive');
    expect(t.table.errors()).toEqual([]);
  });
});

describe('G-S2 Greyhawk, read again', () => {
  it('G-S2 Drevin’s declared blow misses (d20 1): his slot closes itself and the orc’s is current', async () => {
    const table = await Table.open({ ruleset: 'greyhawk' });
    const alice = table.seat('Alice');
    await table.importActor('greyhawk-bestiaire', DREVIN, 'Alice');
    await table.importActor('greyhawk-bestiaire', 'Orque');
    await table.placeToken(DREVIN, 0, 0);
    const token = await table.placeToken('Orque', 1, 0);
    await token.update({ disposition: -1 });
    await table.startEncounter(DREVIN, 'Orque');
    await startCombat(table, [1, 9]);
    await declareAll(table, {
      [DREVIN]: { action: 'attack', targetId: against(table, 'Orque') },
      Orque: { action: 'attack', targetId: against(table, DREVIN) },
    });
    await resolve(table);
    await alice.openTracker();
    const active = () => text(alice.tracker.querySelector('li.pda-slot.active .pda-name')).trim();
    expect(active()).toBe(DREVIN);
    await alice.click('li.pda-slot.active [data-action="pdaAttack"]', alice.tracker);
    table.dice.push([20, 1], 1);
    if (alice.dialogs().length) await alice.answerDialog({}, 'attack');
    expect(active()).toBe('Orque');
    expect(table.errors()).toEqual([]);
  });
});
