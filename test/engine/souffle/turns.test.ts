import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import { GM, declare, nextSlot, startPasses, startRound } from '../../../src/engine/round';
import {
  changePostureAtTurnEnd,
  souffleRound,
  spendSouffleAction,
  stateStopping,
  turnRefusal,
  type SouffleRoundCombatant,
} from '../../../src/engine/souffle';
import { aimExpired } from '../../../src/engine/souffle/exchange/aim';

const fighters: SouffleRoundCombatant[] = [
  { id: 'a', name: 'Aïna', side: 'pc', initiative: 1, guerrier: false },
  { id: 'b', name: 'Brigand', side: 'npc', initiative: 1, guerrier: false },
  { id: 'k', name: 'Kéo', side: 'pc', initiative: 1, guerrier: false, knockedOut: true },
];
const player = { gm: false, owns: ['b'] };

function actions() {
  let s = startRound(
    souffleRound,
    fighters,
    new ScriptedDice([
      { faces: 10, value: 9 },
      { faces: 10, value: 4 },
      { faces: 10, value: 2 },
    ]),
  );
  s = declare(souffleRound, s, 'a', { posture: 'intrepide' }, GM);
  s = declare(souffleRound, s, 'b', { posture: 'prudent' }, GM);
  s = declare(souffleRound, s, 'k', { posture: 'prudent' }, GM);
  return startPasses(souffleRound, s, { by: GM });
}

describe('Souffle turns (S-R1, S-P1, S-MN3, S-ST1)', () => {
  it('S-R1 a player acts only in their own slot; the GM for anyone; passive actions always', () => {
    const s = actions();
    expect(turnRefusal(s, 'b', 'attaque', false)).toMatchObject({
      key: 'PDA.Error.SouffleNotYourTurn',
      data: { name: 'Brigand', current: 'Aïna' },
    });
    expect(turnRefusal(s, 'b', 'attaque', true)).toBeUndefined();
    expect(turnRefusal(s, 'b', 'defense', false)).toBeUndefined();
    expect(() => spendSouffleAction(s, 'b', 'attaque', player)).toThrow(
      expect.objectContaining({ key: 'PDA.Error.SouffleNotYourTurn' }),
    );
    const later = nextSlot(souffleRound, nextSlot(souffleRound, s, GM), GM);
    expect(spendSouffleAction(later, 'b', 'attaque', player).budgets.b?.actions).toEqual({ max: 1, used: 1 });
  });

  it('S-R1 the refusal says when the turn comes: later in the order, or next round once it has passed', () => {
    const s = actions();
    expect(turnRefusal(s, 'b', 'attaque', false)?.key).toBe('PDA.Error.SouffleNotYourTurn');
    const brigandsTurn = nextSlot(souffleRound, nextSlot(souffleRound, s, GM), GM);
    expect(turnRefusal(brigandsTurn, 'a', 'attaque', false)).toMatchObject({
      key: 'PDA.Error.SouffleNextRound',
      data: { name: 'Aïna', current: 'Brigand' },
    });
  });

  it('S-MN3 a fighter knocked out when the schedule is built gets no slot', () => {
    const s = actions();
    expect(s.slots.map((x) => x.combatantId)).toEqual(['a', 'a', 'b']);
  });

  it('S-P1 a change at the end of the turn ends it: no action after it, even for the GM', () => {
    let s = nextSlot(souffleRound, actions(), GM);
    s = {
      ...s,
      declarations: { ...s.declarations, a: changePostureAtTurnEnd(s.declarations.a!, 'defensif') },
    };
    expect(turnRefusal(s, 'a', 'attaque', true)).toMatchObject({ key: 'PDA.Error.SouffleTurnOver' });
    // A GM's correction elsewhere does not end a turn.
    expect(changePostureAtTurnEnd({ posture: 'prudent' }, 'defensif', false).turnOver).toBeUndefined();
  });

  it('S-ST1 assommé stops everything, agrippé movement, épuisé forcing, désarmé a weapon attack', () => {
    expect(stateStopping(['assomme'], 'defense')).toBe('assomme');
    expect(stateStopping(['agrippe'], 'deplacement')).toBe('agrippe');
    expect(stateStopping(['agrippe'], 'attaque')).toBeUndefined();
    expect(stateStopping(['epuise'], 'forcer')).toBe('epuise');
    expect(stateStopping(['desarme'], 'attaque')).toBe('desarme');
    expect(stateStopping(['fatigue', 'sansDefense'], 'attaque')).toBeUndefined();
  });

  it('S-AT7 an aim lasts its round, until the end of the next, or until used', () => {
    expect([aimExpired(1, 1, 'round'), aimExpired(1, 2, 'round')]).toEqual([false, true]);
    expect([aimExpired(1, 2, 'nextRound'), aimExpired(1, 3, 'nextRound')]).toEqual([false, true]);
    expect(aimExpired(1, 9, 'used')).toBe(false);
  });
});
