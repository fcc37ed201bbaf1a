import { RulesError } from '../core/errors';

/**
 * Equipment (S-A3). The seed's equipment table is missing; these defaults agree with every figure
 * the seed's examples use: a long sword (a medium weapon) adds +3 damage, fighting with two
 * weapons +1 advantage, a short bow +1 advantage and no damage bonus, and only shields parry
 * arrows. The S-AT3 example lists "+3 medium weapon" among its level terms but its stated total
 * (8) only holds if that +3 is the sword's damage bonus, counted once, in the damage
 * (docs/rulings/souffle.md, S-A3/S-AT3). Light weapons are handier (+1 advantage, small damage),
 * heavy ones clumsier (−1 advantage, +5 damage). GMs may edit the data (items carry the fields).
 */

export type WeaponCategory = 'mainsNues' | 'legere' | 'moyenne' | 'lourde' | 'distance';

export interface SouffleWeapon {
  readonly id: string;
  readonly category: WeaponCategory;
  /** Advantage levels the weapon adds to an attack. */
  readonly advantage: number;
  /** Damage points added to an attack's potential damage. */
  readonly damage: number;
  readonly ranged: boolean;
  /** Blunt weapons (and bare hands) may knock out (S-MN3). */
  readonly blunt: boolean;
  readonly hands: 1 | 2;
}

export interface SouffleArmour {
  readonly id: string;
  /** Defensive advantage levels (S-DF2). */
  readonly defence: number;
  /** Malus to geste; not carried to secondary characteristics (seed note). */
  readonly gesteMalus: number;
}

export interface SouffleShield {
  readonly id: string;
  readonly defence: number;
  /** Shields may parry missiles (S-DF1). */
  readonly parriesMissiles: true;
}

/** Advantage a category gives when the weapon item does not say otherwise. */
export const CATEGORY_ADVANTAGE: Readonly<Record<WeaponCategory, number>> = {
  mainsNues: 0,
  legere: 1,
  moyenne: 0,
  lourde: -1,
  distance: 1,
};

/** Extra advantage for fighting with a weapon in each hand (S-AT3: +1). */
export const TWO_WEAPONS_ADVANTAGE = 1;

const w = (
  id: string,
  category: WeaponCategory,
  damage: number,
  extra: Partial<Pick<SouffleWeapon, 'advantage' | 'blunt' | 'hands'>> = {},
): SouffleWeapon => ({
  id,
  category,
  advantage: extra.advantage ?? CATEGORY_ADVANTAGE[category],
  damage,
  ranged: category === 'distance',
  blunt: extra.blunt ?? false,
  hands: extra.hands ?? 1,
});

export const WEAPONS: Readonly<Record<string, SouffleWeapon>> = {
  mainsNues: w('mainsNues', 'mainsNues', 0, { blunt: true }),
  dague: w('dague', 'legere', 1),
  epeeCourte: w('epeeCourte', 'legere', 2),
  gourdin: w('gourdin', 'legere', 1, { blunt: true }),
  epeeLongue: w('epeeLongue', 'moyenne', 3),
  hache: w('hache', 'moyenne', 3),
  masse: w('masse', 'moyenne', 3, { blunt: true }),
  lance: w('lance', 'moyenne', 3, { hands: 2 }),
  baton: w('baton', 'moyenne', 2, { blunt: true, hands: 2 }),
  hacheDeuxMains: w('hacheDeuxMains', 'lourde', 5, { hands: 2 }),
  epeeDeuxMains: w('epeeDeuxMains', 'lourde', 5, { hands: 2 }),
  marteauDeGuerre: w('marteauDeGuerre', 'lourde', 4, { blunt: true, hands: 2 }),
  arcCourt: w('arcCourt', 'distance', 0, { hands: 2 }),
  arcLong: w('arcLong', 'distance', 1, { advantage: 2, hands: 2 }),
  arbalete: w('arbalete', 'distance', 2, { advantage: 2, hands: 2 }),
  fronde: w('fronde', 'distance', 0, { blunt: true }),
  javelot: w('javelot', 'distance', 1),
};

export const ARMOURS: Readonly<Record<string, SouffleArmour>> = {
  aucune: { id: 'aucune', defence: 0, gesteMalus: 0 },
  cuir: { id: 'cuir', defence: 1, gesteMalus: 0 },
  cuirCloute: { id: 'cuirCloute', defence: 1, gesteMalus: 0 },
  maille: { id: 'maille', defence: 2, gesteMalus: -1 },
  plates: { id: 'plates', defence: 3, gesteMalus: -2 },
};

export const SHIELDS: Readonly<Record<string, SouffleShield>> = {
  rondache: { id: 'rondache', defence: 1, parriesMissiles: true },
  ecu: { id: 'ecu', defence: 2, parriesMissiles: true },
  pavois: { id: 'pavois', defence: 3, parriesMissiles: true },
};

export function weapon(id: string): SouffleWeapon {
  const found = WEAPONS[id];
  if (!found) throw new RulesError('PDA.Error.SouffleUnknownWeapon', { id });
  return found;
}

/** Advantage of the weapons held for one attack: the best weapon, +1 for a second one (S-AT3). */
export function weaponsAdvantage(held: readonly SouffleWeapon[]): number {
  const first = held[0];
  if (!first) return 0;
  if (held.length > 2) throw new RulesError('PDA.Error.SouffleTooManyWeapons', { count: held.length });
  const second = held[1];
  if (second) {
    if (first.hands === 2 || second.hands === 2 || first.ranged || second.ranged) {
      throw new RulesError('PDA.Error.SouffleTwoWeapons');
    }
    return Math.max(first.advantage, second.advantage) + TWO_WEAPONS_ADVANTAGE;
  }
  return first.advantage;
}

/** Geste after armour malus; secondary characteristics are computed from the raw geste. */
export function effectiveGeste(geste: number, armour: SouffleArmour | undefined): number {
  return geste + (armour?.gesteMalus ?? 0);
}
