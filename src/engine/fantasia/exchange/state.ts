import type { AttackResult, DefenceResult } from '../attack';
import type { CombatantDiff, DamageResult } from '../damage';
import type { FumbleOptionId } from '../fumbles';
import type { ArquebusIncident } from '../reload';
import type { PercentRoll } from '../resolution';
import type { ResistanceRoll } from '../resistance';
import type { FantasiaStates } from '../types';

/**
 * The state of one Fantasia attack exchange, as the card stores it: what was declared, each
 * roll with its modifiers and rule IDs, and the changes applied (with the values before them).
 */

export type WhipIntent = '' | 'trip' | 'disarm';

/** What a Lutte hit is used for instead of its damage (F-U3); '' deals the 2d3. */
export type LutteHold = '' | 'immobilise' | 'throw' | 'strangle';
export const LUTTE_HOLDS: readonly Exclude<LutteHold, ''>[] = ['immobilise', 'throw', 'strangle'];

export interface AttackIntent {
  /** Cover malus the attacker's player or GM set (F-D5), positive. */
  readonly cover: number;
  /** Secret thrust named at resolution (F-B2), '' for none. */
  readonly thrustId: string;
  /** Knock-out declared (F-U4). */
  readonly knockOut: boolean;
  /** What the whip's lash should do (F-W2). */
  readonly whip: WhipIntent;
  /** Lutte: immobilise, throw down or strangle instead of damage (F-U3). */
  readonly lutte?: LutteHold;
  /** What the attacker stated of the situation for a thrust (F-B7), shown on the card. */
  readonly situation?: Readonly<Record<string, boolean>>;
  /** A companion holds the arquebus for a shooter under its FOR (F-W6). */
  readonly assisted?: boolean;
}

export interface StoredDefence extends DefenceResult {
  /** The weapon or shield name shown on the card ('' for a dodge or nothing). */
  readonly withName: string;
}

export interface WhipOutcome {
  readonly effect: 'trip' | 'disarm';
  readonly percent: PercentRoll | null;
  readonly resistance: ResistanceRoll | null;
  readonly success: boolean;
  readonly patch: Partial<FantasiaStates>;
}

/** The hold a Lutte hit took (F-U3): immobilise needs FOR vs FOR at once, the others land. */
export interface HoldOutcome {
  readonly kind: Exclude<LutteHold, ''>;
  readonly roll: ResistanceRoll | null;
  readonly success: boolean;
  readonly patch: Partial<FantasiaStates>;
}

/** One round of a Lutte hold after the hit: the victim's escape, or the strangler's squeeze. */
export interface LutteRound {
  readonly kind: 'escape' | 'strangle';
  /** Combat round it was used in (0 outside a combat). */
  readonly round: number;
  readonly roll: ResistanceRoll | null;
  readonly damage: number;
}

/** A whip escape (F-W2): pull the whip away or slip out, with the round it was tried in. */
export interface WhipEscape {
  readonly kind: 'pull' | 'slip';
  readonly roll: ResistanceRoll;
  /** Combat round it was tried in (absent on cards made before the once-a-round limit). */
  readonly round?: number;
}

/** Offers (engine `DamageResult.offers`) the card can apply as a GM button. */
export const OFFER_BUTTONS = ['disarm', 'landing'] as const;
export type OfferId = (typeof OFFER_BUTTONS)[number];
export function isOfferButton(id: string): id is OfferId {
  return (OFFER_BUTTONS as readonly string[]).includes(id);
}

/** An offered effect the GM applied: its roll, if any, and the change on the target. */
export interface TakenOffer {
  readonly id: OfferId;
  readonly roll: PercentRoll | null;
  readonly damage: number;
  readonly diff: CombatantDiff;
}

export interface FumbleRecord {
  readonly option: FumbleOptionId;
  readonly roll: PercentRoll | null;
  readonly incident: ArquebusIncident | null;
  readonly burstDamage: number;
  readonly friendName: string;
  /** Too much powder: the doubled reload countdown rolled at once (F-W6). */
  readonly reloadRounds?: number;
}

export interface MishapRecord {
  readonly chance: PercentRoll;
  readonly incident: ArquebusIncident | null;
  readonly burstDamage: number;
  readonly reloadRounds?: number;
}

export interface FantasiaAttackState {
  readonly attackerName: string;
  readonly intent: AttackIntent;
  readonly attack: AttackResult;
  readonly defence: StoredDefence | null;
  readonly damage: DamageResult | null;
  readonly whip: WhipOutcome | null;
  /** The change applied to the target, with the values before it (undo). */
  readonly applied: CombatantDiff | null;
  readonly undone: number;
  readonly fumble: FumbleRecord | null;
  readonly mishap: MishapRecord | null;
  readonly thrustPlaced: boolean;
  readonly escapes: readonly WhipEscape[];
  /** Lutte hold (F-U3); absent on cards made before holds existed. */
  readonly hold?: HoldOutcome | null;
  readonly lutteRounds?: readonly LutteRound[];
  /** Offered effects (F-B7) the GM applied after the damage, in order, each undoable. */
  readonly offersTaken?: readonly TakenOffer[];
  /**
   * F-D1: the dodge the defender tried first and failed; the same blow may still be parried
   * (the defence step stays open with the parries only).
   */
  readonly failedDodge?: StoredDefence;
  /** A thrust placed only on a parry (Anti-parade, Feinte coupe-bras) met no parry: void. */
  readonly thrustUnplaced?: boolean;
  /**
   * F-W6 the gun burst: 1d6 to the shooter and the gun destroyed, applied (and undone) on the card
   * like any damage; `applied` holds the change once applied.
   */
  readonly burst?: { readonly damage: number; readonly applied: CombatantDiff | null };
}

/** The exchange's steps (the card's `step`). */
export const STEP = {
  defence: 'defence',
  damage: 'damage',
  applied: 'applied',
  fumble: 'fumble',
  mishap: 'mishap',
  /** F-W6: the burst's damage to the shooter, to apply. */
  burst: 'burst',
  burstApplied: 'burstApplied',
  done: 'done',
} as const;

/** Strips the large attacker snapshot the engine adds for reloads before storing. */
export function storable(attack: AttackResult): AttackResult {
  const { attackerAfter: _after, ...rest } = attack;
  return rest;
}
