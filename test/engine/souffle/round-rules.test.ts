import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { RulesError } from '../../../src/engine/core/errors';
import {
  ROUND_SECONDS,
  actionLength,
  choosePosture,
  defenceLevel,
  postureDefence,
  postureShortActions,
  rollInitiative,
  settleTie,
  shortActionsLeft,
  souffleOptions,
  spendAction,
  ties,
  type PostureTurn,
} from '../../../src/engine/souffle';

describe('round, postures and initiative', () => {
  it('S-R1 a round runs initiative, posture, actions; an attack is attack roll, defence roll, damage', () => {
    // The postures fix how many actions a fighter takes this round.
    const turn = choosePosture({ spent: 0 }, 'intrepide', 'sceneStart');
    const after = spendAction(spendAction(turn, 'attaque'), 'attaque');
    expect(shortActionsLeft(after)).toBe(0);
    expect(() => spendAction(after, 'attaque')).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNoActionLeft' }),
    );
    expect(() => spendAction({ spent: 0 }, 'attaque')).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNoPosture' }),
    );
  });

  it('S-R2 a 6-second round: two short actions make a long one, defence is free', () => {
    expect(ROUND_SECONDS).toBe(6);
    expect(actionLength('lutte')).toBe('long');
    const intrepide: PostureTurn = { posture: 'intrepide', spent: 0 };
    expect(shortActionsLeft(spendAction(intrepide, 'lutte'))).toBe(0);
    const prudent: PostureTurn = { posture: 'prudent', spent: 0 };
    expect(() => spendAction(prudent, 'lutte')).toThrow(RulesError);
    const defensif: PostureTurn = { posture: 'defensif', spent: 0 };
    expect(spendAction(spendAction(defensif, 'defense'), 'deplacement')).toEqual(defensif);
    expect(spendAction(defensif, 'attaqueOpportuniste')).toEqual(defensif);
    expect(() => actionLength('danser')).toThrow(RulesError);
  });

  it("S-P1 a posture is chosen at scene start and changed only at the end of one's own turn", () => {
    const chosen = choosePosture({ spent: 0 }, 'prudent', 'sceneStart');
    expect(chosen.posture).toBe('prudent');
    expect(() => choosePosture(chosen, 'defensif', 'other')).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SoufflePostureChangeTiming' }),
    );
    expect(() => choosePosture(chosen, 'defensif', 'sceneStart')).toThrow(RulesError);
    const acted = spendAction(chosen, 'attaque');
    const changed = choosePosture(acted, 'defensif', 'endOfOwnTurn');
    expect(changed.posture).toBe('defensif');
    // The new posture's budget applies from the next round (the round's budgets, S-P3 table test).
    expect(shortActionsLeft({ ...changed, spent: 0 })).toBe(0);
    expect(() => choosePosture(chosen, 'fou' as never, 'endOfOwnTurn')).toThrow(RulesError);
  });

  it('S-P2 intrépide: 2 actions, −2 defensive advantage (summary setting: −1)', () => {
    expect(postureShortActions('intrepide')).toBe(2);
    expect(postureDefence('intrepide', souffleOptions())).toBe(-2);
    expect(postureDefence('intrepide', souffleOptions({ postureModifiers: 'summary' }))).toBe(-1);
    const level = defenceLevel({ kind: 'melee' }, { mode: 'esquive', states: [], posture: 'intrepide' });
    expect(level.level).toBe(-2);
  });

  it('S-P3 prudent: 1 action, no defensive modifier', () => {
    expect(postureShortActions('prudent')).toBe(1);
    expect(postureDefence('prudent', souffleOptions())).toBe(0);
    const turn = spendAction({ posture: 'prudent', spent: 0 }, 'viser');
    expect(() => spendAction(turn, 'attaque')).toThrow(RulesError);
  });

  it('S-P4 défensif: no action but defence and base movement, +2 defensive advantage (summary: +1)', () => {
    expect(postureShortActions('defensif')).toBe(0);
    expect(postureDefence('defensif', souffleOptions())).toBe(2);
    expect(postureDefence('defensif', souffleOptions({ postureModifiers: 'summary' }))).toBe(1);
    expect(() => spendAction({ posture: 'defensif', spent: 0 }, 'attaque')).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNoActionLeft' }),
    );
  });

  it('S-R3 initiative rolls the ladder at the initiative score; highest first; Guerrier always first', () => {
    const dice = new ScriptedDice([
      { faces: 10, value: 9 }, // ana, level 1: 1d10 → 9
      { faces: 10, value: 2 }, // bjorn (guerrier), level 0: 2d10 keep the worse → 2
      { faces: 10, value: 4 },
      { faces: 12, value: 6 }, // cyr, level 2: 1d12 → 6
    ]);
    const order = rollInitiative(
      [
        { id: 'ana', initiative: 1, guerrier: false },
        { id: 'bjorn', initiative: 0, guerrier: true },
        { id: 'cyr', initiative: 2, guerrier: false },
      ],
      dice,
    );
    expect(order.map((o) => [o.id, o.total])).toEqual([
      ['bjorn', 2],
      ['ana', 9],
      ['cyr', 6],
    ]);
    expect(ties(order)).toEqual([]);
  });

  it('S-R3 equal totals are flagged and the players settle the order', () => {
    const order = rollInitiative(
      [
        { id: 'ana', initiative: 1, guerrier: false },
        { id: 'cyr', initiative: 1, guerrier: false },
        { id: 'dag', initiative: 1, guerrier: false },
      ],
      new ScriptedDice([5, 5, 3]),
    );
    expect(ties(order)).toEqual([['ana', 'cyr']]);
    const settled = settleTie(order, ['cyr', 'ana']);
    expect(settled.map((o) => o.id)).toEqual(['cyr', 'ana', 'dag']);
    expect(ties(settled)).toEqual([]);
    expect(() => settleTie(order, ['ana', 'dag'])).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleNotATie' }),
    );
    const withScore = rollInitiative([{ id: 'ana', initiative: 1, guerrier: false }], new ScriptedDice([5]), {
      ...souffleOptions({ initiativeAddsScore: true }),
    });
    expect(withScore[0]?.total).toBe(6);
    expect(() =>
      rollInitiative(
        [
          { id: 'x', initiative: 1, guerrier: false },
          { id: 'x', initiative: 1, guerrier: false },
        ],
        new ScriptedDice([1, 1]),
      ),
    ).toThrow(RulesError);
  });
});
