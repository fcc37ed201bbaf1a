import { RulesError } from '../../../../engine/core/errors';
import type { FighterRef } from '../../../../engine/core/exchange';
import type { SouffleExchangeEffect } from '../../../../engine/souffle/exchange';
import {
  createCard,
  makeEnv,
  flowFromExchange,
  performExchange,
  type ExchangeBinding,
  type CardFlow,
  type CardSnapshot,
  type CardTarget,
  type FlowEnv,
  type FlowResult,
} from '../../../chat';
import { effectWrites } from './fighters';
import { roundMark, spendAs } from './round';

/**
 * Souffle's cards on the card host (src/foundry/chat/exchange-flow.ts): the engine's machine
 * decides, this file only translates. Each binding names the actor of every fighter reference;
 * the effects become one update per actor; an action spent (S-R2) goes to the round on the GM's
 * side before anything is written; a card the exchange opens (an opportunity attack and its
 * blow, S-AT6) is posted by the GM after the action.
 */

export interface SouffleBinding<S, V> extends Omit<
  ExchangeBinding<S, V, SouffleExchangeEffect>,
  'writes' | 'ruleset'
> {
  /** The card target a fighter reference stands for on this card. */
  fighter(ref: FighterRef, card: CardSnapshot<S>): CardTarget | undefined;
  /** Completes the state of a card this one opens (the weapon's name…), from the documents. */
  prepare?(effect: OpenCard, card: CardSnapshot<S>, env: FlowEnv): unknown;
}

export type OpenCard = Extract<SouffleExchangeEffect, { type: 'card' }>;

function uuidOf<S>(binding: SouffleBinding<S, unknown>, card: CardSnapshot<S>) {
  return (ref: FighterRef) => binding.fighter(ref, card)?.actorUuid;
}

/** The writes of the effects that are document changes. */
export function souffleWrites<S>(
  binding: SouffleBinding<S, unknown>,
  effects: readonly SouffleExchangeEffect[],
  card: CardSnapshot<S>,
) {
  return effectWrites(effects, uuidOf(binding, card), roundMark(card.combatId, card.round));
}

/** Spends the actions of `effects` in the card's combat, as `user` (throws on a refusal). */
export async function spendBudgets(
  effects: readonly SouffleExchangeEffect[],
  combatId: string,
  actorOf: (ref: FighterRef) => string | undefined,
  user: User,
): Promise<void> {
  for (const e of effects) {
    if (e.type !== 'budget') continue;
    const uuid = actorOf(e.fighter);
    if (uuid) await spendAs(combatId, uuid, e.action, user);
  }
}

/** The snapshot of a card an effect opens. */
export function openedCard(
  effect: OpenCard,
  state: unknown,
  from: (ref: FighterRef) => CardTarget | undefined,
  combat: { combatId: string; round: number },
): CardSnapshot {
  const actor = from(effect.actor);
  if (!actor) throw new RulesError('PDA.Chat.Gone.Document');
  const targets = effect.targets.flatMap((r) => {
    const x = from(r);
    return x ? [x] : [];
  });
  return {
    ruleset: 'souffle',
    flow: effect.flow,
    step: 'offered',
    revision: 0,
    actorUuid: actor.actorUuid,
    tokenUuid: actor.tokenUuid,
    itemId: effect.itemId ?? '',
    targets,
    combatId: combat.combatId,
    round: combat.round,
    state: state,
  };
}

/** The first step of each flow a card can open. */
const FIRST_STEP: Readonly<Record<string, string>> = {
  'souffle.attack': 'attack',
  'souffle.opportunity': 'offered',
};

export function souffleFlow<S, V>(binding: SouffleBinding<S, V>): CardFlow<S> {
  const host = flowFromExchange<S, V, SouffleExchangeEffect>({
    ...binding,
    ruleset: 'souffle',
    writes: (effects, card) => souffleWrites(binding as SouffleBinding<S, unknown>, effects, card),
  });
  return {
    ...host,
    async perform(card, actionId, env): Promise<FlowResult<S>> {
      const next = await performExchange(binding, card, actionId, env);
      const from = (ref: FighterRef) => binding.fighter(ref, card);
      // S-R2: an action the exchange spends is paid before anything is written.
      await spendBudgets(next.effects, card.combatId, (ref) => from(ref)?.actorUuid, env.user);
      for (const effect of next.effects) {
        if (effect.type !== 'card') continue;
        const state = binding.prepare ? binding.prepare(effect, card, env) : effect.state;
        const opened = openedCard(effect, state, from, { combatId: card.combatId, round: card.round });
        const first = { ...opened, step: FIRST_STEP[effect.flow] ?? opened.step };
        const speaker = { alias: from(effect.actor)?.name ?? '' };
        await createCard(first, makeEnv(env.user), speaker);
      }
      return {
        step: next.step,
        state: next.state,
        writes: souffleWrites(binding as SouffleBinding<S, unknown>, next.effects, card),
      };
    },
  };
}
