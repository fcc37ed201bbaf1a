import type { Characteristics, FantasiaCombatant, SkillId } from './types';

/**
 * Base percentages. The seven combat skills are the seed's (F-U1, F-U2, F-W1, F-W3, F-W4); the
 * others are Basic Roleplaying's nearest skill (ruling, docs/rulings/fantasia.md):
 * Esquive = Dodge (DEX×2), Bricolage = Repair 15, Athlétisme = Jump 25, Cascade = 05,
 * Vigilance = Spot 25, Art de la guerre = Strategy 01.
 */
export const SKILL_BASES: Readonly<Record<SkillId, number | ((c: Characteristics) => number)>> = {
  bagarre: 50,
  lutte: 20,
  armesDeMelee: 25,
  armesDHast: 20,
  armesDeLancer: 20,
  armesDeTir: 15,
  armesAFeu: 5,
  esquive: (c) => c.DEX * 2,
  bricolage: 15,
  athletisme: 25,
  cascade: 5,
  vigilance: 25,
  artDeLaGuerre: 1,
};

/** The base percentage of a skill for these characteristics. */
export function skillBase(skill: SkillId, characteristics: Characteristics): number {
  const base = SKILL_BASES[skill];
  return typeof base === 'function' ? base(characteristics) : base;
}

/** The combatant's percentage in a skill: its own value, or the base when it has none. */
export function skillValue(combatant: FantasiaCombatant, skill: SkillId): number {
  return combatant.skills[skill] ?? skillBase(skill, combatant.characteristics);
}

/** Skills that fight (F-H5 criticals, F-H6..F-H8 fumbles). */
export const COMBAT_SKILLS: readonly SkillId[] = [
  'bagarre',
  'lutte',
  'armesDeMelee',
  'armesDHast',
  'armesDeLancer',
  'armesDeTir',
  'armesAFeu',
];
