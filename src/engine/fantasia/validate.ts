import { ensure, ensureInteger } from '../core/errors';
import { isFormula } from '../dice/formula';
import {
  CHARACTERISTIC_IDS,
  SKILL_IDS,
  type FantasiaCombatant,
  type FantasiaWeapon,
  type Shield,
  type SkillId,
} from './types';

const WEAPON_KINDS = ['melee', 'thrown', 'missile', 'firearm', 'unarmed', 'whip', 'siege'];
const RELOAD_KINDS = ['none', 'bow', 'crossbow', 'arquebus'];

export function isSkillId(value: unknown): value is SkillId {
  return typeof value === 'string' && (SKILL_IDS as readonly string[]).includes(value);
}

/** Throws PDA.Error.BadFormula unless `text` is '' (when allowed) or a dice formula. */
export function validateFormula(text: string, what: string, allowEmpty = false): void {
  if (allowEmpty && text === '') return;
  ensure(typeof text === 'string' && isFormula(text), 'PDA.Error.BadFormula', {
    formula: String(text),
    what,
  });
}

/** Refuses impossible weapon data (RulesError), else returns the weapon unchanged. */
export function validateWeapon(weapon: FantasiaWeapon): FantasiaWeapon {
  ensure(typeof weapon.id === 'string' && weapon.id !== '', 'PDA.Error.MissingId', { what: 'weapon' });
  ensure(isSkillId(weapon.skill), 'PDA.Error.UnknownSkill', { skill: String(weapon.skill) });
  validateFormula(weapon.damage, 'damage');
  ensure(weapon.hands === 1 || weapon.hands === 2, 'PDA.Error.OutOfRange', {
    what: 'hands',
    value: String(weapon.hands),
    min: 1,
    max: 2,
  });
  ensure(WEAPON_KINDS.includes(weapon.kind), 'PDA.Error.UnknownWeaponKind', { kind: String(weapon.kind) });
  ensure(RELOAD_KINDS.includes(weapon.reload), 'PDA.Error.UnknownWeaponKind', {
    kind: String(weapon.reload),
  });
  ensure(Number.isFinite(weapon.range) && weapon.range >= 0, 'PDA.Error.OutOfRange', {
    what: 'range',
    value: String(weapon.range),
    min: 0,
    max: 100000,
  });
  if (weapon.minFOR !== undefined) ensureInteger(weapon.minFOR, 0, 999, 'minFOR');
  return weapon;
}

/** Shield bonus must be +10 to +20 % (F-D4). */
export function validateShield(shield: Shield): Shield {
  ensureInteger(shield.parryBonus, 10, 20, 'parryBonus');
  return shield;
}

/**
 * Refuses impossible combatant data with a RulesError: characteristics outside 0–999, a skill
 * below 0 or above 200 %, negative Mouvement or armour, PV above their maximum, a bad damage
 * bonus formula, or bad weapons/shield. Returns the combatant unchanged.
 */
export function validateCombatant(combatant: FantasiaCombatant): FantasiaCombatant {
  ensure(typeof combatant.id === 'string' && combatant.id !== '', 'PDA.Error.MissingId', {
    what: 'combatant',
  });
  for (const c of CHARACTERISTIC_IDS) ensureInteger(combatant.characteristics[c], 0, 999, c);
  for (const [skill, value] of Object.entries(combatant.skills)) {
    ensure(isSkillId(skill), 'PDA.Error.UnknownSkill', { skill });
    ensureInteger(value, 0, 200, skill);
  }
  ensureInteger(combatant.pv.max, 0, 9999, 'pv.max');
  ensureInteger(combatant.pv.value, -9999, combatant.pv.max, 'pv.value');
  ensure(
    Number.isFinite(combatant.mouvement) && combatant.mouvement >= 0 && combatant.mouvement <= 1000,
    'PDA.Error.OutOfRange',
    {
      what: 'mouvement',
      value: String(combatant.mouvement),
      min: 0,
      max: 1000,
    },
  );
  ensureInteger(combatant.armour, 0, 999, 'armour');
  validateFormula(combatant.damageBonus, 'damageBonus', true);
  if (combatant.size !== undefined) ensureInteger(combatant.size, 0, 999, 'size');
  for (const w of combatant.weapons ?? []) validateWeapon(w);
  if (combatant.shield) validateShield(combatant.shield);
  for (const t of combatant.thrusts ?? []) {
    ensureInteger(t.crosses, 0, 999, 'crosses');
    if (t.malus !== undefined) ensureInteger(t.malus, 0, 100, 'malus');
  }
  return combatant;
}
