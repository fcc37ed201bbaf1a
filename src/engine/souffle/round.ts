import { RulesError } from '../core/errors';
import type { Dice } from '../dice/port';
import type {
  Budget,
  CombatantId,
  DeclarationContext,
  InitiativeEntry,
  RoundCombatant,
  RoundRules,
  RoundState,
  ScheduleContext,
  SlotSpec,
} from '../round/types';
import type { AimKind } from './attack';
import { rollInitiative } from './initiative';
import { DEFAULT_OPTIONS, type SouffleOptions } from './options';
import {
  actionCost,
  actionLength,
  isPosture,
  postureShortActions,
  spendAction,
  type Posture,
  type PostureTurn,
} from './posture';

/**
 * Souffle's plug-in for the shared round engine (S-R1..S-R3, S-P1..S-P4): initiative once per
 * fight, then each round a posture step (declare) and an actions step (one resolve pass). Each
 * fighter acts in one turn, all their actions in a row, in initiative order; the posture's short
 * actions are the 'actions' budget.
 */

export interface SouffleRoundCombatant extends RoundCombatant {
  /** Initiative score: the ladder level rolled (S-R3). */
  readonly initiative: number;
  /** Has the Guerrier discipline: acts before everyone else (S-R3). */
  readonly guerrier: boolean;
  /** Assommé when the round's schedule is built: no turn this round (S-MN3). */
  readonly knockedOut?: boolean;
}

export interface SouffleDeclaration {
  readonly posture: Posture;
  /** Actions planned this round (SOUFFLE_ACTIONS ids); omitted: one open slot per short action. */
  readonly actions?: readonly string[];
  /** After a change at the end of one's own turn (S-P1): the posture whose budget still rules
   *  this round. The new `posture` counts for defence at once and for actions next round. */
  readonly thisRound?: Posture;
  /** S-P1: the posture was changed at the end of one's own turn: the turn is over, no action
   *  may follow this round. */
  readonly turnOver?: boolean;
}

export interface SouffleReadiness {
  /** A prepared aim or manoeuvre (S-AT7) waiting for the next attack. */
  readonly aim?: AimKind;
}

export const SOUFFLE_STEPS = {
  initiative: 'initiative',
  posture: 'posture',
  actions: 'actions',
} as const;

/** Budget pool of short actions. */
export const ACTIONS_POOL = 'actions';

/** The posture whose action budget applies this round. */
export function roundPosture(declaration: SouffleDeclaration): Posture {
  return declaration.thisRound ?? declaration.posture;
}

/** The declaration after a posture change at the end of one's own turn (S-P1). */
export function changePostureAtTurnEnd(
  declaration: SouffleDeclaration,
  posture: Posture,
  endsTurn = true,
): SouffleDeclaration {
  return {
    ...declaration,
    posture,
    thisRound: roundPosture(declaration),
    ...(endsTurn || declaration.turnOver ? { turnOver: true } : {}),
  };
}

/**
 * Actions follow the round's turn order (S-R1, S-R3): outside the GM, a costed action is taken
 * only in one's own current slot; refused naming whose turn it is. A fighter who changed posture
 * at the end of their turn (S-P1) acts no more this round. Before the actions step (initiative,
 * postures) a player's costed action is refused: the turn comes once the postures are chosen.
 * A fighter the round does not hold checks nothing.
 */
export function turnRefusal<C extends RoundCombatant, R>(
  state: RoundState<C, SouffleDeclaration, R>,
  id: CombatantId,
  action: string,
  gm: boolean,
): RulesError | undefined {
  if (state.ended || state.round < 1 || !state.combatants[id]) return undefined;
  if (actionCost(actionLength(action)) === 0) return undefined;
  const name = state.combatants[id]?.name ?? id;
  // Before the actions step (initiative, postures) nobody acts yet: the turn comes in order.
  if (state.step !== SOUFFLE_STEPS.actions)
    return gm ? undefined : new RulesError('PDA.Error.SouffleBeforeActions', { name });
  if (state.declarations[id]?.turnOver) return new RulesError('PDA.Error.SouffleTurnOver', { name });
  if (gm) return undefined;
  const current = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  if (!current) return new RulesError('PDA.Error.SouffleNoTurn', { name });
  if (current.combatantId === id) return undefined;
  // Say when the fighter's turn comes: later in this round's order, or next round.
  const later = state.slots.some(
    (s, i) => i > state.slotIndex && s.combatantId === id && s.status === 'waiting',
  );
  return new RulesError(later ? 'PDA.Error.SouffleNotYourTurn' : 'PDA.Error.SouffleNextRound', {
    name,
    current: state.combatants[current.combatantId]?.name ?? current.combatantId,
  });
}

function checkActions(posture: Posture, actions: readonly string[]): void {
  let turn: PostureTurn = { posture, spent: 0 };
  for (const action of actions) turn = spendAction(turn, action);
}

/** True when `id` is acting in the current slot and has no further slot this round. */
export function isEndOfOwnTurn<C extends RoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  id: CombatantId,
): boolean {
  const current = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  if (!current || current.combatantId !== id || current.status !== 'current') return false;
  return !state.slots.some((s, i) => i > state.slotIndex && s.combatantId === id && s.status === 'waiting');
}

export function souffleRoundRules(
  options: SouffleOptions = DEFAULT_OPTIONS,
): RoundRules<SouffleRoundCombatant, SouffleDeclaration, SouffleReadiness> {
  return {
    id: 'souffle',
    steps: [
      { id: SOUFFLE_STEPS.initiative, kind: 'initiative', label: 'PDA.Souffle.Step.Initiative' },
      { id: SOUFFLE_STEPS.posture, kind: 'declare', label: 'PDA.Souffle.Step.Posture' },
      { id: SOUFFLE_STEPS.actions, kind: 'resolve', pass: 1, label: 'PDA.Souffle.Step.Actions' },
    ],
    initiativeEvery: 'fight',
    declarationOrder: 'free',

    orderInitiative(combatants, dice: Dice): InitiativeEntry[] {
      const order = rollInitiative(
        combatants.map((c) => ({ id: c.id, initiative: c.initiative, guerrier: c.guerrier })),
        dice,
        options,
      );
      return order.map((r) => ({
        combatantId: r.id,
        score: r.total,
        tieBreak: [],
        ...(r.tie !== undefined
          ? { reason: 'PDA.Souffle.Initiative.Tie' }
          : r.guerrier
            ? { reason: 'PDA.Souffle.Initiative.Guerrier' }
            : {}),
      }));
    },

    initialReadiness(): SouffleReadiness {
      return {};
    },

    validateDeclaration(
      context: DeclarationContext<SouffleRoundCombatant, SouffleDeclaration, SouffleReadiness>,
    ) {
      const { state, combatant, declaration, by } = context;
      if (!isPosture(declaration.posture)) {
        throw new RulesError('PDA.Error.SouffleUnknownPosture', { posture: String(declaration.posture) });
      }
      const existing = state.declarations[combatant.id];
      if (state.step === SOUFFLE_STEPS.actions) {
        // S-P1: a change at the end of one's own turn keeps this round's budget and plan.
        if (!existing || roundPosture(declaration) !== roundPosture(existing)) {
          throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
            posture: `PDA.Souffle.Posture.${declaration.posture}`,
          });
        }
        if (JSON.stringify(declaration.actions ?? null) !== JSON.stringify(existing.actions ?? null)) {
          throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
            posture: `PDA.Souffle.Posture.${declaration.posture}`,
          });
        }
        return;
      }
      if (declaration.thisRound !== undefined) {
        throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
          posture: `PDA.Souffle.Posture.${declaration.posture}`,
        });
      }
      // S-P1: after the first round the posture carried over only changes at a turn's end (the
      // GM may still correct it).
      if (state.round > 1 && existing && existing.posture !== declaration.posture && !by.gm) {
        throw new RulesError('PDA.Error.SoufflePostureChangeTiming', {
          posture: `PDA.Souffle.Posture.${declaration.posture}`,
        });
      }
      if (declaration.actions) checkActions(declaration.posture, declaration.actions);
    },

    defaultDeclaration(): SouffleDeclaration {
      return { posture: 'prudent' };
    },

    canDeclareNow(state, id) {
      if (state.step === SOUFFLE_STEPS.posture) return true;
      return state.step === SOUFFLE_STEPS.actions && isEndOfOwnTurn(state, id);
    },

    buildSchedule(
      context: ScheduleContext<SouffleRoundCombatant, SouffleDeclaration, SouffleReadiness>,
    ): SlotSpec[] {
      const { state, declarations } = context;
      const out = new Set(state.out);
      const slots: SlotSpec[] = [];
      for (const entry of state.order) {
        const id = entry.combatantId;
        const declaration = declarations[id];
        if (out.has(id) || !declaration) continue;
        // S-MN3: an unconscious fighter has no turn at all; the round skips them.
        if (state.combatants[id]?.knockedOut) continue;
        const posture = roundPosture(declaration);
        const planned = declaration.actions ?? Array<string>(postureShortActions(posture)).fill('action');
        const base = { combatantId: id, pass: 1, order: entry.score };
        if (planned.length === 0) {
          // Défensif: a turn for defence and base movement only (S-P4), spending nothing.
          slots.push({ ...base, action: 'defense', label: 'PDA.Souffle.Action.defense' });
          continue;
        }
        for (const action of planned) {
          if (action === 'action') {
            slots.push({ ...base, action, label: 'PDA.Souffle.Action.open', spends: ACTIONS_POOL });
            continue;
          }
          const length = actionLength(action);
          const label = `PDA.Souffle.Action.${action}`;
          if (length === 'long') {
            // A long action fills both short actions of the round (S-R2).
            slots.push({ ...base, action, label, spends: ACTIONS_POOL, detail: { long: true, part: 1 } });
            slots.push({ ...base, action, label, spends: ACTIONS_POOL, detail: { long: true, part: 2 } });
          } else if (length === 'short') {
            slots.push({ ...base, action, label, spends: ACTIONS_POOL });
          } else {
            slots.push({ ...base, action, label });
          }
        }
      }
      return slots;
    },

    budgets(_combatant, declaration): Record<string, Budget> {
      const max = declaration ? postureShortActions(roundPosture(declaration)) : 0;
      return { [ACTIONS_POOL]: { max, used: 0 } };
    },

    carryOver(context) {
      return context.readiness;
    },

    carryDeclaration(declaration): SouffleDeclaration {
      // The posture lasts the whole scene (S-P1); the plan and a turn's end do not.
      return { posture: declaration.posture };
    },

    // S-R2 (issue 46): a short action is spent when its card opens (spendSouffleAction marks the
    // slot paid); once that card has nothing left to answer the slot closes itself and the
    // fighter's next short action (intrépide) becomes current. The turn's last slot stays open:
    // S-P1 lets the fighter change posture at the end of the turn, before « J'ai fini ».
    closesWithCard: (slot, state) =>
      typeof slot.detail?.paid === 'string' && !isEndOfOwnTurn(state, slot.combatantId),
  };
}

export const souffleRound = souffleRoundRules();

/**
 * S-R2/S-P1..S-P4: a player's action (an attack card, an aim, a grapple…) spends its short or
 * long action from the posture's budget at once; refused with the reason when the budget cannot
 * pay it. Passive actions (defence, movement, an opportunity attack) cost nothing. The slots the
 * action fills are marked paid (their `spends` removed) so closing them later in the tracker does
 * not spend the same action twice. Outside the actions step nothing is spent.
 */
export function spendSouffleAction<C extends SouffleRoundCombatant, R>(
  state: RoundState<C, SouffleDeclaration, R>,
  id: CombatantId,
  action: string,
  by: { readonly gm: boolean; readonly owns?: readonly CombatantId[] },
): RoundState<C, SouffleDeclaration, R> {
  const combatant = state.combatants[id];
  if (!combatant) throw new RulesError('PDA.Error.UnknownCombatant', { id });
  if (!by.gm && !(by.owns ?? []).includes(id))
    throw new RulesError('PDA.Error.NotOwner', { name: combatant.name });
  const cost = actionCost(actionLength(action));
  if (cost === 0 || state.ended || state.step !== SOUFFLE_STEPS.actions) return state;
  const declaration = state.declarations[id];
  const budget = state.budgets[id]?.[ACTIONS_POOL] ?? { max: 0, used: 0 };
  spendAction(
    declaration ? { posture: roundPosture(declaration), spent: budget.used } : { spent: 0 },
    action,
  );
  const refused = turnRefusal(state, id, action, by.gm);
  if (refused) throw refused;
  // The current slot first, then the next waiting ones, in schedule order.
  const order = state.slots
    .map((slot, index) => ({ slot, index }))
    .filter(
      ({ slot }) =>
        slot.combatantId === id &&
        slot.spends === ACTIONS_POOL &&
        (slot.status === 'current' || slot.status === 'waiting'),
    )
    .sort(
      (a, b) =>
        Number(b.slot.status === 'current') - Number(a.slot.status === 'current') || a.index - b.index,
    )
    .slice(0, cost)
    .map((x) => x.index);
  const slots = state.slots.map((slot, index) => {
    if (!order.includes(index)) return slot;
    const { spends: _paid, ...rest } = slot;
    // An open slot now names what was done in it.
    const named = slot.action === 'action' ? { action, label: `PDA.Souffle.Action.${action}` } : {};
    return { ...rest, ...named, detail: { ...(slot.detail ?? {}), paid: action } };
  });
  return {
    ...state,
    slots,
    budgets: {
      ...state.budgets,
      [id]: { ...(state.budgets[id] ?? {}), [ACTIONS_POOL]: { ...budget, used: budget.used + cost } },
    },
  };
}

/** The tracker reason of an initiative tie still open (S-R3), and of one the players settled. */
export const TIE_REASON = 'PDA.Souffle.Initiative.Tie';
export const TIE_SETTLED = 'PDA.Souffle.Initiative.TieSettled';

/** The ids of `id`'s open tie group, in order (empty when `id` is not tied). */
export function tieGroup(order: readonly InitiativeEntry[], id: CombatantId): CombatantId[] {
  const index = order.findIndex((e) => e.combatantId === id);
  const entry = order[index];
  if (!entry || entry.reason !== TIE_REASON) return [];
  const same = (e: InitiativeEntry | undefined) => e?.reason === TIE_REASON && e.score === entry.score;
  let start = index;
  while (start > 0 && same(order[start - 1])) start -= 1;
  let end = index;
  while (end < order.length - 1 && same(order[end + 1])) end += 1;
  return order.slice(start, end + 1).map((e) => e.combatantId);
}

/**
 * S-R3: on an initiative tie the players choose who goes first: `id` moves to the head of its tie
 * group and the group is settled. Only before the actions start, by the GM or a player owning one
 * of the tied fighters.
 */
export function goFirstInTie<C extends SouffleRoundCombatant, D, R>(
  state: RoundState<C, D, R>,
  id: CombatantId,
  by: { readonly gm: boolean; readonly owns?: readonly CombatantId[] },
): RoundState<C, D, R> {
  const group = tieGroup(state.order, id);
  if (group.length < 2) throw new RulesError('PDA.Error.SouffleNotATie', { ids: id });
  if (state.ended || state.step === SOUFFLE_STEPS.actions) throw new RulesError('PDA.Error.SouffleTieTiming');
  if (!by.gm && !group.some((g) => (by.owns ?? []).includes(g)))
    throw new RulesError('PDA.Error.NotOwner', { name: state.combatants[id]?.name ?? id });
  const start = state.order.findIndex((e) => e.combatantId === group[0]);
  const members = state.order.slice(start, start + group.length);
  const chosen = members.find((e) => e.combatantId === id)!;
  const settled = [chosen, ...members.filter((e) => e !== chosen)].map((e) => ({
    ...e,
    reason: TIE_SETTLED,
  }));
  return {
    ...state,
    order: [...state.order.slice(0, start), ...settled, ...state.order.slice(start + group.length)],
  };
}
