import { bench, describe } from 'vitest';
import { SeededDice } from '../../src/engine/dice';
import { declare, GM, startPasses, startRound } from '../../src/engine/round';
import { fantasiaRound, type FantasiaDeclaration } from '../../src/engine/fantasia/round';
import { bow, crossbow, fighter, sword } from '../engine/round/fixtures';

// Fifty combatants: archers, crossbowmen, swordsmen, casters; a quarter share a DEX (d10 ties).
const combatants = Array.from({ length: 50 }, (_, i) =>
  fighter(
    `c${i}`,
    i % 2 ? 'npc' : 'pc',
    6 + (i % 13),
    [sword(), bow(), crossbow({ id: 'crossbow', loaded: i % 3 === 0 })],
    {
      int: 8 + (i % 10),
    },
  ),
);
const intents: FantasiaDeclaration[] = [
  { intents: [{ kind: 'shoot', weaponId: 'bow' }] },
  {
    intents: [
      { kind: 'melee', weaponId: 'sword' },
      { kind: 'parry', weaponId: 'sword' },
    ],
  },
  { intents: [{ kind: 'cast' }, { kind: 'move' }] },
  { intents: [{ kind: 'dodge' }] },
];

let declared = startRound(fantasiaRound, combatants, new SeededDice(1));
combatants.forEach((c, i) => {
  declared = declare(
    fantasiaRound,
    declared,
    c.id,
    intents[i % intents.length] ?? { intents: [{ kind: 'other' }] },
    GM,
  );
});

describe('Fantasia round, 50 combatants', () => {
  bench('initiative (with d10 ties)', () => {
    startRound(fantasiaRound, combatants, new SeededDice(7));
  });
  bench('schedule the three passes', () => {
    startPasses(fantasiaRound, declared, { by: GM });
  });
});
