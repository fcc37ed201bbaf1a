import type { Dice } from '../../dice/port';
import { resolveAttack, type AimKind, type AttackInput, type AttackResult } from '../attack';
import { type DefenceMode, type DefenceResult } from '../defence';
import { canKnockOut, checkHoldBlow, type TestResult } from '../manoeuvres';
import type { SouffleOptions } from '../options';
import { type FighterMark, type SouffleExchangeEffect } from './effects';

/**
 * The Souffle attack exchange's state and the rules it reads before any step: its id, what it
 * holds, the aim's rule (S-AT*, S-MN2, S-MN3) and the knock-out refusal. Split from attack.ts, which
 * re-exports them.
 */

/**
 * The Souffle attack exchange (S-R1): the attack roll with its potential damage (S-AT1..S-AT5,
 * S-AT7, S-A4) → forcing with souffle by the attacker (S-AT2) → the defender's parry or dodge
 * (S-DF1..S-DF3, S-MN1) → the test of a disarm or knock-out (S-MN2, S-MN3) → the GM applies the
 * damage to souffle then PV (S-DF3), and may undo it while the target still holds what was
 * written; a luck point then cancels a disarm or knock-out (S-MN2, S-MN3).
 *
 * Steps: 'attack' → 'defended' → 'applied' (undo: back to 'defended').
 */

export const SOUFFLE_ATTACK_EXCHANGE = 'souffle.attack';

export const K = `PDA.Souffle.Chat`;

export type SouffleManoeuvreEffect = 'desarme' | 'assomme';

export interface SouffleManoeuvreTest {
  readonly kind: 'desarmer' | 'assommer';
  readonly result: TestResult;
  /** The test failed and the effect lands when the damage is applied. */
  readonly effect: boolean;
  /** Rounds knocked out (S-MN3). */
  readonly rounds: number;
}

export interface SouffleApplied {
  readonly toSouffle: number;
  readonly toPv: number;
  readonly effect?: SouffleManoeuvreEffect;
  readonly luckSpent: boolean;
  /** What the apply (and a luck point after it) wrote on the defender: undo checks it still holds. */
  readonly written: readonly SouffleExchangeEffect[];
  /** The effects that restore the defender as it was before the apply. */
  readonly undo: readonly SouffleExchangeEffect[];
  /** The defender as the apply (and the luck point) left them: undo refuses once it differs. */
  readonly after?: FighterMark;
  /** S-DF3: the damage the blow brought (what got through the defence). */
  readonly taken?: number;
  /** S-DF3: the defender was already at 0 PV before the blow (nothing left to lose). */
  readonly alreadyDown?: boolean;
  /** S-DF3: the defender is at 0 PV after the blow. */
  readonly down?: boolean;
}

export interface SouffleAttackState {
  readonly attackerName: string;
  readonly weaponName: string;
  readonly input: AttackInput;
  readonly attack: AttackResult;
  /** Souffle the attacker spent forcing (S-AT2). */
  readonly souffleSpent: number;
  /** S-AT2 (issue 46): the attacker said he forces no more; the defence may now be chosen. */
  readonly forceDone?: boolean;
  /** Metres between the shooter's and the target's tokens, for a ranged attack (S-AT5). */
  readonly distance?: number;
  /** An opportunity attack (S-AT6): a passive action, outside the posture's budget. */
  readonly opportunity?: boolean;
  /** S-A4: the sides read from the scene around the target, and the levels they gave. */
  readonly outnumber?: { readonly us: number; readonly them: number; readonly levels: number };
  /** S-A4/S-DF2: the defence-side context the GM counted (a better position, a shot seen coming). */
  readonly defenceContext?: { readonly position?: boolean; readonly seen?: boolean };
  /** S-GR1: a blow on a held target with bare hands or a light weapon: no armour, no defence. */
  readonly holdBlow?: boolean;
  /** The defence made: a parry, a dodge, or 'aucune' when the defender could roll none (S-DF1). */
  readonly defence?: { readonly mode: DefenceMode | 'aucune'; readonly result: DefenceResult };
  readonly test?: SouffleManoeuvreTest;
  readonly applied?: SouffleApplied;
  readonly undone: number;
}

export const AIM_RULE: Readonly<Record<AimKind, string>> = {
  viser: 'S-AT7',
  feinte: 'S-MN1',
  desarmer: 'S-MN2',
  assommer: 'S-MN3',
};

/** The opening of an attack card: the attack roll (S-AT1, S-AT4). */
export function openSouffleAttack(input: AttackInput, dice: Dice, options: SouffleOptions): AttackResult {
  return resolveAttack(input, dice, options);
}

export function manoeuvreOf(aim: AimKind | undefined): 'desarmer' | 'assommer' | undefined {
  return aim === 'desarmer' || aim === 'assommer' ? aim : undefined;
}

export const manoeuvreRule = (kind: 'desarmer' | 'assommer') => (kind === 'desarmer' ? 'S-MN2' : 'S-MN3');

export const effectRule = (effect: SouffleManoeuvreEffect) => (effect === 'desarme' ? 'S-MN2' : 'S-MN3');

/** Why the knock-out cannot be tried (S-MN3), or undefined. */
export function knockOutRefusal(state: SouffleAttackState) {
  if (state.attack.aim !== 'assommer' || !state.defence) return undefined;
  const level = state.defence.result.level;
  const defence = level.canRoll ? level.level : 'none';
  const weapons = state.attack.weapons.filter((w) => w.id !== 'mainsNues');
  if (canKnockOut(state.attack.level, defence, weapons)) return undefined;
  return {
    rule: 'S-MN3',
    key: 'PDA.Error.SouffleKnockOutConditions',
    data: { attack: state.attack.level, defence: String(defence) },
  };
}

/** S-DF2/S-A4: the defence-side context levels the GM counted (+1 each). */
export function defenceContextLevels(state: SouffleAttackState): number {
  const c = state.defenceContext;
  return (c?.position ? 1 : 0) + (c?.seen ? 1 : 0);
}

/**
 * S-GR1: the holder's blow on the fighter they hold: bare hands or light weapons only (refused
 * otherwise), armour ignored, no defence roll. Undefined when the attack is not the holder's.
 */
export function holdBlow(attack: Pick<AttackResult, 'kind' | 'weapons'>, holder: boolean): boolean {
  if (!holder || attack.kind !== 'melee') return false;
  checkHoldBlow(attack.weapons);
  return true;
}
