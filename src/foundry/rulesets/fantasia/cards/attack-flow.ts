import type { ExchangeSide } from '../../../../engine/core/exchange';
import {
  fantasiaAttackMachine,
  STEP,
  type FantasiaAttackState,
  type FantasiaAttackView,
  type FantasiaEffect,
} from '../../../../engine/fantasia/exchange';
import { type CardFlow, type FlowEnv, flowFromExchange, type ExchangeBinding } from '../../../chat';
import { FANTASIA_ATTACK_FLOW, optionsSource, target, tryCombatant, type Card } from './attack-state';
import { attackContext } from './attack-context';
import { effectWrites } from './effect-writes';
import { fantasiaRound } from './round-context';

/**
 * Fantasia's attack card: the engine's exchange (src/engine/fantasia/exchange/machine.ts) decides
 * every step; this binding only reads the view from the documents and the round, names the owners
 * of each side, and turns the effects into document writes (effect-writes.ts). attack-context.ts
 * and card-sections.ts build what the card shows.
 */

/** The combat's current round, or undefined outside a combat (no once-a-round limit then). */
function combatRound(card: Card, env: FlowEnv): number | undefined {
  if (!card.combatId) return undefined;
  const combat = env.resolve(`Combat.${card.combatId}`) as { round?: number } | null;
  return combat ? Number(combat.round ?? 0) : undefined;
}

/** The read-only view of the fighters and the round, read now. */
export function attackView(card: Card, env: FlowEnv): FantasiaAttackView {
  const t = target(card);
  const round = fantasiaRound();
  const friendTarget = card.step === STEP.fumble ? env.userTargets()[0] : undefined;
  const friend = friendTarget ? tryCombatant(env, friendTarget.actorUuid) : undefined;
  const now = combatRound(card, env);
  return {
    attacker: tryCombatant(env, card.actorUuid),
    defender: tryCombatant(env, t?.actorUuid),
    attackerName: card.state.attackerName,
    defenderName: t?.name ?? '',
    facts: round.facts(card.combatId, t?.actorUuid ?? ''),
    attackerFacts: round.facts(card.combatId, card.actorUuid),
    memory: round.memory(card.combatId),
    ...(now !== undefined ? { round: now } : {}),
    startRound: card.round,
    ...(friend && friendTarget ? { friend: { combatant: friend, name: friendTarget.name } } : {}),
    options: optionsSource(),
  };
}

function owners(side: ExchangeSide, card: Card): readonly string[] {
  if (side === 'attacker') return [card.actorUuid];
  if (side === 'defender') return target(card) ? [target(card)!.actorUuid] : [];
  return [];
}

export const fantasiaAttackBinding: ExchangeBinding<FantasiaAttackState, FantasiaAttackView, FantasiaEffect> =
  {
    id: FANTASIA_ATTACK_FLOW,
    ruleset: 'fantasia',
    machine: fantasiaAttackMachine,
    view: attackView,
    owners,
    // Whose wound each damage action writes (chat/damage-rights.ts): the target's, or the
    // shooter's own for a burst arquebus (F-W6).
    damage: { apply: 'defender', undo: 'defender', applyBurst: 'attacker', undoBurst: 'attacker' },
    writes: effectWrites,
    context: attackContext,
    targets(next, card, env) {
      // A fumble's blow carried on to the friend the GM targets (F-H6..F-H9).
      if (card.step !== STEP.fumble || next.step !== STEP.damage) return undefined;
      const friend = env.userTargets()[0];
      return friend ? [friend] : undefined;
    },
  };

export const fantasiaAttackFlow: CardFlow<FantasiaAttackState> = flowFromExchange(fantasiaAttackBinding);

export { FANTASIA_ATTACK_FLOW, setFantasiaOptionsSource } from './attack-state';
