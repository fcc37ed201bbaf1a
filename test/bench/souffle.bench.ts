import { bench, describe } from 'vitest';
import { SeededDice } from '../../src/engine/dice';
import {
  DEFAULT_OPTIONS,
  WEAPONS,
  applyDamage,
  resolveAttack,
  resolveDefence,
  type SouffleFighter,
  type SouffleWeapon,
} from '../../src/engine/souffle';

const dice = new SeededDice(42);
const epee = WEAPONS.epeeLongue as SouffleWeapon;
const hache = WEAPONS.hacheDeuxMains as SouffleWeapon;
const target: SouffleFighter = {
  id: 't',
  name: 'Cible',
  geste: 3,
  vigueur: 3,
  acuite: 2,
  metiers: { chasseur: 3 },
  disciplines: [],
  defense: 5,
  initiative: 2,
  souffle: { value: 12, max: 12 },
  pv: { value: 15, max: 15 },
  wounds: [],
  chance: 1,
  posture: 'prudent',
  states: [],
};

describe('souffle exchange', () => {
  bench('attack + defence + damage', () => {
    const attack = resolveAttack(
      { kind: 'melee', characteristic: { id: 'vigueur', value: 3 }, metier: 4, weapons: [epee, epee] },
      dice,
      DEFAULT_OPTIONS,
    );
    const defence = resolveDefence(
      attack,
      { defense: 5, metier: 3 },
      { mode: 'parade', states: [], posture: 'prudent' },
      dice,
    );
    applyDamage(target, defence.taken);
  });

  bench('heavy blow vs defensive posture', () => {
    const attack = resolveAttack(
      {
        kind: 'melee',
        characteristic: { id: 'vigueur', value: 4 },
        metier: 5,
        weapons: [hache],
        aim: 'viser',
      },
      dice,
    );
    const defence = resolveDefence(
      attack,
      { defense: 5, metier: 3 },
      { mode: 'esquive', states: [], posture: 'defensif' },
      dice,
    );
    applyDamage(target, defence.taken);
  });
});
