import { ensure } from '../core/errors';
import { isWarrior, topLevel, warriorLevel } from './character';
import type { GreyhawkCharacter, GreyhawkWeapon } from './types';

/**
 * Greyhawk parries: which missile weapons parry (G-PA3) and the DMG parry's AC (G-PA4). The
 * parry card itself (choice of the attack G-PA1, polearms G-PA2, wear G-PA3) is the exchange of
 * exchange/parry.ts. Split from manoeuvres.ts, which re-exports them.
 */

// ---------------------------------------------------------------------------------------------
// G-PA1..G-PA4 parries

/** G-PA3: which missile weapons can parry at all (bow, crossbow, staff sling; not a sling). */
export function ensureMissileParry(weapon: GreyhawkWeapon): void {
  const ok =
    weapon.kind === 'bow' ||
    weapon.kind === 'lightCrossbow' ||
    weapon.kind === 'heavyCrossbow' ||
    weapon.kind === 'handCrossbow' ||
    weapon.kind === 'staffSling';
  ensure(ok, 'PDA.Error.Greyhawk.CannotParryWith', { weapon: weapon.name });
}

/** G-PA4 DMG parry: AC better by half the level, +1 for warriors (declared before initiative). */
export function dmgParryAcBonus(c: GreyhawkCharacter): number {
  const level = isWarrior(c) ? warriorLevel(c) : topLevel(c);
  return -(Math.floor(level / 2) + (isWarrior(c) ? 1 : 0));
}
