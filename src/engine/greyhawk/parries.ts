import { ensure } from '../core/errors';
import type { Dice } from '../dice/port';
import { ensureManoeuvreAllowed, isWarrior, topLevel, warriorLevel } from './character';
import type { GreyhawkCharacter, GreyhawkWeapon } from './types';
import { type ItemSave, itemSaveCrushingBlow } from './seizing';

/**
 * Greyhawk parries: G-PA1..G-PA4 (parries left in a round, polearms, missiles, damage parry).
 * Split from manoeuvres.ts, which re-exports them.
 */

// ---------------------------------------------------------------------------------------------
// G-PA1..G-PA4 parries

export interface ParryTracker {
  /** Parries left this round. */
  readonly left: number;
  /** Attack ids already resolved this round (a parry cannot reach back to them). */
  readonly resolved: readonly string[];
  readonly parried: readonly string[];
}

export function newParryTracker(parries: number): ParryTracker {
  return { left: parries, resolved: [], parried: [] };
}

/** An attack against the defender has been resolved (parried or not). */
export function attackResolved(t: ParryTracker, attackId: string): ParryTracker {
  return t.resolved.includes(attackId) ? t : { ...t, resolved: [...t.resolved, attackId] };
}

/** G-PA1: the defender picks the attack to parry; a held parry may go to a later one, never a past one. */
export function chooseParry(
  t: ParryTracker,
  attackId: string,
  c: GreyhawkCharacter,
  weapon: GreyhawkWeapon,
): ParryTracker {
  ensureManoeuvreAllowed(c, weapon);
  ensure(t.left > 0, 'PDA.Error.Greyhawk.NoParryLeft');
  ensure(!t.resolved.includes(attackId), 'PDA.Error.Greyhawk.ParryTooLate');
  return { left: t.left - 1, resolved: t.resolved, parried: [...t.parried, attackId] };
}

/** G-PA2: a polearm may parry another polearm's attack on someone else, within reach of either. */
export function ensurePolearmParry(
  parrier: GreyhawkWeapon,
  attackerWeapon: GreyhawkWeapon,
  withinReach: boolean,
): void {
  ensure(parrier.polearm === true && attackerWeapon.polearm === true, 'PDA.Error.Greyhawk.PolearmsOnly');
  ensure(withinReach, 'PDA.Error.Greyhawk.OutOfReach');
}

export interface MissileParryWear {
  readonly weapon: GreyhawkWeapon;
  /** A mundane weapon used to parry can never shoot again. */
  readonly ruinedForShooting: boolean;
  readonly destroyed: boolean;
  readonly save: ItemSave;
}

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

/**
 * G-PA3: after a successful parry with a missile weapon: a mundane one is ruined for shooting, a
 * magic one loses +1; either way it saves vs crushing blow or is destroyed.
 */
export function missileParryWear(
  weapon: GreyhawkWeapon,
  alreadyRuined: boolean,
  dice: Dice,
): MissileParryWear {
  ensureMissileParry(weapon);
  const magic = weapon.magic > 0;
  const worn: GreyhawkWeapon = magic ? { ...weapon, magic: weapon.magic - 1 } : weapon;
  const save = itemSaveCrushingBlow(weapon.material ?? 'wood', 0, dice);
  return { weapon: worn, ruinedForShooting: alreadyRuined || !magic, destroyed: !save.saved, save };
}

/** G-PA4 DMG parry: AC better by half the level, +1 for warriors (declared before initiative). */
export function dmgParryAcBonus(c: GreyhawkCharacter): number {
  const level = isWarrior(c) ? warriorLevel(c) : topLevel(c);
  return -(Math.floor(level / 2) + (isWarrior(c) ? 1 : 0));
}
