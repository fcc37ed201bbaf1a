import type { FightMemory } from '../../../../engine/fantasia/bottes';
import type { FantasiaRoundFacts } from '../../../../engine/fantasia/exchange';
import { SYSTEM_ID } from '../../../constants';
import type { DocumentWrite } from '../../../chat';

/**
 * What the attack card needs from the round: declarations (F-D1 dodge), the parry budget (F-D2)
 * and the fight's memory of thrusts already seen (F-B5). The round tracker owns these; it
 * replaces the default provider with `setFantasiaRoundProvider`. The default keeps the parry
 * budget and the thrust memory in the Combat's flags and reads declarations from each
 * combatant's `declaration` flag; outside a combat nothing was declared and nothing is counted.
 */
export type { FantasiaRoundFacts } from '../../../../engine/fantasia/exchange';

/** What a resolved card changes in a weapon's readiness for the round. */
export type ReadinessChange =
  /** The weapon was fired: a crossbow or arquebus is no longer loaded (F-W5, F-W6). */
  | { readonly kind: 'fired' }
  /** Too much powder (F-W6): the arquebus needs `rounds` reload rounds (already doubled). */
  | { readonly kind: 'powderDoubled'; readonly rounds: number };

export interface FantasiaRoundProvider {
  facts(combatId: string, actorUuid: string): FantasiaRoundFacts;
  /** The write recording that this actor spent its parry of the round (F-D2). */
  parryWrite(combatId: string, actorUuid: string): DocumentWrite | undefined;
  memory(combatId: string): FightMemory;
  /** The write storing the fight's thrust memory (F-B5). */
  memoryWrite(combatId: string, memory: FightMemory): DocumentWrite | undefined;
  /** The write changing a weapon's round readiness (GM side); undefined outside a round. */
  readinessWrite?(
    combatId: string,
    actorUuid: string,
    weaponId: string,
    change: ReadinessChange,
  ): DocumentWrite | undefined;
}

interface ChatFlag {
  round?: number;
  parried?: string[];
  memory?: string[];
}

interface CombatLike {
  uuid: string;
  round: number;
  getFlag(scope: string, key: string): unknown;
  combatants?: {
    contents: { actor?: { uuid: string } | null; getFlag?(scope: string, key: string): unknown }[];
  };
}

function combatOf(combatId: string): CombatLike | undefined {
  if (!combatId) return undefined;
  return (game.combats?.get(combatId) as unknown as CombatLike | undefined) ?? undefined;
}

function chatFlag(combat: CombatLike): ChatFlag {
  return (combat.getFlag(SYSTEM_ID, 'chat') as ChatFlag | undefined) ?? {};
}

interface Declaration {
  kind?: string;
  intents?: { kind?: string }[];
}

/** The provider used outside a round kept by the Combat documents (flags on the Combat). */
export const defaultFantasiaRoundProvider: FantasiaRoundProvider = {
  facts(combatId, actorUuid) {
    const combat = combatOf(combatId);
    if (!combat)
      return { dodgeDeclared: false, attackDeclared: false, parriedThisRound: false, untracked: true };
    const flag = chatFlag(combat);
    const parried = flag.round === combat.round && (flag.parried ?? []).includes(actorUuid);
    let kinds: string[] = [];
    for (const c of combat.combatants?.contents ?? []) {
      if (c.actor?.uuid !== actorUuid) continue;
      const d = c.getFlag?.(SYSTEM_ID, 'declaration') as Declaration | undefined;
      kinds = [d?.kind ?? '', ...(d?.intents ?? []).map((i) => i.kind ?? '')];
    }
    return {
      dodgeDeclared: kinds.includes('dodge'),
      attackDeclared: kinds.some((k) => ['melee', 'shoot', 'throw', 'knockout'].includes(k)),
      knockOutDeclared: kinds.includes('knockout'),
      parriedThisRound: parried,
    };
  },
  parryWrite(combatId, actorUuid) {
    const combat = combatOf(combatId);
    if (!combat) return undefined;
    const flag = chatFlag(combat);
    const parried = flag.round === combat.round ? [...(flag.parried ?? [])] : [];
    if (!parried.includes(actorUuid)) parried.push(actorUuid);
    return {
      uuid: combat.uuid,
      update: { [`flags.${SYSTEM_ID}.chat`]: { ...flag, round: combat.round, parried } },
    };
  },
  memory(combatId) {
    const combat = combatOf(combatId);
    return combat ? (chatFlag(combat).memory ?? []) : [];
  },
  memoryWrite(combatId, memory) {
    const combat = combatOf(combatId);
    if (!combat) return undefined;
    return {
      uuid: combat.uuid,
      update: { [`flags.${SYSTEM_ID}.chat`]: { ...chatFlag(combat), memory: [...memory] } },
    };
  },
};

let provider: FantasiaRoundProvider = defaultFantasiaRoundProvider;

export function setFantasiaRoundProvider(next: FantasiaRoundProvider | null): void {
  provider = next ?? defaultFantasiaRoundProvider;
}

export function fantasiaRound(): FantasiaRoundProvider {
  return provider;
}
