import { RulesError } from '../../../../engine/core/errors';
import { passFacts, refuseUndeclaredTargets, standingRefusals, undeclaredIn } from './attack-refusals';
import { isRanged, withStates } from '../../../../engine/fantasia/weapons';
import type { FantasiaCombatant } from '../../../../engine/fantasia/types';
import { GM } from '../../../../engine/round/types';
import { notifyError } from '../../../i18n';
import { activeRulesetId } from '../../../settings';
import { runRoundCommand, type CombatLike, type CombatantLike, refuseAttackOutOfTurn } from '../../../combat';
import { combatantOfActor } from '../round/chat-round';
import {
  resolveUuid,
  userTargets,
  idOrEmpty,
  requestCardOpen,
  type CardOpener,
  type OpenedCard,
  type CardFlow,
  type CardSnapshot,
  type CardTarget,
} from '../../../chat';
import { tokenDistance } from '../../../canvas';
import { tokenFor } from '../scene-points';
import { bool, int, object, oneOf, optional } from '../../../security';
import { combatantOf } from './actor-writes';
import { FANTASIA_ATTACK_FLOW, fantasiaAttackFlow } from './attack-flow';
import {
  openAttack,
  type AttackIntent,
  LUTTE_HOLDS,
  type FantasiaAttackState,
  type LutteHold,
  type WhipIntent,
} from '../../../../engine/fantasia/exchange';
import { fantasiaRound } from './round-context';
import {
  attackerHasInitiative,
  knockOutOffered,
  SITUATION_QUESTIONS,
  thrustContext,
  type SituationAnswers,
  type SituationQuestion,
} from '../../../../engine/fantasia/exchange';
import { askChoices, type AttackDialogResult } from './attack-dialog';
import { withOtherWeaponRuling } from './other-weapon-ruling';
import { optionsSource } from './attack-state';

/**
 * Starting an attack (sheets and the round tracker call this): a dialog for targets (the user's
 * Foundry targets by default), cover (F-D5), a secret thrust named now (F-B2), a knock-out
 * (F-U4) or a whip effect (F-W2); then the GM opens one attack card per target (chat/open.ts):
 * the attack is rolled on the GM's client and the GM posts the cards, spoken by the attacker.
 */
export interface StartAttackOptions {
  /** Targets to offer (default: the user's targeted tokens). */
  readonly targets?: readonly CardTarget[];
  /** Actor uuids of the offered targets ticked at first (default: all of them). */
  readonly checked?: readonly string[];
  /** Skip the dialog and use these choices (macros, tests, the tracker). */
  readonly skipDialog?: boolean;
  readonly cover?: number;
  readonly thrustId?: string;
  readonly knockOut?: boolean;
  readonly whip?: WhipIntent;
  /** Lutte: immobilise, throw down or strangle on a hit (F-U3). */
  readonly lutte?: LutteHold;
  /** The situation of a thrust no document knows (F-B7): behind, above, seen… */
  readonly situation?: SituationAnswers;
  /** Combat the attack belongs to (default: the active combat, when the actor is in it). */
  readonly combatId?: string;
  /** A companion holds a weapon too heavy for the attacker's FOR (F-W6). */
  readonly assisted?: boolean;
}

interface ActorLike {
  uuid: string;
  id: string | null;
  name: string;
  isOwner: boolean;
  items?: { get(id: string): { update(c: Record<string, unknown>): Promise<unknown> } | undefined };
  engineView<T>(): T;
}

interface AttackCombat {
  id: string | null;
  round: number;
  combatants: Iterable<CombatantLike>;
}

/**
 * The combat an attack belongs to, as the GM decides it: the one named if the actor fights in it,
 * else the viewed or an active combat holding the actor (a request cannot leave its round out),
 * else the one named.
 */
function combatOf(actorUuid: string, explicit: string): AttackCombat | undefined {
  const holds = (c: AttackCombat | null | undefined): c is AttackCombat =>
    Boolean(c && combatantOfActor(c, actorUuid));
  const named = explicit ? (game.combats?.get(explicit) as unknown as AttackCombat | undefined) : undefined;
  if (holds(named)) return named;
  const viewed = game.combat as unknown as AttackCombat | null | undefined;
  if (holds(viewed)) return viewed;
  const active = (game.combats?.contents ?? []) as unknown as (AttackCombat & { active?: boolean })[];
  return active.find((c) => c.active && holds(c)) ?? named;
}

/** The client's guess of the combat, for the dialog only (the GM decides again). */
function viewedCombatId(actor: ActorLike, explicit?: string): string {
  if (explicit) return explicit;
  return combatOf(actor.uuid, '')?.id ?? '';
}

/** A shot counts in the round (F-R9) and unloads a crossbow or arquebus there (F-W5, F-W6). */
async function roundWeaponFired(
  combat: AttackCombat | undefined,
  actorUuid: string,
  weaponId: string,
): Promise<void> {
  const round = combat as unknown as CombatLike | undefined;
  if (!round?.system?.step || round.system.rules !== 'fantasia') return;
  const combatant = combatantOfActor(round, actorUuid);
  if (!combatant?.id) return;
  // On the GM's client, inside the card.open request's task: the command runs directly.
  try {
    await runRoundCommand(round, GM, { kind: 'weaponFired', combatantId: combatant.id, weaponId });
  } catch (error) {
    notifyError(error);
  }
}

/**
 * The attacker as the round sees it: winding a crossbow in this round's passes (F-W5); nocking
 * the bow its pass-3 slot looses (F-R8, F-R9).
 */
function attackerOf(actor: ActorLike, combatId: string): FantasiaCombatant {
  const facts = fantasiaRound().facts(combatId, actor.uuid);
  const viewed = actor.engineView<FantasiaCombatant>();
  const nocked = facts.nockingWeaponId
    ? {
        ...viewed,
        weapons: viewed.weapons?.map((w) => (w.id === facts.nockingWeaponId ? { ...w, loaded: true } : w)),
      }
    : viewed;
  return facts.reloadingWeaponId && !nocked.states.reloading
    ? withStates(nocked, { reloading: { weaponId: facts.reloadingWeaponId } })
    : nocked;
}

/** The dialog's choices as a request carries them (checked again by the GM). */
export type FantasiaOpenChoices = Omit<AttackDialogResult, 'targets' | 'assisted'> & {
  readonly assisted?: boolean;
};

const OPEN_CHOICES = object({
  cover: int(0, 100),
  thrustId: idOrEmpty(),
  knockOut: bool(),
  whip: oneOf<WhipIntent>(['', 'trip', 'disarm']),
  lutte: oneOf<LutteHold>(['', ...LUTTE_HOLDS]),
  assisted: optional(bool()),
  situation: optional(
    object(Object.fromEntries(SITUATION_QUESTIONS.map((q) => [q, optional(bool())])) as SituationShape),
  ),
});

type SituationShape = Record<SituationQuestion, ReturnType<typeof optional<boolean>>>;

/** Requests the GM already ruled on (F-B1 granted): opened again without asking twice. */
const granted = new WeakSet<object>();

/** GM side: one attack card per target, rolled with Foundry dice on the GM's client. */
export const fantasiaAttackOpener: CardOpener<FantasiaOpenChoices> = {
  choices: OPEN_CHOICES,
  async open(request, newEnv) {
    const actor = request.actor as ActorLike;
    const weaponId = request.itemId;
    const combat = combatOf(actor.uuid, request.combatId);
    const combatId = combat?.id ?? '';
    const facts = fantasiaRound().facts(combatId, actor.uuid);
    const attacker = attackerOf(actor, combatId);
    const weapon = attacker.weapons?.find((w) => w.id === weaponId);
    if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: weaponId });
    // What stops this fighter or weapon at any moment first (a sheathed blade, F-R5…), then
    // F-R1, F-R6..F-R8: a player attacks in the fighter's own slot of the passes only.
    standingRefusals(attacker, weapon, facts);
    refuseAttackOutOfTurn(actor.uuid, request.user, combatId);
    refuseUndeclaredTargets(
      attacker,
      weapon,
      facts,
      combat,
      request.targets.map((x) => x.actorUuid),
    );
    let c = request.choices;
    if (!granted.has(request)) {
      const ruled = await withOtherWeaponRuling(c, request.user, actor.name, attacker, weapon);
      if (ruled.asked) {
        // The GM answered outside the queue: open again from the documents as they are now.
        const again = { ...request, choices: ruled.choices };
        granted.add(again);
        return fantasiaAttackOpener.open(again, newEnv);
      }
      c = ruled.choices;
    }
    if (c.knockOut && !knockOutOffered(weapon, facts) && knockOutOffered(weapon, undefined))
      throw new RulesError('PDA.Error.CardKnockOutNotDeclared', { rule: 'F-U4' });
    const intent: AttackIntent = {
      cover: c.cover,
      thrustId: c.thrustId,
      knockOut: c.knockOut,
      whip: c.whip,
      ...(c.lutte && weapon.skill === 'lutte' ? { lutte: c.lutte } : {}),
      ...(c.assisted ? { assisted: true } : {}),
      ...(c.thrustId && c.situation && Object.keys(c.situation).length ? { situation: c.situation } : {}),
    };
    const cards: OpenedCard[] = [];
    let unloaded = false;
    for (const target of request.targets) {
      const defender = combatantOf(resolveUuid(target.actorUuid), target.name);
      // F-M4: a shot or throw measures the tokens now, on the GM's client, elevation included.
      const distance = isRanged(weapon)
        ? tokenDistance(tokenFor(request.tokenUuid, actor.uuid), tokenFor(target.tokenUuid, target.actorUuid))
        : null;
      const env = newEnv();
      const opened = await env.roll((dice) =>
        openAttack(
          {
            attacker,
            defender,
            weaponId,
            intent,
            memory: fantasiaRound().memory(combatId),
            ...(facts.dodgeDeclared ? { attackerDodging: true } : {}),
            ...(facts.missileUsed ? { missileUsed: true } : {}),
            ...(undeclaredIn(facts) ? { undeclared: true } : {}),
            ...passFacts(facts),
            ...(distance !== null ? { distance } : {}),
            ...(c.thrustId
              ? {
                  context: thrustContext(
                    attackerHasInitiative(facts, fantasiaRound().facts(combatId, target.actorUuid)),
                    c.situation ?? {},
                  ),
                }
              : {}),
          },
          dice,
          optionsSource(),
        ),
      );
      const after = opened.attackerAfter?.weapons?.find((w) => w.id === weaponId);
      if (after && !after.loaded) unloaded = true;
      const card: CardSnapshot<FantasiaAttackState> = {
        ruleset: activeRulesetId(),
        flow: FANTASIA_ATTACK_FLOW,
        step: opened.step,
        revision: 0,
        actorUuid: actor.uuid,
        tokenUuid: '',
        itemId: weaponId,
        targets: [target],
        combatId,
        round: combat?.round ?? 0,
        state: opened.state,
      };
      cards.push({ card, env });
    }
    return {
      cards,
      async commit() {
        if (unloaded) await actor.items?.get(weaponId)?.update({ 'system.loaded': false });
        // Every shot or throw spends the round's one (F-R9), from the sheet as from the tracker.
        if (unloaded || isRanged(weapon)) await roundWeaponFired(combat, actor.uuid, weaponId);
      },
    };
  },
};

/** The attack flow with its opener, as the ruleset registers it. */
export const fantasiaAttackCardFlow: CardFlow<FantasiaAttackState> = {
  ...fantasiaAttackFlow,
  opener: fantasiaAttackOpener,
};

/**
 * Opens the attack dialog and asks the GM for one card per chosen target. Returns the created
 * messages (empty when cancelled or refused; a refusal is shown as a warning and changes nothing).
 */
export async function startAttack(
  actorDoc: Actor,
  weaponId: string,
  options: StartAttackOptions = {},
): Promise<ChatMessage[]> {
  try {
    const actor = actorDoc as unknown as ActorLike;
    if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
    const combatId = viewedCombatId(actor, options.combatId);
    const attacker = attackerOf(actor, combatId);
    const weapon = attacker.weapons?.find((w) => w.id === weaponId);
    if (!weapon) throw new RulesError('PDA.Error.CardNoWeapon', { weapon: weaponId });
    // Told before the dialog; the GM checks again (F-R1, F-R6..F-R8).
    standingRefusals(attacker, weapon, fantasiaRound().facts(combatId, actor.uuid));
    refuseAttackOutOfTurn(actor.uuid, game.user, combatId);
    const offered = options.targets ?? userTargets();
    // Every Fantasia attack strikes someone (F-H1): say how to target before any dialog.
    if (offered.length === 0) throw new RulesError('PDA.Error.TargetFirst', { name: actor.name });
    let choices: AttackDialogResult | null = {
      targets: options.checked ? [...options.checked] : offered.map((x) => x.actorUuid),
      cover: options.cover ?? 0,
      thrustId: options.thrustId ?? '',
      knockOut: options.knockOut ?? false,
      whip: options.whip ?? '',
      lutte: options.lutte ?? '',
      assisted: options.assisted ?? false,
      situation: options.situation ?? {},
    };
    if (!options.skipDialog)
      choices = await askChoices(
        attacker,
        weapon,
        offered,
        { knockOut: options.knockOut ?? false, lutte: options.lutte ?? '' },
        fantasiaRound().facts(combatId, actor.uuid),
        combatId,
        actor.uuid,
        options.checked,
      );
    if (!choices) return [];
    const chosen = offered.filter((x) => choices.targets.includes(x.actorUuid));
    if (chosen.length === 0) throw new RulesError('PDA.Error.CardNoTarget');
    refuseUndeclaredTargets(
      attacker,
      weapon,
      fantasiaRound().facts(combatId, actor.uuid),
      combatOf(actor.uuid, combatId),
      chosen.map((x) => x.actorUuid),
    );
    const sent: FantasiaOpenChoices = {
      cover: choices.cover,
      thrustId: choices.thrustId ?? '',
      knockOut: choices.knockOut === true,
      whip: choices.whip ?? '',
      lutte: choices.lutte ?? '',
      ...(choices.assisted ? { assisted: true } : {}),
      ...(choices.thrustId && choices.situation && Object.keys(choices.situation).length
        ? { situation: choices.situation }
        : {}),
    };
    return await requestCardOpen({
      flow: FANTASIA_ATTACK_FLOW,
      actor,
      itemId: weaponId,
      targets: chosen,
      combatId,
      choices: sent,
    });
  } catch (error) {
    notifyError(error);
    return [];
  }
}
