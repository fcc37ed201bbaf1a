import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/engine/dice';
import {
  DEFAULT_OPTIONS,
  WEAPONS,
  applyDamage,
  distanceDefence,
  forceAttack,
  resolveAttack,
  resolveDefence,
  souffleOptions,
  spendSouffle,
  type SouffleFighter,
  type SouffleWeapon,
} from '../../../src/engine/souffle';
import { namedLevel } from './named-level';

const epeeLongue = WEAPONS.epeeLongue as SouffleWeapon;
const arcCourt = WEAPONS.arcCourt as SouffleWeapon;

const gardien: SouffleFighter = {
  id: 'gardien',
  name: "Gardien du Waka'Hata",
  geste: 2,
  vigueur: 3,
  acuite: 2,
  metiers: { gardien: 4 },
  disciplines: ['guerrier'],
  defense: 4,
  initiative: 3,
  souffle: { value: 10, max: 10 },
  pv: { value: 12, max: 12 },
  wounds: [],
  chance: 2,
  posture: 'prudent',
  states: [],
};

describe('worked examples', () => {
  it('S-AT3 métier 4 + vigueur 3 + two weapons 1 = level 8; 1d10 and 1d12 show 1 and 7 → 7 + 3 = 10 damage', () => {
    const dice = new ScriptedDice([
      { faces: 10, value: 1 },
      { faces: 12, value: 7 },
    ]);
    const attack = resolveAttack(
      {
        kind: 'melee',
        characteristic: { id: 'vigueur', value: 3 },
        metier: 4,
        weapons: [epeeLongue, epeeLongue],
      },
      dice,
    );
    expect(attack.level).toBe(8);
    expect(attack.roll.dice).toBe('1d10+1d12 keep best');
    expect(attack.die).toBe(7);
    expect(attack.weaponDamage).toBe(3);
    expect(attack.potential).toBe(10);
    expect(dice.remaining).toBe(0);
  });

  it('S-AT3 with 7 on the d12 the fighter may still force with up to 5 souffle, the die reaching 12', () => {
    const attack = resolveAttack(
      {
        kind: 'melee',
        characteristic: { id: 'vigueur', value: 3 },
        metier: 4,
        weapons: [epeeLongue, epeeLongue],
      },
      new ScriptedDice([1, 7]),
    );
    expect(attack.maxForce).toBe(5);
    const forced = forceAttack(attack, 5, gardien.souffle.value);
    expect(forced.die + forced.forced).toBe(12);
    expect(forced.potential).toBe(15);
    expect(forced.maxForce).toBe(0);
    expect(() => forceAttack(attack, 6, 10)).toThrowError(
      expect.objectContaining({ key: 'PDA.Error.SouffleForceCap' }),
    );
    expect(spendSouffle(gardien, 5).souffle.value).toBe(5);
  });

  it('S-AT5 hunter 3, acuité 4, short bow (+1 → 1d10) rolls 5 → 12 potential damage', () => {
    const dice = new ScriptedDice([{ faces: 10, value: 5 }]);
    const attack = resolveAttack(
      { kind: 'ranged', characteristic: { id: 'acuite', value: 4 }, metier: 3, weapons: [arcCourt] },
      dice,
    );
    expect(attack.level).toBe(1);
    expect(attack.roll.dice).toBe('1d10');
    expect(attack.potential).toBe(12);
    expect(attack.maxForce).toBe(0);
  });

  it("S-AT5 at 45 m the target would gain +2 defensive advantage, cancelled by the hunter's métier 3", () => {
    expect(distanceDefence(45, 0)).toEqual({ raw: 2, level: 2 });
    expect(distanceDefence(45, 3)).toEqual({ raw: 2, level: 0 });
    // The dodge against that arrow is rolled at level 0 (2d10, keep the worse).
    const attack = resolveAttack(
      { kind: 'ranged', characteristic: { id: 'acuite', value: 4 }, metier: 3, weapons: [arcCourt] },
      new ScriptedDice([5]),
    );
    const defence = resolveDefence(
      attack,
      { defense: 0, metier: 0 },
      { mode: 'esquive', states: [], distance: 45, shooterMetier: 3 },
      new ScriptedDice([
        { faces: 10, value: 6 },
        { faces: 10, value: 2 },
      ]),
    );
    expect(defence.level.parts.distance).toBe(0);
    expect(defence.level.level).toBe(0);
    expect(defence.die).toBe(2);
  });

  it('S-DF3 19 damage − defence die 4 ("significatif", one die) − défense 5 − ½ métier 3 (2) = 8', () => {
    const defence = resolveDefence(
      { kind: 'melee', potential: 19 },
      { defense: 5, metier: 3 },
      { mode: 'parade', states: [], extraLevels: namedLevel('significatif') },
      new ScriptedDice([4]),
    );
    expect(defence.roll?.rolls).toHaveLength(1);
    expect(defence.die).toBe(4);
    expect(defence.halfMetier).toBe(2);
    expect(defence.taken).toBe(8);
  });

  it('S-DF3 the 8 points come off souffle first', () => {
    const hunter: SouffleFighter = { ...gardien, id: 'chasseur', souffle: { value: 6, max: 10 } };
    const out = applyDamage(hunter, 8, DEFAULT_OPTIONS);
    expect(out.toSouffle).toBe(6);
    expect(out.toPv).toBe(2);
    expect(out.fighter.souffle.value).toBe(0);
    expect(out.fighter.pv.value).toBe(10);
    expect(out.fighter.states).toEqual(expect.arrayContaining(['fatigue', 'epuise']));
    expect(out.fighter.wounds).toEqual([2]);
  });

  it('S-DF3 the "down" rounding setting gives 9 instead of 8', () => {
    const defence = resolveDefence(
      { kind: 'melee', potential: 19 },
      { defense: 5, metier: 3 },
      { mode: 'parade', states: [], extraLevels: 2 },
      new ScriptedDice([4]),
      souffleOptions({ halfMetier: 'down' }),
    );
    expect(defence.taken).toBe(9);
  });
});
