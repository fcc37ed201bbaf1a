import { RulesError } from '../../../../engine/core/errors';
import type { Requester, RoundState, Slot } from '../../../../engine/round/types';
import type { SouffleFighter } from '../../../../engine/souffle/fighter';
import { tickKnockOut } from '../../../../engine/souffle/manoeuvres';
import {
  POSTURES,
  SOUFFLE_ACTIONS,
  isPosture,
  postureShortActions,
  spendAction,
  type Posture,
  type PostureTurn,
} from '../../../../engine/souffle/posture';
import {
  ACTIONS_POOL,
  SOUFFLE_STEPS,
  changePostureAtTurnEnd,
  isEndOfOwnTurn,
  roundPosture,
  souffleRound,
  tieGroup,
  turnRefusal,
  type SouffleDeclaration,
  type SouffleReadiness,
  type SouffleRoundCombatant,
} from '../../../../engine/souffle/round';
import { templatePath } from '../../../constants';
import { t } from '../../../i18n';
import { souffleRoundCombatant, souffleRoundRulesFromSettings } from './combat';
import { endRoundConditions } from './conditions';
import { writeState } from '../states';
import { askGM } from '../../../queries';
import {
  type CombatLike,
  type CombatantLike,
  type DeclarationRequest,
  type RoundAdapter,
  turnOrderEnforced,
} from '../../../combat';

/**
 * Souffle's round in Foundry (S-R1..S-R3, S-P1..S-P4): the engine plug-in of
 * src/engine/souffle/round.ts with what only Foundry knows: reading a combatant, the posture
 * dialog, the tracker's posture text with its action pips, and the action-budget check the chat
 * cards use. Steps: initiative (Guerrier first) → posture → actions.
 */

export type SouffleRoundState = RoundState<SouffleRoundCombatant, SouffleDeclaration, SouffleReadiness>;

/** Font Awesome icon of each posture (tracker, token HUD, sheet). */
export const POSTURE_ICONS: Readonly<Record<Posture, string>> = {
  intrepide: 'fa-solid fa-fire',
  prudent: 'fa-solid fa-scale-balanced',
  defensif: 'fa-solid fa-shield-halved',
};

const ACTION_ICONS: Record<string, string> = {
  action: 'fa-solid fa-bolt',
  attaque: 'fa-solid fa-khanda',
  viser: 'fa-solid fa-crosshairs',
  ramasser: 'fa-solid fa-hand',
  autre: 'fa-solid fa-ellipsis',
  lutte: 'fa-solid fa-hands-holding',
  degagement: 'fa-solid fa-person-walking-arrow-right',
  defense: 'fa-solid fa-shield-halved',
  deplacement: 'fa-solid fa-person-running',
  fuite: 'fa-solid fa-person-running',
  attaqueOpportuniste: 'fa-solid fa-bolt-lightning',
};

const PLACEHOLDER_ACTIONS = new Set(['action']);

/** The round's snapshot of a combatant; an actor of another ruleset takes part with no stats. */
export function souffleCombatant(combatant: CombatantLike): SouffleRoundCombatant {
  const id = combatant.id ?? '';
  const name = combatant.name ?? '';
  const actor = combatant.actor as unknown as {
    name?: string;
    type?: string;
    hasPlayerOwner?: boolean;
    system?: { toEngine?: () => SouffleFighter };
  } | null;
  if (actor && typeof actor.system?.toEngine === 'function') {
    return { ...souffleRoundCombatant(id, { ...actor, name, system: actor.system }), name };
  }
  return { id, name, side: 'npc', initiative: 0, guerrier: false };
}

/** Checks untrusted declaration data (a query, a form): a posture, maybe a plan of actions. */
export function parseSouffleDeclaration(data: unknown): SouffleDeclaration {
  const bad = () => new RulesError('PDA.Error.Round.BadDeclaration');
  if (typeof data !== 'object' || data === null) throw bad();
  const raw = data as { posture?: unknown; actions?: unknown; thisRound?: unknown; turnOver?: unknown };
  if (!isPosture(raw.posture)) {
    throw new RulesError('PDA.Error.SouffleUnknownPosture', { posture: String(raw.posture) });
  }
  let actions: string[] | undefined;
  if (raw.actions !== undefined) {
    if (!Array.isArray(raw.actions) || raw.actions.length > 4) throw bad();
    actions = raw.actions.map((a: unknown) => {
      if (typeof a !== 'string' || (!Object.hasOwn(SOUFFLE_ACTIONS, a) && !PLACEHOLDER_ACTIONS.has(a)))
        throw bad();
      return a;
    });
  }
  if (raw.thisRound !== undefined && !isPosture(raw.thisRound)) throw bad();
  return {
    posture: raw.posture,
    ...(actions ? { actions } : {}),
    ...(raw.thisRound !== undefined ? { thisRound: raw.thisRound as Posture } : {}),
    ...(raw.turnOver === true ? { turnOver: true } : {}),
  };
}

/** One pip per short action of the round: spent or still available. */
export interface ActionPip {
  readonly spent: boolean;
}

/** What the tracker row shows of a combatant: posture icon and label, the action pips. */
export interface SoufflePostureView {
  readonly chosen: boolean;
  readonly posture: Posture | '';
  readonly icon: string;
  readonly label: string;
  /** The posture chosen at the end of the turn, in force for defence now and actions next round. */
  readonly next: string;
  readonly pips: ActionPip[];
  readonly left: number;
  readonly max: number;
  readonly pipsLabel: string;
}

export function soufflePostureView(state: SouffleRoundState, id: string): SoufflePostureView {
  const declaration = state.declarations[id];
  if (!declaration) {
    return {
      chosen: false,
      posture: '',
      icon: 'fa-solid fa-question',
      label: t('PDA.Souffle.UI.NoPosture'),
      next: '',
      pips: [],
      left: 0,
      max: 0,
      pipsLabel: '',
    };
  }
  const current = roundPosture(declaration);
  const budget = state.budgets[id]?.[ACTIONS_POOL];
  const max = budget?.max ?? postureShortActions(current);
  const used = Math.min(max, budget?.used ?? 0);
  const pips = Array.from({ length: max }, (_, i) => ({ spent: i < used }));
  return {
    chosen: true,
    posture: current,
    icon: POSTURE_ICONS[current],
    label: t(`PDA.Souffle.Posture.${current}`),
    next: declaration.posture !== current ? t(`PDA.Souffle.Posture.${declaration.posture}`) : '',
    pips,
    left: max - used,
    max,
    pipsLabel: t('PDA.Souffle.UI.ActionsLeft', { left: max - used, max }),
  };
}

/** The tracker's one-line summary: posture, then one pip per short action (● spent, ○ left). */
export function describeSouffleDeclaration(state: SouffleRoundState, id: string, _viewer: Requester): string {
  const view = soufflePostureView(state, id);
  if (!view.chosen) return '';
  const pips = view.pips.map((p) => (p.spent ? '●' : '○')).join('');
  const next = view.next ? ` → ${view.next}` : '';
  return `${view.label}${next}${pips ? ` ${pips}` : ''}`;
}

/**
 * S-P1/S-P2..S-P4: whether `id` may start `action` now; throws the localized refusal
 * (PDA.Error.SouffleNoPosture, PDA.Error.SouffleNoActionLeft) when its posture's budget of short
 * actions is spent. Passive actions (defence, movement) always pass. Before the actions step a
 * player's costed action is refused (postures first); with no round nothing is checked.
 */
export function checkSouffleAction(
  state: SouffleRoundState | null,
  id: string,
  action: string,
  gm = false,
): void {
  const turn = souffleTurn(state, id);
  // Before the actions step only the turn is checked (S-R1: postures first).
  if (!turn && state && turnOrderEnforced()) {
    const early = turnRefusal(state, id, action, gm);
    if (early) throw early;
  }
  if (!turn || !state) return;
  // What the posture cannot pay at all first, then whose turn it is (S-R1).
  spendAction(turn, action);
  const refused = turnRefusal(state, id, action, gm);
  if (refused) throw refused;
}

/**
 * The posture budget `id` has this round (S-P1..S-P4), as the engine's exchanges read it;
 * undefined outside a combat's actions step or for a fighter not in it (nothing is counted).
 */
export function souffleTurn(state: SouffleRoundState | null, id: string): PostureTurn | undefined {
  if (!state || state.ended || state.step !== SOUFFLE_STEPS.actions) return undefined;
  if (!state.combatants[id]) return undefined;
  const declaration = state.declarations[id];
  if (!declaration) return { spent: 0 };
  const budget = state.budgets[id]?.[ACTIONS_POOL];
  return { posture: roundPosture(declaration), spent: budget?.used ?? 0 };
}

/**
 * The declaration a posture choice makes now: during the posture step the posture itself; during
 * the actions step, at the end of one's own turn, a change that keeps this round's budget (S-P1).
 */
export function postureDeclaration(
  state: SouffleRoundState,
  id: string,
  posture: Posture,
): SouffleDeclaration {
  if (!isPosture(posture))
    throw new RulesError('PDA.Error.SouffleUnknownPosture', { posture: String(posture) });
  const existing = state.declarations[id];
  if (state.step === SOUFFLE_STEPS.actions) {
    if (!existing || !isEndOfOwnTurn(state, id)) {
      throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
        posture: `PDA.Souffle.Posture.${posture}`,
      });
    }
    return changePostureAtTurnEnd(existing, posture);
  }
  return { posture };
}

export const POSTURE_DIALOG_TEMPLATE = templatePath('souffle/combat/posture-dialog.hbs');

/** The posture dialog's context: three choices with their budget and defence. */
export function postureDialogContext(name: string, current: Posture | undefined) {
  return {
    name,
    postures: POSTURES.map((p) => ({
      id: p,
      icon: POSTURE_ICONS[p],
      label: t(`PDA.Souffle.Posture.${p}`),
      hint: t(`PDA.Souffle.Posture.Hint.${p}`),
      checked: p === current,
    })),
    labels: { Choose: t('PDA.Souffle.UI.ChoosePosture', { name }) },
  };
}

/** Asks the user for a posture (DialogV2); resolves null when closed. */
export async function promptPosture(name: string, current?: Posture): Promise<Posture | null> {
  const content = await foundry.applications.handlebars.renderTemplate(
    POSTURE_DIALOG_TEMPLATE,
    postureDialogContext(name, current),
  );
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: t('PDA.Souffle.UI.PostureTitle', { name }) },
    content,
    buttons: POSTURES.map((p) => ({
      action: p,
      label: t(`PDA.Souffle.Posture.${p}`),
      icon: POSTURE_ICONS[p],
      default: p === (current ?? 'prudent'),
    })),
    rejectClose: false,
  } as unknown as foundry.applications.api.DialogV2.WaitOptions);
  return isPosture(result) ? result : null;
}

/** GM-side query of a posture choice (handled in src/foundry/rulesets/souffle/posture.ts). */
export const POSTURE_QUERY = 'souffle.posture';

/** GM-side query of an initiative tie settled by a player (S-R3; handled in ../posture.ts). */
export const TIE_QUERY = 'souffle.tie';

/** The combat holding a combatant id (the viewed one first). */
function combatHolding(combatantId: string): CombatLike | undefined {
  const combats = [game.combat, ...(game.combats?.contents ?? [])] as unknown as (CombatLike | null)[];
  return combats.find((c) => c && [...c.combatants].some((x) => x.id === combatantId)) ?? undefined;
}

/**
 * The tracker's declare/edit button. In the posture step it returns the posture to declare.
 * During the actions step a change keeps this round's schedule and spent budget (S-P1), which the
 * shared `amend` command would rebuild: the change goes through the posture query instead, and
 * the tracker gets null (nothing more to send).
 */
async function promptSouffleDeclaration(
  request: DeclarationRequest<SouffleRoundCombatant, SouffleDeclaration, SouffleReadiness>,
): Promise<SouffleDeclaration | null> {
  const current = request.current ? request.current.posture : undefined;
  const posture = await promptPosture(request.combatant.name, current);
  if (!posture) return null;
  // Through the posture query in every step: the GM declares it and also stores it on the actor
  // (and its token badge), which the defence reads (S-P2/S-P4).
  const combat = combatHolding(request.combatant.id);
  if (!combat) return { posture };
  await askGM<boolean>(POSTURE_QUERY, { combatId: combat.id, combatantId: request.combatant.id, posture });
  return null;
}

interface KnockOutActor {
  readonly id?: string | null;
  readonly uuid?: string;
  readonly system?: { toEngine?: () => SouffleFighter };
  update(data: Record<string, unknown>): Promise<unknown>;
}

/**
 * S-MN3: at each new round a knocked-out fighter's rounds run down; at 0 `assommé` clears. Only a
 * knock-out with a count (the attack card's) runs down: an `assommé` ticked by hand without rounds
 * stays until the GM clears it. An actor with several combatants counts once.
 */
export async function tickKnockOuts(combat: CombatLike): Promise<void> {
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as unknown as KnockOutActor | null;
    if (!actor || typeof actor.system?.toEngine !== 'function') continue;
    const key = actor.uuid ?? actor.id ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    const fighter = actor.system.toEngine();
    if (!fighter.states.includes('assomme') || (fighter.assommeRounds ?? 0) < 1) continue;
    const next = tickKnockOut(fighter);
    await actor.update({ 'system.assommeRounds': next.assommeRounds ?? 0 });
    // The state is the effect carrying its status (../states.ts): removed when the count ends.
    if (!next.states.includes('assomme')) await writeState(actor, 'assomme', false);
  }
}

/** The tracker's slot attack (slot-attack.ts), set by the ruleset's setup (no import circle). */
let slotAttack: ((combat: CombatLike, slotId: string) => Promise<unknown>) | undefined;

export function setSouffleSlotAttack(start: typeof slotAttack): void {
  slotAttack = start;
}

/** A slot that still has a short action to spend on an attack (S-R1, S-R2). */
export function souffleSlotStartsCard(slot: Slot): boolean {
  return slot.spends === ACTIONS_POOL && (slot.action === 'action' || slot.action === 'attaque');
}

function currentRules() {
  try {
    return souffleRoundRulesFromSettings();
  } catch {
    return souffleRound;
  }
}

/** Souffle's round adapter; `rules` follows the world settings (the ladder rolls initiative). */
export const souffleRoundAdapter: RoundAdapter<SouffleRoundCombatant, SouffleDeclaration, SouffleReadiness> =
  {
    get rules() {
      return currentRules();
    },
    toCombatant: souffleCombatant,
    parseDeclaration: parseSouffleDeclaration,
    describeDeclaration: describeSouffleDeclaration,
    actionIcon: (action) => ACTION_ICONS[action] ?? 'fa-solid fa-circle',
    promptDeclaration: promptSouffleDeclaration,
    declareLabel: 'PDA.Souffle.Tracker.ChoosePosture',
    declarePrompt: 'PDA.Souffle.Tracker.WaitingFor',
    // S-DF1 (ruling): a fighter caught by surprise is "pris au dépourvu" in round 1.
    surpriseLabel: 'PDA.Souffle.Tracker.ToggleSurprised',
    // S-R3: a Guerrier's slot comes before higher totals; its number says why.
    orderNote: (state, id) => {
      const reason = state.order.find((e) => e.combatantId === id)?.reason;
      return reason === 'PDA.Souffle.Initiative.Guerrier' ? t(reason) : undefined;
    },
    // S-R1: the slot's attack button, as in the other rulesets.
    startsCard: souffleSlotStartsCard,
    startCard: async (combat, slotId) => slotAttack?.(combat, slotId),
    roundStarted: async (combat) => {
      await tickKnockOuts(combat);
      await endRoundConditions(combat);
    },
    // S-R3: a tie is shown on the rows; a player owning one of the tied fighters picks who starts.
    initiativeTie: (state, id, viewer) => {
      const group = tieGroup(state.order, id);
      if (group.length < 2) return undefined;
      const open = !state.ended && state.step !== SOUFFLE_STEPS.actions;
      return {
        label: t('PDA.Souffle.Tie.Label'),
        canChoose: open && (viewer.gm || group.some((g) => viewer.owns.includes(g))),
        chooseLabel: t('PDA.Souffle.Tie.First', { name: state.combatants[id]?.name ?? '' }),
      };
    },
    goFirst: async (combat, combatantId) =>
      (await askGM<boolean>(TIE_QUERY, { combatId: combat.id, combatantId })).ok,
    // S-R2: on each fighter's first slot of the round, the posture and its pips (● spent, ○ left).
    slotSummary: (state, slot, viewer) =>
      state.slots.find((s) => s.combatantId === slot.combatantId) === slot
        ? describeSouffleDeclaration(state, slot.combatantId, viewer)
        : '',
  };
