/**
 * Independent reading of the Fantasia seed: fumble options by weapon kind, knock-out weapons,
 * surprise and bare hands, a parry that comes back each round, thrust memory per foe.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  advanceTo,
  attackFromSheet,
  attackFromSlot,
  cardText,
  checkOf,
  declarationRows,
  declare,
  fighter,
  finishRound,
  gmClick,
  setItem,
} from './fantasia-independent-kit';

async function duel(attacker = 'Bretteur', changes: Record<string, unknown> = {}) {
  const table = await Table.open({ ruleset: 'fantasia' });
  await fighter(table, attacker, 'Aline', changes, 'Alice');
  const brute = await fighter(table, 'Brigand', 'Brute');
  await table.placeToken('Aline', 1, 1);
  await table.placeToken('Brute', 2, 1);
  const alice = table.seat('Alice');
  await alice.target('Brute');
  return { table, alice, gm: table.gm, brute };
}

function optionsText(seat: ReturnType<Table['seat']>): string {
  return (
    cardText(seat.lastMessage()) +
    ' ' +
    seat
      .buttons()
      .map((b) => b.label)
      .join(' | ')
  );
}

describe('Fantasia, independent reading: what a fumble may do', () => {
  it('F-H8 a Bagarre fumble offers improvised outcomes, not a weapon that breaks', async () => {
    const { table, alice, gm } = await duel();
    table.dice.push([100, 97]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Bagarre');
    expect(checkOf(gm.lastMessage()).level).toBe('Maladresse');
    const text = optionsText(gm);
    expect(text).toContain('Tombe à la renverse');
    expect(text).not.toContain("L'arme se brise");
    expect(text).not.toContain('Mécanisme enrayé');
  });

  it('F-H7 a crossbow fumble offers the jammed mechanism and the friend hit, not the bow string', async () => {
    const { table, alice, gm } = await duel('Aventurière arbalétrière');
    table.dice.push([100, 100]);
    await attackFromSheet(alice, alice.actor('Aline'), 'Arbalète');
    expect(checkOf(gm.lastMessage()).level).toBe('Maladresse');
    const text = optionsText(gm);
    expect(text).toContain('Mécanisme enrayé');
    expect(text).toContain('Touche un allié');
    expect(text).not.toContain("La corde de l'arc lâche");
  });
});

describe('Fantasia, independent reading: knocking out needs the right weapon', () => {
  it('F-U4 an edged sword cannot knock out: no knock-out box, or a refusal', async () => {
    const { table, alice, gm } = await duel();
    const sheet = await alice.openSheet(alice.actor('Aline'));
    const button = [...sheet.querySelectorAll<HTMLElement>('[data-action="useWeapon"]')].find(
      (b) => b.textContent?.trim() === 'Épée fantasque',
    )!;
    await alice.click(button);
    const box = alice.dialog().querySelector('[name="knockOut"]');
    if (!box) return;
    const before = gm.messages().length;
    table.dice.push([100, 10]);
    await alice.answerDialog({ knockOut: true }, 'attack');
    expect(alice.warnings.join(' ')).toContain("On n'assomme qu'en Bagarre");
    expect(gm.messages().length).toBe(before);
  });

  it('F-U4 Bagarre may knock out: the box is offered with the fists', async () => {
    const { alice } = await duel();
    const sheet = await alice.openSheet(alice.actor('Aline'));
    const button = [...sheet.querySelectorAll<HTMLElement>('[data-action="useWeapon"]')].find(
      (b) => b.textContent?.trim() === 'Bagarre',
    )!;
    await alice.click(button);
    expect(alice.dialog().querySelector('[name="knockOut"]')).not.toBeNull();
  });
});

describe('Fantasia, independent reading: rounds in the tracker', () => {
  it('F-R10 a surprised fighter loses time drawing weapons, but fists need no drawing: Bagarre is allowed', async () => {
    const { table, gm, alice, brute } = await duel();
    await setItem(table, brute, 'Dague', { 'system.drawn': true });
    await table.startEncounter('Aline', 'Brute');
    await gm.openTracker();
    const row = [...gm.tracker.querySelectorAll<HTMLElement>('.pda-roster li')].find(
      (li) => li.querySelector('.pda-name')?.textContent?.trim() === 'Aline',
    )!;
    await gm.click(row.querySelector('[data-action="pdaToggleSurprised"]')!);
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Bagarre', target: 'Brute' }]);
    expect(alice.warnings).toEqual([]);
    expect(declarationRows(alice).find((r) => r.name === 'Aline')?.declared).toBe(true);
  });

  it('F-D2 the one parry comes back in round 2', async () => {
    const { table, gm, alice, brute } = await duel();
    await setItem(table, brute, 'Dague', { 'system.drawn': true });
    await table.startEncounter('Aline', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    for (let round = 1; round <= 2; round++) {
      await declare(alice, 'Aline', [{ kind: 'parry', weapon: 'Épée fantasque' }]);
      await declare(gm, 'Brute', [{ kind: 'melee', weapon: 'Dague', target: 'Aline' }]);
      await gmClick(table, 'pdaStartPasses');
      await advanceTo(table, 'Brute', 'Attaquer');
      table.dice.push([100, 10]);
      await attackFromSlot(gm, 'Brute');
      const parry = alice.buttons().find((b) => b.label.startsWith('Parer (Épée fantasque)'));
      expect(parry?.enabled, `round ${round}`).toBe(true);
      table.dice.push([100, 20]);
      await alice.press('Parer (Épée fantasque)');
      expect(cardText(gm.lastMessage())).toContain('Le coup est paré.');
      if (round === 1) await finishRound(table);
    }
  });

  it('F-B5 a thrust the Garde has seen keeps its plain malus against another foe', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    await fighter(table, 'Garde de la porte', 'Garde');
    await fighter(table, 'Brigand', 'Brute');
    await table.placeToken('Aline', 1, 1);
    await table.placeToken('Garde', 2, 1);
    await table.placeToken('Brute', 1, 2);
    await table.startEncounter('Aline', 'Garde', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    const gm = table.gm;
    const alice = table.seat('Alice');
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Attaquer');
    table.dice.push([100, 10]);
    await attackFromSlot(alice, 'Aline', { thrustId: 'etranglement' });
    await gm.press('Ne rien faire');
    if (gm.buttons().some((b) => b.label.includes('Appliquer') && b.enabled)) await gm.press('Appliquer');
    await finishRound(table);
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Brute' }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Aline', 'Attaquer');
    await alice.target('Brute');
    table.dice.push([100, 90]);
    await attackFromSlot(alice, 'Aline', { thrustId: 'etranglement' });
    expect(checkOf(gm.lastMessage()).target).toBe('/ 60 %');
  });
});

describe('Fantasia, independent reading: range in three dimensions', () => {
  async function sky(elevation: number) {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Aventurière arbalétrière', 'Carla', {}, 'Alice');
    await fighter(table, 'Rorque stratosphérique', 'Rorque');
    await table.placeToken('Carla', 0, 0);
    // 10 squares of 1.5 m: 15 m away on the ground, and `elevation` m up.
    await table.placeToken('Rorque', 10, 0, elevation);
    const alice = table.seat('Alice');
    await alice.target('Rorque');
    return { table, alice, gm: table.gm };
  }

  it('F-M4 a flyer 15 m off and 25 m up (29.2 m) is within the crossbow’s 30 m', async () => {
    const { table, alice, gm } = await sky(25);
    const before = gm.messages().length;
    table.dice.push([100, 90]);
    await attackFromSheet(alice, alice.actor('Carla'), 'Arbalète');
    expect(gm.messages().length).toBe(before + 1);
  });

  it('F-M4 the same flyer 27 m up (30.9 m) is out of the crossbow’s reach', async () => {
    const { table, alice, gm } = await sky(27);
    const before = gm.messages().length;
    table.dice.push([100, 90]);
    await attackFromSheet(alice, alice.actor('Carla'), 'Arbalète');
    expect(alice.warnings.join(' ')).toContain('hors de portée');
    expect(gm.messages().length).toBe(before);
  });

  it('F-W7 F-R6 a declared crossbow shot at a foe 45 m away (range 30 m) is refused in its pass-1 slot', async () => {
    const table = await Table.open({ ruleset: 'fantasia' });
    await fighter(table, 'Aventurière arbalétrière', 'Carla', {}, 'Alice');
    await fighter(table, 'Brigand', 'Brute');
    await table.placeToken('Carla', 0, 0);
    await table.placeToken('Brute', 30, 0);
    const alice = table.seat('Alice');
    const gm = table.gm;
    await table.startEncounter('Carla', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    await declare(alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Brute' }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Carla', 'Tirer');
    const before = gm.messages().length;
    table.dice.push([100, 10]);
    await attackFromSlot(alice, 'Carla');
    expect(alice.warnings.join(' ')).toContain('hors de portée');
    expect(gm.messages().length).toBe(before);
  });
});
