import { bench, describe } from 'vitest';
import { SeededDice } from '../../src/engine/dice';
import {
  catalogueWeapon,
  resolveAttack,
  rollDamage,
  type GreyhawkCharacter,
} from '../../src/engine/greyhawk';

const attacker: GreyhawkCharacter = {
  id: 'a',
  name: 'A',
  classes: [{ cls: 'fighter', level: 9 }],
  str: 18,
  strPercent: 76,
  dex: 16,
  int: 12,
  size: 'M',
  proficiencies: ['longSword', 'longBow'],
  weaponOfChoice: 'longSword',
  mastery: { longSword: { rank: 'master', since: 9, firstSpecialised: 1 } },
  styles: { twoWeapons: 2 },
};
const sword = catalogueWeapon('longSword', { magic: 1 });
const bow = catalogueWeapon('longBow');
const dice = new SeededDice(42);

describe('Greyhawk attack resolution', () => {
  bench('melee attack + damage', () => {
    const ctx = {
      attacker,
      weapon: sword,
      target: { ac: 2, size: 'M' as const, position: 'kneeling' as const },
      calledShot: 1 as const,
      secondHand: 'twoWeapons' as const,
    };
    if (resolveAttack(ctx, dice).outcome === 'hit') rollDamage(ctx, dice);
  });
  bench('missile attack at medium range', () => {
    resolveAttack({ attacker, weapon: bow, target: { ac: 5, size: 'L' as const }, distance: 100 }, dice);
  });
});
