import type { GreyhawkWeapon } from './types';
import { WEAPONS } from './weapon-catalogue';

/*
 * PHB table 44 gives some one-or-two-handed weapons other figures in both hands (a bastard sword:
 * speed 8, 2d4/2d8). The catalogue holds them; the round and the card ask for the grip's figures.
 */

/**
 * The figures a weapon has in the grip it is used with: a bastard sword in both hands is the
 * PHB's two-handed line (speed 8, 2d4/2d8); any other weapon keeps its own. Only a weapon whose
 * figures are still the catalogue's one-handed ones takes the line (a GM's own numbers stay).
 */
export function inGrip<W extends Pick<GreyhawkWeapon, 'base' | 'hands' | 'speed' | 'damageSM' | 'damageL'>>(
  weapon: W,
  twoHanded: boolean,
): W {
  const entry = WEAPONS[weapon.base];
  const two = entry?.twoHanded;
  if (!twoHanded || !two || weapon.hands !== 'either') return weapon;
  const catalogue =
    weapon.speed === entry.speed && weapon.damageSM === entry.damageSM && weapon.damageL === entry.damageL;
  return catalogue ? { ...weapon, speed: two.speed, damageSM: two.damageSM, damageL: two.damageL } : weapon;
}
