import type { Posture } from './posture';
import type { SouffleState } from './states';

/** A gauge with current and maximum values (souffle, PV). */
export interface Gauge {
  readonly value: number;
  readonly max: number;
}

/** What the engine needs to know about a Souffle fighter (combattant or adversaire). */
export interface SouffleFighter {
  readonly id: string;
  readonly name: string;
  readonly geste: number;
  readonly vigueur: number;
  readonly acuite: number;
  /** Trades and their levels, by name. */
  readonly metiers: Readonly<Record<string, number>>;
  /** Disciplines, e.g. 'guerrier' (S-R3). */
  readonly disciplines: readonly string[];
  /** The défense score subtracted from damage (S-DF3). */
  readonly defense: number;
  /** Initiative score: the advantage level rolled for initiative (S-R3). */
  readonly initiative: number;
  readonly souffle: Gauge;
  readonly pv: Gauge;
  /** PV lost per wounding hit, in order (the circled PV boxes). */
  readonly wounds: readonly number[];
  /** Points de chance (luck). */
  readonly chance: number;
  readonly posture?: Posture;
  readonly states: readonly SouffleState[];
  /** Rounds left unconscious when 'assomme' (S-MN3). */
  readonly assommeRounds?: number;
  /** Size step for grappling (S-GR1): 0 tiny … 2 human … 4 giant. */
  readonly size?: number;
}

export const GUERRIER = 'guerrier';
