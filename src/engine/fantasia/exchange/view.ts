import type { FightMemory } from '../bottes';
import type { DeclaredBlow } from '../declared';
import type { FantasiaOptions } from '../options';
import type { FantasiaCombatant } from '../types';

/**
 * What the round knows about one fighter (the Foundry round adapter reads it from the Combat):
 * declarations (F-D1), the parry budget (F-D2), a crossbow being wound (F-W5).
 */
export interface FantasiaRoundFacts {
  readonly dodgeDeclared: boolean;
  /** No tracked combat holds this blow: nobody declared anything (F-D1 ruling). */
  readonly untracked?: true;
  readonly attackDeclared: boolean;
  readonly parriedThisRound: boolean;
  /** The crossbow this actor is reloading this round (F-W5); absent when none. */
  readonly reloadingWeaponId?: string;
  /** Declared a knock-out at the start of the round (F-U4). */
  readonly knockOutDeclared?: boolean;
  /** Place in this round's initiative order, 0 first (F-B7 "has the initiative"); absent: unknown. */
  readonly initiativeRank?: number;
  /** The bow nocked and loosed in this actor's current pass-3 slot (F-R8, F-R9); absent when none. */
  readonly nockingWeaponId?: string;
  /** The round is in its passes: what was declared binds (F-R5); absent outside them. */
  readonly inPasses?: true;
  /** This actor already shot or threw this round (F-R9); absent when not. */
  readonly missileUsed?: true;
  /** The pass the round is in, while it runs its passes (F-R6..F-R9); absent otherwise. */
  readonly pass?: number;
  /** The blows, shots and throws this actor declared this round, with their targets (F-R5). */
  readonly declaredBlows?: readonly DeclaredBlow[];
}

/** A friend the GM picked as the fumble's victim (F-H8), with the name the card shows. */
export interface FumbleFriend {
  readonly combatant: FantasiaCombatant;
  readonly name: string;
}

/**
 * The read-only view an attack exchange reads from the documents and the round, built again for
 * every action (never stored). A fighter whose document is gone is undefined.
 */
export interface FantasiaAttackView {
  readonly attacker?: FantasiaCombatant;
  readonly defender?: FantasiaCombatant;
  /** Names shown in refusals when a fighter is gone. */
  readonly attackerName: string;
  readonly defenderName: string;
  /** The defender's round facts. */
  readonly facts: FantasiaRoundFacts;
  /** The attacker's round facts (absent: the same as outside a round). */
  readonly attackerFacts?: FantasiaRoundFacts;
  /** Thrusts already seen this fight (F-B5). */
  readonly memory: FightMemory;
  /** The combat's current round, undefined outside a combat (no once-a-round limit then). */
  readonly round?: number;
  /** The round the exchange started in. */
  readonly startRound: number;
  /** The fumble's victim the GM targets now (F-H8), if any. */
  readonly friend?: FumbleFriend;
  readonly options: FantasiaOptions;
}

/**
 * F-B7 "has the initiative": the attacker stands before the defender in this round's order.
 * Undefined when the round does not know (no tracked round): the GM is asked then.
 */
export function attackerHasInitiative(
  attacker: FantasiaRoundFacts | undefined,
  defender: FantasiaRoundFacts | undefined,
): boolean | undefined {
  const a = attacker?.initiativeRank;
  const d = defender?.initiativeRank;
  if (a === undefined || d === undefined || a < 0 || d < 0) return undefined;
  return a < d;
}

/**
 * F-U4: a knock-out is declared at the start of the round, so the attack offers it only when the
 * attacker declared one (outside a tracked round nobody declares: the GM decides, ruling), and
 * only with Bagarre, Lutte or a blunt weapon.
 */
export function knockOutOffered(
  weapon: { readonly skill: string; readonly blunt: boolean },
  facts: FantasiaRoundFacts | undefined,
): boolean {
  const able = weapon.skill === 'bagarre' || weapon.skill === 'lutte' || weapon.blunt;
  if (!able) return false;
  return !facts || facts.untracked === true || facts.knockOutDeclared === true;
}
