/** The encounter simulator's Souffle defender parries only with something in hand (S-DF1). */
import { describe, expect, it } from 'vitest';
import { SouffleFight } from '../../../src/engine/simulate/souffle';
import { souffleEntry } from '../../../src/engine/simulate/sources';
import type { SouffleState } from '../../../src/engine/souffle';
import { packDoc } from './fixtures';
import { record } from './replay';

/** The defence the S-AT3 warrior makes against another warrior, in one round. */
function defenceOf(states: readonly SouffleState[]): string[] {
  const gardien = souffleEntry(packDoc('souffle', 'souffle-combattants', "Gardien du Waka'Hata"));
  const striker = souffleEntry(packDoc('souffle', 'souffle-combattants', "Gardien du Waka'Hata"));
  const fight = new SouffleFight({
    ruleset: 'souffle',
    fights: 1,
    seed: 1,
    roundLimit: 1,
    sides: [
      { name: 'A', fighters: [{ ...striker, tactics: { posture: 'intrepide' } }] },
      {
        name: 'B',
        fighters: [{ ...gardien, fighter: { ...gardien.fighter, states }, tactics: { posture: 'defensif' } }],
      },
    ],
  });
  return record(fight, 3, 1)[0]!
    .blows.filter((b) => b.blow.defender === 1)
    .map((b) => b.blow.defence);
}

describe('Souffle simulator: who parries', () => {
  it('S-DF1 S-MN2 the warrior parries with his swords, and dodges once disarmed (no shield)', () => {
    const armed = defenceOf([]);
    expect(armed.length).toBeGreaterThan(0);
    expect(new Set(armed)).toEqual(new Set(['parade']));
    expect(new Set(defenceOf(['desarme']))).toEqual(new Set(['esquive']));
  });
});
