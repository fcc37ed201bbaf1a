import { describe, expect, it } from 'vitest';
import { hasRunOut, roundsLeft, statesFromRecords, timedRecords } from '../../../src/engine/fantasia/timed';

describe('states that end by themselves', () => {
  it('F-H6 lost balance in round 1 lasts through round 2 and is over in round 3', () => {
    const r = timedRecords({ skipNextAttack: true }).skipNextAttack!;
    expect([hasRunOut(1, r.rounds, 2), hasRunOut(1, r.rounds, 3)]).toEqual([false, true]);
    expect(roundsLeft(1, r.rounds, 2)).toBe(1);
  });

  it('F-B7 a bound weapon is free again in the next round', () => {
    const r = timedRecords({ weaponBound: { weaponId: 'dague' } }).weaponBound!;
    expect([hasRunOut(4, r.rounds, 4), hasRunOut(4, r.rounds, 5)]).toEqual([false, true]);
  });

  it('F-H7 a jam has no end until a repair gives it its rounds', () => {
    const jam = timedRecords({ jammed: { weaponId: 'arc', cause: 'bowString' } }).jammed!;
    expect(hasRunOut(1, jam.rounds, 99)).toBe(false);
    const repairing = timedRecords({ jammed: { weaponId: 'arc', cause: 'bowString', repairRoundsLeft: 2 } });
    expect(hasRunOut(3, repairing.jammed!.rounds, 5)).toBe(true);
    expect(statesFromRecords([repairing.jammed!])).toEqual({
      jammed: { weaponId: 'arc', cause: 'bowString', repairRoundsLeft: 2 },
    });
  });
});
