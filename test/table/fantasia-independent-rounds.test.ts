/**
 * Independent reading of the Fantasia seed: what carries from one round to the next (a thrust
 * the foe has seen, lost balance, a crossbow reload) and what players see of a PNJ's intent.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  advanceTo,
  attackFromSlot,
  cardText,
  checkOf,
  declarationRows,
  declare,
  fighter,
  finishRound,
  gmClick,
  setItem,
  slotOrder,
  carlaAtHerPass1Shot,
} from './fantasia-independent-kit';

async function duel() {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
  await fighter(table, 'Garde de la porte', 'Garde');
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Garde', 2, 1);
  await table.startEncounter('Aline', 'Garde');
  await gmClick(table, 'pdaStartCombat');
  return { table, gm: table.gm, alice: table.seat('Alice') };
}

describe('Fantasia, independent reading: from one round to the next', () => {
  it('F-B5 Étranglement landed on the Garde in round 1: tried again in round 2 its −5 % doubles (55)', async () => {
    const { table, gm, alice } = await duel();
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Attaquer');
    table.dice.push([100, 10]);
    await attackFromSlot(alice, 'Aline', { thrustId: 'etranglement' });
    expect(checkOf(gm.lastMessage()).target).toBe('/ 60 %');
    await gm.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    await finishRound(table);
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Attaquer');
    table.dice.push([100, 90]);
    await attackFromSlot(alice, 'Aline', { thrustId: 'etranglement' });
    expect(checkOf(gm.lastMessage()).target).toBe('/ 55 %');
  });

  it('F-H6 a fumble with lost balance (DEX×3 = 45 failed on 90): no attack declared next round', async () => {
    const { table, gm, alice } = await duel();
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Attaquer');
    table.dice.push([100, 99]);
    await attackFromSlot(alice, 'Aline');
    expect(checkOf(gm.lastMessage()).level).toBe('Maladresse');
    table.dice.push([100, 90]);
    await gm.press("Perte d'équilibre");
    expect(gm.actor('Aline').system.states.fallen).toBe(true);
    await finishRound(table);
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    expect(alice.warnings.join(' ')).toContain("perdu l'équilibre");
    expect(declarationRows(alice).find((r) => r.name === 'Aline')?.declared).toBe(false);
  });

  it('F-W5 a crossbow shot in pass 1 and reloaded in passes 2 and 3 shoots again in pass 1 of round 2', async () => {
    const { table, gm, bruno } = await carlaAtHerPass1Shot();
    table.dice.push([100, 90]);
    await attackFromSlot(bruno, 'Carla');
    await finishRound(table);
    await declare(bruno, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde' }]);
    expect(bruno.warnings).toEqual([]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    expect(slotOrder(gm)[0]).toBe('1:Carla:Tirer');
  });

  it('F-W5 while reloading in pass 2 the crossbowwoman may not parry with her drawn dagger', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    const carla = await fighter(table, 'Aventurière arbalétrière', 'Carla', {}, 'Bruno');
    await setItem(table, carla, 'Dague', { 'system.drawn': true });
    await fighter(table, 'Garde de la porte', 'Garde');
    await table.placeToken('Carla', 1, 1);
    await table.placeToken('Garde', 2, 1);
    await table.startEncounter('Carla', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    const bruno = table.seat('Bruno');
    await declare(bruno, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Carla' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Carla', 'Tirer');
    table.dice.push([100, 90]);
    await attackFromSlot(bruno, 'Carla');
    await advanceTo(table, 'Garde', 'Attaquer');
    table.dice.push([100, 10]);
    await attackFromSlot(gm, 'Garde');
    const parry = bruno.buttons().find((b) => b.label.startsWith('Parer (Dague)'));
    expect(parry?.enabled).toBe(false);
    expect(cardText(bruno.lastMessage())).toContain("Recharge l'arbalète");
  });
});

describe('Fantasia, independent reading: a PNJ keeps its intent', () => {
  it("F-R5 players see the GM's vague text, not the PNJ's blow, until its slot comes up", async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', { 'system.characteristics.DEX': 16 }, 'Alice');
    const brute = await fighter(table, 'Brigand', 'Brute');
    await setItem(table, brute, 'Dague', { 'system.drawn': true });
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Brute', 2, 1);
    await table.startEncounter('Aline', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    const alice = table.seat('Alice');
    await declare(alice, 'Aline', [{ kind: 'parry', weapon: 'Épée fantasque' }]);
    await declare(
      gm,
      'Brute',
      [{ kind: 'melee', weapon: 'Dague', target: 'Aline' }],
      'Il porte la main à sa ceinture',
    );
    await alice.openTracker();
    expect(alice.tracker.textContent).toContain('Il porte la main à sa ceinture');
    await gmClick(table, 'pdaStartPasses');
    await alice.openTracker();
    expect(slotOrder(alice)).toContain('2:Brute:Intention cachée');
    expect(slotOrder(alice).join(' ')).not.toContain('Brute:Attaquer');
    expect(alice.tracker.textContent).not.toContain('Dague');
    expect(slotOrder(gm)).toContain('2:Brute:Attaquer au contact');
  });
});
