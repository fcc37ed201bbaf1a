import { bench, describe } from 'vitest';
import { exchangeBenches, SOUFFLE_TARGET } from './exchanges';
import { SeededDice } from '../../src/engine/dice';
import {
  WEAPONS,
  applyDamage,
  resolveAttack,
  resolveDefence,
  type SouffleWeapon,
} from '../../src/engine/souffle';

const dice = new SeededDice(42);
const hache = WEAPONS.hacheDeuxMains as SouffleWeapon;
const target = SOUFFLE_TARGET;

// A thousand a call: one exchange takes well under a microsecond, below what a per-call timer
// reads. simulate.bench.ts prints the exchange's rate timed as the CLI bundle runs it.
const exchange = exchangeBenches().find((b) => b.name === 'Souffle exchange')!;

describe('souffle exchange', () => {
  bench('1000 × attack + defence + damage', () => {
    exchange.run(1000);
  });

  bench('1000 × heavy blow vs defensive posture', () => {
    for (let i = 0; i < 1000; i++) {
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
    }
  });
});
