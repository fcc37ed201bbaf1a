/**
 * Fourth independent reading of seed 000, the round: initiative every round over three rounds,
 * ties, declarations in order and a mind changed, the three passes with several fighters a side.
 * Played as the GM, Alice and Bruno play it, through the tracker, sheets and cards.
 */
import { describe, expect, it } from 'vitest';
import { setItem } from './fantasia-independent-kit';
import {
  current,
  declare,
  declarationNames,
  declareAll,
  gmClick,
  nextRound,
  offered,
  openFight,
  slots,
  squash,
  strike,
  until,
  type Who,
} from './fantasia-reading4-kit';

const party: Who[] = [
  { entry: 'Aventurière arbalétrière', name: 'Carla', owner: 'Alice', at: [5, 5] },
  { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [6, 5] },
  { entry: 'Chef brigand', name: 'Chef', at: [5, 6] },
  { entry: 'Brigand', name: 'Brigand', at: [6, 6] },
  { entry: 'Garde de la porte', name: 'Garde', at: [7, 6] },
];

const order = (f: { gm: Parameters<typeof declarationNames>[0] }) => declarationNames(f.gm);
const pass = (f: Parameters<typeof current>[0]) => slots(f.gm).map((s) => `${s.pass}:${s.name}:${s.action}`);

describe('Fantasia round, fourth reading', () => {
  it('F-R2 five fighters keep the DEX order in the declarations of rounds 1, 2 and 3', async () => {
    const f = await openFight(party);
    for (let round = 1; round <= 3; round++) {
      expect(squash(f.gm.tracker)).toContain(`Round ${round}`);
      for (const s of [f.gm, f.alice, f.bruno])
        expect(declarationNames(s)).toEqual(['Carla', 'Bretteur', 'Chef', 'Brigand', 'Garde']);
      await declareAll(f, [
        [f.alice, 'Carla', [{ kind: 'other' }]],
        [f.bruno, 'Bretteur', [{ kind: 'other' }]],
        [f.gm, 'Chef', [{ kind: 'other' }]],
        [f.gm, 'Brigand', [{ kind: 'other' }]],
        [f.gm, 'Garde', [{ kind: 'other' }]],
      ]);
      await nextRound(f);
    }
    expect(squash(f.gm.tracker)).toContain('Round 4');
  });

  it("F-R2 the GM lowers the Bretteur's DEX on his sheet during round 1: round 2 puts him after the brigands", async () => {
    const f = await openFight(party);
    await declareAll(f, [
      [f.alice, 'Carla', [{ kind: 'other' }]],
      [f.bruno, 'Bretteur', [{ kind: 'other' }]],
      [f.gm, 'Chef', [{ kind: 'other' }]],
      [f.gm, 'Brigand', [{ kind: 'other' }]],
      [f.gm, 'Garde', [{ kind: 'other' }]],
    ]);
    // During round 1's passes the Bretteur is hurt in the hand: the GM lowers his DEX.
    const sheet = await f.gm.openSheet(f.gm.actor('Bretteur'));
    await f.gm.fill(sheet.querySelector('[name="system.characteristics.DEX"]')!, 12);
    expect(f.bruno.actor('Bretteur').system.characteristics.DEX).toBe(12);
    await nextRound(f);
    await f.gm.openTracker();
    expect(order(f)).toEqual(['Carla', 'Chef', 'Brigand', 'Bretteur', 'Garde']);
    await f.bruno.openTracker();
    expect(declarationNames(f.bruno)).toEqual(['Carla', 'Chef', 'Brigand', 'Bretteur', 'Garde']);
  });

  it("F-R4 a brigand with the Bretteur's DEX 15 acts after him, round after round, without a d10", async () => {
    const f = await openFight([
      { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
      { entry: 'Brigand', name: 'Brigand', changes: { 'system.characteristics.DEX': 15 }, at: [6, 5] },
      { entry: 'Garde de la porte', name: 'Garde', at: [5, 6] },
    ]);
    for (let round = 1; round <= 3; round++) {
      expect(order(f)).toEqual(['Bretteur', 'Brigand', 'Garde']);
      const rolled = f.table.dice.rolled.filter((d) => d.faces === 10).length;
      expect(rolled).toBe(0);
      await declareAll(f, [
        [f.bruno, 'Bretteur', [{ kind: 'other' }]],
        [f.gm, 'Brigand', [{ kind: 'other' }]],
        [f.gm, 'Garde', [{ kind: 'other' }]],
      ]);
      await nextRound(f);
    }
  });

  it('F-R3 two brigands of equal DEX roll a d10 each round: the higher goes first, and round 2 rolls again', async () => {
    const f = await openFight(
      [
        { entry: 'Brigand', name: 'Brigand A', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand B', at: [6, 5] },
        { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 6] },
      ],
      async (table) => table.dice.push([10, 2], [10, 9]),
    );
    const first = order(f);
    expect(first[0]).toBe('Bretteur');
    expect(squash(f.gm.tracker)).toMatch(/d10/);
    await declareAll(f, [
      [f.bruno, 'Bretteur', [{ kind: 'other' }]],
      [f.gm, first[1]!, [{ kind: 'other' }]],
      [f.gm, first[2]!, [{ kind: 'other' }]],
    ]);
    // Same dice, swapped: whoever rolled first now has the low die.
    f.table.dice.push([10, 9], [10, 2]);
    await nextRound(f);
    const second = order(f);
    expect(second[0]).toBe('Bretteur');
    expect(second.slice(1)).toEqual([first[2], first[1]]);
  });

  it('F-R5 Bruno cannot declare for the Bretteur before Alice has declared for the faster Carla', async () => {
    const f = await openFight(party);
    await declare(f.bruno, 'Bretteur', [{ kind: 'other' }]).catch(() => undefined);
    const row = () =>
      [...f.gm.tracker.querySelectorAll<HTMLElement>('.pda-declarations li')].find(
        (li) => squash(li.querySelector('.pda-name')) === 'Bretteur',
      )!;
    expect(row().classList.contains('declared')).toBe(false);
    await declare(f.alice, 'Carla', [{ kind: 'other' }]);
    await f.bruno.openTracker();
    await declare(f.bruno, 'Bretteur', [{ kind: 'other' }]);
    await f.gm.openTracker();
    expect(row().classList.contains('declared')).toBe(true);
  });

  it("F-R5 F-D1 Bruno changes his mind before the passes: his blow becomes a dodge, and the brigand's stab can be dodged", async () => {
    const f = await openFight(
      [
        { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    await declare(f.bruno, 'Bretteur', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Brigand' }]);
    await declare(f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]);
    await declare(f.bruno, 'Bretteur', [{ kind: 'dodge' }]);
    await gmClick(f.table, 'pdaStartPasses');
    expect(slots(f.gm).map((s) => `${s.pass}:${s.name}:${s.action}`)).toEqual([
      '2:Bretteur:Esquiver',
      '2:Brigand:Attaquer au contact',
    ]);
    await until(f, 'Brigand', 'Attaquer');
    await strike(f, f.gm, 'Brigand', 'Bretteur', 20);
    expect(offered(f.bruno).Esquiver).toBe(true);
    f.table.dice.push([100, 30]);
    await f.bruno.press('Esquiver');
    expect(squash(f.gm.lastMessage())).toContain('Le coup est esquivé.');
    expect(f.gm.actor('Bretteur').system.pv.value).toBe(12);
  });

  it("F-R5 F-D1 once the passes run, Bruno's declared blow does not turn into a dodge: the brigand's stab cannot be dodged", async () => {
    const f = await openFight(
      [
        { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    await declareAll(f, [
      [f.bruno, 'Bretteur', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Brigand' }]],
      [f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]],
    ]);
    // Bruno finds no way on his tracker to re-declare for the Bretteur.
    await f.bruno.openTracker();
    await declare(f.bruno, 'Bretteur', [{ kind: 'dodge' }]).catch(() => undefined);
    await until(f, 'Brigand', 'Attaquer');
    await strike(f, f.gm, 'Brigand', 'Bretteur', 20);
    expect(offered(f.bruno).Esquiver).toBe(false);
  });

  it('F-R6 F-R7 F-R8 five fighters: the ready crossbow in pass 1, melee and dodge by DEX in pass 2, the bow drawn in pass 3', async () => {
    const f = await openFight(party);
    await declareAll(f, [
      [f.alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Chef', reloadAfter: false }]],
      [f.bruno, 'Bretteur', [{ kind: 'melee', weapon: 'Épée fantasque', target: 'Chef' }]],
      [f.gm, 'Chef', [{ kind: 'dodge' }]],
      [f.gm, 'Brigand', [{ kind: 'draw', weapon: 'Arc' }]],
      [f.gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Brigand' }]],
    ]);
    expect(pass(f)).toEqual([
      '1:Carla:Tirer',
      '2:Bretteur:Attaquer au contact',
      '2:Chef:Esquiver',
      '2:Garde:Attaquer au contact',
      '3:Brigand:Dégainer / encocher',
    ]);
    expect(current(f)?.name).toBe('Carla');
  });

  it('F-R8 Carla holds her ready crossbow back: her shot comes in pass 3, after the melee, and is taken there', async () => {
    const f = await openFight([
      { entry: 'Aventurière arbalétrière', name: 'Carla', owner: 'Alice', at: [5, 5] },
      { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [6, 5] },
      { entry: 'Garde de la porte', name: 'Garde', at: [9, 5] },
    ]);
    await declareAll(f, [
      [f.alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde', hold: true }]],
      [f.bruno, 'Bretteur', [{ kind: 'other' }]],
      [f.gm, 'Garde', [{ kind: 'other' }]],
    ]);
    const mine = slots(f.gm).filter((s) => s.name === 'Carla');
    expect(mine.map((s) => s.pass)).toEqual([3]);
    await until(f, 'Carla', 'Tirer');
    const before = f.alice.messages().length;
    await strike(f, f.alice, 'Carla', 'Garde', 95);
    expect(f.alice.messages().length).toBe(before + 1);
    expect(f.alice.warnings).toEqual([]);
  });

  it('F-R9 F-W5 three rounds of crossbow: shot in pass 1 and wound again in passes 2-3, each round', async () => {
    const f = await openFight([
      { entry: 'Aventurière arbalétrière', name: 'Carla', owner: 'Alice', at: [5, 5] },
      { entry: 'Garde de la porte', name: 'Garde', at: [9, 5] },
    ]);
    for (let round = 1; round <= 3; round++) {
      await declareAll(f, [
        [f.alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde', reloadAfter: true }]],
        [f.gm, 'Garde', [{ kind: 'other' }]],
      ]);
      expect(slots(f.gm).find((s) => s.name === 'Carla')?.pass).toBe(1);
      const before = f.alice.messages().length;
      await strike(f, f.alice, 'Carla', 'Garde', 95);
      expect(f.alice.messages().length).toBe(before + 1);
      expect(f.alice.warnings).toEqual([]);
      await nextRound(f);
    }
  });

  it("F-W5 F-D2 winding her crossbow in pass 2, Carla cannot parry the guard's blow with her drawn dagger", async () => {
    const f = await openFight(
      [
        { entry: 'Aventurière arbalétrière', name: 'Carla', owner: 'Alice', at: [5, 5] },
        { entry: 'Garde de la porte', name: 'Garde', at: [6, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Carla'), 'Dague', { 'system.drawn': true }),
    );
    await declareAll(f, [
      [f.alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde', reloadAfter: true }]],
      [f.gm, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: 'Carla' }]],
    ]);
    await strike(f, f.alice, 'Carla', 'Garde', 95);
    await until(f, 'Garde', 'Attaquer');
    await strike(f, f.gm, 'Garde', 'Carla', 10);
    const o = offered(f.alice);
    expect(o.Parer ?? Object.entries(o).find(([k]) => k.startsWith('Parer'))?.[1]).toBe(false);
    expect(o.Esquiver).toBe(false);
  });

  it('F-R3 F-R7 the d10 that orders two equal brigands in the declarations orders their blows in pass 2 too', async () => {
    const f = await openFight(
      [
        { entry: 'Brigand', name: 'Brigand A', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand B', at: [6, 5] },
        { entry: 'Garde de la porte', name: 'Garde', owner: 'Bruno', at: [5, 6] },
      ],
      async (table) => {
        await setItem(table, table.gm.actor('Brigand A'), 'Dague', { 'system.drawn': true });
        await setItem(table, table.gm.actor('Brigand B'), 'Dague', { 'system.drawn': true });
        table.dice.push([10, 3], [10, 8]);
      },
    );
    const declared = order(f);
    await declareAll(f, [
      [f.gm, declared[0]!, [{ kind: 'melee', weapon: 'Dague', target: 'Garde' }]],
      [f.gm, declared[1]!, [{ kind: 'melee', weapon: 'Dague', target: 'Garde' }]],
      [f.bruno, 'Garde', [{ kind: 'melee', weapon: 'Épée longue', target: declared[0]! }]],
    ]);
    expect(
      slots(f.gm)
        .filter((s) => s.pass === 2)
        .map((s) => s.name),
    ).toEqual(declared);
  });
});
