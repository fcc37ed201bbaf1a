import type { ExchangeSide, FighterRef } from '../../../../engine/core/exchange';
import type { SouffleExchangeView } from '../../../../engine/souffle/exchange';
import type { CardSnapshot, CardTarget, FlowEnv } from '../../../chat';
import { fighterView, souffleOptionsNow } from './fighters';
import { inRound, outOfTurnOf, turnOf } from './round';

/**
 * The view most Souffle cards give their exchange: the card's actor as the attacker, its first
 * target as the defender, both read from the documents and the round now.
 */
export function duelView<S>(card: CardSnapshot<S>, env: FlowEnv, attackerName: string): SouffleExchangeView {
  const target = card.targets[0];
  // S-R1: each fighter's turn as the round sees it for this user (a costed action out of turn is
  // refused before any die).
  const of = (uuid: string) =>
    inRound(
      fighterView(env.resolve(uuid), turnOf(card.combatId, uuid), outOfTurnOf(card.combatId, uuid, env.user)),
      card.combatId,
      uuid,
    );
  const attacker = of(card.actorUuid);
  const defender = target ? of(target.actorUuid) : undefined;
  return {
    options: souffleOptionsNow(),
    ...(attacker ? { attacker } : {}),
    ...(defender ? { defender } : {}),
    attackerName,
    defenderName: target?.name ?? '',
  };
}

/** The owners of each side of a duel card: the actor's, the target's, none for the GM. */
export function duelOwners<S>(side: ExchangeSide, card: CardSnapshot<S>): readonly string[] {
  if (side === 'attacker') return [card.actorUuid];
  if (side === 'defender') return card.targets[0] ? [card.targets[0].actorUuid] : [];
  return [];
}

/** The card targets a duel card's references stand for. */
export function duelFighter<S>(
  ref: FighterRef,
  card: CardSnapshot<S>,
  attackerName: string,
): CardTarget | undefined {
  if (ref === 'attacker') return { actorUuid: card.actorUuid, tokenUuid: card.tokenUuid, name: attackerName };
  if (ref === 'defender') return card.targets[0];
  return undefined;
}
