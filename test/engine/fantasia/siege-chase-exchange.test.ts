import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { takeAction } from '../../../src/engine/core/exchange';
import { SIEGE_ENGINES } from '../../../src/engine/fantasia';
import { openSiegeShot, siegeArea, siegeExchange } from '../../../src/engine/fantasia/exchange/siege';
import { chaseRound, roundsToClose, runnerOf, startChase } from '../../../src/engine/fantasia/chase';
import { fighter } from './helpers';

const crew = [fighter({ id: 'a', skills: { artDeLaGuerre: 50 } }), fighter({ id: 'b' })];
const at = (x: number, y = 0, z = 0) => ({ x, y, z });

describe('siege exchange', () => {
  it('F-S2 catapult: the first target takes 5d6, a man 2.9 m from it 2d6, one 3.1 m away nothing', () => {
    const targets = [
      { combatant: fighter({ id: 't0', armour: 0 }), at: at(100) },
      { combatant: fighter({ id: 't1', armour: 0 }), at: at(102.9) },
      { combatant: fighter({ id: 't2', armour: 0 }), at: at(96.9) },
    ];
    const plan = siegeArea({ engine: SIEGE_ENGINES.catapulte, crew, at: at(0), targets });
    expect(plan).toMatchObject({ direct: [0], around: [1], spared: [{ target: 2, why: 'outOfArea' }] });
    const opened = openSiegeShot(
      { engine: SIEGE_ENGINES.catapulte, crew, at: at(0), targets },
      new ScriptedDice([10, 1, 1, 1, 1, 1, 6, 6]),
    );
    expect(opened.state.hits.map((h) => [h.target, h.zone, h.total])).toEqual([
      [0, 'impact', 5],
      [1, 'around', 12],
    ]);
  });

  it('F-S2 ballista: the line goes through the farthest man; the nearest three on it are struck', () => {
    const targets = [5, 10, 15, 20].map((x) => ({ combatant: fighter({ id: `t${x}` }), at: at(x, x / 100) }));
    targets.push({ combatant: fighter({ id: 'side' }), at: at(12, 2) });
    const plan = siegeArea({ engine: SIEGE_ENGINES.baliste, crew, at: at(0), targets });
    expect(plan.direct).toEqual([0, 1, 2]);
    expect(plan.spared).toEqual([
      { target: 4, why: 'offLine' },
      { target: 3, why: 'pierced' },
    ]);
    expect(plan.distance).toBeCloseTo(15, 1);
  });

  it('F-S2 apply writes absolute PV and the kraf fall; undo restores them, refused once PV changed', () => {
    const targets = [{ combatant: fighter({ id: 't' }), at: at(10) }];
    const opened = openSiegeShot(
      { engine: SIEGE_ENGINES.kraf, crew, at: at(0), targets },
      new ScriptedDice([10, 2, 3]),
    );
    const view = { targets: [{ pv: 12, fallen: false }] };
    const applied = takeAction(
      siegeExchange,
      'fired',
      opened.state,
      view,
      'apply',
      'gm',
      new ScriptedDice([]),
    );
    expect(applied.effects).toEqual([
      { type: 'resource', fighter: 'target:0', resource: 'pv', from: 12, to: 2 },
      { type: 'condition', fighter: 'target:0', status: 'fallen', on: true },
    ]);
    expect(() =>
      takeAction(siegeExchange, 'applied', applied.state, view, 'undo', 'gm', new ScriptedDice([])),
    ).toThrow(/changed|PDA.Siege.Refusal.changed/);
    const undone = takeAction(
      siegeExchange,
      'applied',
      applied.state,
      { targets: [{ pv: 2, fallen: true }] },
      'undo',
      'gm',
      new ScriptedDice([]),
    );
    expect(undone.step).toBe('fired');
    expect(undone.effects).toEqual(applied.undo);
  });

  it('F-S1 only the GM applies the damage; a failed Art de la guerre roll offers nothing', () => {
    const targets = [{ combatant: fighter({ id: 't' }), at: at(10) }];
    const hit = openSiegeShot(
      { engine: SIEGE_ENGINES.bombarde, crew, at: at(0), targets },
      new ScriptedDice([20, 1, 1, 1, 1]),
    );
    const view = { targets: [{ pv: 12, fallen: false }] };
    expect(() =>
      takeAction(siegeExchange, 'fired', hit.state, view, 'apply', 'attacker', new ScriptedDice([])),
    ).toThrow(expect.objectContaining({ key: 'PDA.Error.CardNotYours' }));
    const missed = openSiegeShot(
      { engine: SIEGE_ENGINES.bombarde, crew, at: at(0), targets },
      new ScriptedDice([90]),
    );
    expect(siegeExchange.actions('fired', missed.state, { targets: [{ pv: 12, fallen: false }] })).toEqual(
      [],
    );
  });
});

describe('chase rounds', () => {
  it('F-M3 a runner tires after CON rounds and runs at half speed; the forecast knows it', () => {
    const pursuer = runnerOf(fighter({ id: 'p' }), 'pursuer');
    const fleeing = runnerOf(
      fighter({ id: 'f', characteristics: { FOR: 12, CON: 2, TAI: 12, INT: 12, DEX: 12, CHA: 10 } }),
      'pursued',
    );
    let state = startChase([pursuer, fleeing], () => 5);
    expect(roundsToClose(state, state.pairs[0]!)).toBe(4);
    const gaps: number[] = [];
    const tired: string[] = [];
    for (let r = 0; r < 4; r++) {
      const next = chaseRound(state);
      state = next.state;
      gaps.push(state.pairs[0]!.gap);
      tired.push(...next.events.filter((e) => e.kind === 'tired').map((e) => `${e.runner}@${state.round}`));
    }
    expect(gaps).toEqual([5, 5, 1, 0]);
    expect(tired).toEqual(['f@2']);
    expect(state.pairs[0]!.caughtInRound).toBe(4);
  });
});
