import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import { bounds } from '../dice/formula';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { rollPercent, type PercentRoll } from './resolution';
import { skillValue } from './skills';
import type {
  FantasiaCombatant,
  FantasiaWeapon,
  KnownThrust,
  Modifier,
  RuleId,
  SecretThrust,
  ThrustCondition,
  ThrustEffect,
} from './types';
import { WEAPON_TYPE_SKILL } from './weapons';
import { BOTTES } from './bottes-catalogue';

const BY_ID = new Map(BOTTES.map((b) => [b.id, b]));

export function findBotte(id: string): SecretThrust {
  const botte = BY_ID.get(id);
  if (!botte) throw new RulesError('PDA.Error.ThrustUnknown');
  return botte;
}

/** Situation facts the engine cannot see on the combatants; the card asks the player. */
export interface ThrustContext {
  readonly hasInitiative?: boolean;
  readonly targetParrying?: boolean;
  readonly targetsBehind?: boolean;
  readonly surrounded?: boolean;
  readonly above?: boolean;
  /** Pointe à l'occiput: the target sees the attacker coming (else no dodge). Default true. */
  readonly targetSeesAttacker?: boolean;
  /** L'Aveugle prescient: false → a Vigilance roll at −15 % first. Default true. */
  readonly knowsTargetPosition?: boolean;
  /** F-B1: the GM allows a weapon of the same skill at an extra −10 %. */
  readonly sameSkillAllowed?: boolean;
}

/** The thrust named at resolution (F-B2). */
export interface ThrustAttempt {
  readonly thrustId: string;
  readonly context?: ThrustContext;
}

/** Who has already seen which thrust in this fight (F-B5): keys "attacker|defender|thrust". */
export type FightMemory = readonly string[];

function memoryKey(attackerId: string, defenderId: string, thrustId: string): string {
  return `${attackerId}|${defenderId}|${thrustId}`;
}

/** True when this foe has already seen the thrust succeed this fight (F-B5). */
export function thrustSeen(
  memory: FightMemory,
  attackerId: string,
  defenderId: string,
  thrustId: string,
): boolean {
  return memory.length > 0 && memory.includes(memoryKey(attackerId, defenderId, thrustId));
}

/** Remembers a successful placement (F-B5); returns a new memory. */
export function rememberThrust(
  memory: FightMemory,
  attackerId: string,
  defenderId: string,
  thrustId: string,
): FightMemory {
  const key = memoryKey(attackerId, defenderId, thrustId);
  return memory.includes(key) ? memory : [...memory, key];
}

function matchesFamily(family: string, weapon: FantasiaWeapon): boolean {
  if (family === 'anyMelee') return weapon.kind === 'melee' || weapon.kind === 'whip';
  if (family === 'anyMissile') return weapon.skill === 'armesDeTir';
  if (family === 'unarmed') return weapon.kind === 'unarmed';
  return weapon.type === family;
}

/**
 * How the weapon fits the thrust (F-B1): 'exact' (a listed weapon, and the one it was learned
 * with), 'sameSkill' (another weapon of a listed weapon's skill: the GM may allow it at −10 %),
 * or 'no'.
 */
export function weaponFit(
  thrust: SecretThrust,
  weapon: FantasiaWeapon,
  known?: KnownThrust,
): 'exact' | 'sameSkill' | 'no' {
  const listed = thrust.weapons.some((f) => matchesFamily(f, weapon));
  const learnedWith = known?.weaponType === undefined || known.weaponType === weapon.type;
  if (listed && learnedWith) return 'exact';
  const skills = thrust.weapons.map((f) =>
    f === 'anyMissile' ? 'armesDeTir' : f === 'anyMelee' ? weapon.skill : WEAPON_TYPE_SKILL[f],
  );
  const learnedSkill = known?.weaponType ? WEAPON_TYPE_SKILL[known.weaponType] : undefined;
  if (skills.includes(weapon.skill) || learnedSkill === weapon.skill) return 'sameSkill';
  return 'no';
}

/** Size used for size comparisons: `size` when set, else TAI. */
export function sizeOf(c: FantasiaCombatant): number {
  return c.size ?? c.characteristics.TAI;
}

/** The thrust's conditions that do not hold (empty when it may be tried). F-B7. */
export function unmetConditions(
  thrust: SecretThrust,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  weapon: FantasiaWeapon,
  context: ThrustContext = {},
): ThrustCondition[] {
  return thrust.conditions.filter((c) => {
    switch (c.kind) {
      case 'hasInitiative':
        return !context.hasInitiative;
      case 'targetParrying':
        return !context.targetParrying;
      case 'targetHasShield':
        return !defender.shield;
      case 'species':
        return attacker.species !== c.species;
      case 'unarmed':
        return weapon.kind !== 'unarmed';
      case 'targetsBehind':
        return !context.targetsBehind;
      case 'surrounded':
        return !context.surrounded;
      case 'above':
        return !context.above;
      case 'smallerBy':
        return !(sizeOf(defender) - sizeOf(attacker) > c.moreThan);
      case 'secondWeapon':
        return !(attacker.weapons ?? []).some(
          (w) => w.id !== weapon.id && w.type !== undefined && c.types.includes(w.type),
        );
    }
    return false;
  });
}

/** Crosses needed to master a thrust (F-B6 ruling): its malus in points, or one per 5 %. */
export function crossesNeeded(
  thrust: SecretThrust,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
  known?: KnownThrust,
): number {
  if (thrust.crosses !== undefined) return thrust.crosses;
  const malus = thrustMalus(thrust, known);
  return options.thrustMastery === 'steps5' ? Math.ceil(malus / 5) : malus;
}

/** The malus of a learned thrust: the one the character's botte states, else the catalogue's. */
export function thrustMalus(thrust: SecretThrust, known?: KnownThrust): number {
  return known?.malus ?? thrust.malus;
}

export function isMastered(
  thrust: SecretThrust,
  known: KnownThrust | undefined,
  options?: FantasiaOptions,
): boolean {
  return known !== undefined && known.crosses >= crossesNeeded(thrust, options, known);
}

/** Adds a cross, two on a critical (F-B6). Returns a new combatant. */
export function recordThrustSuccess(
  attacker: FantasiaCombatant,
  thrustId: string,
  critical: boolean,
): FantasiaCombatant {
  const thrusts = attacker.thrusts ?? [];
  if (!thrusts.some((t) => t.thrustId === thrustId)) {
    throw new RulesError('PDA.Error.ThrustNotKnown', {
      thrust: findBotte(thrustId).name,
      name: attacker.name,
    });
  }
  const add = critical ? 2 : 1;
  return {
    ...attacker,
    thrusts: thrusts.map((t) => (t.thrustId === thrustId ? { ...t, crosses: t.crosses + add } : t)),
  };
}

/** Everything the attack and defence steps need to know about a thrust being placed. */
export interface ThrustPlan {
  readonly thrust: SecretThrust;
  readonly attackModifiers: readonly Modifier[];
  /** Malus (positive) the defender suffers (F-B3; Coup bestial and Pointe à l'occiput differ). */
  readonly parryMalus: number;
  readonly dodgeMalus: number;
  /** Pointe à l'occiput unseen: no dodge. */
  readonly noDodge: boolean;
  /** Anti-parade: the parry fails automatically. */
  readonly parryFails: boolean;
  readonly retry: boolean;
  readonly mastered: boolean;
  readonly vigilance?: PercentRoll;
  readonly rule: readonly RuleId[];
}

/**
 * Checks and prices a thrust before the attack roll: the attacker must know it (F-B1), with a
 * fitting weapon (F-B1), its conditions must hold (F-B7). Malus: the thrust's (F-B3), none once
 * mastered (F-B6), +10 for a same-skill weapon (F-B1), doubled on a retry against a foe who saw
 * it (F-B5) and for L'Aveugle prescient after a failed Vigilance roll. Throws RulesError.
 */
export function planThrust(
  attempt: ThrustAttempt,
  attacker: FantasiaCombatant,
  defender: FantasiaCombatant,
  weapon: FantasiaWeapon,
  memory: FightMemory,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): ThrustPlan {
  const thrust = findBotte(attempt.thrustId);
  const context = attempt.context ?? {};
  const known = attacker.thrusts?.find((t) => t.thrustId === thrust.id);
  if (!known) throw new RulesError('PDA.Error.ThrustNotKnown', { thrust: thrust.name, name: attacker.name });
  const fit = weaponFit(thrust, weapon, known);
  if (fit === 'no' || (fit === 'sameSkill' && !context.sameSkillAllowed)) {
    throw new RulesError('PDA.Error.ThrustWeapon', { thrust: thrust.name, weapon: weapon.name });
  }
  const unmet = unmetConditions(thrust, attacker, defender, weapon, context);
  const first = unmet[0];
  if (first)
    throw new RulesError('PDA.Error.ThrustCondition', {
      thrust: thrust.name,
      condition: `PDA.Fantasia.Condition.${first.kind}`,
    });

  const rule: RuleId[] = ['F-B3', 'F-B7'];
  const mastered = isMastered(thrust, known, options);
  const retry = thrustSeen(memory, attacker.id, defender.id, thrust.id);
  let malus = mastered ? 0 : thrustMalus(thrust, known);
  const modifiers: Modifier[] = [];
  if (mastered) rule.push('F-B6');
  let vigilance: PercentRoll | undefined;
  for (const effect of thrust.effects) {
    if (effect.kind === 'vigilanceCheck' && context.knowsTargetPosition === false) {
      vigilance = rollPercent(
        skillValue(attacker, 'vigilance'),
        [{ rule: 'F-B7', key: 'PDA.Fantasia.Mod.Vigilance', value: -effect.malus }],
        dice,
        options,
        ['F-B7'],
      );
      if (!vigilance.success) malus *= 2;
    }
  }
  modifiers.push({
    rule: mastered ? 'F-B6' : 'F-B3',
    key: mastered ? 'PDA.Fantasia.Mod.ThrustMastered' : 'PDA.Fantasia.Mod.Thrust',
    value: -malus,
  });
  if (retry) {
    modifiers.push({ rule: 'F-B5', key: 'PDA.Fantasia.Mod.ThrustRetry', value: -malus });
    rule.push('F-B5');
  }
  if (fit === 'sameSkill') {
    modifiers.push({ rule: 'F-B1', key: 'PDA.Fantasia.Mod.ThrustOtherWeapon', value: -10 });
    rule.push('F-B1');
  }
  let parryMalus = thrustMalus(thrust, known);
  let dodgeMalus = thrustMalus(thrust, known);
  let noDodge = false;
  let parryFails = false;
  for (const effect of thrust.effects) applyPlanEffect(effect);
  function applyPlanEffect(effect: ThrustEffect): void {
    switch (effect.kind) {
      case 'attackBonus':
        modifiers.push({ rule: 'F-B7', key: 'PDA.Fantasia.Mod.ThrustBonus', value: effect.value });
        break;
      case 'damageBonusTwice':
        parryMalus = attacker.damageBonus === '' ? 0 : Math.max(0, bounds(attacker.damageBonus).max);
        dodgeMalus = effect.dodgeMalus;
        break;
      case 'fromAbove':
        if (context.targetSeesAttacker === false) noDodge = true;
        else dodgeMalus = effect.dodgeMalusIfSeen;
        break;
      case 'parryFails':
        parryFails = true;
        break;
      default:
        break;
    }
  }
  return {
    thrust,
    attackModifiers: modifiers,
    parryMalus,
    dodgeMalus,
    noDodge,
    parryFails,
    retry,
    mastered,
    ...(vigilance ? { vigilance } : {}),
    rule,
  };
}

export { BOTTES } from './bottes-catalogue';
