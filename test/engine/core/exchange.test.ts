import { describe, expect, it } from 'vitest';
import {
  reverseEffects,
  takeAction,
  type CommonEffect,
  type ExchangeMachine,
} from '../../../src/engine/core/exchange';
import { ScriptedDice } from '../../../src/engine/dice/scripted';

// A two-step toy exchange: the attacker rolls a d6 as damage, the defender applies it.
interface Toy {
  readonly damage: number;
}
const toy: ExchangeMachine<Toy, { pv: number; appliedThisRound: boolean }, CommonEffect> = {
  id: 'toy',
  actions(step, _state, view) {
    if (step === 'attack') return [{ id: 'roll', label: { key: 'K.Roll' }, side: 'attacker' }];
    if (step === 'damage')
      return [
        {
          id: 'apply',
          label: { key: 'K.Apply' },
          side: 'defender',
          ...(view.appliedThisRound ? { refused: { rule: 'X-1', key: 'K.Once' } } : {}),
        },
      ];
    return [];
  },
  perform(step, state, view, actionId, dice) {
    if (actionId === 'roll') return { step: 'damage', state: { damage: dice.die(6) }, effects: [], undo: [] };
    const effects: CommonEffect[] = [
      { type: 'resource', fighter: 'defender', resource: 'pv', from: view.pv, to: view.pv - state.damage },
    ];
    return { step: 'applied', state, effects, undo: reverseEffects(effects) };
  },
};

describe('engine exchange contract', () => {
  it('takes a listed action for its side with the dice port and returns absolute effects', () => {
    const rolled = takeAction(
      toy,
      'attack',
      { damage: 0 },
      { pv: 10, appliedThisRound: false },
      'roll',
      'attacker',
      new ScriptedDice([4]),
    );
    expect(rolled.state.damage).toBe(4);
    const applied = takeAction(
      toy,
      rolled.step,
      rolled.state,
      { pv: 10, appliedThisRound: false },
      'apply',
      'defender',
      new ScriptedDice([]),
    );
    expect(applied.effects).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'pv', from: 10, to: 6 },
    ]);
    expect(applied.undo).toEqual([
      { type: 'resource', fighter: 'defender', resource: 'pv', from: 6, to: 10 },
    ]);
  });

  it('refuses an action of the other side, an unlisted one and a refused one, and the GM takes any side', () => {
    const view = { pv: 10, appliedThisRound: false };
    expect(() =>
      takeAction(toy, 'damage', { damage: 3 }, view, 'apply', 'attacker', new ScriptedDice([])),
    ).toThrow('PDA.Error.CardNotYours');
    expect(() => takeAction(toy, 'damage', { damage: 3 }, view, 'roll', 'gm', new ScriptedDice([6]))).toThrow(
      'PDA.Error.CardNoSuchAction',
    );
    expect(() =>
      takeAction(
        toy,
        'damage',
        { damage: 3 },
        { ...view, appliedThisRound: true },
        'apply',
        'gm',
        new ScriptedDice([]),
      ),
    ).toThrow('K.Once');
    expect(takeAction(toy, 'damage', { damage: 3 }, view, 'apply', 'gm', new ScriptedDice([])).step).toBe(
      'applied',
    );
  });
});
