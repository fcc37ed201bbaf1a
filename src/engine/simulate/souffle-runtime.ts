import { attackLevel, type AttackInput } from '../souffle/attack';
import type { DefenceInput } from '../souffle/defence';
import { WEAPONS, type SouffleArmour, type SouffleShield, type SouffleWeapon } from '../souffle/equipment';
import type { SouffleFighter } from '../souffle/fighter';
import type { SouffleOptions } from '../souffle/options';
import type { SouffleState } from '../souffle/states';
import type { Posture } from '../souffle/posture';
import type { LadderDraw } from './souffle-ladder-draw';
import type { Tactics } from './types';

// A Souffle fight's mutable state per fighter (Runtime) and the attacks read once of it. Read by the
// class chain SouffleFightBase → SouffleFightBlows → SouffleFight.

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A fighter's state through the fights. Every key is always present (absent ones undefined), so
 * all fighters share one shape and the loop's reads of them stay fast.
 */
export interface Runtime {
  readonly base: SouffleFighter;
  /** The base with gauges of its own, reset when a fight starts (the blows change it in place). */
  readonly own: SouffleFighter;
  readonly tactics: Tactics;
  readonly melee: AttackInput;
  readonly ranged: AttackInput | undefined;
  readonly armour: SouffleArmour | undefined;
  readonly shield: SouffleShield | undefined;
  readonly parries: boolean;
  readonly metier: number;
  readonly posture: Posture;
  readonly adaptive: boolean;
  /** The tactics read once: retreatBelow (0 = never), forcing, the posture taken once hurt. */
  readonly retreatBelow: number;
  readonly force: 'never' | 'reserve' | 'max';
  /** The souffle forcing leaves untouched (S-AT2: half the maximum for 'reserve'). */
  readonly reserve: number;
  readonly postureWhenHurt: Posture | undefined;
  /** Half its métier as its defence takes it off (halfMetier, S-DF3). */
  readonly halfMetier: number;
  /** Its Guerrier discipline (S-R3: first in the initiative). */
  readonly guerrier: boolean;
  f: SouffleFighter;
  posture0: Posture;
  /** Its defence against a melee attack, kept while its states and posture stay (see strike). */
  meleeDefence: DefenceInput | undefined;
  /**
   * Its melee defence's level (defenceLevel) by posture (see postureIndex), its dice read once
   * (SouffleFightBase.draw): the level reads the posture and the equipment, never the states.
   */
  readonly meleeDraws: (LadderDraw | undefined)[];
  /** The wounds of the fight being played (its own copy's, pushed in place; see SouffleFightBase.hurt). */
  readonly wounds: number[];
  /** The state lists made by adding one state to another (see SouffleFightBase.withKept). */
  readonly statesKept: {
    readonly from: SouffleFighter['states'];
    readonly state: SouffleState;
    readonly to: SouffleFighter['states'];
  }[];
  /** Whether its states let it roll a defence (canRollDefence), for these states. */
  canRollFor: SouffleFighter['states'] | undefined;
  canRoll: boolean;
  /** canRollDefence's answer for each states list met (the lists repeat from fight to fight). */
  readonly canRollKept: { readonly states: SouffleFighter['states']; readonly canRoll: boolean }[];
  /** Its attacks read once for the simulator's own steps (see SouffleFight.plainStrike). */
  readonly meleeRead: AttackRead;
  readonly rangedRead: AttackRead | undefined;
}

/** A posture's place in the lists kept by posture (Runtime.meleeDraws). */
export function postureIndex(posture: Posture): number {
  return posture === 'prudent' ? 0 : posture === 'intrepide' ? 1 : 2;
}

/** What resolveAttack computes of an attack before its roll: its level and fixed damage. */
export interface AttackRead {
  readonly level: number;
  /** The level's dice (SouffleFightBase.draw), read once. */
  readonly draw: LadderDraw;
  readonly weaponDamage: number;
  readonly statsDamage: number;
}

export function readAttack(
  input: AttackInput,
  o: SouffleOptions,
  draw: (level: number) => LadderDraw,
): AttackRead {
  // heldWeapons: bare hands when it holds nothing.
  const held = input.weapons?.length ? input.weapons : [WEAPONS.mainsNues!];
  let weaponDamage = -Infinity;
  for (const w of held) if (w.damage > weaponDamage) weaponDamage = w.damage;
  const statsInLevel = (input.kind === 'melee' ? o.meleeStats : o.rangedStats) === 'level';
  const level = attackLevel(input, o);
  return {
    level,
    draw: draw(level),
    weaponDamage,
    statsDamage: statsInLevel ? 0 : input.characteristic.value + input.metier,
  };
}

/** How a SouffleFight plays its blows. */
export interface SouffleSteps {
  /**
   * Every attack through resolveAttack, forceAttack and resolveDefence, as the card does, instead
   * of the simulator's own steps (the same dice and values, slower). The equivalence tests play
   * both and compare them.
   */
  readonly engineSteps?: boolean;
}

/**
 * A fighter with every key present, always in the same order (absent ones undefined): the
 * engine copies the fighter on every blow ({ ...fighter }), and copies of one shape stay fast
 * where a mix of shapes (with or without a posture, a size…) makes every copy slow.
 */
export function shaped(f: SouffleFighter): SouffleFighter {
  return {
    id: f.id,
    name: f.name,
    geste: f.geste,
    vigueur: f.vigueur,
    acuite: f.acuite,
    metiers: f.metiers,
    disciplines: f.disciplines,
    defense: f.defense,
    initiative: f.initiative,
    souffle: { value: f.souffle.value, max: f.souffle.max },
    pv: { value: f.pv.value, max: f.pv.max },
    wounds: f.wounds,
    chance: f.chance,
    posture: f.posture,
    states: f.states,
    assommeRounds: f.assommeRounds,
    size: f.size,
  } as SouffleFighter;
}

export function bestMetier(f: SouffleFighter): number {
  return Math.max(0, ...Object.values(f.metiers));
}

/** The attack a sheet button makes (rolls.ts sheetAttackInput, kept in step with it). */
export function attackInput(
  f: SouffleFighter,
  weapon: SouffleWeapon | undefined,
  equipped: readonly SouffleWeapon[],
): AttackInput {
  const ranged = weapon?.ranged === true;
  const kind = ranged ? 'ranged' : 'melee';
  const second =
    !weapon || ranged || weapon.hands === 2
      ? undefined
      : equipped.find((w) => w !== weapon && !w.ranged && w.hands === 1);
  const [first, other] = kind === 'melee' ? (['geste', 'vigueur'] as const) : (['geste', 'acuite'] as const);
  const id = f[other] > f[first] ? other : first;
  return {
    kind,
    characteristic: { id, value: f[id] },
    metier: bestMetier(f),
    weapons: weapon ? (second ? [weapon, second] : [weapon]) : [],
  };
}
