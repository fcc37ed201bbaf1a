import { RulesError } from '../../../../engine/core/errors';
import type { CommonEffect } from '../../../../engine/core/exchange';
import {
  openSiegeShot,
  siegeExchange,
  type SiegeState,
  type SiegeView,
} from '../../../../engine/fantasia/exchange/siege';
import type { FantasiaCombatant, SiegeEngine } from '../../../../engine/fantasia/types';
import {
  resolveUuid,
  flowFromExchange,
  type CardFlow,
  type CardSnapshot,
  list,
  uuid,
  type CardOpener,
} from '../../../chat';
import { int, object } from '../../../security';
import { activeRulesetId } from '../../../settings';
import { fantasiaOptionsFromSettings } from '../settings';
import { pointOf, tokenFor } from '../scene-points';
import { siegeContext, siegeView, siegeWrites } from './card';

/**
 * The siege-engine card (F-S1, F-S2) on the card host: the engine's exchange machine
 * (engine/fantasia/exchange/siege.ts) bound to Foundry documents. Opened by the GM on a user's
 * request (chat/open.ts): the user names the crew and targets the men in the engine's path; the
 * GM's client reads every token's position on the scene, rolls and posts the card. Its buttons
 * (apply, undo) are the GM's.
 */
export const FANTASIA_SIEGE_FLOW = 'fantasia.siege';

/** Most servants one shot may name (the engines need 2–3; more is refused by the engine). */
export const MAX_CREW = 6;

export interface SiegeChoices {
  /** The other servants (the sheet's actor serves too). */
  readonly crew: readonly string[];
  /** Metres to the aim, used only when a token is off the scene (0: unknown). */
  readonly distance: number;
}

const CHOICES = object({ crew: list(uuid(), MAX_CREW), distance: int(0, 100000) });

interface CrewDoc {
  uuid?: string;
  name?: string;
  hasPlayerOwner?: boolean;
  testUserPermission?(user: User, level: 'OWNER'): boolean;
  engineView?<T>(): T;
  items?: { get(id: string): { type?: string; system?: { toEngine?(): unknown } } | undefined };
}

function combatantOfDoc(doc: CrewDoc | null, name: string): FantasiaCombatant {
  if (!doc || typeof doc.engineView !== 'function') throw new RulesError('PDA.Chat.Gone.Actor', { name });
  return doc.engineView<FantasiaCombatant>();
}

/**
 * A servant a user may name: the GM anyone; a player their own actors and the other players'
 * characters (never a GM's non-player character, whose skill is not theirs to use).
 */
function checkServant(user: User, doc: CrewDoc | null, raw: string): CrewDoc {
  if (!doc) throw new RulesError('PDA.Chat.Gone.Document');
  if (user.isGM) return doc;
  const owns = typeof doc.testUserPermission === 'function' && doc.testUserPermission(user, 'OWNER');
  if (!owns && !doc.hasPlayerOwner)
    throw new RulesError('PDA.Siege.Error.crewNotYours', { name: doc.name ?? raw });
  return doc;
}

export const fantasiaSiegeOpener: CardOpener<SiegeChoices> = {
  choices: CHOICES,
  async open(request, newEnv) {
    const actor = request.actor as CrewDoc;
    const item = actor.items?.get(request.itemId);
    if (!item || item.type !== 'engin' || typeof item.system?.toEngine !== 'function')
      throw new RulesError('PDA.Siege.Error.noEngine');
    const engine = item.system.toEngine() as SiegeEngine;
    const servants = [actor];
    for (const raw of request.choices.crew) {
      const doc = checkServant(request.user, resolveUuid(raw) as CrewDoc | null, raw);
      if (!servants.some((s) => s.uuid === doc.uuid)) servants.push(doc);
    }
    const crew = servants.map((s) => combatantOfDoc(s, s.name ?? ''));
    const at = pointOf(tokenFor(request.tokenUuid, request.actorUuid));
    const targets = request.targets.map((x) => {
      const p = pointOf(tokenFor(x.tokenUuid, x.actorUuid));
      return {
        combatant: combatantOfDoc(resolveUuid(x.actorUuid) as CrewDoc | null, x.name),
        ...(p ? { at: p } : {}),
      };
    });
    const env = newEnv();
    const distance = request.choices.distance > 0 ? { distance: request.choices.distance } : {};
    const opened = await env.roll((dice) =>
      openSiegeShot(
        { engine, crew, ...(at ? { at } : {}), ...distance, targets },
        dice,
        fantasiaOptionsFromSettings(),
      ),
    );
    const combat = request.combatId
      ? (game.combats?.get(request.combatId) as { round?: number } | undefined)
      : undefined;
    const card: CardSnapshot<SiegeState> = {
      ruleset: activeRulesetId(),
      flow: FANTASIA_SIEGE_FLOW,
      step: opened.step,
      revision: 0,
      actorUuid: request.actorUuid,
      tokenUuid: request.tokenUuid,
      itemId: request.itemId,
      targets: request.targets,
      combatId: combat ? request.combatId : '',
      round: combat?.round ?? 0,
      state: opened.state,
    };
    return { cards: [{ card, env }] };
  },
};

/** The siege card as the Fantasia ruleset registers it. */
export const fantasiaSiegeFlow: CardFlow<SiegeState> = flowFromExchange<SiegeState, SiegeView, CommonEffect>({
  id: FANTASIA_SIEGE_FLOW,
  ruleset: 'fantasia',
  machine: siegeExchange,
  view: siegeView,
  owners: (side, card) =>
    side === 'attacker' ? [card.actorUuid] : side === 'defender' ? card.targets.map((x) => x.actorUuid) : [],
  writes: (effects, card) => siegeWrites(effects, card),
  context: siegeContext,
  opener: fantasiaSiegeOpener,
});
