import type { FightCondition } from './fallen';
import { ensure } from '../core/errors';
import type { RuleId } from './types';

function finite(value: number, what: string): void {
  ensure(Number.isFinite(value), 'PDA.Error.OutOfRange', { what, value: String(value), min: -1e6, max: 1e6 });
}

/** F-M2: metres the pursuer gains each round (negative: it loses ground). */
export function chaseGain(pursuerMv: number, pursuedMv: number): number {
  finite(pursuerMv, 'mouvement');
  finite(pursuedMv, 'mouvement');
  return pursuerMv - pursuedMv;
}

/** F-M3: nobody sprints for more rounds than their CON. */
export function canSprint(con: number, roundsSprinted: number): boolean {
  return roundsSprinted < con;
}

/** A position in metres; z is altitude (F-M4). */
export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export function distance3(a: Vec3, b: Vec3): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/**
 * F-M4: a flyer spends its Mouvement in any direction. Moves `from` towards `to` by at most
 * `mouvement` metres.
 */
export function flyToward(from: Vec3, to: Vec3, mouvement: number): Vec3 {
  finite(mouvement, 'mouvement');
  ensure(mouvement >= 0, 'PDA.Error.OutOfRange', {
    what: 'mouvement',
    value: String(mouvement),
    min: 0,
    max: 1e6,
  });
  const d = distance3(from, to);
  if (d <= mouvement || d === 0) return to;
  const k = mouvement / d;
  return {
    x: from.x + (to.x - from.x) * k,
    y: from.y + (to.y - from.y) * k,
    z: from.z + (to.z - from.z) * k,
  };
}

/** F-M4: flies straight up (or down, negative) by up to its Mouvement. */
export function climb(from: Vec3, mouvement: number, up = true): Vec3 {
  return flyToward(from, { x: from.x, y: from.y, z: from.z + (up ? mouvement : -mouvement) }, mouvement);
}

/** F-M4: is the target within the weapon's range in three dimensions? */
export function withinRange(
  shooter: Vec3,
  target: Vec3,
  range: number,
): { inRange: boolean; distance: number } {
  const distance = distance3(shooter, target);
  return { inRange: distance <= range, distance };
}

/**
 * F-B7 (Faucheuse), F-U3, F-W5, F-U4: why a fighter may not move its token now, if it may not:
 * killed outright, knocked out (unconscious), legs mown down, held, or winding a crossbow in this
 * round's passes 2 and 3.
 */
export function moveRefusal(
  states: {
    readonly cannotMove?: boolean;
    readonly immobilised?: unknown;
    readonly strangled?: unknown;
    readonly unconscious?: unknown;
    readonly dead?: boolean;
  },
  reloadingCrossbow: boolean,
  fallen: FightCondition = 'fighting',
): { readonly key: string; readonly rule: RuleId } | undefined {
  if (states.dead) return { key: 'PDA.Error.MoveDead', rule: 'F-B7' };
  // F-H1 ruling "0 PV": no PV left, dead or out of the fight by the world's rule.
  if (fallen === 'dead') return { key: 'PDA.Error.MoveDead', rule: 'F-H1' };
  if (fallen === 'out') return { key: 'PDA.Error.MoveOut', rule: 'F-H1' };
  if (states.unconscious) return { key: 'PDA.Error.MoveUnconscious', rule: 'F-U4' };
  if (states.cannotMove) return { key: 'PDA.Error.MoveLegs', rule: 'F-B7' };
  if (states.immobilised || states.strangled) return { key: 'PDA.Error.MoveHeld', rule: 'F-U3' };
  if (reloadingCrossbow) return { key: 'PDA.Error.MoveReloading', rule: 'F-W5' };
  return undefined;
}
