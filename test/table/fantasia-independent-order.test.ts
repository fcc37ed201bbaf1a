/**
 * Independent reading of the Fantasia seed: initiative computed again each round, declarations
 * in initiative order, and an arquebus's doubled reload kept past the end of the round.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  advanceTo,
  attackFromSlot,
  cardText,
  declarationRows,
  declare,
  fighter,
  finishRound,
  gmClick,
  setItem,
} from './fantasia-independent-kit';

describe('Fantasia, independent reading: order of the table', () => {
  it('F-R2 a DEX raised between rounds (13 → 17) puts the Brigand first in round 2', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const brute = await fighter(table, 'Brigand', 'Brute');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Brute', 2, 1);
    await table.startEncounter('Aline', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    expect(declarationRows(gm).map((r) => r.name)).toEqual(['Aline', 'Brute']);
    await declare(table.seat('Alice'), 'Aline', [{ kind: 'other' }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await brute.update({ 'system.characteristics.DEX': 17 });
    await table.settle();
    await finishRound(table);
    await gm.openTracker();
    expect(declarationRows(gm).map((r) => r.name)).toEqual(['Brute', 'Aline']);
  });

  it('F-R5 the slower player has no declare button until the faster one has declared', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    await fighter(table, 'Aventurière arbalétrière', 'Carla', {}, 'Bruno');
    await fighter(table, 'Brigand', 'Brute');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Carla', 1, 2);
    await table.placeToken('Brute', 2, 1);
    await table.startEncounter('Aline', 'Carla', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    const alice = table.seat('Alice');
    const alineRow = async () => {
      await alice.openTracker();
      return [...alice.tracker.querySelectorAll<HTMLElement>('.pda-declarations li')].find(
        (li) => li.querySelector('.pda-name')?.textContent?.trim() === 'Aline',
      )!;
    };
    expect((await alineRow()).querySelector('[data-action="pdaDeclare"]')).toBeNull();
    await declare(table.seat('Bruno'), 'Carla', [{ kind: 'other' }]);
    expect((await alineRow()).querySelector('[data-action="pdaDeclare"]')).not.toBeNull();
  });
});

describe('Fantasia, independent reading: too much powder', () => {
  it('F-W6 the doubled reload shown on the card (2 + 3 = 5, doubled 10) still stands after the round', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', { 'system.characteristics.FOR': 16 }, 'Alice');
    await fighter(table, 'Brigand', 'Brute');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Brute', 4, 1);
    const alice = table.seat('Alice');
    const gm = table.gm;
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', 'Arquebuse'));
    await setItem(table, gm.actor('Aline'), 'Arquebuse', { 'system.drawn': true });
    await table.startEncounter('Aline', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Aline', [{ kind: 'shoot', weapon: 'Arquebuse', target: 'Brute' }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Tirer');
    table.dice.push([100, 50]);
    await attackFromSlot(alice, 'Aline');
    table.dice.push([100, 90], [100, 80], [4, 2]);
    await alice.press('Jet de Chance');
    expect(cardText(gm.lastMessage())).toContain('10 rounds (doublé)');
    // A d4 that the end of the round must not use: the count is already set.
    table.dice.push([4, 4]);
    await finishRound(table);
    const sheet = await alice.openSheet(alice.actor('Aline'));
    expect(sheet.querySelector('[data-reload-left]')?.getAttribute('data-reload-left')).toBe('10');
  });
});
