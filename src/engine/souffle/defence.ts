import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import type { AttackResult } from './attack';
import { distanceDefence } from './attack';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from './equipment';
import type { SouffleFighter } from './fighter';
import { rollLevel, type LadderRoll } from './ladder';
import { DEFAULT_OPTIONS, type SouffleOptions } from './options';
import { postureDefence, type Posture } from './posture';
import { canRollDefence, withState, type SouffleState } from './states';

/**
 * Defence (S-DF1..S-DF3). Defence is passive: it costs no action. Its level adds the posture,
 * armour, shield, distance and context; its die, the défense score and half the métier come off
 * the attack's potential damage. What is left comes off souffle, then PV.
 */

/** Parry (needs a weapon, shield or solid object; against missiles only a shield) or dodge. */
export type DefenceMode = 'parade' | 'esquive';

export interface DefenceInput {
  readonly mode: DefenceMode;
  readonly states: readonly SouffleState[];
  readonly posture?: Posture;
  readonly armour?: SouffleArmour;
  readonly shield?: SouffleShield;
  /** Distance to the shooter in metres (S-AT5), ranged attacks only. */
  readonly distance?: number;
  /** The shooter's métier level, which cancels distance levels (S-AT5). */
  readonly shooterMetier?: number;
  /** The attacker feinted before this attack (S-MN1): −2. */
  readonly feinted?: boolean;
  /** Context and position levels (S-A4 missile seen from afar, S-DF2 better position). */
  readonly context?: number;
  /** Any other levels; may also set a named level directly (S-DF3 "significatif"). */
  readonly extraLevels?: number;
  /** Grapple blows (S-GR1) ignore armour and allow no defence roll. */
  readonly ignoreArmour?: boolean;
  readonly noDefenceRoll?: boolean;
  /**
   * S-DF1: the defender holds a weapon to parry with (see holdsParryWeapon); false refuses a
   * parry without a shield. Undefined: not checked (a caller that knows no equipment).
   */
  readonly armed?: boolean;
}

/**
 * S-DF1: a parry needs something solid in hand: an equipped weapon other than bare hands, which a
 * disarmed fighter has dropped (S-MN2); a worn shield parries on its own (see defenceLevel).
 */
export function holdsParryWeapon(
  weapons: readonly Pick<SouffleWeapon, 'category'>[],
  states: readonly SouffleState[],
): boolean {
  return !states.includes('desarme') && weapons.some((w) => w.category !== 'mainsNues');
}

export const FEINT_DEFENCE = -2;

export interface DefenceLevel {
  readonly level: number;
  /** False when the defender gets no defence roll (S-DF1). */
  readonly canRoll: boolean;
  readonly parts: {
    readonly posture: number;
    readonly armour: number;
    readonly shield: number;
    readonly distance: number;
    readonly feint: number;
    readonly context: number;
  };
}

/**
 * The defence level against an attack; refuses a parry of missiles without a shield, and a parry
 * with nothing in hand and no shield (S-DF1).
 */
export function defenceLevel(
  attack: Pick<AttackResult, 'kind'>,
  input: DefenceInput,
  options: Pick<SouffleOptions, 'postureModifiers'> = DEFAULT_OPTIONS,
): DefenceLevel {
  if (input.mode !== 'parade' && input.mode !== 'esquive') {
    throw new RulesError('PDA.Error.SouffleDefenceMode', { mode: String(input.mode) });
  }
  if (attack.kind === 'ranged' && input.mode === 'parade' && !input.shield?.parriesMissiles) {
    throw new RulesError('PDA.Error.SouffleParryMissile');
  }
  if (input.mode === 'parade' && input.armed === false && !input.shield) {
    throw new RulesError('PDA.Error.SouffleParryEmptyHands', { name: '' });
  }
  const armourOn = !input.ignoreArmour;
  const parts = {
    posture: input.posture ? postureDefence(input.posture, options) : 0,
    armour: armourOn ? (input.armour?.defence ?? 0) : 0,
    shield: armourOn ? (input.shield?.defence ?? 0) : 0,
    distance:
      attack.kind === 'ranged' && input.distance !== undefined
        ? distanceDefence(input.distance, input.shooterMetier ?? 0).level
        : 0,
    feint: input.feinted ? FEINT_DEFENCE : 0,
    context: input.context ?? 0,
  };
  // Every part, in order (a plain sum: this runs for every Souffle defence).
  const sum = 0 + parts.posture + parts.armour + parts.shield + parts.distance + parts.feint + parts.context;
  const level = sum + (input.extraLevels ?? 0);
  return { level, canRoll: !input.noDefenceRoll && canRollDefence(input.states), parts };
}

/** S-DF3: half the métier; the example (métier 3 → 2) rounds up. */
export function halfMetier(
  metier: number,
  options: Pick<SouffleOptions, 'halfMetier'> = DEFAULT_OPTIONS,
): number {
  return options.halfMetier === 'up' ? Math.ceil(metier / 2) : Math.floor(metier / 2);
}

export interface DefenceResult {
  readonly level: DefenceLevel;
  /** Undefined when no defence roll was allowed. */
  readonly roll?: LadderRoll;
  readonly die: number;
  readonly defense: number;
  readonly halfMetier: number;
  /** Damage that gets through (never negative). */
  readonly taken: number;
}

/**
 * S-DF3: taken = potential − defence die − défense − ½ métier (not below 0). `defender.metier`
 * is the level of the métier the defender uses (e.g. Chasseur 3).
 */
export function resolveDefence(
  attack: Pick<AttackResult, 'kind' | 'potential'>,
  defender: { readonly defense: number; readonly metier: number },
  input: DefenceInput,
  dice: Dice,
  options: SouffleOptions = DEFAULT_OPTIONS,
): DefenceResult {
  const level = defenceLevel(attack, input, options);
  const half = halfMetier(defender.metier, options);
  const roll = level.canRoll ? rollLevel(options.ladder, level.level, dice) : undefined;
  const die = roll?.value ?? 0;
  const taken = Math.max(0, attack.potential - die - defender.defense - half);
  const defense = defender.defense;
  return roll
    ? { level, roll, die, defense, halfMetier: half, taken }
    : { level, die, defense, halfMetier: half, taken };
}

export interface DamageOutcome {
  readonly fighter: SouffleFighter;
  readonly toSouffle: number;
  readonly toPv: number;
  /** PV were lost: "fatigué" is ticked and a wound marked. */
  readonly wounded: boolean;
  /** PV reached 0 (the seed says no more; the GM decides). */
  readonly down: boolean;
}

/** What S-DF3 changes on a fighter hit for `taken`: its souffle, PV, states and wounds after. */
export interface DamageChange {
  readonly souffle: number;
  readonly pv: number;
  readonly states: SouffleFighter['states'];
  readonly wounds: SouffleFighter['wounds'];
  readonly toSouffle: number;
  readonly toPv: number;
}

/**
 * S-DF3: damage comes off souffle first, then PV (overflow spills in the same hit unless the
 * setting says otherwise). An épuisé fighter's souffle absorbs nothing. Losing PV ticks
 * "fatigué" and records a wound; emptying souffle makes the fighter épuisé. The values after
 * the hit, without copying the fighter (applyDamage makes the copy; the simulator writes them
 * on its own fighter).
 */
export function damageChange(
  fighter: Pick<SouffleFighter, 'souffle' | 'pv' | 'states' | 'wounds'>,
  taken: number,
  options: Pick<SouffleOptions, 'spillToPv'> = DEFAULT_OPTIONS,
): DamageChange {
  const out = { souffle: 0, pv: 0, states: fighter.states, wounds: fighter.wounds, toSouffle: 0, toPv: 0 };
  return damageChangeInto(fighter, taken, options, out);
}

/**
 * damageChange's values written into `out` and returned: the simulator keeps one record for
 * every blow of a fight instead of one made per blow.
 */
export function damageChangeInto(
  fighter: Pick<SouffleFighter, 'souffle' | 'pv' | 'states' | 'wounds'>,
  taken: number,
  options: Pick<SouffleOptions, 'spillToPv'>,
  out: { -readonly [K in keyof DamageChange]: DamageChange[K] },
): DamageChange {
  if (!Number.isInteger(taken) || taken < 0) {
    throw new RulesError('PDA.Error.OutOfRange', { what: 'damage', value: String(taken), min: 0, max: 9999 });
  }
  const souffleOpen = !fighter.states.includes('epuise') && fighter.souffle.value > 0;
  const toSouffle = souffleOpen ? Math.min(taken, fighter.souffle.value) : 0;
  const rest = taken - toSouffle;
  const toPv = souffleOpen && !options.spillToPv ? 0 : Math.min(rest, fighter.pv.value);
  let states = fighter.states;
  const souffle = fighter.souffle.value - toSouffle;
  // A state already ticked keeps the list as it is (every later hit of a tired fighter).
  if (toSouffle > 0 && souffle === 0 && !states.includes('epuise')) states = withState(states, 'epuise');
  if (toPv > 0 && !states.includes('fatigue')) states = withState(states, 'fatigue');
  const pv = fighter.pv.value - toPv;
  let wounds = fighter.wounds;
  if (toPv > 0) {
    const added = wounds.slice();
    added.push(toPv);
    wounds = added;
  }
  out.souffle = souffle;
  out.pv = pv;
  out.states = states;
  out.wounds = wounds;
  out.toSouffle = toSouffle;
  out.toPv = toPv;
  return out;
}

/** S-DF3 applied: the fighter after the hit (see damageChange). */
export function applyDamage(
  fighter: SouffleFighter,
  taken: number,
  options: Pick<SouffleOptions, 'spillToPv'> = DEFAULT_OPTIONS,
): DamageOutcome {
  const c = damageChange(fighter, taken, options);
  const next: SouffleFighter = {
    ...fighter,
    souffle: { ...fighter.souffle, value: c.souffle },
    pv: { ...fighter.pv, value: c.pv },
    wounds: c.wounds,
    states: c.states,
  };
  return {
    fighter: next,
    toSouffle: c.toSouffle,
    toPv: c.toPv,
    wounded: c.toPv > 0,
    down: c.pv === 0 && fighter.pv.value > 0,
  };
}

/**
 * S-AT2: the souffle and states of a fighter after spending `amount` forcing (emptied: épuisé);
 * refused when there is not enough. The values only (spendSouffle makes the copy).
 */
export function souffleSpent(
  fighter: Pick<SouffleFighter, 'souffle' | 'states'>,
  amount: number,
): { readonly souffle: number; readonly states: SouffleFighter['states'] } {
  if (!Number.isInteger(amount) || amount < 0) {
    throw new RulesError('PDA.Error.OutOfRange', {
      what: 'souffle',
      value: String(amount),
      min: 0,
      max: fighter.souffle.value,
    });
  }
  if (amount > fighter.souffle.value) {
    throw new RulesError('PDA.Error.SouffleNotEnoughSouffle', {
      souffle: amount,
      available: fighter.souffle.value,
    });
  }
  const value = fighter.souffle.value - amount;
  return {
    souffle: value,
    states: amount > 0 && value === 0 ? withState(fighter.states, 'epuise') : fighter.states,
  };
}

/** Takes souffle spent forcing (S-AT2) off a fighter; refused when there is not enough. */
export function spendSouffle(fighter: SouffleFighter, amount: number): SouffleFighter {
  const spent = souffleSpent(fighter, amount);
  return { ...fighter, souffle: { ...fighter.souffle, value: spent.souffle }, states: spent.states };
}
