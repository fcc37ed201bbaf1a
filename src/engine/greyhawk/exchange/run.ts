import { styleAttackContext } from '../style-use';
import { RulesError } from '../../core/errors';
import type { Dice } from '../../dice/port';
import { type AttackContext } from '../attack';
import { topLevel } from '../character';
import {
  contestantOf,
  type Grip,
  resolveDisarm,
  resolveShieldRush,
  seizeObject,
  seizePerson,
  standardShield,
} from '../manoeuvres';
import { earlierDisarms, hamperedBy } from '../conditions';
import type { GreyhawkOptions } from '../options';
import type { Modifier } from '../types';
import { type Fighters, type GreyhawkChoices, type Outcome } from './choices';

/**
 * The bottom of the Greyhawk exchange: the attack context one choice of the dialog gives, the
 * whole manoeuvre as one engine call, and the dice replay the follow-up uses. parts.ts (the
 * attacker's part) and called.ts (called shots, the follow-up) both build on it.
 */

export const shieldOf = standardShield;

export function extraMods(c: GreyhawkChoices): Modifier[] {
  return c.extra ? [{ source: 'base', label: 'PDA.Greyhawk.Cards.Mod.Situational', value: c.extra }] : [];
}

/** A shot or a throw rather than a blow: a bow, a sling, or a weapon thrown from the dialog. */
export function isMissileUse(f: Fighters, c: GreyhawkChoices): boolean {
  return !f.weapon.melee || c.thrown === true;
}

/** G-P1: a target lying after a rush (G-SH2) is prone for the next attacker unless the GM said more. */
function positionOf(f: Fighters, c: GreyhawkChoices) {
  return c.position === 'standing' && f.defenderConditions?.prone === true ? 'prone' : c.position;
}

export function context(f: Fighters, c: GreyhawkChoices): AttackContext {
  const missile = isMissileUse(f, c);
  const dc = f.defenderConditions ?? {};
  const hampered = hamperedBy(f.attackerConditions ?? {});
  return {
    attacker: f.attacker,
    weapon: f.weapon,
    target: {
      ac: f.defenderAc,
      size: f.defenderSize,
      position: positionOf(f, c),
      name: f.defender.name,
      ...((dc.pinned ?? 0) > 0 ? { pinned: true } : {}),
      ...(dc.held === true ? { held: true } : {}),
    },
    ...(hampered ? { attackerHampered: hampered } : {}),
    ...(c.calledShot ? { calledShot: c.calledShot } : {}),
    ...(missile ? { missile: true } : {}),
    ...(missile && c.targetDistance !== undefined ? { distance: c.targetDistance } : {}),
    ...(c.style ? styleAttackContext(f.weapon, c.style, missile) : {}),
    extra: [...extraMods(c), ...(c.style?.targetAc ?? [])],
  };
}

/**
 * How the disarm's victim holds what it aims at: the shield (G-D3) when the attacker aims there,
 * else its weapon's grip as the victim's documents give it (G-D2); the choice only when unknown.
 */
export function victimGrip(f: Fighters, c: GreyhawkChoices): Grip {
  if (c.grip === 'shield') return 'shield';
  return f.defenderHolds?.weapon?.grip ?? c.grip;
}

export function disarmContext(f: Fighters, c: GreyhawkChoices, ctx: AttackContext) {
  return {
    ...ctx,
    victimGrip: victimGrip(f, c),
    victimLevel: topLevel(f.defender) || (f.defender.monster?.hitDice ?? 0),
    expert: c.manoeuvre === 'expertDisarm',
    earlierDisarmsThisRound: earlierDisarms(f.defenderConditions ?? {}, c.earlierDisarms),
  };
}

/** The whole manoeuvre as one engine call (the follow-up replays its first dice). */
export function manoeuvreRun(f: Fighters, c: GreyhawkChoices, o: GreyhawkOptions): (dice: Dice) => Outcome {
  const ctx = context(f, c);
  switch (c.manoeuvre) {
    case 'disarm':
    case 'expertDisarm':
      return (dice) => ({ kind: 'disarm', result: resolveDisarm(disarmContext(f, c, ctx), dice, o) });
    case 'seizeObject':
      return (dice) => ({
        kind: 'seizeObject',
        result: seizeObject(
          {
            ...ctx,
            freeHands: c.freeHands,
            defender: contestantOf(f.defender),
            ...(c.fragile ? { fragile: { material: c.fragile, magic: 0 } } : {}),
          },
          dice,
          o,
        ),
      });
    case 'seizePerson':
      return (dice) => ({
        kind: 'seizePerson',
        result: seizePerson(
          {
            ...ctx,
            freeHands: c.freeHands,
            victimId: f.defender.id,
            victim: contestantOf(f.defender),
            victimSize: f.defender.size,
          },
          dice,
          o,
        ),
      });
    case 'shieldRush': {
      const shield = shieldOf(f.attackerShield ?? 'medium');
      return (dice) => ({
        kind: 'shieldRush',
        result: resolveShieldRush(
          {
            ...ctx,
            declaration: { shield, distance: c.distance, declared: c.declared },
            targetDex: f.defenderDex,
            targetStr: f.defender.str,
            ...(f.defender.strPercent !== undefined ? { targetStrPercent: f.defender.strPercent } : {}),
            ...(f.defender.monster?.strBySize ? { targetStrBySize: true } : {}),
            stayUp: c.stayUp,
          },
          dice,
          o,
        ),
      });
    }
    default:
      throw new RulesError('PDA.Error.CardNoSuchAction');
  }
}

export function replaying(values: readonly number[], rest: Dice): Dice {
  let i = 0;
  return {
    die(faces) {
      const v = values[i];
      i += 1;
      return v ?? rest.die(faces);
    },
  };
}

export function damageView(
  formula: string,
  dice: readonly number[],
  mods: readonly Modifier[],
  total: number,
) {
  return { formula, dice: [...dice], modifiers: [...mods], total };
}
