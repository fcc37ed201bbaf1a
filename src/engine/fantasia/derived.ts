/**
 * Derived values from Basic Roleplaying (ruling: the seed assumes them without giving them).
 * Pure functions the Foundry data models call in prepareDerivedData.
 */
import { ensureInteger } from '../core/errors';

/** PV max: average of CON and TAI, rounded up (Basic Roleplaying hit points). */
export function pvMaxFor(con: number, tai: number): number {
  ensureInteger(con, 0, 999, 'CON');
  ensureInteger(tai, 0, 999, 'TAI');
  return Math.ceil((con + tai) / 2);
}

/**
 * Damage bonus from FOR + TAI (Basic Roleplaying table): 2–12 −1d6, 13–16 −1d4, 17–24 none,
 * 25–32 +1d4, 33–40 +1d6, 41–56 +2d6, then +1d6 for each further 16 points. '' means none.
 */
export function damageBonusFor(forValue: number, tai: number): string {
  ensureInteger(forValue, 0, 999, 'FOR');
  ensureInteger(tai, 0, 999, 'TAI');
  const total = forValue + tai;
  if (total <= 12) return '-1d6';
  if (total <= 16) return '-1d4';
  if (total <= 24) return '';
  if (total <= 32) return '1d4';
  if (total <= 40) return '1d6';
  return `${2 + Math.floor((total - 41) / 16)}d6`;
}

/** Human Mouvement (F-M1). */
export const HUMAN_MOUVEMENT = 8;
