import { RulesError } from '../core/errors';
import type { GreyhawkOptions } from './options';

/*
 * Hit points and the fight (AD&D 2e base rule, docs/rulings.md "Base — 0 hit points"): a
 * creature at 0 hit points or below is out of the fight. By the Player's Handbook it is dead; with
 * the DMG's optional "Hovering on Death's Door" (option `deathAtMinusTen`) it lies unconscious
 * from 0 to −9 and dies at −10.
 */

export type FightState = 'fighting' | 'unconscious' | 'dead';

/** The DMG option's threshold: dead at −10 hit points. */
export const DEATH_THRESHOLD = -10;

export function fightState(hp: number, options: Pick<GreyhawkOptions, 'deathAtMinusTen'>): FightState {
  if (hp > 0) return 'fighting';
  if (!options.deathAtMinusTen) return 'dead';
  return hp <= DEATH_THRESHOLD ? 'dead' : 'unconscious';
}

/** Refuses an action of a creature out of the fight (the card's refusal, nothing rolled). */
export function ensureInTheFight(
  name: string,
  hp: number,
  options: Pick<GreyhawkOptions, 'deathAtMinusTen'>,
): void {
  const state = fightState(hp, options);
  if (state !== 'fighting') throw new RulesError(`PDA.Error.Greyhawk.OutOfFight.${state}`, { name, hp });
}
