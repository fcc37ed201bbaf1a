import { greyhawkRoundRules, type GreyhawkRoundState } from '../../../../engine/greyhawk/round';
import type { CardTarget } from '../../../chat';
import {
  combatantById,
  combatOf,
  readRoundState,
  roundAdapterFor,
  type CombatLike,
  type CombatantLike,
} from '../../../combat';

/** The Greyhawk round state of `combat`, when a Greyhawk round runs in it. */
export function greyhawkStateOf(combat: CombatLike): GreyhawkRoundState | undefined {
  const adapter = roundAdapterFor(greyhawkRoundRules.id);
  if (!adapter || !combat.system?.step || combat.system.rules !== greyhawkRoundRules.id) return undefined;
  return (readRoundState(adapter, combat) as GreyhawkRoundState | null) ?? undefined;
}

type TargetCombatant = CombatantLike & {
  readonly defeated?: boolean;
  readonly token?: { readonly uuid?: string } | null;
};

/** The foe a combatant declared this round, as a card names it; undefined when none (or it fell). */
export function declaredTarget(
  combat: CombatLike,
  state: GreyhawkRoundState,
  combatantId: string,
): CardTarget | undefined {
  const targetId = state.declarations[combatantId]?.targetId;
  if (!targetId || state.out.includes(targetId)) return undefined;
  const foe = combatantById<TargetCombatant>(combat, targetId);
  const uuid = (foe?.actor as unknown as { uuid?: string } | null | undefined)?.uuid;
  if (!foe || foe.defeated || !uuid) return undefined;
  return { actorUuid: uuid, tokenUuid: foe.token?.uuid ?? '', name: foe.name ?? '' };
}

/**
 * Issue 46, one targeting rule from the sheet and a macro: the foe the actor's combatant declared
 * in the round running in its fight, when there is one.
 */
export function declaredTargetsOf(actorUuid: string): CardTarget[] | undefined {
  const combat = combatOf(actorUuid);
  const state = combat ? greyhawkStateOf(combat) : undefined;
  if (!combat || !state) return undefined;
  const own = [...(combat.combatants as Iterable<TargetCombatant>)].find(
    (c) => (c.actor as unknown as { uuid?: string } | null)?.uuid === actorUuid,
  );
  const foe = own?.id ? declaredTarget(combat, state, own.id) : undefined;
  return foe ? [foe] : undefined;
}
