import { RulesError } from '../../../../engine/core/errors';
import {
  SOUFFLE_FLEE_EXCHANGE,
  SOUFFLE_OPPORTUNITY_EXCHANGE,
  departureFoes,
  pickUpSouffleWeapon as pickUpEffects,
  type OpportunityReason,
  type SouffleOpportunityState,
} from '../../../../engine/souffle/exchange';
import { notifyError } from '../../../i18n';
import type { CardSnapshot, CardTarget, CardOpener } from '../../../chat';
import { int, object, oneOf, optional, type Schema } from '../../../security';
import { fighterView, isSouffleActor, souffleActor } from './fighters';
import { foesAround, foesWithinReach, standingAt, tokenOf } from './opportunity-flow';
import { commitOpening } from './openers';
import { ownActor, requestSouffleCard } from './request';
import { checkBudget, checkStates, souffleCombatOf, turnOf } from './round';
import { postureCombatOf } from '../posture';
import { heldMoveRefusal, PUT_BACK, registerHeldMoveHooks } from './held-move';
import { registerCardRefresh } from './refresh';
import { souffleCardMessages } from './hold';
import { isActiveGM } from '../../../active-gm';
import { movedBy, registerSeenPlaces, seenPlaces } from '../../../canvas';
import { restored } from '../../../security';

/**
 * The ways a fighter leaves the reach of adjacent foes outside a flight (S-AT6): picking up a
 * dropped weapon (S-MN2, a short action that clears "désarmé") and moving their token away. Both
 * open the opportunity card through the GM, who finds the foes within reach on the scene.
 */

interface DepartureChoices {
  readonly reason: Extract<OpportunityReason, 'ramasser' | 'depart'>;
  /** Where the token stood before the move (scene pixels), for a departure. */
  readonly fromX?: number;
  readonly fromY?: number;
}

const CHOICES = object({
  reason: oneOf<'ramasser' | 'depart'>(['ramasser', 'depart']),
  fromX: optional(int(-100000, 100000)),
  fromY: optional(int(-100000, 100000)),
});

/**
 * GM side. A pick-up (S-MN2) is refused unless the fighter is disarmed and its budget can pay the
 * short action; a departure (S-AT6) names the foes it left, from where the token stood — a
 * player could only claim a spot that offers free blows against their own fighter.
 */
export const souffleDepartureOpener: CardOpener<DepartureChoices> = {
  choices: CHOICES as Schema<DepartureChoices>,
  targetsOptional: true,
  async open(request, newEnv) {
    const actor = souffleActor(request.actor, String((request.actor as { name?: string }).name ?? ''));
    const c = request.choices;
    const found =
      c.reason === 'ramasser'
        ? checkBudget(
            actor.uuid,
            'ramasser',
            request.combatId || undefined,
            Boolean((request.user as { isGM?: boolean } | null)?.isGM),
          )
        : undefined;
    const own = tokenOf(actor.uuid, request.tokenUuid);
    const self: CardTarget = {
      actorUuid: actor.uuid,
      tokenUuid: own?.document?.uuid ?? '',
      name: actor.name,
    };
    let foes: CardTarget[];
    let effects: ReturnType<typeof pickUpEffects> = [];
    if (c.reason === 'ramasser') {
      const view = fighterView(actor, found ? turnOf(found.combat.id ?? '', actor.uuid) : undefined);
      if (!view) throw new RulesError('PDA.Chat.Gone.Document');
      foes = foesWithinReach(actor.uuid, request.tokenUuid);
      effects = pickUpEffects(view, self, foes).filter((e) => e.type !== 'card');
    } else {
      // S-GR1/S-MN3: a held or knocked-out fighter did not leave: no opportunity is owed.
      checkStates(actor, 'deplacement');
      if (!own || c.fromX === undefined || c.fromY === undefined)
        throw new RulesError('PDA.Error.CardBadTarget');
      const before = foesAround(own, standingAt(own, c.fromX, c.fromY));
      const fighting = souffleCombatOf(actor.uuid, request.combatId || undefined);
      foes = departureFoes(
        before,
        foesAround(own),
        (a, b) => a.actorUuid === b.actorUuid,
        fledThisRound(actor.uuid, fighting?.combat.id ?? '', fighting?.combat.round ?? 0),
      );
      if (foes.length === 0) throw new RulesError('PDA.Souffle.Chat.Opportunity.NoFoe', { name: actor.name });
    }
    const fight = found ?? souffleCombatOf(actor.uuid, request.combatId || undefined);
    const state: SouffleOpportunityState = { provoker: self, reason: c.reason, foes, taken: [] };
    const card: CardSnapshot<SouffleOpportunityState> = {
      ruleset: 'souffle',
      flow: SOUFFLE_OPPORTUNITY_EXCHANGE,
      step: 'offered',
      revision: 0,
      actorUuid: actor.uuid,
      tokenUuid: self.tokenUuid,
      itemId: '',
      targets: [],
      combatId: fight?.combat.id ?? '',
      round: fight?.combat.round ?? 0,
      state,
    };
    return { cards: [{ card, env: newEnv() }], commit: () => commitOpening(effects, request, found) };
  },
};

/** S-MN2: the sheet's pick-up button: the GM clears "désarmé" and posts the opportunity card. */
export async function pickUpSouffleWeapon(actorDoc: Actor): Promise<ChatMessage | null> {
  try {
    const actor = ownActor(actorDoc);
    const found = souffleCombatOf(actor.uuid);
    const token = tokenOf(actor.uuid);
    const [message] = await requestSouffleCard({
      flow: SOUFFLE_OPPORTUNITY_EXCHANGE,
      actor,
      ...(token?.document?.uuid ? { tokenUuid: token.document.uuid } : {}),
      targets: [],
      ...(found?.combat.id ? { combatId: found.combat.id } : {}),
      choices: { reason: 'ramasser' },
    });
    return message ?? null;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

interface TokenDoc {
  readonly id?: string | null;
  readonly uuid?: string;
  readonly x?: number;
  readonly y?: number;
  readonly actor?: { uuid?: string; name?: string } | null;
}

/** S-FL1: whether the fighter's flight got away in this combat's round (a GM-written flee card). */
function fledThisRound(actorUuid: string, combatId: string, round: number): boolean {
  if (!combatId) return false;
  return souffleCardMessages().some(
    (m) =>
      m.system.flow === SOUFFLE_FLEE_EXCHANGE &&
      m.system.step === 'fled' &&
      m.system.actorUuid === actorUuid &&
      m.system.combatId === combatId &&
      m.system.round === round,
  );
}

/**
 * `updateToken` on the active GM's client, whoever moved (a player's drag, a GM's, a console's
 * raw update that ran none of the mover's hooks): a Souffle fighter in a started fight who moved
 * out of the reach of adjacent foes gets the opportunity card (S-AT6), measured from where the GM
 * last saw the token. Nothing when no foe is left behind, nor for a held fighter's move, which
 * the GM puts back (held-move.ts).
 */
export async function afterTokenMove(
  doc: TokenDoc,
  changed: Record<string, unknown>,
  options: Record<string, unknown> = {},
): Promise<ChatMessage | null> {
  if (!isActiveGM()) return null;
  const from = seenPlaces.before(doc);
  seenPlaces.remember(doc);
  if (!from || !movedBy(changed) || options[PUT_BACK] === true) return null;
  await restored(doc.actor?.uuid);
  if (heldMoveRefusal(doc)) return null;
  const actor = doc.actor;
  if (!actor?.uuid || !isSouffleActor(actor)) return null;
  const fight = postureCombatOf(actor.uuid);
  if (!fight) return null;
  const own = tokenOf(actor.uuid, doc.uuid ?? '');
  if (!own) return null;
  const left = departureFoes(
    foesAround(own, standingAt(own, from.x, from.y)),
    foesAround(own),
    (a, b) => a.actorUuid === b.actorUuid,
    fledThisRound(actor.uuid, fight.combat.id ?? '', fight.combat.round),
  );
  if (left.length === 0) return null;
  const [message] = await requestSouffleCard({
    flow: SOUFFLE_OPPORTUNITY_EXCHANGE,
    actor: { uuid: actor.uuid },
    ...(doc.uuid ? { tokenUuid: doc.uuid } : {}),
    targets: [],
    combatId: fight.combat.id ?? '',
    choices: { reason: 'depart', fromX: from.x, fromY: from.y },
  });
  return message ?? null;
}

/** Registers the movement hooks (S-AT6), once at init. */
export function registerDepartureHooks(): void {
  // First: a held fighter's move is refused before anything remembers where it started.
  registerHeldMoveHooks();
  // The cards' buttons follow the fighters' states, gear and turns.
  registerCardRefresh();
  registerSeenPlaces();
  Hooks.on(
    'updateToken',
    (doc: TokenDoc, changed: Record<string, unknown>, options: Record<string, unknown>) => {
      void afterTokenMove(doc, changed, options ?? {});
    },
  );
}
