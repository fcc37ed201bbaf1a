import type { FighterRef } from '../../../../engine/core/exchange';
import { applyFighterEffects, touches, type FantasiaEffect } from '../../../../engine/fantasia/exchange';
import type { DocumentWrite, FlowEnv } from '../../../chat';
import { combatantWrite } from './actor-writes';
import { fantasiaRound } from './round-context';
import { type Card, target, tryCombatant } from './attack-state';

/**
 * The exchange's effects as document writes (GM side): PV and states become one actor write per
 * fighter (timed states as status effects with their rounds), crosses the botte item's field, the
 * fight memory, the parry spent and a reload countdown the round's writes. Nothing is decided here.
 */

function uuidOf(ref: FighterRef, card: Card): string {
  if (ref === 'attacker') return card.actorUuid;
  if (ref === 'defender') return target(card)?.actorUuid ?? '';
  return card.targets[Number(ref.slice('target:'.length))]?.actorUuid ?? '';
}

interface ItemsOwner {
  items?: { contents: { id: string | null; type: string; system: unknown }[] };
}

/** The botte item of an actor standing for a catalogue thrust. */
function botteItemId(actor: unknown, thrustId: string): string | undefined {
  for (const item of (actor as ItemsOwner | null)?.items?.contents ?? []) {
    if (item.type !== 'botte') continue;
    const system = item.system as { thrustId?: string };
    if (system.thrustId === thrustId || item.id === thrustId) return item.id ?? undefined;
  }
  return undefined;
}

export function effectWrites(effects: readonly FantasiaEffect[], card: Card, env: FlowEnv): DocumentWrite[] {
  const writes: DocumentWrite[] = [];
  const done = new Set<FighterRef>();
  const round = fantasiaRound();
  for (const e of effects) {
    switch (e.type) {
      case 'resource':
      case 'condition': {
        if (done.has(e.fighter) || !touches(e.fighter, effects)) break;
        done.add(e.fighter);
        const uuid = uuidOf(e.fighter, card);
        const current = tryCombatant(env, uuid);
        if (!current) break;
        writes.push(combatantWrite(uuid, current, applyFighterEffects(current, e.fighter, effects)));
        break;
      }
      case 'parrySpent': {
        const w = round.parryWrite(card.combatId, uuidOf(e.fighter, card));
        if (w) writes.push(w);
        break;
      }
      case 'crosses': {
        const uuid = uuidOf(e.fighter, card);
        const item = botteItemId(env.resolve(uuid), e.thrustId);
        if (item) writes.push({ uuid, itemId: item, update: { 'system.crosses': e.to } });
        break;
      }
      case 'memory': {
        const w = round.memoryWrite(card.combatId, e.to);
        if (w) writes.push(w);
        break;
      }
      case 'reloadCountdown': {
        const w = round.readinessWrite?.(card.combatId, uuidOf(e.fighter, card), e.weaponId, {
          kind: 'powderDoubled',
          rounds: e.rounds,
        });
        if (w) writes.push(w);
        break;
      }
      case 'item':
        writes.push({
          uuid: uuidOf(e.fighter, card),
          itemId: e.itemId,
          update: { [`system.${e.field}`]: e.to },
        });
        break;
    }
  }
  return writes;
}
