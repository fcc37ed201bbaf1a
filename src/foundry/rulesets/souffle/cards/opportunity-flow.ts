import type { FighterRef } from '../../../../engine/core/exchange';
import { withinReach } from '../../../../engine/souffle/attack';
import {
  SOUFFLE_OPPORTUNITY_EXCHANGE,
  souffleOpportunityExchange,
  type ExchangeFighter,
  type SouffleExchangeView,
  type SouffleOpportunityState,
} from '../../../../engine/souffle/exchange';
import { sideOf, tokenDistance } from '../../../canvas';
import type { CardAction, CardFlow, CardSnapshot, CardTarget, FlowEnv } from '../../../chat';
import { souffleFlow } from './exchange';
import { fighterView, isSouffleActor, souffleOptionsNow, text } from './fighters';
import { turnOf } from './round';

/**
 * The opportunity-attack card (S-AT6), on the engine's opportunity exchange
 * (engine/souffle/exchange/opportunity.ts): each foe within reach of a fighter who leaves it
 * (moving away, a flight the GM resolves as an attack, picking up a dropped weapon: S-MN2) gets a
 * button, shown to that foe's owners (and the GM); pressing it opens that foe's attack card.
 */

const K = 'PDA.Souffle.Chat.Opportunity';

export const SOUFFLE_OPPORTUNITY_FLOW = SOUFFLE_OPPORTUNITY_EXCHANGE;
export type { OpportunityReason, SouffleOpportunityState } from '../../../../engine/souffle/exchange';

type OpportunityCard = CardSnapshot<SouffleOpportunityState>;

export interface TokenOnCanvas {
  readonly name?: string;
  readonly actor?: { uuid: string; name?: string } | null;
  readonly center?: { x: number; y: number };
  readonly document?: {
    uuid?: string;
    disposition?: number;
    actorId?: string | null;
    elevation?: number;
    x?: number;
    y?: number;
  };
}

function placeables(): readonly TokenOnCanvas[] {
  const canvas = (globalThis as { canvas?: { tokens?: { placeables?: readonly TokenOnCanvas[] } } }).canvas;
  return canvas?.tokens?.placeables ?? [];
}

/** The fighter's token (by token uuid, else the actor's first) on the viewed scene. */
export function tokenOf(actorUuid: string, tokenUuid = ''): TokenOnCanvas | undefined {
  const all = placeables();
  return (
    (tokenUuid ? all.find((t) => t.document?.uuid === tokenUuid) : undefined) ??
    all.find((t) => t.actor?.uuid === actorUuid)
  );
}

/** The token as it stands at (x, y) (scene pixels): its centre moved by the difference. */
export function standingAt(token: TokenOnCanvas, x: number, y: number): TokenOnCanvas {
  const c = token.center ?? { x: 0, y: 0 };
  const dx = x - (token.document?.x ?? 0);
  const dy = y - (token.document?.y ?? 0);
  return { ...token, center: { x: c.x + dx, y: c.y + dy }, document: token.document ?? {} };
}

/** S-AT6: the Souffle foes (another disposition) within reach of `own` (standing at `at`). */
export function foesAround(own: TokenOnCanvas, at: TokenOnCanvas = own): CardTarget[] {
  const actorUuid = own.actor?.uuid ?? '';
  return placeables()
    .filter(
      (t) =>
        t !== own &&
        t.actor &&
        t.actor.uuid !== actorUuid &&
        isSouffleActor(t.actor) &&
        sideOf(t.document) !== sideOf(own.document) &&
        withinReach(tokenDistance(at, t)),
    )
    .map((t) => ({
      actorUuid: t.actor!.uuid,
      tokenUuid: t.document?.uuid ?? '',
      name: t.name ?? t.actor!.name ?? '',
    }));
}

/** S-AT6: the Souffle foes within reach of the fighter's token. */
export function foesWithinReach(actorUuid: string, tokenUuid = ''): CardTarget[] {
  const own = tokenOf(actorUuid, tokenUuid);
  return own ? foesAround(own) : [];
}

function opportunityView(card: OpportunityCard, env: FlowEnv): SouffleExchangeView {
  const s = card.state;
  const provoker = fighterView(
    env.resolve(s.provoker.actorUuid),
    turnOf(card.combatId, s.provoker.actorUuid),
  );
  return {
    options: souffleOptionsNow(),
    ...(provoker ? { defender: provoker } : {}),
    attackerName: '',
    defenderName: s.provoker.name,
    // The round's posture counts (S-P4: a défensif foe does not strike).
    others: s.foes.map((f) => fighterView(env.resolve(f.actorUuid), turnOf(card.combatId, f.actorUuid))),
  };
}

function fighterOf(ref: FighterRef, card: OpportunityCard): ExchangeFighter | undefined {
  if (ref === 'defender') return card.state.provoker;
  const m = /^target:(\d+)$/.exec(ref);
  return m ? card.state.foes[Number(m[1])] : undefined;
}

interface StrikerDoc {
  items?: { get(id: string): { name?: string } | undefined };
}

const host = souffleFlow<SouffleOpportunityState, SouffleExchangeView>({
  id: SOUFFLE_OPPORTUNITY_FLOW,
  machine: souffleOpportunityExchange,
  view: opportunityView,
  owners: (side, card) =>
    side === 'attacker'
      ? card.state.foes.map((f) => f.actorUuid)
      : side === 'defender'
        ? [card.state.provoker.actorUuid]
        : [],
  fighter: fighterOf,
  // The blow's card names the striker's weapon (bare hands: its label).
  prepare(effect, card, env) {
    const striker = fighterOf(effect.actor, card);
    const doc = striker ? (env.resolve(striker.actorUuid) as StrikerDoc | null) : null;
    const weaponName = effect.itemId
      ? (doc?.items?.get(effect.itemId)?.name ?? effect.itemId)
      : env.t(text('PDA.Souffle.Weapon.mainsNues'));
    return { ...(effect.state as object), weaponName };
  },
  context: (card: OpportunityCard, env: FlowEnv) => {
    const L = (key: string, data?: Record<string, string | number>) => env.t(text(`${K}.${key}`, data));
    const s = card.state;
    const notes = [
      {
        text: L(`Reason.${s.reason}`, { name: s.provoker.name }),
        rule: s.reason === 'ramasser' ? 'S-MN2' : 'S-AT6',
      },
    ];
    if (s.foes.length === 0) notes.push({ text: L('NoFoe', { name: s.provoker.name }), rule: 'S-AT6' });
    for (const foe of s.foes)
      if (s.taken.includes(foe.actorUuid))
        notes.push({ text: L('Taken', { name: foe.name }), rule: 'S-AT6' });
    return {
      title: L('Title', { name: s.provoker.name }),
      sections: [{ title: L('Section'), css: 'pda-souffle-opportunity', rows: [], notes }],
    };
  },
});

/** Each foe strikes for themself: strike <i> belongs to foe i's owners only (and the GM). */
export const souffleOpportunityFlow: CardFlow<SouffleOpportunityState> = {
  ...host,
  actions(card, env): CardAction[] {
    return host.actions(card, env).map((a) => {
      const foe = card.state.foes[Number(/^strike(\d+)$/.exec(a.id)?.[1] ?? NaN)];
      return foe ? { ...a, owners: [foe.actorUuid] } : a;
    });
  },
};
