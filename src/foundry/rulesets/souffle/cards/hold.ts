import { SOUFFLE_GRAPPLE_EXCHANGE } from '../../../../engine/souffle/exchange';
import { gmCardMessages } from '../../../chat';

/** What the Souffle rules read of a card message's data (written by the GM only). */
export interface CardMessage {
  readonly id: string | null;
  readonly type: string;
  readonly author?: { isGM?: boolean } | null;
  readonly system: {
    readonly ruleset?: string;
    readonly flow?: string;
    readonly step?: string;
    readonly combatId?: string;
    readonly round?: number;
    readonly actorUuid?: string;
    readonly targets?: readonly {
      readonly actorUuid?: string;
      readonly tokenUuid?: string;
      readonly name?: string;
    }[];
    readonly state?: {
      readonly foes?: readonly { readonly actorUuid?: string }[];
      readonly provoker?: { readonly actorUuid?: string };
    };
  };
}

/** The Souffle cards of the chat log that a GM wrote (a look-alike a player posts stands for nothing). */
export function souffleCardMessages(): CardMessage[] {
  return (gmCardMessages() as unknown as CardMessage[]).filter((m) => m.system.ruleset === 'souffle');
}

/** The grapple cards whose hold is applied now (S-GR1). */
export function heldCards(): CardMessage[] {
  return souffleCardMessages().filter(
    (m) => m.system.flow === SOUFFLE_GRAPPLE_EXCHANGE && m.system.step === 'held',
  );
}

/**
 * S-GR1: whether `holderUuid` holds `heldUuid` now: a grapple card (written by the GM only) of
 * the holder against that target whose hold is applied and not escaped or undone.
 */
export function holdsNow(holderUuid: string, heldUuid: string): boolean {
  return heldCards().some(
    (m) => m.system.actorUuid === holderUuid && m.system.targets?.[0]?.actorUuid === heldUuid,
  );
}
