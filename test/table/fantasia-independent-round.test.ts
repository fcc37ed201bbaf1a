/**
 * Independent reading of the Fantasia seed: initiative, declarations and the order of the
 * three passes, played in the combat tracker.
 */
import { describe, expect, it } from 'vitest';
import {
  Table,
  advanceTo,
  attackFromSlot,
  declarationRows,
  declare,
  fighter,
  gmClick,
  setItem,
  slotOrder,
} from './fantasia-independent-kit';

async function open() {
  const table = await Table.open({ ruleset: 'fantasia' });
  return { table, gm: table.gm };
}

async function place(table: Table, ...names: string[]) {
  let col = 1;
  for (const n of names) await table.placeToken(n, col++, 1);
}

describe('Fantasia, independent reading: initiative', () => {
  it('F-R4 an Aventurier and a PNJ of DEX 14: the Aventurier first, whatever the names, no d10', async () => {
    const { table, gm } = await open();
    await fighter(table, 'Brigand', 'Achille', { 'system.characteristics.DEX': 14 });
    await fighter(table, 'Bretteur', 'Zoé', { 'system.characteristics.DEX': 14 }, 'Alice');
    await place(table, 'Achille', 'Zoé');
    await table.startEncounter('Achille', 'Zoé');
    await gmClick(table, 'pdaStartCombat');
    expect(declarationRows(gm).map((r) => r.name)).toEqual(['Zoé', 'Achille']);
    expect(table.dice.rolled.filter((d) => d.faces === 10)).toEqual([]);
  });

  it('F-R2 DEX 16, 15 and 9 declare in that order though added the other way round', async () => {
    const { table, gm } = await open();
    await fighter(table, 'Brigand', 'Lent', { 'system.characteristics.DEX': 9 });
    await fighter(table, 'Bretteur', 'Moyen', { 'system.characteristics.DEX': 15 }, 'Alice');
    await fighter(table, 'Brigand', 'Vif', { 'system.characteristics.DEX': 16 });
    await place(table, 'Lent', 'Moyen', 'Vif');
    await table.startEncounter('Lent', 'Moyen', 'Vif');
    await gmClick(table, 'pdaStartCombat');
    expect(declarationRows(gm).map((r) => r.name)).toEqual(['Vif', 'Moyen', 'Lent']);
  });

  it('F-R3 two PNJs of DEX 13: the higher d10 goes first', async () => {
    const { table, gm } = await open();
    await fighter(table, 'Brigand', 'Anatole');
    await fighter(table, 'Brigand', 'Basile');
    await place(table, 'Anatole', 'Basile');
    await table.startEncounter('Anatole', 'Basile');
    table.dice.push([10, 3], [10, 8]);
    await gmClick(table, 'pdaStartCombat');
    const rows = declarationRows(gm);
    expect(rows.map((r) => r.name)).toEqual(['Basile', 'Anatole']);
    expect(rows[0]!.tie).toMatch(/d10 : 8$/);
    expect(rows[1]!.tie).toMatch(/d10 : 3$/);
  });

  it('F-R3 equal d10s (6 and 6) are rolled again: 2 against 9', async () => {
    const { table, gm } = await open();
    await fighter(table, 'Brigand', 'Anatole');
    await fighter(table, 'Brigand', 'Basile');
    await place(table, 'Anatole', 'Basile');
    await table.startEncounter('Anatole', 'Basile');
    table.dice.push([10, 6], [10, 6], [10, 2], [10, 9]);
    await gmClick(table, 'pdaStartCombat');
    const rows = declarationRows(gm);
    expect(rows[0]!.tie).toMatch(/9\s*$/);
    expect(rows[1]!.tie).toMatch(/2\s*$/);
    expect(table.dice.pending).toBe(0);
  });
});

/** A scene for the passes: Garde (DEX 18, épée longue), Carla (Aventurière arbalétrière DEX 17),
 * Aline (Bretteur DEX 15), Brig (Brigand DEX 12, dague sheathed), Zed (Brigand DEX 10, bow in hand). */
async function skirmish() {
  const { table, gm } = await open();
  await fighter(table, 'Garde de la porte', 'Garde', { 'system.characteristics.DEX': 18 });
  await fighter(table, 'Aventurière arbalétrière', 'Carla', {}, 'Bruno');
  await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
  await fighter(table, 'Brigand', 'Brig', { 'system.characteristics.DEX': 12 });
  const zed = await fighter(table, 'Brigand', 'Zed', { 'system.characteristics.DEX': 10 });
  await setItem(table, zed, 'Arc', { 'system.drawn': true });
  await place(table, 'Garde', 'Carla', 'Aline', 'Brig', 'Zed');
  await table.startEncounter('Zed', 'Brig', 'Aline', 'Carla', 'Garde');
  await gmClick(table, 'pdaStartCombat');
  return { table, gm, alice: table.seat('Alice'), bruno: table.seat('Bruno') };
}

describe('Fantasia, independent reading: the three passes', () => {
  it('F-R6 F-R7 F-R8 missiles first by DEX, then melee and parry by DEX, then reloads and draws', async () => {
    const { table, gm, alice, bruno } = await skirmish();
    await declare(gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Aline' }]);
    await declare(bruno, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde' }]);
    await declare(alice, 'Aline', [{ kind: 'parry', weapon: 'Épée fantasque' }]);
    await declare(gm, 'Brig', [{ kind: 'draw', weapon: 'Dague' }]);
    await declare(gm, 'Zed', [{ kind: 'shoot', weapon: 'Arc', target: 'Carla' }]);
    expect(gm.warnings).toEqual([]);
    await gmClick(table, 'pdaStartPasses');
    expect(slotOrder(gm)).toEqual([
      '1:Carla:Tirer',
      '1:Zed:Tirer',
      '2:Garde:Attaquer au contact',
      '2:Carla:Recharger',
      '2:Aline:Parer',
      '3:Carla:Recharger',
      '3:Brig:Dégainer / encocher',
    ]);
  });

  it('F-R8 a shot held back goes to pass 3, after the melee of faster fighters', async () => {
    const { table, gm, alice, bruno } = await skirmish();
    await declare(gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Aline' }]);
    await declare(bruno, 'Carla', [{ kind: 'other' }]);
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' }]);
    await declare(gm, 'Brig', [{ kind: 'other' }]);
    await declare(gm, 'Zed', [{ kind: 'shoot', weapon: 'Arc', target: 'Carla', hold: true }]);
    await gmClick(table, 'pdaStartPasses');
    const order = slotOrder(gm).filter((s) => !s.includes('Autre'));
    expect(order).toEqual(['2:Garde:Attaquer au contact', '2:Aline:Attaquer au contact', '3:Zed:Tirer']);
  });

  it('F-R9 a bow cannot be declared for two shots in one round', async () => {
    const { gm, alice, bruno } = await skirmish();
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await declare(bruno, 'Carla', [{ kind: 'other' }]);
    await declare(alice, 'Aline', [{ kind: 'other' }]);
    await declare(gm, 'Brig', [{ kind: 'other' }]);
    await declare(gm, 'Zed', [
      { kind: 'shoot', weapon: 'Arc', target: 'Carla' },
      { kind: 'shoot', weapon: 'Arc', target: 'Aline', hold: true },
    ]);
    expect(gm.warnings.join(' ')).toContain("ne sert qu'une fois par round");
    expect(declarationRows(gm).find((r) => r.name === 'Zed')?.declared).toBe(false);
  });

  it('F-D1 a dodge declared with a blow is refused; a dodge with a parry is accepted', async () => {
    const { gm, alice } = await skirmish();
    await declare(gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Aline' }]);
    await declare(gm, 'Carla', [{ kind: 'other' }]);
    await declare(alice, 'Aline', [
      { kind: 'dodge' },
      { kind: 'melee', weapon: 'Épée fantasque', target: 'Garde' },
    ]);
    expect(alice.warnings.join(' ')).toContain('Qui esquive ne peut pas attaquer');
    expect(declarationRows(alice).find((r) => r.name === 'Aline')?.declared).toBe(false);
    await declare(alice, 'Aline', [{ kind: 'dodge' }, { kind: 'parry', weapon: 'Épée fantasque' }]);
    expect(declarationRows(alice).find((r) => r.name === 'Aline')?.declared).toBe(true);
  });

  it('F-W5 a crossbow shot with its reload leaves no time to move that round', async () => {
    const { gm, bruno } = await skirmish();
    await declare(gm, 'Garde', [{ kind: 'other' }]);
    await declare(bruno, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde' }, { kind: 'move' }]);
    expect(bruno.warnings.join(' ')).toContain('ni se déplacer');
    expect(declarationRows(bruno).find((r) => r.name === 'Carla')?.declared).toBe(false);
  });

  it('F-R10 a surprised fighter may not strike in round 1 but may draw, in pass 3', async () => {
    const { table, gm } = await open();
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const brute = await fighter(table, 'Brigand', 'Brute');
    await setItem(table, brute, 'Dague', { 'system.drawn': true });
    await place(table, 'Aline', 'Brute');
    const combat = await table.startEncounter('Aline', 'Brute');
    void combat;
    await gm.openTracker();
    const toggle = [...gm.tracker.querySelectorAll<HTMLElement>('[data-action="pdaToggleSurprised"]')][0]!;
    await gm.click(toggle);
    await gmClick(table, 'pdaStartCombat');
    const alice = table.seat('Alice');
    await declare(alice, 'Aline', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Brute' }]);
    expect(alice.warnings.join(' ')).toContain('pris par surprise');
    await declare(alice, 'Aline', [{ kind: 'draw', weapon: 'Épée fantasque' }]);
    await declare(gm, 'Brute', [{ kind: 'melee', weapon: 'Dague', target: 'Aline' }]);
    await gmClick(table, 'pdaStartPasses');
    expect(slotOrder(gm)).toEqual(['2:Brute:Attaquer au contact', '3:Aline:Dégainer / encocher']);
  });

  it("F-R7 a spell takes its place by INT (18), the same caster's move by DEX (8)", async () => {
    const { table, gm } = await open();
    await fighter(table, 'Brigand', 'Mage', {
      'system.characteristics.INT': 18,
      'system.characteristics.DEX': 8,
    });
    await fighter(table, 'Garde de la porte', 'Garde', { 'system.characteristics.DEX': 12 });
    await place(table, 'Mage', 'Garde');
    await table.startEncounter('Mage', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    await declare(gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Mage' }]);
    await declare(gm, 'Mage', [{ kind: 'cast', target: 'Garde' }, { kind: 'move' }]);
    expect(gm.warnings).toEqual([]);
    await gmClick(table, 'pdaStartPasses');
    expect(slotOrder(gm)).toEqual([
      '2:Mage:Lancer un sort',
      '2:Garde:Attaquer au contact',
      '2:Mage:Se déplacer',
    ]);
  });
});

describe('Fantasia, independent reading: what a round remembers', () => {
  it('F-D2 one parry a round: after parrying Brute, Aline cannot parry the Garde', async () => {
    const { table, gm } = await open();
    await fighter(table, 'Bretteur', 'Aline', {}, 'Alice');
    const brute = await fighter(table, 'Brigand', 'Brute');
    await setItem(table, brute, 'Dague', { 'system.drawn': true });
    await fighter(table, 'Garde de la porte', 'Garde');
    await place(table, 'Aline', 'Brute', 'Garde');
    await table.startEncounter('Aline', 'Brute', 'Garde');
    await gmClick(table, 'pdaStartCombat');
    const alice = table.seat('Alice');
    await declare(alice, 'Aline', [{ kind: 'parry', weapon: 'Épée fantasque' }]);
    await declare(gm, 'Brute', [{ kind: 'melee', weapon: 'Dague', target: 'Aline' }]);
    await declare(gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Aline' }]);
    await gmClick(table, 'pdaStartPasses');
    await advanceTo(table, 'Brute', 'Attaquer');
    table.dice.push([100, 10]);
    await attackFromSlot(gm, 'Brute');
    table.dice.push([100, 20]);
    await alice.press('Parer (Épée fantasque)');
    expect(gm.lastMessage().textContent).toContain('Le coup est paré.');
    await advanceTo(table, 'Garde', 'Attaquer');
    table.dice.push([100, 10]);
    await attackFromSlot(gm, 'Garde');
    const parry = alice.buttons().find((b) => b.label.startsWith('Parer (Épée fantasque)'));
    expect(parry?.enabled).toBe(false);
    expect(alice.lastMessage().textContent).toContain('Une seule parade par round');
  });

  it('F-W5 a crossbow bolt loosed in pass 3 cannot be reloaded in time to shoot in round 2', async () => {
    const { table, gm } = await open();
    await fighter(table, 'Aventurière arbalétrière', 'Carla', {}, 'Bruno');
    await fighter(table, 'Brigand', 'Brute');
    await place(table, 'Carla', 'Brute');
    await table.startEncounter('Carla', 'Brute');
    await gmClick(table, 'pdaStartCombat');
    const bruno = table.seat('Bruno');
    await declare(bruno, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Brute', hold: true }]);
    await declare(gm, 'Brute', [{ kind: 'other' }]);
    await gmClick(table, 'pdaStartPasses');
    expect(slotOrder(gm).filter((s) => s.includes('Carla'))).toEqual(['3:Carla:Tirer']);
    await advanceTo(table, 'Carla', 'Tirer');
    table.dice.push([100, 90]);
    await attackFromSlot(bruno, 'Carla');
    await gmClick(table, 'pdaNextSlot').catch(() => undefined);
    await gmClick(table, 'pdaNextRound');
    await declare(bruno, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Brute' }]);
    expect(bruno.warnings.join(' ')).toContain("n'est pas chargée");
    expect(declarationRows(bruno).find((r) => r.name === 'Carla')?.declared).toBe(false);
  });
});
