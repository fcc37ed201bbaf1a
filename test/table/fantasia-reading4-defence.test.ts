/**
 * Fourth independent reading of seed 000, defences over several rounds and several attackers:
 * one parry a round whatever comes, a faster foe parried before one's own blow, the skill's
 * exact edge, a dodge that was not announced, a bolt against a shield.
 */
import { describe, expect, it } from 'vitest';
import { setItem, attackFromSheet } from './fantasia-independent-kit';
import {
  declareAll,
  nextRound,
  offered,
  openFight,
  pv,
  slots,
  squash,
  strike,
  until,
  type Fight,
} from './fantasia-reading4-kit';

/** Bruno's Bretteur between two brigands whose daggers are drawn. */
async function twoBrigands(): Promise<Fight> {
  return openFight(
    [
      { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
      { entry: 'Brigand', name: 'Brigand A', at: [6, 5] },
      { entry: 'Brigand', name: 'Brigand B', at: [4, 5] },
    ],
    async (table) => {
      await setItem(table, table.gm.actor('Brigand A'), 'Dague', { 'system.drawn': true });
      await setItem(table, table.gm.actor('Brigand B'), 'Dague', { 'system.drawn': true });
    },
  );
}

async function roundOfTwo(f: Fight): Promise<void> {
  await declareAll(f, [
    [
      f.bruno,
      'Bretteur',
      [
        { kind: 'melee', weapon: 'Épée fantasque', target: 'Brigand A' },
        { kind: 'parry', weapon: 'Épée fantasque' },
      ],
    ],
    [f.gm, 'Brigand A', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]],
    [f.gm, 'Brigand B', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]],
  ]);
}

const parry = (o: Record<string, boolean>): boolean | undefined =>
  Object.entries(o).find(([k]) => k.startsWith('Parer'))?.[1];

describe('Fantasia defences, fourth reading', () => {
  it('F-D2 the Bretteur parries brigand A; brigand B, later in the same pass, finds no parry left; round 2 gives it back', async () => {
    const f = await twoBrigands();
    await roundOfTwo(f);
    const first = slots(f.gm).find(
      (s) => s.name.startsWith('Brigand') && s.action.includes('Attaquer'),
    )!.name;
    const second = first === 'Brigand A' ? 'Brigand B' : 'Brigand A';
    await until(f, first, 'Attaquer');
    await strike(f, f.gm, first, 'Bretteur', 10);
    expect(parry(offered(f.bruno))).toBe(true);
    f.table.dice.push([100, 20]);
    await f.bruno.press('Parer');
    expect(squash(f.gm.lastMessage())).toContain('Le coup est paré.');
    await until(f, second, 'Attaquer');
    await strike(f, f.gm, second, 'Bretteur', 10);
    expect(parry(offered(f.bruno))).toBe(false);
    await nextRound(f);
    await roundOfTwo(f);
    await until(f, first, 'Attaquer');
    await strike(f, f.gm, first, 'Bretteur', 10);
    expect(parry(offered(f.bruno))).toBe(true);
  });

  it("F-D2 a failed parry is still the round's one parry: the second brigand's blow cannot be parried", async () => {
    const f = await twoBrigands();
    await roundOfTwo(f);
    const firstSlot = slots(f.gm).find(
      (s) => s.name.startsWith('Brigand') && s.action.includes('Attaquer'),
    )!.name;
    const second = firstSlot === 'Brigand A' ? 'Brigand B' : 'Brigand A';
    await until(f, firstSlot, 'Attaquer');
    await strike(f, f.gm, firstSlot, 'Bretteur', 10);
    f.table.dice.push([100, 90], [4, 1]);
    await f.bruno.press('Parer');
    expect(squash(f.gm.lastMessage())).not.toContain('Le coup est paré.');
    await until(f, second, 'Attaquer');
    await strike(f, f.gm, second, 'Bretteur', 10);
    expect(parry(offered(f.bruno))).toBe(false);
  });

  it("F-D2 F-D4 the parry's edge: 76 fails against 65 % + 10 % shield in round 1, 75 parries in round 2", async () => {
    const f = await openFight(
      [
        { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
        { entry: 'Garde de la porte', name: 'Garde', at: [9, 9] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    for (const [roll, parried] of [
      [76, false],
      [75, true],
    ] as const) {
      await declareAll(f, [
        [f.bruno, 'Bretteur', [{ kind: 'parry', weapon: 'Épée fantasque' }]],
        [f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]],
        [f.gm, 'Garde', [{ kind: 'other' }]],
      ]);
      await until(f, 'Brigand', 'Attaquer');
      await strike(f, f.gm, 'Brigand', 'Bretteur', 10);
      f.table.dice.push([100, roll]);
      if (!parried) f.table.dice.push([4, 1]);
      await f.bruno.press('Parer');
      const card = squash(f.gm.lastMessage());
      if (parried) expect(card).toContain('Le coup est paré.');
      else expect(card).not.toContain('Le coup est paré.');
      await nextRound(f);
    }
  });

  it("F-D2 the guard (DEX 11) parries the faster brigand's stab, then strikes him in his own later slot", async () => {
    const f = await openFight(
      [
        { entry: 'Garde de la porte', name: 'Garde', owner: 'Bruno', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    await declareAll(f, [
      [f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Garde' }]],
      [
        f.bruno,
        'Garde',
        [
          { kind: 'melee', weapon: 'Épée longue', target: 'Brigand' },
          { kind: 'parry', weapon: 'Épée longue' },
        ],
      ],
    ]);
    await until(f, 'Brigand', 'Attaquer');
    await strike(f, f.gm, 'Brigand', 'Garde', 10);
    f.table.dice.push([100, 30]);
    await f.bruno.press('Parer');
    expect(squash(f.gm.lastMessage())).toContain('Le coup est paré.');
    await until(f, 'Garde', 'Attaquer');
    const before = f.bruno.messages().length;
    await strike(f, f.bruno, 'Garde', 'Brigand', 95);
    expect(f.bruno.warnings).toEqual([]);
    expect(f.bruno.messages().length).toBe(before + 1);
  });

  it("F-D2 the Bretteur strikes first, then parries the slower brigand's stab in the same round", async () => {
    const f = await openFight(
      [
        { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    await declareAll(f, [
      [
        f.bruno,
        'Bretteur',
        [
          { kind: 'melee', weapon: 'Épée fantasque', target: 'Brigand' },
          { kind: 'parry', weapon: 'Épée fantasque' },
        ],
      ],
      [f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]],
    ]);
    await until(f, 'Bretteur', 'Attaquer');
    await strike(f, f.bruno, 'Bretteur', 'Brigand', 95);
    await until(f, 'Brigand', 'Attaquer');
    await strike(f, f.gm, 'Brigand', 'Bretteur', 10);
    expect(parry(offered(f.bruno))).toBe(true);
    f.table.dice.push([100, 40]);
    await f.bruno.press('Parer');
    expect(squash(f.gm.lastMessage())).toContain('Le coup est paré.');
    expect(pv(f.gm, 'Bretteur')).toBe(12);
  });

  it('F-D1 a fighter who declared only a parry has no dodge to offer on the card', async () => {
    const f = await openFight(
      [
        { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    await declareAll(f, [
      [f.bruno, 'Bretteur', [{ kind: 'parry', weapon: 'Épée fantasque' }]],
      [f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]],
    ]);
    await until(f, 'Brigand', 'Attaquer');
    await strike(f, f.gm, 'Brigand', 'Bretteur', 10);
    expect(offered(f.bruno).Esquiver).toBe(false);
    expect(parry(offered(f.bruno))).toBe(true);
  });

  it("F-D1 the dodge's edge: 45 dodges the brigand's stab at Esquive 45 %; in round 2, 46 does not", async () => {
    const f = await openFight(
      [
        { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    for (const [roll, dodged] of [
      [45, true],
      [46, false],
    ] as const) {
      await declareAll(f, [
        [f.bruno, 'Bretteur', [{ kind: 'dodge' }]],
        [f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Bretteur' }]],
      ]);
      await until(f, 'Brigand', 'Attaquer');
      await strike(f, f.gm, 'Brigand', 'Bretteur', 10);
      f.table.dice.push([100, roll]);
      await f.bruno.press('Esquiver');
      const card = squash(f.gm.lastMessage());
      if (dodged) expect(card).toContain('Le coup est esquivé.');
      else expect(card).not.toContain('Le coup est esquivé.');
      await nextRound(f);
    }
  });

  it('F-D1 the declared dodger finds no blow: no attack button in his slot, and his sheet refuses the sword', async () => {
    const f = await openFight([
      { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
      { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
    ]);
    await declareAll(f, [
      [f.bruno, 'Bretteur', [{ kind: 'dodge' }]],
      [f.gm, 'Brigand', [{ kind: 'other' }]],
    ]);
    await f.bruno.openTracker();
    const mine = slots(f.bruno).find((s) => s.name === 'Bretteur')!;
    expect(mine.el.querySelector('[data-action="pdaAttack"]')).toBeNull();
    const before = f.gm.messages().length;
    await f.bruno.target('Brigand');
    f.table.dice.push([100, 10]);
    await attackFromSheet(f.bruno, f.bruno.actor('Bretteur'), 'Épée fantasque');
    expect(f.gm.messages().length).toBe(before);
    expect(f.bruno.warnings.join(' ')).toMatch(/esquive/i);
  });

  it("F-D3 F-D4 Carla's bolt at the guard: his long sword cannot parry it, his small shield can", async () => {
    const f = await openFight([
      { entry: 'Aventurière arbalétrière', name: 'Carla', owner: 'Alice', at: [5, 5] },
      { entry: 'Garde de la porte', name: 'Garde', at: [9, 5] },
    ]);
    await declareAll(f, [
      [f.alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde', reloadAfter: false }]],
      [f.gm, 'Garde', [{ kind: 'parry', weapon: 'Épée longue' }]],
    ]);
    await strike(f, f.alice, 'Carla', 'Garde', 10);
    const buttons = f.gm.buttons(f.gm.lastMessage());
    const sword = buttons.find((b) => b.label.startsWith('Parer') && b.label.includes('Épée'));
    const shield = buttons.find(
      (b) => b.label.startsWith('Parer') && b.label.toLowerCase().includes('bouclier'),
    );
    expect(sword?.enabled ?? false).toBe(false);
    expect(shield?.enabled).toBe(true);
  });

  it("F-D2 F-D3 the guard's shield parry of Carla's bolt in pass 1 is his one parry: the brigand's pass-2 stab finds none", async () => {
    const f = await openFight(
      [
        { entry: 'Aventurière arbalétrière', name: 'Carla', owner: 'Alice', at: [5, 5] },
        { entry: 'Brigand', name: 'Brigand', at: [9, 6] },
        { entry: 'Garde de la porte', name: 'Garde', at: [9, 5] },
      ],
      async (table) => setItem(table, table.gm.actor('Brigand'), 'Dague', { 'system.drawn': true }),
    );
    await declareAll(f, [
      [f.alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde', reloadAfter: false }]],
      [f.gm, 'Brigand', [{ kind: 'melee', weapon: 'Dague', target: 'Garde' }]],
      [f.gm, 'Garde', [{ kind: 'parry', weapon: 'Épée longue' }]],
    ]);
    await strike(f, f.alice, 'Carla', 'Garde', 10);
    f.table.dice.push([100, 20]);
    await f.gm.press('Parer (Petit bouclier)');
    expect(squash(f.gm.lastMessage())).toContain('Le coup est paré.');
    await until(f, 'Brigand', 'Attaquer');
    await strike(f, f.gm, 'Brigand', 'Garde', 10);
    expect(parry(offered(f.gm))).toBe(false);
  });

  it("F-D1 the declared dodger's hotbar macro for his sword is refused too: no card", async () => {
    const f = await openFight([
      { entry: 'Bretteur', name: 'Bretteur', owner: 'Bruno', at: [5, 5] },
      { entry: 'Brigand', name: 'Brigand', at: [6, 5] },
    ]);
    await declareAll(f, [
      [f.bruno, 'Bretteur', [{ kind: 'dodge' }]],
      [f.gm, 'Brigand', [{ kind: 'other' }]],
    ]);
    const before = f.gm.messages().length;
    await f.bruno.target('Brigand');
    f.table.dice.push([100, 10]);
    const uuid = f.bruno.actor('Bretteur').items.getName('Épée fantasque').uuid;
    await Promise.resolve(f.bruno.game.passeDArmes.fantasia.useWeaponByUuid(uuid)).catch(() => undefined);
    await f.table.settle();
    if (f.bruno.dialogs().length) await f.bruno.answerDialog({}, 'attack');
    expect(f.gm.messages().length).toBe(before);
    expect(f.bruno.warnings.join(' ')).toMatch(/esquive/i);
  });

  it("F-W5 F-D1 Alice cannot walk Carla's token while she winds her crossbow in pass 2", async () => {
    const f = await openFight([
      { entry: 'Aventurière arbalétrière', name: 'Carla', owner: 'Alice', at: [5, 5] },
      { entry: 'Garde de la porte', name: 'Garde', at: [9, 5] },
    ]);
    await declareAll(f, [
      [f.alice, 'Carla', [{ kind: 'shoot', weapon: 'Arbalète', target: 'Garde', reloadAfter: true }]],
      [f.gm, 'Garde', [{ kind: 'other' }]],
    ]);
    await strike(f, f.alice, 'Carla', 'Garde', 95);
    await until(f, 'Carla', 'Recharger');
    const x = f.gm.token('Carla').document.x;
    await f.alice
      .token('Carla')
      .document.update({ x: x + 300 })
      .catch(() => undefined);
    await f.table.settle();
    expect(f.gm.token('Carla').document.x).toBe(x);
  });
});
