import type { DiceFormula } from '../dice/formula';
import type { GreyhawkDeclaration, GreyhawkRoundCombatant } from '../greyhawk/round';
import type { GreyhawkCharacter, GreyhawkWeapon } from '../greyhawk/types';
import type { Tactics } from './types';

// A Greyhawk fight's mutable state per fighter (Runtime), the actions declared and their slot kinds.
// Read by the class chain GreyhawkFightBase → GreyhawkFight.

export interface Runtime {
  readonly c: GreyhawkCharacter;
  readonly tactics: Tactics;
  readonly melee: GreyhawkWeapon;
  readonly missile?: GreyhawkWeapon;
  readonly asMelee: GreyhawkRoundCombatant;
  readonly asMissile?: GreyhawkRoundCombatant;
  readonly hp0: number;
  readonly ac: number;
  hp: number;
  useMissile: boolean;
  /**
   * The initiative modifiers (initiativeModifiers) of each action it declares, by weapon (melee,
   * missile) and action, in round 1 and after: read once (see GreyhawkFight.schedule).
   */
  readonly initMods: Int32Array;
}

/** What a melee blow of one fighter on another reads before its dice (see GreyhawkFight.meleeRead). */
export interface MeleeRead {
  /** The sum of attackModifiers. */
  readonly modifierTotal: number;
  /** THAC0 − AC: what d20 + modifiers must reach. */
  readonly needed: number;
  /** The lowest natural d20 that is a critical (option criticalHits), 0 without the option. */
  readonly critical: number;
  /** The damage dice against this foe's size, and the sum of damageModifiers. */
  readonly damage: DiceFormula;
  readonly damageModifiers: number;
}

/** The actions a tactic declares, numbered (see GreyhawkFight.declare). */
export const ACTIONS = ['attack', 'missile', 'move', 'other'] as const;

export const ATTACK = 0;

export const MISSILE = 1;

export const MOVE = 2;

export const OTHER = 3;

/** How a GreyhawkFight plays its rounds. */
export interface GreyhawkSteps {
  /**
   * Each round's initiative and schedule through greyhawkInitiative and greyhawkSchedule, as the
   * tracker builds them, instead of the simulator's own reading of them (the same dice and order,
   * slower). The equivalence tests play both and compare them.
   */
  readonly engineSteps?: boolean;
}

export const FIST: GreyhawkWeapon = {
  id: 'fist',
  base: '',
  name: 'Poings',
  kind: 'melee',
  melee: true,
  hands: 1,
  size: 'S',
  speed: 1,
  damageSM: '1d2',
  damageL: '1d2',
  magic: 0,
};

export const NOT_FALLEN = Number.NaN;

/** What a slot does: nothing to strike, a melee attack, a missile. */
export const NO_STRIKE = 0;

export const MELEE_STRIKE = 1;

export const MISSILE_STRIKE = 2;

/** The declarations a tactic makes, by action (targets are picked again when a slot strikes). */
export const DECLARED: readonly GreyhawkDeclaration[] = ACTIONS.map((action) => ({ action }));

/** Sorts fighter indices by key, lowest first, keeping their order on a tie (no allocation). */
export function sortBy(items: number[], key: Int32Array): void {
  for (let k = 1; k < items.length; k++) {
    const item = items[k]!;
    const v = key[item]!;
    let at = k;
    while (at > 0 && key[items[at - 1]!]! > v) {
      items[at] = items[at - 1]!;
      at--;
    }
    items[at] = item;
  }
}
