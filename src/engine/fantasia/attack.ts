import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import {
  findBotte,
  isMastered,
  thrustMalus,
  planThrust,
  weaponFit,
  type FightMemory,
  type ThrustAttempt,
  type ThrustPlan,
} from './bottes';
import { DEFAULT_FANTASIA_OPTIONS, type FantasiaOptions } from './options';
import { rollPercent, type PercentRoll } from './resolution';
import { skillValue } from './skills';
import type { FantasiaCombatant, FantasiaWeapon, Modifier, RuleId, SkillId } from './types';
import { fallenRefusal, fightCondition } from './fallen';
import { isRanged } from './weapons';
import { declaredActionRefusal, passRefusal, type DeclaredBlow } from './declared';

export interface AttackInput {
  readonly attacker: FantasiaCombatant;
  readonly defender: FantasiaCombatant;
  readonly weapon: FantasiaWeapon;
  /** Cover malus the GM sets (F-D5), positive: 20 means −20 %. */
  readonly cover?: number;
  /** Other modifiers the GM adds, each with its rule. */
  readonly modifiers?: readonly Modifier[];
  /** Secret thrust named at resolution (F-B2). */
  readonly thrust?: ThrustAttempt;
  /** Thrusts already seen this fight (F-B5). */
  readonly memory?: FightMemory;
  /** Distance to the target in metres, checked against the weapon's range (F-M4). */
  readonly distance?: number;
  /** Someone helps hold the arquebus (F-W6). */
  readonly assisted?: boolean;
  /** Knock-out declared at the start of the round (F-U4). */
  readonly knockOut?: boolean;
  /** The attacker declared a dodge this round (F-D1: no attack). */
  readonly attackerDodging?: boolean;
  /** The attacker already used a missile or thrown weapon this round (F-R9). */
  readonly missileUsed?: boolean;
  /** In the round's passes, the attacker declared no attack (F-R5: the declaration binds). */
  readonly undeclared?: boolean;
  /** The pass the round is in, when it runs its passes (F-R6..F-R9: which attacks it holds). */
  readonly pass?: number;
  /** In the passes, the blows, shots and throws the attacker declared (F-R5: the kind binds). */
  readonly declaredBlows?: readonly DeclaredBlow[];
}

/** Step 1 result: the attack roll and everything later steps need. Plain data for a chat card. */
export interface AttackResult {
  readonly attackerId: string;
  readonly defenderId: string;
  readonly weapon: FantasiaWeapon;
  readonly roll: PercentRoll;
  readonly hit: boolean;
  readonly critical: boolean;
  readonly fumble: boolean;
  readonly ranged: boolean;
  readonly knockOut: boolean;
  readonly thrust?: ThrustPlan;
  /** The arquebus missed: the shooter must make a Chance roll (F-W6). */
  readonly firearmMishap: boolean;
  /** The attacker after the shot when the weapon must be reloaded (F-W5, F-W6). */
  readonly attackerAfter?: FantasiaCombatant;
  readonly rule: readonly RuleId[];
}

function refuse(key: string, rule: RuleId, data: Record<string, string | number> = {}): never {
  throw new RulesError(key, { rule, ...data });
}

/** Refusals that stop a combatant from attacking with this weapon (RulesError). */
export function checkCanAttack(input: AttackInput): void {
  const { attacker, weapon } = input;
  const s = attacker.states;
  if (s.dead || s.unconscious) refuse('PDA.Error.Incapacitated', 'F-U4', { name: attacker.name });
  if (input.attackerDodging) refuse('PDA.Error.DodgeNoAttack', 'F-D1', { name: attacker.name });
  if (input.undeclared) refuse('PDA.Error.AttackNotDeclared', 'F-R5', { name: attacker.name });
  if (s.skipNextAttack) refuse('PDA.Error.LostBalance', 'F-H6', { name: attacker.name });
  if (s.reloading) refuse('PDA.Error.Reloading', 'F-W5', { name: attacker.name });
  if (s.immobilised) refuse('PDA.Error.Immobilised', 'F-U3', { name: attacker.name });
  if (s.weaponBroken?.includes(weapon.id)) refuse('PDA.Error.WeaponBroken', 'F-H6', { weapon: weapon.name });
  if (s.jammed?.weaponId === weapon.id) refuse('PDA.Error.WeaponJammed', 'F-H7', { weapon: weapon.name });
  if (s.disarmed?.weaponId === weapon.id) refuse('PDA.Error.Disarmed', 'F-W2', { weapon: weapon.name });
  if (s.weaponBound?.weaponId === weapon.id) refuse('PDA.Error.WeaponBound', 'F-B7', { weapon: weapon.name });
  if (s.arquebusReload?.weaponId === weapon.id)
    refuse('PDA.Error.NotLoaded', 'F-W6', { weapon: weapon.name });
  // Fists need no drawing (ruling "Bare hands", F-U1, F-U2).
  if (!weapon.ready && weapon.kind !== 'unarmed')
    refuse('PDA.Error.NotReady', 'F-W7', { weapon: weapon.name });
  if (!weapon.loaded)
    refuse('PDA.Error.NotLoaded', weapon.reload === 'arquebus' ? 'F-W6' : 'F-W5', { weapon: weapon.name });
  if (weapon.minFOR !== undefined && attacker.characteristics.FOR < weapon.minFOR && !input.assisted) {
    refuse('PDA.Error.TooHeavy', 'F-W6', { weapon: weapon.name, min: weapon.minFOR });
  }
  // A missile in the melee pass is said first (F-R9), then what was declared (F-R5).
  const pass = passRefusal(weapon, input.pass);
  if (pass) throw pass;
  const declared = declaredActionRefusal(attacker.name, weapon, input.declaredBlows);
  if (declared) throw declared;
  if (input.missileUsed && isRanged(weapon) && weapon.kind !== 'siege')
    refuse('PDA.Error.MissileUsed', 'F-R9', { name: attacker.name });
  if (input.distance !== undefined && isRanged(weapon) && input.distance > weapon.range) {
    refuse('PDA.Error.OutOfReach', 'F-M4', {
      weapon: weapon.name,
      distance: input.distance,
      range: weapon.range,
    });
  }
  if (input.knockOut && !(weapon.skill === 'bagarre' || weapon.skill === 'lutte' || weapon.blunt)) {
    refuse('PDA.Error.KnockOutWeapon', 'F-U4', { weapon: weapon.name });
  }
  if (
    input.cover !== undefined &&
    !(Number.isInteger(input.cover) && input.cover >= 0 && input.cover <= 100)
  ) {
    refuse('PDA.Error.OutOfRange', 'F-D5', { what: 'cover', value: String(input.cover), min: 0, max: 100 });
  }
}

/**
 * Step 1: the attack roll (F-H1). d100 ≤ skill + modifiers: cover (F-D5), thrust (F-B3, F-B5,
 * F-B1, F-B6), GM modifiers. Throws RulesError (nothing rolled) when the attack is impossible.
 */
export function resolveAttack(
  input: AttackInput,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): AttackResult {
  checkCanAttack(input);
  const { attacker, defender, weapon } = input;
  const fallen = fallenRefusal(fightCondition(attacker, options.zeroPv));
  if (fallen) refuse(fallen, 'F-H1', { name: attacker.name, pv: attacker.pv.value });
  const thrust = input.thrust
    ? planThrust(input.thrust, attacker, defender, weapon, input.memory ?? [], dice, options)
    : undefined;
  const modifiers: Modifier[] = [];
  if (input.cover) modifiers.push({ rule: 'F-D5', key: 'PDA.Fantasia.Mod.Cover', value: -input.cover });
  if (thrust) for (const m of thrust.attackModifiers) modifiers.push(m);
  if (input.modifiers) for (const m of input.modifiers) modifiers.push(m);
  const roll = rollPercent(skillValue(attacker, weapon.skill), modifiers, dice, options, ['F-H1']);
  const ranged = isRanged(weapon);
  const firearmMishap = weapon.kind === 'firearm' && !roll.success;
  let attackerAfter: FantasiaCombatant | undefined;
  // A crossbow or an arquebus must be reloaded by an action of its own (F-W5, F-W6); a bow or a
  // sling is nocked again as part of using it, its once-a-round limit being the round's (F-R9).
  if (weapon.reload === 'crossbow' || weapon.reload === 'arquebus') {
    attackerAfter = { ...attacker, weapons: unloaded(attacker.weapons, weapon.id) };
  }
  const rule: RuleId[] = roll.rule.slice();
  if (thrust) for (const r of thrust.rule) if (!rule.includes(r)) rule.push(r);
  if (input.knockOut) rule.push('F-U4');
  if (firearmMishap) rule.push('F-W6');
  return {
    attackerId: attacker.id,
    defenderId: defender.id,
    weapon,
    roll,
    hit: roll.success,
    critical: roll.outcome === 'critical',
    fumble: roll.outcome === 'fumble',
    ranged,
    knockOut: input.knockOut === true,
    thrust,
    firearmMishap,
    attackerAfter,
    rule,
  };
}

/**
 * The weapons with this one unloaded. A function of its own: a closure over the weapon in
 * resolveAttack would make a context on every attack.
 */
function unloaded(weapons: FantasiaCombatant['weapons'], weaponId: string): FantasiaCombatant['weapons'] {
  return weapons?.map((w) => (w.id === weaponId ? { ...w, loaded: false } : w));
}

/** What the defender declared this round, and what it already did. */
export interface DefenceDeclaration {
  /** Declared a dodge in the intents (F-D1). */
  readonly dodgeDeclared?: boolean;
  /** Declared an attack this round (F-D1: then no dodge). */
  readonly attackDeclared?: boolean;
  /** Already parried this round (F-D2). */
  readonly parriedThisRound?: boolean;
  /** Weapon to parry with; default the first ready weapon that can parry. */
  readonly parryWeaponId?: string;
  /** A thrust placed with the parry (Désarmement, F-B7), named at resolution (F-B2). */
  readonly parryThrust?: string;
}

export interface Refusal {
  readonly rule: RuleId;
  readonly key: string;
}

export interface DefenceOption {
  readonly kind: 'parry' | 'dodge';
  readonly allowed: boolean;
  readonly reasons: readonly Refusal[];
  readonly skill: SkillId;
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  readonly weaponId?: string;
  /** Anti-parade: the parry may be tried but fails automatically (F-B7). */
  readonly autoFail?: boolean;
  /** Thrust placed with this parry (Désarmement). */
  readonly thrustId?: string;
}

/** A weapon the defender can parry with now (F-D2, F-H6, F-W2, F-B7). */
function usableForParry(w: FantasiaWeapon, s: FantasiaCombatant['states']): boolean {
  return (
    w.canParry &&
    w.ready &&
    !s.weaponBroken?.includes(w.id) &&
    s.disarmed?.weaponId !== w.id &&
    s.weaponBound?.weaponId !== w.id
  );
}

// Plain loops, no closure: every exchange reads it, and a closure over the states would make a
// context on every call.
function parryWeapon(
  defender: FantasiaCombatant,
  declaration: DefenceDeclaration,
): FantasiaWeapon | undefined {
  const s = defender.states;
  const weapons = defender.weapons ?? [];
  const id = declaration.parryWeaponId;
  for (const w of weapons) if ((id === undefined || w.id === id) && usableForParry(w, s)) return w;
  return undefined;
}

/**
 * Step 2: the defences open to the defender against this attack, each with the reasons it is
 * refused: dodge only if declared and never with an attack (F-D1), one parry a round (F-D2),
 * missiles only with a shield (F-D3), nothing while reloading a crossbow (F-W5), nothing against
 * a critical secret thrust (F-B4). Modifiers: shield (F-D4), thrust malus (F-B3).
 */
export function availableDefences(
  attack: AttackResult,
  defender: FantasiaCombatant,
  declaration: DefenceDeclaration = {},
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): DefenceOption[] {
  const common: Refusal[] = [];
  const s = defender.states;
  if (s.dead || s.unconscious) common.push({ rule: 'F-U4', key: 'PDA.Fantasia.Refusal.Unconscious' });
  else if (fightCondition(defender, options.zeroPv) !== 'fighting')
    common.push({ rule: 'F-H1', key: 'PDA.Fantasia.Refusal.Unconscious' });
  if (s.immobilised || s.strangled) common.push({ rule: 'F-U3', key: 'PDA.Fantasia.Refusal.Held' });
  if (s.reloading) common.push({ rule: 'F-W5', key: 'PDA.Fantasia.Refusal.Reloading' });
  if (attack.thrust && attack.critical)
    common.push({ rule: 'F-B4', key: 'PDA.Fantasia.Refusal.CriticalThrust' });
  const thrust = attack.thrust;

  const parryReasons: Refusal[] = common.slice();
  if (declaration.parriedThisRound)
    parryReasons.push({ rule: 'F-D2', key: 'PDA.Fantasia.Refusal.ParryUsed' });
  const weapon = parryWeapon(defender, declaration);
  const shield = defender.shield;
  if (attack.ranged) {
    if (!shield?.parriesMissiles)
      parryReasons.push({ rule: 'F-D3', key: 'PDA.Fantasia.Refusal.MissileNeedsShield' });
  } else if (!weapon && !shield) {
    parryReasons.push({ rule: 'F-D2', key: 'PDA.Fantasia.Refusal.NoParryWeapon' });
  }
  const parrySkill: SkillId = weapon?.skill ?? 'armesDeMelee';
  const parryMods: Modifier[] = [];
  // F-D4, F-W3 (ruling): the shield's bonus needs the shield in hand, which a two-handed weapon
  // leaves no room for.
  if (shield && !(weapon && weapon.hands >= 2))
    parryMods.push({ rule: 'F-D4', key: 'PDA.Fantasia.Mod.Shield', value: shield.parryBonus });
  if (thrust && thrust.parryMalus) {
    parryMods.push({ rule: 'F-B3', key: 'PDA.Fantasia.Mod.ThrustDefence', value: -thrust.parryMalus });
  }

  let parryThrustId: string | undefined;
  if (declaration.parryThrust !== undefined) {
    const botte = findBotte(declaration.parryThrust);
    const known = defender.thrusts?.find((t) => t.thrustId === botte.id);
    const onParry = botte.effects.some((e) => e.kind === 'bindWeapon' && e.onParry);
    if (!known || !onParry || !weapon || weaponFit(botte, weapon, known) !== 'exact') {
      parryReasons.push({ rule: 'F-B7', key: 'PDA.Fantasia.Refusal.ParryThrust' });
    } else {
      parryThrustId = botte.id;
      const malus = isMastered(botte, known, options) ? 0 : thrustMalus(botte, known);
      parryMods.push({ rule: malus ? 'F-B3' : 'F-B6', key: 'PDA.Fantasia.Mod.Thrust', value: -malus });
    }
  }

  const dodgeReasons: Refusal[] = common.slice();
  if (!declaration.dodgeDeclared)
    dodgeReasons.push({ rule: 'F-D1', key: 'PDA.Fantasia.Refusal.DodgeNotDeclared' });
  if (declaration.attackDeclared)
    dodgeReasons.push({ rule: 'F-D1', key: 'PDA.Fantasia.Refusal.DodgeWithAttack' });
  if (thrust?.noDodge) dodgeReasons.push({ rule: 'F-B7', key: 'PDA.Fantasia.Refusal.Unseen' });
  const dodgeMods: Modifier[] = [];
  if (thrust && thrust.dodgeMalus) {
    dodgeMods.push({ rule: 'F-B3', key: 'PDA.Fantasia.Mod.ThrustDefence', value: -thrust.dodgeMalus });
  }

  return [
    {
      kind: 'parry',
      allowed: parryReasons.length === 0,
      reasons: parryReasons,
      skill: parrySkill,
      base: skillValue(defender, parrySkill),
      modifiers: parryMods,
      weaponId: weapon?.id,
      autoFail: thrust?.parryFails === true,
      thrustId: parryThrustId,
    },
    {
      kind: 'dodge',
      allowed: dodgeReasons.length === 0,
      reasons: dodgeReasons,
      skill: 'esquive',
      base: skillValue(defender, 'esquive'),
      modifiers: dodgeMods,
    },
  ];
}

export interface DefenceResult {
  readonly kind: 'parry' | 'dodge' | 'none';
  readonly roll?: PercentRoll;
  readonly success: boolean;
  /** The defender used its one parry of the round (F-D2). */
  readonly parryUsed: boolean;
  /** Désarmement on a parry: the attacker's weapon is bound this round, a disarm is offered. */
  readonly bindsWeaponId?: string;
  readonly rule: readonly RuleId[];
}

/** No defence: the hit lands (F-H1). */
export const NO_DEFENCE: DefenceResult = { kind: 'none', success: false, parryUsed: false, rule: ['F-H1'] };

/**
 * Step 3: rolls the chosen defence. Refuses (RulesError) a defence availableDefences refused.
 * A success means no damage (F-D2), except Boucliade assommante's 1d6 through the parry.
 */
export function resolveDefence(
  attack: AttackResult,
  option: DefenceOption,
  dice: Dice,
  options: FantasiaOptions = DEFAULT_FANTASIA_OPTIONS,
): DefenceResult {
  if (!attack.hit) throw new RulesError('PDA.Error.NothingToDefend', { rule: 'F-H1' });
  const first = option.reasons[0];
  if (!option.allowed || first) {
    throw new RulesError('PDA.Error.DefenceRefused', {
      rule: first?.rule ?? 'F-D2',
      reason: first?.key ?? '',
    });
  }
  const ruleBase: RuleId[] = [option.kind === 'parry' ? 'F-D2' : 'F-D1'];
  if (option.autoFail) {
    // Anti-parade: the parry is spent and fails with no roll (F-B7).
    return { kind: option.kind, success: false, parryUsed: true, rule: [...ruleBase, 'F-B7'] };
  }
  const roll = rollPercent(option.base, option.modifiers, dice, options, ruleBase);
  const binds = option.thrustId !== undefined && roll.success;
  return {
    kind: option.kind,
    roll,
    success: roll.success,
    parryUsed: option.kind === 'parry',
    bindsWeaponId: binds ? attack.weapon.id : undefined,
    rule: binds ? [...roll.rule, 'F-B7'] : roll.rule,
  };
}
