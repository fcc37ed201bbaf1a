import { RulesError } from '../../../../engine/core/errors';
import { opportunityWeapon, resolveAttack, withinReach } from '../../../../engine/souffle/attack';
import { pickUpWeapon } from '../../../../engine/souffle/manoeuvres';
import { tokenDistance } from '../../../canvas/distance';
import { createCard, makeEnv } from '../../../chat/card';
import type { CardAction, CardFlow, CardSnapshot, CardTarget, FlowEnv, FlowResult } from '../../../chat/flow';
import { notifyError } from '../../../i18n';
import { sheetAttackInput } from '../rolls';
import { takeSouffleAction } from '../posture';
import { SOUFFLE_ATTACK_FLOW } from './attack-flow';
import type { SouffleAttackState } from './attack-state';
import { bestMetier, isSouffleActor, souffleActor, souffleOptionsNow, text } from './fighters';
import { checkBudget, ownActor, speakerOf } from './start';

/**
 * The opportunity-attack card (S-AT6): when a fighter leaves the reach of adjacent foes (a
 * flight the GM resolves as an attack, picking up a dropped weapon: S-MN2), each foe within reach
 * gets a button, shown to that foe's owners (and the GM). Pressing it rolls that foe's melee blow
 * (first equipped melee weapon, else bare hands) as an ordinary attack card against the fighter:
 * a passive action, outside the posture's budget (S-R2). Each foe strikes once.
 */

const K = 'PDA.Souffle.Chat.Opportunity';

export const SOUFFLE_OPPORTUNITY_FLOW = 'souffle.opportunity';

export type OpportunityReason = 'ramasser' | 'fuite' | 'depart';

export interface SouffleOpportunityState {
  readonly provoker: CardTarget;
  readonly reason: OpportunityReason;
  readonly foes: readonly CardTarget[];
  /** Actor uuids of the foes who struck. */
  readonly taken: readonly string[];
}

type OpportunityCard = CardSnapshot<SouffleOpportunityState>;

interface TokenOnCanvas {
  readonly name?: string;
  readonly actor?: { uuid: string; name?: string } | null;
  readonly center?: { x: number; y: number };
  readonly document?: { uuid?: string; disposition?: number; actorId?: string | null; elevation?: number };
}

function placeables(): readonly TokenOnCanvas[] {
  const canvas = (globalThis as { canvas?: { tokens?: { placeables?: readonly TokenOnCanvas[] } } }).canvas;
  return canvas?.tokens?.placeables ?? [];
}

/** The fighter's token (by token uuid, else the actor's first) on the viewed scene. */
function tokenOf(actorUuid: string, tokenUuid = ''): TokenOnCanvas | undefined {
  const all = placeables();
  return (
    (tokenUuid ? all.find((t) => t.document?.uuid === tokenUuid) : undefined) ??
    all.find((t) => t.actor?.uuid === actorUuid)
  );
}

/** S-AT6: the Souffle foes (another disposition) within reach of the fighter's token. */
export function foesWithinReach(actorUuid: string, tokenUuid = ''): CardTarget[] {
  const own = tokenOf(actorUuid, tokenUuid);
  if (!own) return [];
  return placeables()
    .filter(
      (t) =>
        t !== own &&
        t.actor &&
        t.actor.uuid !== actorUuid &&
        isSouffleActor(t.actor) &&
        t.document?.disposition !== own.document?.disposition &&
        withinReach(tokenDistance(own, t)),
    )
    .map((t) => ({
      actorUuid: t.actor!.uuid,
      tokenUuid: t.document?.uuid ?? '',
      name: t.name ?? t.actor!.name ?? '',
    }));
}

export const souffleOpportunityFlow: CardFlow<SouffleOpportunityState> = {
  id: SOUFFLE_OPPORTUNITY_FLOW,
  ruleset: 'souffle',

  actions(card: OpportunityCard): CardAction[] {
    return card.state.foes.map((foe, i) => {
      const done = card.state.taken.includes(foe.actorUuid);
      return {
        id: `strike${i}`,
        label: text(`${K}.Strike`, { name: foe.name }),
        owners: [foe.actorUuid],
        enabled: !done,
        ...(done ? { reason: text(`${K}.Taken`, { name: foe.name }) } : {}),
        rule: 'S-AT6',
        style: 'danger' as const,
      };
    });
  },

  async perform(
    card: OpportunityCard,
    actionId: string,
    env: FlowEnv,
  ): Promise<FlowResult<SouffleOpportunityState>> {
    const index = Number(/^strike(\d+)$/.exec(actionId)?.[1] ?? NaN);
    const foe = card.state.foes[index];
    if (!foe) throw new RulesError('PDA.Error.CardNoSuchAction');
    if (card.state.taken.includes(foe.actorUuid)) throw new RulesError('PDA.Error.CardNoSuchAction');
    const striker = souffleActor(env.resolve(foe.actorUuid), foe.name);
    souffleActor(env.resolve(card.state.provoker.actorUuid), card.state.provoker.name);
    const fighter = striker.system.toEngine();
    const equipped = striker.system.engineWeapons();
    const weapon = opportunityWeapon(equipped);
    const input = { ...sheetAttackInput(fighter, weapon, equipped), metier: bestMetier(fighter) };
    const rollEnv = makeEnv(env.user);
    const attack = await rollEnv.roll((dice) => resolveAttack(input, dice, souffleOptionsNow()));
    const weaponName = equipped.includes(weapon)
      ? ((striker as unknown as { items?: { get(id: string): { name?: string } | undefined } }).items?.get(
          weapon.id,
        )?.name ?? weapon.id)
      : env.t(text('PDA.Souffle.Weapon.mainsNues'));
    const attackCard: CardSnapshot<SouffleAttackState> = {
      ruleset: 'souffle',
      flow: SOUFFLE_ATTACK_FLOW,
      step: 'attack',
      revision: 0,
      actorUuid: foe.actorUuid,
      tokenUuid: foe.tokenUuid,
      itemId: equipped.includes(weapon) ? weapon.id : '',
      targets: [card.state.provoker],
      combatId: card.combatId,
      round: card.round,
      state: {
        attackerName: foe.name,
        weaponName,
        input,
        attack,
        souffleSpent: 0,
        undone: 0,
        opportunity: true,
      },
    };
    await createCard(attackCard, rollEnv, {
      alias: foe.name,
    });
    return { step: 'offered', state: { ...card.state, taken: [...card.state.taken, foe.actorUuid] } };
  },

  context(card: OpportunityCard, env: FlowEnv) {
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
};

/** Posts the opportunity card for a fighter leaving the reach of the foes around it. */
export async function postOpportunity(
  provoker: CardTarget,
  reason: OpportunityReason,
  combat: { combatId: string; round: number },
  speaker: Record<string, unknown>,
  foes: readonly CardTarget[] = foesWithinReach(provoker.actorUuid, provoker.tokenUuid),
): Promise<ChatMessage> {
  const env = makeEnv(game.user as User);
  const card: OpportunityCard = {
    ruleset: 'souffle',
    flow: SOUFFLE_OPPORTUNITY_FLOW,
    step: 'offered',
    revision: 0,
    actorUuid: provoker.actorUuid,
    tokenUuid: provoker.tokenUuid,
    itemId: '',
    targets: [],
    combatId: combat.combatId,
    round: combat.round,
    state: { provoker, reason, foes: [...foes], taken: [] },
  };
  return createCard(card, env, speaker);
}

/**
 * S-MN2: picking up the dropped weapon: a short action (spent through the GM) that clears
 * "désarmé" and provokes an opportunity attack from the foes within reach (S-AT6).
 */
export async function pickUpSouffleWeapon(actorDoc: Actor): Promise<ChatMessage | null> {
  try {
    const actor = ownActor(actorDoc);
    const picked = pickUpWeapon(actor.system.toEngine());
    const found = checkBudget(actor.uuid, 'ramasser');
    if (!(await takeSouffleAction(found, 'ramasser'))) return null;
    await (actorDoc as unknown as { update(d: Record<string, unknown>): Promise<unknown> }).update({
      'system.states.desarme': picked.fighter.states.includes('desarme'),
    });
    const token = tokenOf(actor.uuid);
    return await postOpportunity(
      { actorUuid: actor.uuid, tokenUuid: token?.document?.uuid ?? '', name: actor.name },
      'ramasser',
      { combatId: found?.combat.id ?? '', round: found?.combat.round ?? 0 },
      speakerOf(actorDoc),
    );
  } catch (error) {
    notifyError(error);
    return null;
  }
}
