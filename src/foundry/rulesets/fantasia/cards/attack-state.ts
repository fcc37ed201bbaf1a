import { type AttackResult, type DefenceResult } from '../../../../engine/fantasia/attack';
import { type CombatantDiff, type DamageResult } from '../../../../engine/fantasia/damage';
import { type FumbleOptionId } from '../../../../engine/fantasia/fumbles';
import type { FantasiaOptions } from '../../../../engine/fantasia/options';
import { type ArquebusIncident } from '../../../../engine/fantasia/reload';
import type { PercentRoll } from '../../../../engine/fantasia/resolution';
import type { ResistanceRoll } from '../../../../engine/fantasia/resistance';
import type { FantasiaCombatant, FantasiaStates } from '../../../../engine/fantasia/types';
import { fantasiaOptionsFromSettings } from '../settings';
import type { CardSnapshot, FlowEnv } from '../../../chat/flow';
import { combatantOf } from './actor-writes';

/** Flow id of Fantasia's attack card (attack-flow.ts). */
export const FANTASIA_ATTACK_FLOW = 'fantasia.attack';

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
  readonly fumble: {
    readonly option: FumbleOptionId;
    readonly roll: PercentRoll | null;
    readonly incident: ArquebusIncident | null;
    readonly burstDamage: number;
    readonly friendName: string;
    /** Too much powder: the doubled reload countdown rolled at once (F-W6). */
    readonly reloadRounds?: number;
  } | null;
  readonly mishap: {
    readonly chance: PercentRoll;
    readonly incident: ArquebusIncident | null;
    readonly burstDamage: number;
    readonly reloadRounds?: number;
  } | null;
  readonly thrustPlaced: boolean;
  readonly escapes: readonly { readonly kind: 'pull' | 'slip'; readonly roll: ResistanceRoll }[];
  /** Lutte hold (F-U3); absent on cards made before holds existed. */
  readonly hold?: HoldOutcome | null;
  readonly lutteRounds?: readonly LutteRound[];
  /** Offered effects (F-B7) the GM applied after the damage, in order, each undoable. */
  readonly offersTaken?: readonly TakenOffer[];
}

/** An offered effect the GM applied: its roll, if any, and the change on the target. */
export interface TakenOffer {
  readonly id: OfferId;
  readonly roll: PercentRoll | null;
  readonly damage: number;
  readonly diff: CombatantDiff;
}

/** Offers (engine `DamageResult.offers`) the card can apply as a GM button. */
const OFFER_BUTTONS = ['disarm', 'landing'] as const;
type OfferId = (typeof OFFER_BUTTONS)[number];
export function isOfferButton(id: string): id is OfferId {
  return (OFFER_BUTTONS as readonly string[]).includes(id);
}

export type Card = CardSnapshot<FantasiaAttackState>;

export const STEP = {
  defence: 'defence',
  damage: 'damage',
  applied: 'applied',
  fumble: 'fumble',
  mishap: 'mishap',
  done: 'done',
} as const;

export let optionsSource: () => FantasiaOptions = fantasiaOptionsFromSettings;
/** Test seam: the world's Fantasia options. */
export function setFantasiaOptionsSource(source: () => FantasiaOptions): void {
  optionsSource = source;
}

export function target(card: Card) {
  return card.targets[0];
}

export function tryCombatant(env: FlowEnv, uuid: string | undefined): FantasiaCombatant | undefined {
  if (!uuid) return undefined;
  const doc = env.resolve(uuid);
  if (!doc) return undefined;
  try {
    return combatantOf(doc, '');
  } catch {
    return undefined;
  }
}

export function need(env: FlowEnv, uuid: string | undefined, name: string): FantasiaCombatant {
  return combatantOf(uuid ? env.resolve(uuid) : null, name);
}

/** Strips the large attacker snapshot the engine adds for reloads before storing. */
export function storable(attack: AttackResult): AttackResult {
  const { attackerAfter: _after, ...rest } = attack;
  return rest;
}
