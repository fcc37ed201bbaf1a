import type { DefenceOption } from '../fantasia/attack';
import type { DiceFormula } from '../dice/formula';
import type { FantasiaDeclaration, FantasiaReadiness, FantasiaRoundCombatant } from '../fantasia/round';
import type { FantasiaCombatant, FantasiaWeapon } from '../fantasia/types';
import type { FantasiaStates } from '../fantasia/types';
import type { SlotSpec } from '../round/types';
import type { Tactics } from './types';

// A Fantasia fight's mutable state per fighter (Runtime), its slot and declaration records, and the
// helpers keeping fighters' states of one shape. Read by the class chain
// FantasiaFightBase → FantasiaFightRound → FantasiaFightFumbles → FantasiaFightBlows → FantasiaFight.

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

/**
 * The combatant with every key present, always in the same order (absent ones undefined), its PV
 * and states those given: written out key by key, as a spread of fighters of different shapes
 * would give every copy a shape of its own and make every read of them slow.
 */
export function combatant(
  c: FantasiaCombatant,
  pv: FantasiaCombatant['pv'],
  states: FantasiaStates,
): FantasiaCombatant {
  // Every key of FantasiaCombatant, optional ones included: a key added there and not here fails to compile.
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    characteristics: c.characteristics,
    pv,
    mouvement: c.mouvement,
    damageBonus: c.damageBonus,
    armour: c.armour,
    skills: c.skills,
    states,
    species: c.species,
    size: c.size,
    weapons: c.weapons,
    shield: c.shield,
    thrusts: c.thrusts,
  } satisfies Record<keyof FantasiaCombatant, unknown>;
}

/** The combatant with its states patched, keeping their one shape (see `shaped`). */
export function patched(c: FantasiaCombatant, patch: Partial<FantasiaStates>): FantasiaCombatant {
  return combatant(c, c.pv, shaped({ ...c.states, ...patch }));
}

/** The combatant as the engine returned it, brought back to its one shape and its states' one shape. */
export function reshaped(c: FantasiaCombatant, before: FantasiaCombatant): FantasiaCombatant {
  if (c === before) return c;
  return combatant(c, c.pv, c.states === before.states ? c.states : shaped(c.states));
}

export interface Declared {
  readonly declaration: FantasiaDeclaration;
  /** Its slots, by the readiness it is declared with (see FantasiaFight.part). */
  readonly parts: Map<number, Part>;
  /** It moves (closes in at the end of the round). */
  readonly moves: boolean;
  /** It shoots, throws, draws or reloads: its readiness is carried over (fantasiaCarryOver). */
  readonly carries: boolean;
  /** Its key in Runtime.declaredBy (the weapon fought with and the kind). */
  readonly key: number;
}

/**
 * A weapon's attack and damage read once, for the simulator's own steps of a plain blow (see
 * FantasiaFight.fastStrike): what resolveAttack, rollDamage and damagedDefender compute for an
 * attack with no cover, no GM modifier, no secret thrust and no knock-out, which is every attack
 * a tactic makes.
 */
export interface Striker {
  readonly weapon: FantasiaWeapon;
  /** The attack percentage (skillValue; no modifier applies, F-H1). */
  readonly skill: number;
  readonly ranged: boolean;
  /** The damage dice (F-H2), the same dice alone (rolled again on a critical, F-H5). */
  readonly damage: DiceFormula;
  readonly extra: DiceFormula | undefined;
  /** The attacker's damage bonus when the weapon adds it (F-H4). */
  readonly bonus: DiceFormula | undefined;
  /**
   * The simulator's steps can play its blows: not a whip (F-W2 entangles), not too heavy for the
   * attacker (F-W6's refusal), no keep-dice formula. Otherwise the engine's steps play them.
   */
  readonly fast: boolean;
  /** A melee weapon's fumble (F-H6: breaks, lose balance, hit a friend; see meleeFumble). */
  readonly meleeFumble: boolean;
}

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

/** One fighter's slots in a round, as buildFantasiaSchedule lays them out, read once. */
export interface Part {
  /** Numbers the parts of a fight runner (carry-over keys). */
  readonly id: number;
  readonly specs: readonly SlotSpec[];
  readonly act: Uint8Array;
  readonly weapon: readonly string[];
  /** Every slot in pass 1, 2 or 3, ordered by DEX (see FantasiaFight.schedule). */
  readonly plain: boolean;
  /** Its slots in pass p (indices into specs), at byPass[p] for p 1..3 (plain parts). */
  readonly byPass: readonly (readonly number[])[];
  /** The passes it has slots in, bit p for pass p. */
  readonly passes: number;
  /** Its one slot's act and weapon when it has a single slot (`solo`), read without byPass. */
  readonly solo: boolean;
  readonly soloAct: number;
  readonly soloWeapon: string;
}

/** What the loop does with a slot. */
export function slotAct(spec: SlotSpec): number {
  if (spec.action === 'melee') return SLOT_STRIKE_MELEE;
  if (spec.action === 'shoot' || spec.action === 'throw') return SLOT_STRIKE_MISSILE;
  if (spec.action === 'reload' && spec.pass === 2) return SLOT_RELOAD;
  return SLOT_OTHER;
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
  /** melee's place in melees (a declaration's key, see FantasiaFight.made). */
  meleeIndex: number;
  /** Their strikers (see Striker), by weapon id for every weapon it may fight with. */
  readonly strikers: ReadonlyMap<string, Striker>;
  meleeStriker: Striker;
  missileStriker: Striker | undefined;
  /** The strikers of the weapons every fight starts with (melees[0], missile0). */
  readonly startMeleeStriker: Striker;
  readonly startMissileStriker: Striker | undefined;
  /** Aventurier (F-R4: first on equal DEX). */
  readonly pc: boolean;
  /** Round from which a lost balance (F-H6) or a bound weapon no longer stops the next attack. */
  skipUntil: number;
  boundUntil: number;
  /**
   * Its states may hold a timed state (a lost balance's skipped attack, a bound weapon) for the
   * round's upkeep to end: set whenever its fighter object is replaced by a fumble or the
   * engine's steps, and at a fight's start; the upkeep reads its states only then.
   */
  timed: boolean;
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
  /** Readiness after a round, by part and slots done (see FantasiaFight.carryOver). */
  readonly carried: Map<number, Canonical>;
  readinessId: number;
  /** The declaration of the round it last acted in. */
  declared: Declared | undefined;
  /** Its declarations made once and reused, by (weapon, kind) (see FantasiaFight.made; small int keys). */
  readonly declaredBy: (Declared | undefined)[];
  /** This round's slots of its own, for that declaration and readiness. */
  part: Part | undefined;
  partOf: Declared | undefined;
  partReadiness: number;
  /** The readiness the round started with (what the round's records hold). */
  roundReadiness: FantasiaReadiness;
  /** The weapons that can parry, with their parry skill (static through a fight). */
  readonly parriers: readonly { readonly id: string; readonly skill: number }[];
  /** The shield's parry skill (Armes de mêlée, F-D4), -1 without a shield. */
  readonly shieldSkill: number;
  /**
   * The defence this fighter takes, by (missile, dodge declared, attack declared, parried), for
   * the states and weapons it has now: no tactic places a secret thrust, so availableDefences
   * reads nothing else of the attack. Worked out again once its states or weapons change, and
   * kept from fight to fight (every fight starts from the same states, and the simulator's own
   * changes give the same objects again, see FantasiaFightBase.keptPatch): `defenceSets` holds a
   * table for each states and weapons met (the fight's start first), `defences` and
   * `defenceTargets` are the one in use.
   */
  defences: (DefenceOption | null | undefined)[];
  /** Each kept defence's percentage (its base and modifiers), by the same keys, kept alongside. */
  defenceTargets: Float64Array;
  readonly defenceSets: DefenceSet[];
  /**
   * The fighter after one of the simulator's own state changes (a fumble's, a timed state's end),
   * by the fighter it was made from and the change: the same change on the same fighter gives
   * the same object (see FantasiaFightBase.keptPatch).
   */
  readonly patches: Map<FantasiaCombatant, { readonly key: unknown; readonly to: FantasiaCombatant }[]>;
  /** The percentage of the defence defenceOf last gave (what fastStrike rolls against). */
  defenceTarget: number;
  defencesFor: FantasiaStates | undefined;
  /** Whether its melee weapon is in hand, for this readiness and weapon (see declare). */
  drawnFor: FantasiaReadiness | undefined;
  drawnWeapon: FantasiaWeapon | undefined;
  drawn: boolean;
  /** FantasiaFightBlows.plainFor's answers for these states, readiness and weapon. */
  plainStates: FantasiaStates | undefined;
  plainReadiness: FantasiaReadiness | undefined;
  plainWeapon: FantasiaWeapon | undefined;
  plainIs: boolean;
  /** Its states stop an attack with that weapon (a lost balance, the weapon bound: the slot passes). */
  plainBlocked: boolean;
  defencesWith: FantasiaCombatant['weapons'];
}

/** One table of Runtime.defences, for the states and weapons it was worked out for. */
export interface DefenceSet {
  readonly states: FantasiaStates;
  readonly weapons: FantasiaCombatant['weapons'];
  readonly defences: (DefenceOption | null | undefined)[];
  readonly targets: Float64Array;
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
