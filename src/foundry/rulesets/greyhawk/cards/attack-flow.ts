import type { ConditionEffect } from '../../../../engine/core/exchange';
import {
  greyhawkAttackMachine,
  type GreyhawkAttackState,
  type GreyhawkEffect,
} from '../../../../engine/greyhawk/exchange';
import {
  type CardFlow,
  type DocumentWrite,
  type StatusWrite,
  flowFromExchange,
  type ExchangeBinding,
} from '../../../chat';
import { conditionStatusWrites } from '../conditions';
import { type Card, cardView } from './attack-state';
import { greyhawkAttackContext } from './attack-context';

/**
 * The Greyhawk attack card as a translator of the engine's exchange
 * (src/engine/greyhawk/exchange/machine.ts): the machine lists the actions and their refusals and
 * performs them; this binding reads its view from the documents, says whose owners stand for each
 * side, and turns its effects into document writes (hit points on the actor, conditions as status
 * effects). What the card shows is in attack-context.ts.
 */

export const GREYHAWK_ATTACK_FLOW = 'greyhawk.attack';

/** The actor a fighter reference of the machine stands for on this card. */
function uuidOf(card: Card, fighter: GreyhawkEffect['fighter']): string | undefined {
  if (fighter === 'attacker') return card.actorUuid;
  if (fighter === 'defender') return card.targets[0]?.actorUuid;
  return card.targets[Number(fighter.slice('target:'.length))]?.actorUuid;
}

/** One write per actor touched: its hit points, then its condition effects. */
export function greyhawkWrites(effects: readonly GreyhawkEffect[], card: Card): DocumentWrite[] {
  const byActor = new Map<string, { hp?: number; conditions: ConditionEffect[] }>();
  for (const e of effects) {
    const uuid = uuidOf(card, e.fighter);
    if (!uuid) continue;
    const entry = byActor.get(uuid) ?? { conditions: [] };
    if (e.type === 'resource' && e.resource === 'hp') entry.hp = e.to;
    if (e.type === 'condition') entry.conditions.push(e);
    byActor.set(uuid, entry);
  }
  return [...byActor.entries()].map(([uuid, w]) => {
    const statuses: Record<string, StatusWrite | null> = conditionStatusWrites(w.conditions);
    return {
      uuid,
      update: w.hp === undefined ? {} : { system: { hp: { value: w.hp } } },
      ...(Object.keys(statuses).length ? { statuses } : {}),
    };
  });
}

export const greyhawkAttackBinding: ExchangeBinding<
  GreyhawkAttackState,
  ReturnType<typeof cardView>,
  GreyhawkEffect
> = {
  id: GREYHAWK_ATTACK_FLOW,
  ruleset: 'greyhawk',
  machine: greyhawkAttackMachine,
  view: (card, env) => cardView(card, env),
  owners: (side, card) =>
    side === 'attacker'
      ? [card.actorUuid]
      : side === 'defender'
        ? card.targets.slice(0, 1).map((x) => x.actorUuid)
        : [],
  // The target's wound (chat/damage-rights.ts).
  damage: { apply: 'defender', undo: 'defender' },
  writes: (effects, card) => greyhawkWrites(effects, card),
  context: (card, env) => greyhawkAttackContext(card, env),
};

export const greyhawkAttackFlow: CardFlow<GreyhawkAttackState> = flowFromExchange(greyhawkAttackBinding);

export {
  type GreyhawkApplied,
  type GreyhawkAttackState,
  type GreyhawkConditions,
  greyhawkActor,
  setGreyhawkOptionsSource,
  greyhawkOptionsNow,
  exchangeView,
} from './attack-state';
export { greyhawkAttackContext } from './attack-context';
