import { RulesError } from '../../../engine/core/errors';
import { declare } from '../../../engine/round/engine';
import type { Requester } from '../../../engine/round/types';
import { POSTURES, SOUFFLE_ACTIONS, isPosture, type Posture } from '../../../engine/souffle/posture';
import {
  SOUFFLE_STEPS,
  changePostureAtTurnEnd,
  isEndOfOwnTurn,
  goFirstInTie,
  spendSouffleAction,
  type SouffleDeclaration,
} from '../../../engine/souffle/round';
import {
  requesterFor,
  type CombatLike,
  runRoundCommand,
  applyTransition,
  readRoundState,
} from '../../combat';
import {
  POSTURE_ICONS,
  POSTURE_QUERY,
  TIE_QUERY,
  postureDeclaration,
  promptPosture,
  souffleRoundAdapter,
  type SouffleRoundState,
} from './round/adapter';
import { notifyError, t } from '../../i18n';
import { tooltipAttribute } from '../../rules';
import { askGM, registerQuery, type QueryPayload } from '../../queries';
import { id, oneOf } from '../../security';

/**
 * Choosing a posture (S-P1) from the sheet, the token HUD or the tracker. Inside a started Souffle
 * combat the choice is a round declaration: a player's click becomes a query to the GM, who
 * rebuilds the requester from the Foundry user and lets the round engine re-validate it (owner,
 * step, end of one's own turn). Outside combat the owner sets it freely. Either way the actor's
 * posture field and its token badge (a status effect per posture) follow.
 */

export { POSTURE_QUERY };

/** Status effects shown as the token's posture badge (added to CONFIG.statusEffects at init). */
export const POSTURE_STATUS_EFFECTS = POSTURES.map((p) => ({
  id: `posture-${p}`,
  name: `PDA.Souffle.Posture.${p}`,
  img: { intrepide: 'icons/svg/sword.svg', prudent: 'icons/svg/eye.svg', defensif: 'icons/svg/shield.svg' }[
    p
  ],
}));

export function postureStatusId(posture: Posture): string {
  return `posture-${posture}`;
}

interface PostureActor {
  uuid: string;
  name: string;
  isOwner: boolean;
  system: { posture?: string };
  update(changes: Record<string, unknown>): Promise<unknown>;
  toggleStatusEffect?(id: string, options: { active: boolean }): Promise<unknown>;
}

/** Stores the posture on the actor and switches its token badge (GM side, or the owner). */
export async function syncActorPosture(actor: PostureActor, posture: Posture): Promise<void> {
  if (actor.system.posture !== posture) await actor.update({ 'system.posture': posture });
  if (typeof actor.toggleStatusEffect !== 'function') return;
  for (const p of POSTURES) {
    await actor.toggleStatusEffect(postureStatusId(p), { active: p === posture });
  }
}

interface CombatantOfActor {
  combat: CombatLike;
  combatantId: string;
}

/** The started Souffle combat (the viewed one, else any) in which the actor fights. */
export function postureCombatOf(actorUuid: string): CombatantOfActor | undefined {
  const combats = [game.combat, ...(game.combats?.contents ?? [])] as unknown as (CombatLike | null)[];
  for (const combat of combats) {
    if (!combat || !combat.system.step || combat.system.rules !== 'souffle') continue;
    for (const c of combat.combatants) {
      if (c.id && (c.actor as { uuid?: string } | null)?.uuid === actorUuid)
        return { combat, combatantId: c.id };
    }
  }
  return undefined;
}

/** Reading a round makes engine views of its fighters, which ask for their posture again. */
let readingDeclared = false;

/**
 * The posture declared for the actor in its started Souffle round (S-P1): the round's copy,
 * written by the GM only, not the actor's `system.posture`, which its owner may write.
 */
export function declaredPosture(actor: unknown): Posture | undefined {
  const uuid = (actor as { uuid?: unknown } | null)?.uuid;
  if (readingDeclared || typeof uuid !== 'string') return undefined;
  readingDeclared = true;
  try {
    const found = postureCombatOf(uuid);
    if (!found) return undefined;
    const state = readRoundState(souffleRoundAdapter, found.combat) as SouffleRoundState | null;
    const posture = state?.declarations[found.combatantId]?.posture;
    return isPosture(posture) ? posture : undefined;
  } catch {
    return undefined;
  } finally {
    readingDeclared = false;
  }
}

interface PostureQueryPayload extends QueryPayload {
  combatId: string;
  combatantId: string;
  posture: string;
}

/**
 * GM side: the posture declaration of a combatant. The GM may correct a posture at any moment
 * (an amendment during the actions step); a player only during the posture step, or at the end
 * of their own turn once they acted (S-P1). The engine refuses anything else.
 */
export async function handlePostureQuery(payload: PostureQueryPayload, user: User): Promise<boolean> {
  const combat = game.combats?.get(String(payload.combatId)) as unknown as CombatLike | undefined;
  if (!combat) throw new RulesError('PDA.Error.UnknownCombat');
  const posture = payload.posture;
  if (!isPosture(posture))
    throw new RulesError('PDA.Error.SouffleUnknownPosture', { posture: String(posture) });
  const combatantId = String(payload.combatantId);
  const state = readRoundState(souffleRoundAdapter, combat) as SouffleRoundState | null;
  if (!state) throw new RulesError('PDA.Error.CombatNotStarted');
  const by = requesterFor(combat, user as User.Implementation);
  if (state.step === SOUFFLE_STEPS.actions) await changeDuringActions(combat, combatantId, posture, by);
  else {
    const declaration = postureDeclaration(state, combatantId, posture);
    await runRoundCommand(combat, by, { kind: 'declare', combatantId, declaration });
  }
  const combatant = [...combat.combatants].find((c) => c.id === combatantId);
  const actor = combatant?.actor as unknown as PostureActor | null | undefined;
  if (actor) await syncActorPosture(actor, posture);
  return true;
}

/**
 * S-P1 during the actions step: the new posture counts for defence now and for actions next
 * round, so this round's schedule and spent budget stay as they are. A player's change goes
 * through the engine's `declare` (owner, end of own turn, same round budget); the GM may correct
 * a posture at any moment (validated by the rules, the schedule and budgets untouched). The
 * engine's declare keeps what was already spent this round.
 */
async function changeDuringActions(
  combat: CombatLike,
  combatantId: string,
  posture: Posture,
  by: Requester,
): Promise<void> {
  const adapter = souffleRoundAdapter;
  await applyTransition(adapter, combat, (before) => {
    const state = before as SouffleRoundState | null;
    if (!state) throw new RulesError('PDA.Error.CombatNotStarted');
    const existing = state.declarations[combatantId];
    const combatant = state.combatants[combatantId];
    if (!existing || !combatant)
      throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
        posture: `PDA.Souffle.Posture.${posture}`,
      });
    if (!by.gm && !by.owns.includes(combatantId))
      throw new RulesError('PDA.Error.NotOwner', { name: combatant.name });
    if (!by.gm && !isEndOfOwnTurn(state, combatantId))
      throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
        posture: `PDA.Souffle.Posture.${posture}`,
      });
    const atTurnEnd = isEndOfOwnTurn(state, combatantId);
    // S-P1: a change at the end of one's own turn ends that turn; a GM's correction does not.
    const declaration: SouffleDeclaration = changePostureAtTurnEnd(existing, posture, atTurnEnd);
    if (by.gm && !atTurnEnd) {
      adapter.rules.validateDeclaration({
        state,
        combatant,
        readiness: state.readiness[combatantId] ?? {},
        declaration,
        by,
      });
      return { ...state, declarations: { ...state.declarations, [combatantId]: declaration } };
    }
    return declare(adapter.rules, state, combatantId, declaration, by);
  });
}

/** A posture request: the combat, the combatant, one of the three postures (S-P1). */
export const POSTURE_QUERY_SHAPE = { combatId: id(), combatantId: id(), posture: oneOf(POSTURES) };

/** Runs an engine transition on a Souffle combat's round for `user` (GM side) and stores it. */
async function onRound(
  combatId: string,
  user: User,
  step: (state: SouffleRoundState, by: ReturnType<typeof requesterFor>) => SouffleRoundState,
): Promise<boolean> {
  const combat = game.combats?.get(combatId) as unknown as CombatLike | undefined;
  if (!combat) throw new RulesError('PDA.Error.UnknownCombat');
  const by = requesterFor(combat, user as User.Implementation);
  await applyTransition(souffleRoundAdapter, combat, (before) => {
    const state = before as SouffleRoundState | null;
    if (!state) throw new RulesError('PDA.Error.CombatNotStarted');
    return step(state, by);
  });
  return true;
}

/** GM-side query of an action taken from a card, the sheet or the tracker (S-R2, S-P1..S-P4). */
export const ACTION_QUERY = 'souffle.action';

interface ActionQueryPayload extends QueryPayload {
  combatId: string;
  combatantId: string;
  action: string;
}

/**
 * GM side: spends the action from the combatant's posture budget (the engine checks the owner,
 * the step and what is left, and marks the slot paid so closing it does not spend it again).
 */
export async function handleActionQuery(payload: ActionQueryPayload, user: User): Promise<boolean> {
  return onRound(String(payload.combatId), user, (state, by) =>
    spendSouffleAction(state, String(payload.combatantId), String(payload.action), by),
  );
}

export const ACTION_QUERY_SHAPE = {
  combatId: id(),
  combatantId: id(),
  action: oneOf(Object.keys(SOUFFLE_ACTIONS)),
};

interface TieQueryPayload extends QueryPayload {
  combatId: string;
  combatantId: string;
}

/** GM side: `combatantId` goes first among those tied (the engine checks owner and timing). */
export async function handleTieQuery(payload: TieQueryPayload, user: User): Promise<boolean> {
  return onRound(String(payload.combatId), user, (state, by) =>
    goFirstInTie(state, String(payload.combatantId), by),
  );
}

export const TIE_QUERY_SHAPE = { combatId: id(), combatantId: id() };

export function registerPostureQuery(): void {
  registerQuery(POSTURE_QUERY, POSTURE_QUERY_SHAPE, handlePostureQuery);
  registerQuery(ACTION_QUERY, ACTION_QUERY_SHAPE, handleActionQuery);
  registerQuery(TIE_QUERY, TIE_QUERY_SHAPE, handleTieQuery);
}

/**
 * GM side, from a card action (the escape from a hold): spends `action` for the combatant of
 * `actorUuid` in the card's combat, as `user` asked. Nothing outside a combat's actions step.
 */
export async function spendForActor(
  combatId: string,
  actorUuid: string,
  action: string,
  user: User,
): Promise<void> {
  const combat = combatId ? (game.combats?.get(combatId) as unknown as CombatLike | undefined) : undefined;
  if (!combat || combat.system.rules !== 'souffle') return;
  const combatant = [...combat.combatants].find(
    (c) => (c.actor as { uuid?: string } | null)?.uuid === actorUuid,
  );
  if (!combatant?.id) return;
  const id = combatant.id;
  const by = requesterFor(combat, user as User.Implementation);
  const state = readRoundState(souffleRoundAdapter, combat) as SouffleRoundState | null;
  if (!state || state.ended || state.step !== SOUFFLE_STEPS.actions) return;
  await applyTransition(souffleRoundAdapter, combat, (before) =>
    spendSouffleAction(before as SouffleRoundState, id, action, by),
  );
}

/**
 * A posture click (sheet, token HUD, tracker): in combat through the GM, else on the actor.
 * Returns whether it was accepted (a refusal is shown to the user).
 */
export async function choosePosture(actorDoc: unknown, posture: Posture): Promise<boolean> {
  const actor = actorDoc as PostureActor;
  try {
    if (!isPosture(posture))
      throw new RulesError('PDA.Error.SouffleUnknownPosture', { posture: String(posture) });
    const found = postureCombatOf(actor.uuid);
    if (found) {
      const result = await askGM<boolean>(POSTURE_QUERY, {
        combatId: found.combat.id,
        combatantId: found.combatantId,
        posture,
      });
      return result.ok;
    }
    if (!actor.isOwner) throw new RulesError('PDA.Error.CardNotYourActor', { name: actor.name });
    await syncActorPosture(actor, posture);
    return true;
  } catch (error) {
    return notifyError(error);
  }
}

/** Opens the posture dialog for an actor and applies the choice. */
export async function askPosture(actorDoc: unknown): Promise<boolean> {
  const actor = actorDoc as PostureActor;
  const current = isPosture(actor.system.posture) ? actor.system.posture : undefined;
  const posture = await promptPosture(actor.name, current);
  return posture ? choosePosture(actor, posture) : false;
}

/** The three HUD buttons, as HTML (labels escaped). */
export function postureHudHtml(current: string | undefined): string {
  const esc = (s: string) => foundry.utils.escapeHTML(s);
  const buttons = POSTURES.map((p) => {
    const label = esc(t(`PDA.Souffle.Posture.${p}`));
    const active = p === current ? ' active' : '';
    return `<button type="button" class="control-icon pda-posture-button${active}" data-pda-posture="${p}" data-tooltip="${tooltipAttribute(`${t(`PDA.Souffle.Posture.${p}`)} — ${t(`PDA.Souffle.Posture.Hint.${p}`)}`)}" aria-label="${label}"><i class="${POSTURE_ICONS[p]}" inert></i></button>`;
  });
  return `<div class="pda-souffle-hud" role="group" aria-label="${esc(t('PDA.Souffle.Posture.Label'))}">${buttons.join('')}</div>`;
}

/**
 * `renderTokenHUD` handler: three posture buttons in the HUD's right column for a Souffle actor
 * the user owns (or the GM).
 */
export function onRenderTokenHUD(hud: unknown, html: HTMLElement): void {
  const actor = (hud as { object?: { actor?: PostureActor | null } | null }).object?.actor;
  if (!actor || !(actor.isOwner || game.user?.isGM) || !('posture' in (actor.system ?? {}))) return;
  const column = html.querySelector<HTMLElement>('.col.right') ?? html;
  column.insertAdjacentHTML('beforeend', postureHudHtml(actor.system.posture));
  for (const button of column.querySelectorAll<HTMLButtonElement>('[data-pda-posture]')) {
    button.addEventListener('click', (event) => {
      event.preventDefault();
      const posture = button.dataset.pdaPosture;
      if (isPosture(posture)) void choosePosture(actor, posture);
    });
  }
}
