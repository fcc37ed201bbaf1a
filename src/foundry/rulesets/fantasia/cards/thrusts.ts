import { RulesError } from '../../../../engine/core/errors';
import { type DefenceResult } from '../../../../engine/fantasia/attack';
import { evaluate } from '../../../../engine/dice/formula';
import { applyChange } from '../../../../engine/fantasia/damage';
import { afterThrust } from '../../../../engine/fantasia/exchange';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { whipDisarm } from '../../../../engine/fantasia/whip';
import type { CardAction, DocumentWrite, FlowEnv, FlowResult } from '../../../chat/flow';
import { combatantWrite } from './actor-writes';
import { fantasiaRound } from './round-context';
import {
  type Card,
  type FantasiaAttackState,
  isOfferButton,
  need,
  optionsSource,
  STEP,
  type TakenOffer,
  target,
} from './attack-state';

/**
 * F-B7: the thrust effects the engine leaves to the GM (disarm after Désarmement, the failed
 * landing after the Ruade) become GM buttons once the damage is applied; each is taken once.
 */
export function offerActions(card: Card): CardAction[] {
  const taken = card.state.offersTaken ?? [];
  return (card.state.damage?.offers ?? [])
    .filter((o) => isOfferButton(o.id))
    .map((o) => {
      const done = taken.some((t) => t.id === o.id);
      return {
        id: `offer.${o.id}`,
        label: { key: `PDA.Chat.Action.Offer.${o.id}` },
        owners: [],
        enabled: !done,
        ...(done ? { reason: { key: 'PDA.Chat.Reason.OfferTaken' } } : {}),
        rule: o.rule,
      };
    });
}

/** F-B5 / F-B6: a thrust that landed is remembered against this foe and earns its crosses. */
export function thrustBookkeeping(
  card: Card,
  attacker: FantasiaCombatant,
  defence: DefenceResult,
  env: FlowEnv,
): DocumentWrite[] {
  const attack = card.state.attack;
  if (!attack.thrust || card.state.thrustPlaced) return [];
  const round = fantasiaRound();
  const after = afterThrust(attack, defence, attacker, round.memory(card.combatId));
  if (!after.placed) return [];
  const writes: DocumentWrite[] = [];
  const thrustId = attack.thrust.thrust.id;
  const known = after.attacker.thrusts?.find((k) => k.thrustId === thrustId);
  const item = botteItemId(env.resolve(card.actorUuid), thrustId);
  if (known && item)
    writes.push({ uuid: card.actorUuid, itemId: item, update: { 'system.crosses': known.crosses } });
  const memoryWrite = round.memoryWrite(card.combatId, after.memory);
  if (memoryWrite) writes.push(memoryWrite);
  return writes;
}

interface ItemsOwner {
  items?: { contents: { id: string | null; type: string; system: unknown }[] };
}

function botteItemId(actor: unknown, thrustId: string): string | undefined {
  for (const item of (actor as ItemsOwner | null)?.items?.contents ?? []) {
    if (item.type !== 'botte') continue;
    const system = item.system as { thrustId?: string };
    if (system.thrustId === thrustId || item.id === thrustId) return item.id ?? undefined;
  }
  return undefined;
}

/** F-B7: applies one offered effect to the target through the engine (GM only). */
export async function performOffer(
  card: Card,
  id: string,
  env: FlowEnv,
): Promise<FlowResult<FantasiaAttackState>> {
  const offer = card.state.damage?.offers.find((o) => o.id === id);
  if (card.step !== STEP.applied || !offer || !isOfferButton(id))
    throw new RulesError('PDA.Error.CardNoSuchAction');
  if ((card.state.offersTaken ?? []).some((o) => o.id === id))
    throw new RulesError('PDA.Error.CardActionDisabled');
  const t = target(card);
  const victim = need(env, t?.actorUuid, t?.name ?? '');
  let taken: TakenOffer;
  if (id === 'disarm') {
    // Désarmement: the bound weapon is torn away like a whip's disarm, DEX×3.
    const attacker = need(env, card.actorUuid, card.state.attackerName);
    const options = optionsSource();
    const r = await env.roll((dice) => whipDisarm(attacker, victim, dice, options));
    taken = { id, roll: r.roll, damage: 0, diff: r.victim.diff };
  } else {
    // Ruade du Sraal: the GM rules the landing failed; the target falls and takes the dice.
    const formula = String(offer.data?.damage ?? '1d6');
    const damage = await env.roll((dice) => Math.max(0, evaluate(formula, dice).total));
    const applied = applyChange(victim, damage, { fallen: true }, ['F-B7']);
    taken = { id, roll: null, damage, diff: applied.diff };
  }
  return {
    step: card.step,
    state: { ...card.state, offersTaken: [...(card.state.offersTaken ?? []), taken] },
    writes: [combatantWrite(t?.actorUuid ?? '', taken.diff.before, taken.diff.after)],
  };
}
