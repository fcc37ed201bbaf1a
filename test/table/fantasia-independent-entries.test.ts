/**
 * Independent reading of the Fantasia seed through the other entry points: moving a token, an
 * attack from the sheet during a tracked round, and a parry against a faster foe.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  advanceTo,
  attackFromSheet,
  attackFromSlot,
  cardText,
  declare,
  fighter,
  gmClick,
  setItem,
  carlaAtHerPass1Shot,
} from './fantasia-independent-kit';

describe('Fantasia, independent reading: moving tokens', () => {
  it('F-B7 after a Faucheuse, moving the wounded fighter’s token is refused', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const garde = await fighter(table, 'Garde de la porte', 'Garde');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Garde', 2, 1);
    const gm = table.gm;
    const alice = table.seat('Alice');
    await gm.dragOnto(garde, table.packUuid('fantasia-bottes', 'Faucheuse'));
    await gm.target('Aline');
    table.dice.push([100, 20]);
    await attackFromSheet(gm, garde, 'Épée longue', { thrustId: 'faucheuse' });
    await alice.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    expect(gm.actor('Aline').system.states.cannotMove).toBe(true);
    const x = gm.token('Aline').document.x;
    await alice
      .token('Aline')
      .document.update({ x: x + 300 })
      .catch(() => undefined);
    await table.settle();
    expect(gm.token('Aline').document.x).toBe(x);
  });

  it('F-W5 while her crossbow is being reloaded (pass 2), the shooter’s token does not move', async () => {
    const { table, gm, bruno } = await carlaAtHerPass1Shot();
    table.dice.push([100, 90]);
    await attackFromSlot(bruno, 'Carla');
    await advanceTo(table, 'Carla', 'Recharger');
    const x = gm.token('Carla').document.x;
    await bruno
      .token('Carla')
      .document.update({ x: x + 300 })
      .catch(() => undefined);
    await table.settle();
    expect(gm.token('Carla').document.x).toBe(x);
  });
});

describe('Fantasia, independent reading: the sheet and the card during a tracked round', () => {
  it('F-D1 a fighter who declared a dodge is refused an attack from the sheet that round', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    await fighter(table, 'Garde de la porte', 'Garde');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Garde', 2, 1);
    await table.startEncounter('Aline', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    const alice = table.seat('Alice');
    await declare(alice, 'Aline', [{ kind: 'dodge' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await alice.target('Garde');
    const before = gm.messages().length;
    table.dice.push([100, 10]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Épée fantasque');
    expect(alice.warnings.join(' ')).toContain('esquive');
    expect(gm.messages().length).toBe(before);
  });

  it('F-D2 Aline parries the faster Brute in his slot, then strikes in her own', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const brute = await fighter(table, 'Brigand', 'Brute', { 'system.characteristics.DEX': 17 });
    await setItem(table, brute, 'Dague', { 'system.drawn': true });
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Brute', 2, 1);
    await table.startEncounter('Aline', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    const alice = table.seat('Alice');
    await declare(gm, 'Brute', [{ kind: 'melee', weapon: 'Dague', target: 'Aline' }]);
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Brute' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Brute', 'Attaquer');
    table.dice.push([100, 10]);
    await attackFromSlot(gm, 'Brute');
    table.dice.push([100, 30]);
    await alice.press('Parer (Épée fantasque)');
    expect(cardText(gm.lastMessage())).toContain('Le coup est paré.');
    await advanceTo(table, 'Aline', 'Attaquer');
    const before = gm.messages().length;
    table.dice.push([100, 30]);
    await attackFromSlot(alice, 'Aline');
    expect(gm.messages().length).toBe(before + 1);
    expect(cardText(gm.lastMessage())).toContain('Aline attaque avec Épée fantasque');
  });

  it('F-U4 a knock-out not declared at the start of the round is not offered on the attack', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    await fighter(table, 'Garde de la porte', 'Garde');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Garde', 2, 1);
    const alice = table.seat('Alice');
    await alice.dragOnto(alice.actor('Aline'), table.packUuid('fantasia-armes', 'Gourdin'));
    await setItem(table, table.gm.actor('Aline'), 'Gourdin', { 'system.drawn': true });
    await table.startEncounter('Aline', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Gourdin', target: 'Garde' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Attaquer');
    await alice.openTracker();
    const slot = [...alice.tracker.querySelectorAll<HTMLElement>('.pda-slot')].find((li) =>
      li.classList.contains('active'),
    )!;
    await alice.click(slot.querySelector('[data-action="pdaAttack"]')!);
    expect(alice.dialog().querySelector('[name="knockOut"]')).toBeNull();
  });
});
