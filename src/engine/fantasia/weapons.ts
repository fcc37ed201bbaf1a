import type { FantasiaCombatant, FantasiaStates, FantasiaWeapon, SkillId, WeaponKind } from './types';

/**
 * Catalogue weapon types (F-W7) and the skill each uses; secret thrusts name these types
 * (F-B1, F-B7). Compendium items carry `type` so thrusts can match them.
 */
export const WEAPON_TYPE_SKILL: Readonly<Record<string, SkillId>> = {
  dague: 'armesDeMelee',
  poignard: 'armesDeMelee',
  epeeCourte: 'armesDeMelee',
  epeeLongue: 'armesDeMelee',
  epeeFantasque: 'armesDeMelee',
  fleuret: 'armesDeMelee',
  rapiere: 'armesDeMelee',
  hache: 'armesDeMelee',
  gourdin: 'armesDeMelee',
  marteauDeGuerre: 'armesDeMelee',
  fouet: 'armesDeMelee',
  grandeHache: 'armesDHast',
  hallebarde: 'armesDHast',
  pique: 'armesDHast',
  lance: 'armesDHast',
  epeeDeuxMains: 'armesDHast',
  grandeEpeeSraal: 'armesDHast',
  masseDArmes: 'armesDHast',
  couteauDeLancer: 'armesDeLancer',
  javelot: 'armesDeLancer',
  arc: 'armesDeTir',
  arbalete: 'armesDeTir',
  fronde: 'armesDeTir',
  arquebuse: 'armesAFeu',
  bagarre: 'bagarre',
  lutte: 'lutte',
};

const RANGED: readonly WeaponKind[] = ['thrown', 'missile', 'firearm', 'siege'];

/** Thrown, shot or fired: no damage bonus (F-H4), parried only with a shield (F-D3). */
export function isRanged(weapon: FantasiaWeapon): boolean {
  // RANGED's kinds written out: this runs on every blow of a simulation.
  const kind = weapon.kind;
  return kind === 'thrown' || kind === 'missile' || kind === 'firearm' || kind === 'siege';
}

/** Hand-to-hand: the damage bonus applies (F-H4). */
export function addsDamageBonus(weapon: FantasiaWeapon): boolean {
  const kind = weapon.kind;
  return kind === 'melee' || kind === 'whip' || kind === 'unarmed';
}

function base(
  id: string,
  type: string,
  damage: string,
  kind: WeaponKind,
  extra: Partial<FantasiaWeapon> = {},
): FantasiaWeapon {
  const skill = WEAPON_TYPE_SKILL[type] ?? 'armesDeMelee';
  const ranged = RANGED.includes(kind);
  return {
    id,
    name: `PDA.Fantasia.Weapon.${type}`,
    type,
    skill,
    damage,
    hands: 1,
    kind,
    blunt: false,
    range: ranged ? 30 : 0,
    canParry: !ranged && kind !== 'unarmed',
    reload: 'none',
    ready: true,
    loaded: true,
    ...extra,
  };
}

/**
 * The weapons the seed's chapter quotes (F-W7, F-U1, F-U2, F-W2, F-W5, F-W6). Only the sword
 * (1d6+2), Bagarre (1d3), Lutte (2d3) and whip (1d3) have damage in the seed; the others, and
 * every range, are defaults for the compendium to refine. The crossbow's 30 m keeps the Rorque
 * example (F-M4): in range at 15 m, out of range at 35 m.
 */
export const FANTASIA_WEAPONS = {
  bagarre: base('bagarre', 'bagarre', '1d3', 'unarmed', { blunt: true }),
  lutte: base('lutte', 'lutte', '2d3', 'unarmed', { blunt: true }),
  epeeLongue: base('epeeLongue', 'epeeLongue', '1d6+2', 'melee'),
  epeeFantasque: base('epeeFantasque', 'epeeFantasque', '1d6+1', 'melee'),
  dague: base('dague', 'dague', '1d4+2', 'melee'),
  gourdin: base('gourdin', 'gourdin', '1d6', 'melee', { blunt: true }),
  marteauDeGuerre: base('marteauDeGuerre', 'marteauDeGuerre', '1d6+2', 'melee', { blunt: true }),
  hache: base('hache', 'hache', '1d6+1', 'melee'),
  fouet: base('fouet', 'fouet', '1d3', 'whip', { canParry: false, range: 3 }),
  epeeDeuxMains: base('epeeDeuxMains', 'epeeDeuxMains', '2d8', 'melee', { hands: 2 }),
  lance: base('lance', 'lance', '1d8+1', 'melee', { hands: 2 }),
  javelot: base('javelot', 'javelot', '1d6', 'thrown', { range: 20 }),
  arc: base('arc', 'arc', '1d6+1', 'missile', { hands: 2, reload: 'bow', range: 80 }),
  arbalete: base('arbalete', 'arbalete', '2d4+2', 'missile', { hands: 2, reload: 'crossbow', range: 30 }),
  arquebuse: base('arquebuse', 'arquebuse', '2d6+2', 'firearm', {
    hands: 2,
    reload: 'arquebus',
    range: 60,
    minFOR: 15,
  }),
} satisfies Record<string, FantasiaWeapon>;

/** The combatant's weapon with this id, or undefined. */
export function findWeapon(combatant: FantasiaCombatant, weaponId: string): FantasiaWeapon | undefined {
  return combatant.weapons?.find((w) => w.id === weaponId);
}

/** A new combatant with one weapon changed (immutable). */
export function updateWeapon(
  combatant: FantasiaCombatant,
  weaponId: string,
  patch: Partial<FantasiaWeapon>,
): FantasiaCombatant {
  const weapons = combatant.weapons?.map((w) => (w.id === weaponId ? { ...w, ...patch } : w));
  return { ...combatant, weapons };
}

/** A new combatant with states merged (a key set to undefined removes the state). */
export function withStates(combatant: FantasiaCombatant, patch: Partial<FantasiaStates>): FantasiaCombatant {
  const states: Record<string, unknown> = { ...combatant.states };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete states[key];
    else states[key] = value;
  }
  return { ...combatant, states: states as FantasiaStates };
}
