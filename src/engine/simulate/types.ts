/**
 * Types of the encounter simulator: what goes in (sides of fighters in the engine views of one
 * ruleset, their tactics, a seed and a number of fights) and what comes out (odds, rounds, risks).
 * Everything here is plain JSON, so a Web Worker or a script can pass it around as is.
 */
import type { FantasiaCombatant } from '../fantasia/types';
import type { FumbleOptionId } from '../fantasia/fumbles';
import type { FantasiaOptions } from '../fantasia/options';
import type { GreyhawkCharacter, GreyhawkWeapon, ShieldKind } from '../greyhawk/types';
import type { GreyhawkOptions } from '../greyhawk/options';
import type { RulesetId } from '../rulesets';
import type { SouffleArmour, SouffleShield, SouffleWeapon } from '../souffle/equipment';
import type { SouffleFighter } from '../souffle/fighter';
import type { SouffleOptions } from '../souffle/options';
import type { Posture } from '../souffle/posture';

/** Whom a fighter attacks: the closest foe, the foe with the fewest PV left, or the strongest. */
export type TargetTactic = 'nearest' | 'weakest' | 'mostDangerous';

/**
 * Simple, documented tactics (docs/simulator.md). Every field is optional; the defaults are what
 * a plain fighter does: attack the nearest foe, parry when it can, shoot before closing, never flee.
 */
export interface Tactics {
  readonly target?: TargetTactic;
  /**
   * Fantasia defence: 'parry' declares a parry every round (F-D2); 'dodgeWhenHurt' parries while
   * PV are above half, then declares a dodge instead of attacking (F-D1); 'none' never defends.
   */
  readonly defence?: 'parry' | 'dodgeWhenHurt' | 'none';
  /** Missile users shoot while no foe is in contact and a target is in range (default true). */
  readonly shootFirst?: boolean;
  /** Leaves the fight once PV fall to this fraction of the maximum or below (0 = never). */
  readonly retreatBelow?: number;
  /**
   * Souffle posture (S-P1): a posture kept for the fight (default the fighter's own, else
   * 'prudent'), or 'adaptive': prudent when the scene starts, then at the end of each of its own
   * turns défensif below a third of its PV, intrépide while its side outnumbers the foes still
   * standing, prudent otherwise.
   */
  readonly posture?: Posture | 'adaptive';
  /** Souffle: posture taken at the end of the fighter's turn once PV are below half (S-P1). */
  readonly postureWhenHurt?: Posture;
  /**
   * Souffle forcing (S-AT2): 'reserve' (default) spends what is above half the souffle maximum;
   * 'max' spends all it can; 'never'.
   */
  readonly force?: 'never' | 'reserve' | 'max';
}

export interface FantasiaEntry {
  readonly combatant: FantasiaCombatant;
  readonly tactics?: Tactics;
}

export interface SouffleEntry {
  readonly fighter: SouffleFighter;
  /** Equipped weapons (engineWeapons); empty means bare hands. */
  readonly weapons: readonly SouffleWeapon[];
  readonly armour?: SouffleArmour;
  readonly shield?: SouffleShield;
  /** Metres a round (the rules give none: simulator convention, default 10). */
  readonly mouvement?: number;
  readonly tactics?: Tactics;
}

export interface GreyhawkEntry {
  readonly character: GreyhawkCharacter;
  readonly weapons: readonly GreyhawkWeapon[];
  readonly hp: number;
  readonly ac: number;
  readonly shield?: ShieldKind;
  /** Movement rate (12 for a human); a round covers 3 m per point (simulator convention). */
  readonly movement?: number;
  /** Monsters: attacks per two rounds from the sheet (2 = one a round). */
  readonly attacksPerTwoRounds?: number;
  readonly tactics?: Tactics;
}

export type EntryOf<R extends RulesetId> = R extends 'fantasia'
  ? FantasiaEntry
  : R extends 'souffle'
    ? SouffleEntry
    : GreyhawkEntry;

export interface Side<E> {
  readonly name: string;
  readonly fighters: readonly E[];
}

interface BaseEncounter {
  /** Fights to play (1 … 1,000,000). */
  readonly fights: number;
  readonly seed: number;
  /** A fight still going after this many rounds is a draw (default 50). */
  readonly roundLimit?: number;
  /** Metres between the sides when the fight starts (default 0: already in contact). */
  readonly distance?: number;
  /** Fantasia: every weapon starts drawn and loaded (default true); false keeps each one's state. */
  readonly drawn?: boolean;
}

export interface FantasiaEncounter extends BaseEncounter {
  readonly ruleset: 'fantasia';
  readonly sides: readonly Side<FantasiaEntry>[];
  readonly options?: FantasiaOptions;
  /**
   * What a fumble does (F-H6..F-H9, F-W6): 'random' (default) draws one of the options the card
   * offers the GM; an option id ('weaponBreaks', 'loseBalance', 'hitFriend'…) takes that one
   * wherever the weapon allows it, else draws; 'none' makes every fumble a plain miss.
   */
  readonly fumbles?: FumbleOptionId | 'random' | 'none';
}

export interface SouffleEncounter extends BaseEncounter {
  readonly ruleset: 'souffle';
  readonly sides: readonly Side<SouffleEntry>[];
  readonly options?: SouffleOptions;
}

export interface GreyhawkEncounter extends BaseEncounter {
  readonly ruleset: 'greyhawk';
  readonly sides: readonly Side<GreyhawkEntry>[];
  readonly options?: GreyhawkOptions;
  /**
   * Equal initiative totals strike at the same instant (the Player's Handbook reading; default
   * true): a fighter felled by a blow of his own initiative still strikes, so both may fall.
   * false plays equal totals one after the other in a shuffled order.
   */
  readonly simultaneous?: boolean;
}

export type Encounter = FantasiaEncounter | SouffleEncounter | GreyhawkEncounter;

/** A probability with its 95 % Wilson score interval. */
export interface Estimate {
  readonly count: number;
  readonly p: number;
  readonly low: number;
  readonly high: number;
}

/** How a defeated side was beaten, most often. */
export interface DefeatCause {
  /** 'down': all its fighters fell; 'fled': the last ones left; 'mixed' both. */
  readonly kind: 'down' | 'fled' | 'mixed';
  /** The foe who felled most of its fighters in the fights it lost. */
  readonly by?: string;
  /** Share of the lost fights this cause accounts for. */
  readonly share: number;
}

export interface SideReport {
  readonly name: string;
  readonly win: Estimate;
  readonly defeatCause?: DefeatCause;
}

export interface FighterReport {
  readonly side: number;
  readonly name: string;
  readonly down: Estimate;
  readonly dead: Estimate;
  readonly fled: Estimate;
  readonly meanPvLost: number;
  /** Souffle only. */
  readonly meanSouffleLost?: number;
}

export interface SimulationReport {
  readonly ruleset: RulesetId;
  readonly fights: number;
  readonly seed: number;
  readonly roundLimit: number;
  readonly sides: readonly SideReport[];
  /** Fights that reached the round limit, or where the last fighters fell together. */
  readonly draw: Estimate;
  readonly rounds: {
    /** histogram[n] = fights that lasted n rounds. */
    readonly histogram: readonly number[];
    readonly mean: number;
    readonly median: number;
    readonly p90: number;
  };
  readonly fighters: readonly FighterReport[];
  /** Attacks resolved through the engine, all fights together. */
  readonly blows: number;
}
