import { RulesError } from '../core/errors';
import { roll } from '../dice/formula';
import type { Dice } from '../dice/port';
import type { AttackResult } from './attack';
import type { SouffleWeapon } from './equipment';
import type { SouffleFighter } from './fighter';
import { isAdvantageous, isDisadvantageous, rollLevel, type LadderRoll } from './ladder';
import { DEFAULT_OPTIONS, type SouffleOptions } from './options';
import { AUTO_GRABBED, HINDERED, hasAny, withState, withoutState, type SouffleState } from './states';

/**
 * Manoeuvres (S-MN1..S-MN3), grapple (S-GR1), flight (S-FL1) and luck points. The feint itself is
 * an aim kind (attack.ts) and a defence flag (defence.ts).
 */

export interface TestResult {
  /** Level rolled: the characteristics' sum less the malus. */
  readonly level: number;
  readonly roll: LadderRoll;
  readonly threshold: number;
  readonly success: boolean;
}

/**
 * A characteristic test (the seed names them without giving the mechanism, see rulings): roll the
 * advantage dice at level = characteristics − malus; success when the result reaches the
 * threshold setting.
 */
export function characteristicTest(
  characteristics: number,
  malus: number,
  dice: Dice,
  options: Pick<SouffleOptions, 'ladder' | 'testThreshold'> = DEFAULT_OPTIONS,
  threshold: number = options.testThreshold,
): TestResult {
  const level = characteristics - malus;
  const r = rollLevel(options.ladder, level, dice);
  return { level, roll: r, threshold, success: r.value >= threshold };
}

/** S-MN2: after a disarming attack the foe tests geste + acuité, malus = damage taken. */
export function disarmTest(
  attack: Pick<AttackResult, 'aim'>,
  taken: number,
  defender: Pick<SouffleFighter, 'geste' | 'acuite'>,
  dice: Dice,
  options: SouffleOptions = DEFAULT_OPTIONS,
): TestResult & { readonly disarmed: boolean } {
  if (attack.aim !== 'desarmer') throw new RulesError('PDA.Error.SouffleNeedsAim', { what: 'desarmer' });
  const test = characteristicTest(defender.geste + defender.acuite, taken, dice, options);
  return { ...test, disarmed: !test.success };
}

/** Whether a knock-out may be attempted (S-MN3). A defender with no defence roll counts as worse
 *  than disadvantageous. */
export function canKnockOut(
  attackLevel: number,
  defenceLevel: number | 'none',
  weapons: readonly SouffleWeapon[],
): boolean {
  const blunt = weapons.length === 0 || weapons.every((w) => w.blunt);
  const defenceLow = defenceLevel === 'none' || isDisadvantageous(defenceLevel);
  return blunt && defenceLow && isAdvantageous(attackLevel);
}

/** S-MN3: the foe tests vigueur + geste + acuité, malus = damage taken, or is knocked out for as
 *  many rounds as the damage taken. */
export function knockOutTest(
  attack: Pick<AttackResult, 'aim' | 'level' | 'weapons'>,
  defenceLevel: number | 'none',
  taken: number,
  defender: Pick<SouffleFighter, 'geste' | 'vigueur' | 'acuite'>,
  dice: Dice,
  options: SouffleOptions = DEFAULT_OPTIONS,
): TestResult & { readonly knockedOut: boolean; readonly rounds: number } {
  if (attack.aim !== 'assommer') throw new RulesError('PDA.Error.SouffleNeedsAim', { what: 'assommer' });
  if (
    !canKnockOut(
      attack.level,
      defenceLevel,
      attack.weapons.filter((w) => w.id !== 'mainsNues'),
    )
  ) {
    throw new RulesError('PDA.Error.SouffleKnockOutConditions', {
      attack: attack.level,
      defence: String(defenceLevel),
    });
  }
  const test = characteristicTest(defender.vigueur + defender.geste + defender.acuite, taken, dice, options);
  const knockedOut = !test.success && taken > 0;
  return { ...test, knockedOut, rounds: knockedOut ? taken : 0 };
}

/** Puts the state a failed test gives on a fighter. */
export function disarm(fighter: SouffleFighter): SouffleFighter {
  return { ...fighter, states: withState(fighter.states, 'desarme') };
}

export function knockOut(fighter: SouffleFighter, rounds: number): SouffleFighter {
  if (rounds < 1) return fighter;
  return { ...fighter, states: withState(fighter.states, 'assomme'), assommeRounds: rounds };
}

/** A knocked-out fighter's rounds run down at each new round; at 0 they wake. */
export function tickKnockOut(fighter: SouffleFighter): SouffleFighter {
  if (!fighter.states.includes('assomme')) return fighter;
  const left = Math.max(0, (fighter.assommeRounds ?? 0) - 1);
  if (left > 0) return { ...fighter, assommeRounds: left };
  const { assommeRounds: _gone, ...rest } = fighter;
  return { ...rest, states: withoutState(fighter.states, 'assomme') };
}

/** S-MN2/S-MN3: one luck point cancels a disarm or a knock-out. */
export function spendLuckAgainst(fighter: SouffleFighter, effect: 'desarme' | 'assomme'): SouffleFighter {
  if (!fighter.states.includes(effect)) throw new RulesError('PDA.Error.SouffleNothingToCancel', { effect });
  if (fighter.chance < 1) throw new RulesError('PDA.Error.SouffleNoLuck');
  const cancelled = { ...fighter, chance: fighter.chance - 1, states: withoutState(fighter.states, effect) };
  if (effect === 'assomme') {
    const { assommeRounds: _gone, ...rest } = cancelled;
    return rest;
  }
  return cancelled;
}

/** S-MN2: picking a dropped weapon up: a short action that provokes an opportunity attack. */
export function pickUpWeapon(fighter: SouffleFighter): {
  fighter: SouffleFighter;
  provokesOpportunity: true;
} {
  if (!fighter.states.includes('desarme')) throw new RulesError('PDA.Error.SouffleNotDisarmed');
  return {
    fighter: { ...fighter, states: withoutState(fighter.states, 'desarme') },
    provokesOpportunity: true,
  };
}

export const UNARMED_DIE = '1d4';
/** S-GR1: sizes may differ by at most one step (a dwarf cannot grab a giant). */
export const GRAPPLE_SIZE_GAP = 1;
const HUMAN_SIZE = 2;

export interface GrappleResult {
  readonly grabbed: boolean;
  /** Grabbed without a roll (the target was épuisé, defenceless, surprised, vulnerable or out). */
  readonly automatic: boolean;
  readonly attackerScore?: number;
  readonly targetScore?: number;
}

function unarmedScore(vigueur: number, dice: Dice): number {
  return roll(UNARMED_DIE, dice).total + vigueur;
}

/** S-GR1: a hand is free when the equipped weapons and a worn shield hold fewer than two. */
export function hasFreeHand(weapons: readonly Pick<SouffleWeapon, 'hands'>[], shield: boolean): boolean {
  return weapons.reduce((n, w) => n + w.hands, 0) + (shield ? 1 : 0) < 2;
}

/** S-GR1: refuses (throws) a hold without a free hand, across sizes, or on a held target. */
export function checkGrapple(
  attacker: Pick<SouffleFighter, 'size'> & { readonly freeHand: boolean },
  target: Pick<SouffleFighter, 'size' | 'states'>,
): void {
  if (!attacker.freeHand) throw new RulesError('PDA.Error.SouffleGrappleHand');
  if (Math.abs((attacker.size ?? HUMAN_SIZE) - (target.size ?? HUMAN_SIZE)) > GRAPPLE_SIZE_GAP) {
    throw new RulesError('PDA.Error.SouffleGrappleSize');
  }
  if (target.states.includes('agrippe')) throw new RulesError('PDA.Error.SouffleAlreadyGrabbed');
}

/**
 * S-GR1: establishing a hold (a long action, melee, a free hand, a sensible size). Opposed
 * unarmed rolls (1d4 + vigueur; the attacker must beat the target), automatic against a target in
 * an AUTO_GRABBED state. Attacker rolls first.
 */
export function grapple(
  attacker: Pick<SouffleFighter, 'vigueur' | 'size'> & { readonly freeHand: boolean },
  target: Pick<SouffleFighter, 'vigueur' | 'size' | 'states'>,
  dice: Dice,
): GrappleResult {
  checkGrapple(attacker, target);
  if (hasAny(target.states, AUTO_GRABBED)) return { grabbed: true, automatic: true };
  const attackerScore = unarmedScore(attacker.vigueur, dice);
  const targetScore = unarmedScore(target.vigueur, dice);
  return { grabbed: attackerScore > targetScore, automatic: false, attackerScore, targetScore };
}

/** A grabbed target cannot move and has no defence roll while the hold lasts. */
export function grab(fighter: SouffleFighter): SouffleFighter {
  return { ...fighter, states: withState(fighter.states, 'agrippe') };
}

/** S-GR1: escaping (a long action): opposed 1d4 + vigueur; the target must beat the holder.
 *  Target rolls first. */
export function escapeHold(
  target: Pick<SouffleFighter, 'vigueur' | 'states'>,
  holder: Pick<SouffleFighter, 'vigueur'>,
  dice: Dice,
): { escaped: boolean; targetScore: number; holderScore: number } {
  if (!target.states.includes('agrippe')) throw new RulesError('PDA.Error.SouffleNotGrabbed');
  const targetScore = unarmedScore(target.vigueur, dice);
  const holderScore = unarmedScore(holder.vigueur, dice);
  return { escaped: targetScore > holderScore, targetScore, holderScore };
}

export function release(fighter: SouffleFighter): SouffleFighter {
  return { ...fighter, states: withoutState(fighter.states, 'agrippe') };
}

/** S-GR1: a holder starting a round with the hold may strike bare-handed or with a light weapon,
 *  ignoring armour, with no defence roll (pass ignoreArmour/noDefenceRoll to the defence). */
export function checkHoldBlow(weapons: readonly SouffleWeapon[]): void {
  const ok = weapons.every((w) => w.category === 'mainsNues' || w.category === 'legere');
  if (!ok) throw new RulesError('PDA.Error.SouffleHoldWeapon');
}

export type FleeSituation = 'libre' | 'tenaille' | 'coince';

export interface FleeResult {
  readonly fled: boolean;
  readonly roll?: LadderRoll;
  readonly score?: number;
  /** On a failure the GM picks: the foe strikes, or the runner is slowed. */
  readonly consequences: readonly ('attaque' | 'freine')[];
}

/**
 * S-FL1: refuses (throws) a flight that cannot be tried at all: a hindered runner (grabbed, knocked
 * out), or one the GM slowed this round (ruling). Checked before anything is asked or rolled.
 */
export function checkFlee(
  runner: { readonly name: string; readonly states: readonly SouffleState[] },
  slowed: boolean,
): void {
  if (hasAny(runner.states, HINDERED)) throw new RulesError('PDA.Error.SouffleHindered');
  if (slowed) throw new RulesError('PDA.Error.SouffleSlowed', { name: runner.name });
}

/**
 * S-FL1: fleeing is impossible when hindered. Flanked or cornered, the runner must reach a
 * situational threshold with a defence (defence die + défense), or suffer an attack or be slowed;
 * 'none': the runner's states allow no defence roll (S-DF1), only the défense counts.
 */
export function flee(
  runner: { readonly states: readonly SouffleState[]; readonly defense: number },
  situation: FleeSituation,
  defenceLevel: number | 'none',
  threshold: number,
  dice: Dice,
  options: Pick<SouffleOptions, 'ladder'> = DEFAULT_OPTIONS,
): FleeResult {
  if (hasAny(runner.states, HINDERED)) throw new RulesError('PDA.Error.SouffleHindered');
  if (situation === 'libre') return { fled: true, consequences: [] };
  // S-DF1: a runner whose state allows no defence roll has only the défense score.
  if (defenceLevel === 'none') {
    const fled = runner.defense >= threshold;
    return { fled, score: runner.defense, consequences: fled ? [] : ['attaque', 'freine'] };
  }
  const r = rollLevel(options.ladder, defenceLevel, dice);
  const score = r.value + runner.defense;
  const fled = score >= threshold;
  return { fled, roll: r, score, consequences: fled ? [] : ['attaque', 'freine'] };
}

/** S-FL1 "freiné" (ruling): where and when a failed flight slowed the runner. */
export interface SlowedMark {
  readonly combatId: string;
  readonly round: number;
}

/**
 * S-FL1 (ruling, docs/rulings.md): a runner the GM slows after a failed flight stays within the
 * pursuer's reach and may not try to flee again before the round is over; a new round lifts it.
 */
export function isSlowed(mark: unknown, combatId: string, round: number): boolean {
  const m = mark as Partial<SlowedMark> | null | undefined;
  return Boolean(combatId) && m?.combatId === combatId && m.round === round;
}
