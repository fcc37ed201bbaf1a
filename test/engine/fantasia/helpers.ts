import type { FantasiaCombatant, FantasiaWeapon } from '../../../src/engine/fantasia';
import { FANTASIA_WEAPONS } from '../../../src/engine/fantasia';

export const W = FANTASIA_WEAPONS;

/** A human with average stats; override what the test is about. */
export function fighter(over: Partial<FantasiaCombatant> & { id: string }): FantasiaCombatant {
  return {
    name: over.id,
    kind: 'aventurier',
    characteristics: { FOR: 12, CON: 12, TAI: 12, INT: 12, DEX: 12, CHA: 10 },
    pv: { value: 12, max: 12 },
    mouvement: 8,
    damageBonus: '',
    armour: 0,
    skills: {},
    states: {},
    weapons: [W.epeeLongue],
    ...over,
  };
}

export function weapon(base: FantasiaWeapon, over: Partial<FantasiaWeapon> = {}): FantasiaWeapon {
  return { ...base, ...over };
}
