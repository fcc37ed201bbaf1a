import type { DefenceOption } from '../fantasia/attack';
import {
  type FantasiaDeclaration,
  type FantasiaReadiness,
  type FantasiaRoundCombatant,
} from '../fantasia/round';
import { skillValue } from '../fantasia/skills';
import type { FantasiaCombatant, FantasiaWeapon } from '../fantasia/types';
import type { FantasiaStates } from '../fantasia/types';
import { isRanged } from '../fantasia/weapons';
import type { Slot, SlotSpec } from '../round/types';
import { meanOf } from './arena';
import type { Tactics } from './types';

/*
 * The Fantasia simulator's runtime records and helpers: a fighter's shaped states, declarations
 * reused by serial, the kinds of slots and the cached schedules. Split from fantasia.ts.
 */

/**
 * A fighter's states with every key present, always in the same order (absent ones undefined):
 * the engine reads the same properties on every fighter, and objects of one shape keep those
 * reads fast (deleting keys, as a document's patch does, would slow every read after it).
 */
export function shaped(s: FantasiaStates): FantasiaStates {
  return {
    unconscious: s.unconscious,
    fallen: s.fallen,
    immobilised: s.immobilised,
    strangled: s.strangled,
    entangled: s.entangled,
    disarmed: s.disarmed,
    weaponBound: s.weaponBound,
    weaponBroken: s.weaponBroken,
    jammed: s.jammed,
    reloading: s.reloading,
    arquebusReload: s.arquebusReload,
    skipNextAttack: s.skipNextAttack,
    halfMovement: s.halfMovement,
    cannotMove: s.cannotMove,
    armLost: s.armLost,
    dead: s.dead,
    sprintRounds: s.sprintRounds,
  } as FantasiaStates;
}

/** The combatant with its states patched, keeping their one shape (see `shaped`). */
export function patched(c: FantasiaCombatant, patch: Partial<FantasiaStates>): FantasiaCombatant {
  return { ...c, states: shaped({ ...c.states, ...patch }) };
}

/** The combatant as the engine returned it, its states brought back to their one shape. */
export function reshaped(c: FantasiaCombatant, before: FantasiaCombatant): FantasiaCombatant {
  return c.states === before.states ? c : { ...c, states: shaped(c.states) };
}

/** The allowed defence with the best chance, as resolveExchange's 'best' choice picks it. */
export function bestDefence(options: readonly DefenceOption[]): DefenceOption | undefined {
  let best: DefenceOption | undefined;
  let bestTotal = -Infinity;
  for (const o of options) {
    if (!o.allowed || o.autoFail) continue;
    let total = o.base;
    for (const m of o.modifiers) total += m.value;
    if (total > bestTotal) {
      best = o;
      bestTotal = total;
    }
  }
  return best;
}

export interface Declared {
  readonly declaration: FantasiaDeclaration;
  readonly serial: number;
}

/** Schedules kept at most, then the cache starts again (bounded memory). */
export const SCHEDULE_CACHE = 50_000;

export const OTHER = 0;
export const DODGE = 1;
export const MELEE = 2;
export const MOVE = 3;
export const SHOOT = 4;
export const DRAW_MISSILE = 5;
export const DRAW_MELEE = 6;
export const RELOAD = 7;

export const SLOT_OTHER = 0;
export const SLOT_STRIKE_MELEE = 1;
export const SLOT_STRIKE_MISSILE = 2;
export const SLOT_RELOAD = 3;

/** A schedule with what the loop needs of each slot read once. */
export interface Plan {
  /** The declarations' serial numbers in initiative order: the key. */
  readonly serials: Int32Array;
  readonly specs: readonly SlotSpec[];
  readonly who: Int32Array;
  readonly act: Uint8Array;
  readonly weapon: readonly string[];
  /** Slots made from the specs for fantasiaCarryOver, once done and once skipped. */
  readonly done: Slot[];
  readonly skipped: Slot[];
}

export interface Runtime {
  readonly base: FantasiaCombatant;
  /** The base with PV of its own, reset when a fight starts (the blows change them in place). */
  readonly own: FantasiaCombatant;
  readonly round: FantasiaRoundCombatant;
  readonly tactics: Tactics;
  /** The melee weapons by expected damage, best first; bare hands last. */
  readonly melees: readonly FantasiaWeapon[];
  readonly missile0: FantasiaWeapon | undefined;
  /** The weapons fought with now: a broken one is replaced, a jammed missile put away (fumbles). */
  melee: FantasiaWeapon;
  missile: FantasiaWeapon | undefined;
  /** Round from which a lost balance (F-H6) or a bound weapon no longer stops the next attack. */
  skipUntil: number;
  boundUntil: number;
  readonly initialReadiness: FantasiaReadiness;
  c: FantasiaCombatant;
  readiness: FantasiaReadiness;
  parried: boolean;
  dodging: boolean;
  attacking: boolean;
  /** Crossbow reloaded in this round's passes 2 and 3 (F-W5). */
  reloadingId: string | undefined;
  /** Carries an arquebus (its reload countdown is rolled). */
  readonly arquebus: boolean;
  /** One readiness object per distinct readiness, numbered; carry-overs already computed. */
  readonly canon: Map<string, Canonical>;
  /** The canonical initial readiness (found at the first fight). */
  start: Canonical | undefined;
  readonly carried: Map<string, Canonical>;
  readinessId: number;
  /** Serial of this round's declaration. */
  serial: number;
  /** The declaration of the round it last acted in. */
  declaration: FantasiaDeclaration | undefined;
  /** The readiness the round started with (what the round's records hold). */
  roundReadiness: FantasiaReadiness;
  /** The weapons that can parry, with their parry skill (static through a fight). */
  readonly parriers: readonly { readonly id: string; readonly skill: number }[];
  /** The shield's parry skill (Armes de mêlée, F-D4), -1 without a shield. */
  readonly shieldSkill: number;
  /**
   * The defence this fighter takes, by (missile, dodge declared, attack declared, parried), for
   * the states and weapons it has now: no tactic places a secret thrust, so availableDefences
   * reads nothing else of the attack. Worked out again once its states or weapons change (kept
   * from fight to fight: every fight starts from the same ones).
   */
  readonly defences: (DefenceOption | null | undefined)[];
  defencesFor: FantasiaStates | undefined;
  defencesWith: FantasiaCombatant['weapons'];
}

/** A fighter's PV, owned by the fight and changed in place (see FantasiaFight.hurt). */
export interface Pv {
  value: number;
  readonly max: number;
}

export interface Canonical {
  readonly readiness: FantasiaReadiness;
  readonly id: number;
}

export function average(weapon: FantasiaWeapon, c: FantasiaCombatant): number {
  const bonus = isRanged(weapon) ? 0 : meanOf(c.damageBonus);
  return Math.max(0, meanOf(weapon.damage) + bonus);
}

export function expected(c: FantasiaCombatant, w: FantasiaWeapon): number {
  return (Math.min(95, skillValue(c, w.skill)) / 100) * average(w, c);
}

/** Weapons start drawn and loaded (encounter option `drawn`, default true). */
export function prepared(c: FantasiaCombatant, drawn: boolean): FantasiaCombatant {
  if (!drawn) return c;
  return { ...c, weapons: (c.weapons ?? []).map((w) => ({ ...w, ready: true, loaded: true })) };
}
