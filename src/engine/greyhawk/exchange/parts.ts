import { isNaturalAttack, validateStyle } from '../style-use';
import { RulesError } from '../../core/errors';
import { roll, type RollResult } from '../../dice/formula';
import type { Dice } from '../../dice/port';
import { attackModifiers, judgeAttack, rangeBand, resolveAttack, rollDamage } from '../attack';
import { ensureManoeuvreAllowed, thac0 } from '../character';
import { ensureHolderWeapon, planShieldPunch, validateDisarm, validateShieldRush } from '../manoeuvres';
import { bladeAtThroatDamage } from '../conditions';
import type { GreyhawkOptions } from '../options';
import { bracedDamage } from '../rush-round';
import {
  type Fighters,
  type FirstPart,
  type GreyhawkChoices,
  type Manoeuvre,
  type RangeView,
} from './choices';
import { calledRun, isEnginePurpose, rushDamage } from './called';
import {
  context,
  damageView,
  disarmContext,
  extraMods,
  isMissileUse,
  manoeuvreRun,
  replaying,
  shieldOf,
} from './run';

/**
 * The engine side of the Greyhawk cards, pure: what one attack or manoeuvre needs (the choices of
 * the dialog plus both fighters' engine views), and how it runs in two parts. The attacker's part
 * rolls the d20 (and the damage); a manoeuvre's follow-up (disarm outcome G-D2/G-D5, STR contest
 * G-G1/G-G2, stay-up check G-SH2) is rolled later from the card by replaying the same engine call
 * with the dice already rolled, so the rules stay whole in src/engine. The choices and result
 * types are in choices.ts, the follow-up and called shots in called.ts, the attack context and the whole manoeuvre run in run.ts.
 */

/** The range band of a missile attack (throws the engine's refusal when out of range). */
function rangeOf(f: Fighters, c: GreyhawkChoices): RangeView | undefined {
  if (!isMissileUse(f, c)) return undefined;
  if (c.targetDistance === undefined) throw new RulesError('PDA.Error.Greyhawk.NoDistance');
  return {
    distance: c.targetDistance,
    band: rangeBand(f.attacker, f.weapon, c.targetDistance),
    from: c.distanceFrom ?? 'dialog',
  };
}

/**
 * G-D1: a weapon a disarm took away does not strike until picked up (a status set by hand, with
 * no weapon named, takes every weapon but a creature's own attacks). G-D2: a two-handed grip knocked
 * off line strikes only once realigned (the sheet's button spends an attack); fists meanwhile.
 */
function ensureWeaponInHand(f: Fighters, c: GreyhawkChoices): void {
  const ac = f.attackerConditions ?? {};
  const natural = isNaturalAttack(f.weapon);
  if (
    ac.disarmed === true &&
    !natural &&
    (ac.disarmedWeapon === undefined || ac.disarmedWeapon === f.weapon.id)
  )
    throw new RulesError('PDA.Error.Greyhawk.WeaponLost', { name: f.attacker.name, weapon: f.weapon.name });
  const twoHands = f.weapon.hands === 2 || c.style?.grip === 'two';
  if (ac.offLine === true && !natural && twoHands)
    throw new RulesError('PDA.Error.Greyhawk.WeaponOffLine', {
      name: f.attacker.name,
      weapon: f.weapon.name,
    });
}

/** G-D1: a creature's claws and bite cannot be disarmed, nor a fighter who holds nothing; G-D3 a shield must be there. */
function ensureSomethingToDisarm(f: Fighters, c: GreyhawkChoices): void {
  const holds = f.defenderHolds;
  if (!holds) return;
  const name = f.defender.name;
  if (c.grip === 'shield') {
    if (!holds.shield) throw new RulesError('PDA.Error.Greyhawk.NoShieldToDisarm', { name });
    return;
  }
  if (holds.weapon === null) throw new RulesError('PDA.Error.Greyhawk.NothingToDisarm', { name });
  if (holds.weapon.natural) throw new RulesError('PDA.Error.Greyhawk.NaturalNotDisarmed', { name });
}

/** Checks a manoeuvre before any die is rolled; throws the engine's RulesError. */
export function validate(f: Fighters, c: GreyhawkChoices, o?: GreyhawkOptions): void {
  const ctx = context(f, c);
  if (c.style) validateStyle(f.attacker, f.weapon, c.style, isMissileUse(f, c), o?.mountedThrowing === true);
  // G-G2: a fighter holding someone one-handed cannot wield a two-handed weapon.
  if (f.attackerConditions?.holding === true) ensureHolderWeapon(f.weapon, false);
  ensureWeaponInHand(f, c);
  // G-ST6: a heavy crossbow cannot be reloaded in the saddle: one bolt, then none while mounted.
  if (c.style?.mount && isMissileUse(f, c) && f.weapon.kind === 'heavyCrossbow' && f.weaponUnloaded)
    throw new RulesError('PDA.Error.Greyhawk.NoReloadMounted', {
      name: f.attacker.name,
      weapon: f.weapon.name,
    });
  switch (c.manoeuvre) {
    case 'disarm':
    case 'expertDisarm':
      ensureSomethingToDisarm(f, c);
      validateDisarm(disarmContext(f, c, ctx));
      return;
    case 'seizeObject':
    case 'seizePerson':
      if (c.freeHands < 1) throw new RulesError('PDA.Error.Greyhawk.NoFreeHand', { name: f.attacker.name });
      return;
    case 'shieldPunch':
    case 'shieldPunchOffHand':
      if (!f.attackerShield) throw new RulesError('PDA.Error.Greyhawk.NoShield', { name: f.attacker.name });
      planShieldPunch(f.attacker, shieldOf(f.attackerShield), 'instead');
      return;
    case 'shieldRush':
      if (!f.attackerShield) throw new RulesError('PDA.Error.Greyhawk.NoShield', { name: f.attacker.name });
      validateShieldRush({ shield: shieldOf(f.attackerShield), distance: c.distance, declared: c.declared });
      return;
    default:
      if (c.calledShot && c.purpose !== '' && c.purpose !== 'other')
        ensureManoeuvreAllowed(f.attacker, f.weapon);
  }
}

/** Dice the attacker's part rolls for a manoeuvre before its follow-up. */
const FIRST_DICE: Partial<Record<Manoeuvre, number>> = {
  disarm: 1,
  expertDisarm: 1,
  seizeObject: 1,
  seizePerson: 1,
  shieldRush: 2,
};

class Stop extends Error {}

function recording(dice: Dice, limit: number, seen: number[]): Dice {
  return {
    die(faces) {
      if (seen.length >= limit) throw new Stop('follow-up');
      const value = dice.die(faces);
      seen.push(value);
      return value;
    },
  };
}

const diceOf = (r: RollResult): number[] => r.terms.flatMap((t) => t.dice.map((d) => d.value));

const ONES: Dice = { die: () => 1 };

/** The attacker's part: validation, the range band of a missile, then the roll itself. */
export function firstPart(f: Fighters, c: GreyhawkChoices, o: GreyhawkOptions): (dice: Dice) => FirstPart {
  validate(f, c, o);
  const range = rangeOf(f, c);
  const run = rolledPart(f, c, o);
  return range ? (dice) => ({ ...run(dice), range }) : run;
}

/** The d20, damage for a plain attack or a shield punch, the first dice of a manoeuvre. */
function rolledPart(f: Fighters, c: GreyhawkChoices, o: GreyhawkOptions): (dice: Dice) => FirstPart {
  const ctx = context(f, c);
  if (c.manoeuvre === 'normal' && c.calledShot && isEnginePurpose(c.purpose))
    return calledRun(f, c, ctx, c.purpose, o);
  if (c.manoeuvre === 'normal') {
    return (dice) => {
      const attack = resolveAttack(ctx, dice, o);
      if (attack.outcome !== 'hit') return { attack, dice: [], pending: false };
      const d = rollDamage(attack.critical?.hit ? { ...ctx, critical: true } : ctx, dice);
      const blade = bladeAtThroatDamage(d.total, f.defenderConditions?.bladeAtThroat === true);
      // Damage is doubled once, whether by the blade (G-C1) or by a braced weapon (G-SH2).
      const double = blade ?? bracedDamage(d.total, f.bracedAgainstRush === true);
      const doubled = double ? [double] : [];
      return {
        attack,
        damage: damageView(
          d.criticalRoll ? `${d.roll.formula} + ${d.criticalRoll.formula}` : d.roll.formula,
          [...diceOf(d.roll), ...(d.criticalRoll ? diceOf(d.criticalRoll) : [])],
          [...d.modifiers, ...doubled],
          d.total + doubled.reduce((sum, m) => sum + m.value, 0),
        ),
        dice: [],
        pending: false,
      };
    };
  }
  if (c.manoeuvre === 'shieldPunch' || c.manoeuvre === 'shieldPunchOffHand') {
    // G-SH1: instead of the weapon (no penalty, shield AC kept) or off-hand (−2/−4, AC lost).
    const mode = c.manoeuvre === 'shieldPunch' ? 'instead' : 'offHand';
    const plan = planShieldPunch(f.attacker, shieldOf(f.attackerShield ?? 'small'), mode, o);
    const shieldAc = mode === 'offHand' ? { shieldAc: plan.shieldAc } : {};
    const positional = attackModifiers({ ...ctx, weapon: { ...f.weapon, magic: 0, base: '' } }, o).filter(
      (m) => m.source === 'G-P1' || m.source === 'G-C1',
    );
    return (dice) => {
      const attack = judgeAttack(
        dice.die(20),
        thac0(f.attacker),
        f.defenderAc,
        [...plan.modifiers, ...positional, ...extraMods(c)],
        o,
      );
      if (attack.outcome !== 'hit') return { attack, dice: [], pending: false, ...shieldAc };
      const r = roll(plan.damage, dice, { d3FromD6: false });
      return {
        attack,
        damage: damageView(plan.damage, diceOf(r), [], Math.max(1, r.total)),
        dice: [],
        pending: false,
        ...shieldAc,
      };
    };
  }
  const run = manoeuvreRun(f, c, o);
  const limit = FIRST_DICE[c.manoeuvre] ?? 1;
  return (dice) => {
    const seen: number[] = [];
    try {
      const outcome = run(recording(dice, limit, seen));
      return { attack: outcome.result.attack, ...rushDamage(outcome), dice: seen, outcome, pending: false };
    } catch (error) {
      if (!(error instanceof Stop)) throw error;
      const preview = run(replaying(seen, ONES));
      return { attack: preview.result.attack, ...rushDamage(preview), dice: seen, pending: true };
    }
  };
}

export {
  MANOEUVRES,
  type Manoeuvre,
  MANOEUVRE_RULE,
  CALLED_PURPOSES,
  type CalledPurpose,
  POSITIONS,
  GRIPS,
  type GreyhawkChoices,
  DEFAULT_CHOICES,
  type Fighters,
  type DamageView,
  type FirstPart,
  type RangeView,
  type CalledOutcome,
  type ConditionPatch,
  conditionPatch,
  type Outcome,
} from './choices';
export { followUp } from './called';
export { isMissileUse, manoeuvreRun } from './run';
