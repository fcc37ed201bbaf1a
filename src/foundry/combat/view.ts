import {
  activeCombatants,
  currentStep,
  isRoundComplete,
  nextDeclarant,
  slotVisible,
} from '../../engine/round/engine';
import type { Requester, RoundCombatant, RoundState, SlotStatus } from '../../engine/round/types';
import { t } from '../i18n';
import type { AnyRoundAdapter } from './adapter';

/*
 * The tracker's view model: everything the templates show, already localized, so the templates
 * hold no logic and render the same with real Handlebars in tests.
 */

export interface CombatantInfo {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly hidden: boolean;
  /** Caught by surprise at the start (F-R10); set before the combat starts. */
  readonly surprised?: boolean;
}

/** A combatant listed before the combat starts. */
export interface RosterRowView {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly surprised: boolean;
}

export interface SlotView {
  readonly id: string;
  readonly combatantId: string;
  readonly name: string;
  readonly img: string;
  readonly icon: string;
  readonly action: string;
  readonly order: number;
  readonly status: SlotStatus;
  readonly statusLabel: string;
  readonly current: boolean;
  /** The viewer owns the current slot and may end it. */
  readonly canEnd: boolean;
  /** The slot's action is spent (a Souffle action paid on a card): closing it is what is left. */
  readonly spent: boolean;
  /** The GM may amend the combatant's declaration. */
  readonly canEdit: boolean;
  /** The viewer owns the current attack slot (or is the GM): it may start its card. */
  readonly canAttack: boolean;
  /** The ruleset's note on the row (Souffle: posture and the short actions left), or ''. */
  readonly summary: string;
  /** Another slot of the same fighter's turn, right after its first: shown grouped under it. */
  readonly continues: boolean;
  /** Why this fighter stands where it does in the order (S-R3: a Guerrier first), or ''. */
  readonly orderNote: string;
}

export interface PassView {
  readonly pass: number;
  readonly label: string;
  readonly current: boolean;
  readonly slots: SlotView[];
  readonly empty: boolean;
}

export interface DeclarationRowView {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly initiative: string;
  readonly declared: boolean;
  readonly summary: string;
  readonly next: boolean;
  readonly out: boolean;
  readonly canDeclare: boolean;
  /** An initiative tie the ruleset shows (S-R3), or ''. */
  readonly tie: string;
  /** The viewer may choose this combatant to go first among those tied. */
  readonly canGoFirst: boolean;
  readonly goFirstLabel: string;
  /** The declare control's visible label and tooltip (Souffle: the posture choice). */
  readonly declareLabel: string;
  /** This screen remembers last round's declaration: one click declares it again. */
  readonly canRepeat: boolean;
}

export interface TrackerView {
  readonly hasCombat: boolean;
  readonly started: boolean;
  readonly isGM: boolean;
  readonly round: number;
  readonly roundLabel: string;
  readonly stepLabel: string;
  readonly declaring: boolean;
  readonly resolving: boolean;
  readonly complete: boolean;
  readonly prompt: string;
  readonly rows: DeclarationRowView[];
  /** Before the start: the combatants, with their surprise flag (F-R10). */
  readonly roster: RosterRowView[];
  readonly passes: PassView[];
  readonly controls: Readonly<Record<ControlId, boolean>>;
  readonly labels: Readonly<Record<string, string>>;
}

export type ControlId =
  | 'startCombat'
  | 'startPasses'
  | 'forcePasses'
  | 'previousSlot'
  | 'nextSlot'
  | 'nextPass'
  | 'nextRound'
  | 'endCombat'
  | 'declareNpcs';

const STATUS_KEYS: Record<SlotStatus, string> = {
  waiting: 'PDA.Combat.Status.Waiting',
  current: 'PDA.Combat.Status.Current',
  done: 'PDA.Combat.Status.Done',
  skipped: 'PDA.Combat.Status.Skipped',
};

const LABEL_KEYS = [
  'StartCombat',
  'EndCombat',
  'StartPasses',
  'ForcePasses',
  'PreviousSlot',
  'NextSlot',
  'NextPass',
  'NextRound',
  'Declare',
  'EditDeclaration',
  'EndSlot',
  'Attack',
  'NoCombat',
  'NotStarted',
  'NoSlots',
  'Declarations',
  'Out',
  'Surprised',
  'ToggleSurprised',
  'Simulate',
  'ToggleHidden',
  'ToggleDefeated',
  'Ping',
  'AttackShort',
  'EndSlotHint',
  'Repeat',
  'RepeatHint',
  'DeclareNpcs',
] as const;

function labels(adapter?: AnyRoundAdapter): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(LABEL_KEYS.map((k) => [k, t(`PDA.Combat.${k}`)]));
  // A ruleset that reads the surprise its own way says so on the toggle.
  if (adapter?.surpriseLabel) out.ToggleSurprised = t(adapter.surpriseLabel);
  return out;
}

function initiativeText(state: RoundState<RoundCombatant, unknown, unknown>, id: string): string {
  const entry = state.order.find((e) => e.combatantId === id);
  if (!entry) return '';
  const d10 = entry.tieBreak.length
    ? ` · ${t('PDA.Combat.TieBreak', { rolls: entry.tieBreak.join(', ') })}`
    : '';
  return `${entry.score}${d10}`;
}

export interface ViewInput {
  readonly adapter: AnyRoundAdapter | undefined;
  readonly state: RoundState<RoundCombatant, unknown, unknown> | null;
  readonly combatants: readonly CombatantInfo[];
  readonly viewer: Requester;
  /** A Combat document exists. */
  readonly hasCombat: boolean;
  /** Whether this screen remembers an earlier round's declaration of a combatant. */
  readonly remembers?: (combatantId: string) => boolean;
}

/** The PNJ still in the fight who have not declared yet (the GM's one-form declaration). */
export function npcsToDeclare(
  rules: AnyRoundAdapter['rules'],
  state: RoundState<RoundCombatant, unknown, unknown>,
): string[] {
  return activeCombatants(state)
    .filter((c) => c.side === 'npc' && state.declarations[c.id] === undefined && rules.sitsOut?.(c) !== true)
    .map((c) => c.id);
}

export function buildTrackerView(input: ViewInput): TrackerView {
  const { adapter, state, viewer } = input;
  const info = new Map(input.combatants.map((c) => [c.id, c]));
  const visible = (id: string): boolean => viewer.gm || !info.get(id)?.hidden;
  const none: Record<ControlId, boolean> = {
    startCombat: input.hasCombat && viewer.gm && !state,
    startPasses: false,
    forcePasses: false,
    previousSlot: false,
    nextSlot: false,
    nextPass: false,
    nextRound: false,
    endCombat: input.hasCombat && viewer.gm,
    declareNpcs: false,
  };
  const base = {
    hasCombat: input.hasCombat,
    isGM: viewer.gm,
    labels: labels(adapter),
  };
  if (!state || !adapter) {
    return {
      ...base,
      started: false,
      round: 0,
      roundLabel: '',
      stepLabel: '',
      declaring: false,
      resolving: false,
      complete: false,
      prompt: input.hasCombat ? t('PDA.Combat.NotStarted') : t('PDA.Combat.NoCombat'),
      rows: [],
      roster: input.combatants
        .filter((c) => visible(c.id))
        .map((c) => ({ id: c.id, name: c.name, img: c.img, surprised: Boolean(c.surprised) })),
      passes: [],
      controls: none,
    };
  }
  const rules = adapter.rules;
  const step = currentStep(rules, state);
  const declaring = step?.kind === 'declare';
  const resolving = step?.kind === 'resolve';
  const complete = isRoundComplete(rules, state);
  const next = declaring ? nextDeclarant(state, rules) : undefined;
  // F-R1: a side with nobody able to fight; ending the fight is offered, a new round stays the GM's.
  const sideDown = complete ? rules.sideDown?.(state) : undefined;
  const active = new Set(activeCombatants(state).map((c) => c.id));

  const tieOf = (id: string) => {
    const tie = adapter.initiativeTie?.(state, id, viewer);
    return {
      tie: tie?.label ?? '',
      canGoFirst: tie?.canChoose ?? false,
      goFirstLabel: tie?.chooseLabel ?? '',
    };
  };
  // A sealed initiative (adapter.initiativeText) must not show through the rows' order either.
  const sealed = state.order.some(
    (e) => adapter.initiativeText?.(state, e.combatantId, viewer) !== undefined,
  );
  const listed = sealed
    ? [...state.order].sort((a, b) =>
        (info.get(a.combatantId)?.name ?? '').localeCompare(info.get(b.combatantId)?.name ?? ''),
      )
    : state.order;
  const declareKey = adapter.declareLabel ?? 'PDA.Combat.Declare';
  const declareLabel = t(declareKey);
  const rows: DeclarationRowView[] = listed
    .filter((e) => visible(e.combatantId))
    .map((e) => {
      const id = e.combatantId;
      const c = info.get(id);
      const out = !active.has(id);
      const mine = viewer.gm || viewer.owns.includes(id);
      const declared = state.declarations[id] !== undefined;
      // One the ruleset sits out (F-U4) may open the form, which says why it declares nothing.
      const sitting = state.combatants[id] ? rules.sitsOut?.(state.combatants[id]) === true : false;
      const inTurn = viewer.gm || declared || sitting || next?.id === id || rules.declarationOrder === 'free';
      return {
        id,
        name: c?.name ?? state.combatants[id]?.name ?? id,
        img: c?.img ?? '',
        initiative: adapter.initiativeText?.(state, id, viewer) ?? initiativeText(state, id),
        declared,
        summary: declared ? adapter.describeDeclaration(state, id, viewer) : '',
        next: !sealed && next?.id === id,
        out,
        canDeclare: declaring && !out && mine && inTurn,
        canRepeat:
          declaring && !out && mine && inTurn && !declared && !sitting && (input.remembers?.(id) ?? false),
        declareLabel: declared ? t('PDA.Combat.EditDeclaration') : declareLabel,
        ...tieOf(id),
      };
    });

  const current = state.slotIndex >= 0 ? state.slots[state.slotIndex] : undefined;
  const noteOf = (id: string): string => adapter.orderNote?.(state, id) ?? '';
  const passes: PassView[] = rules.steps
    .filter((s) => s.kind === 'resolve' && s.pass !== undefined)
    .map((s) => {
      const pass = s.pass as number;
      const slots = state.slots
        .filter((slot) => slot.pass === pass && visible(slot.combatantId))
        .map((slot, index, all): SlotView => {
          const c = info.get(slot.combatantId);
          const shown = slotVisible(slot, viewer);
          const isCurrent = slot === current;
          return {
            id: slot.id,
            combatantId: slot.combatantId,
            name: c?.name ?? state.combatants[slot.combatantId]?.name ?? '?',
            img: c?.img ?? '',
            icon: shown ? adapter.actionIcon(slot.action) : 'fa-solid fa-question',
            action: shown ? t(slot.label) : t('PDA.Combat.Hidden'),
            order: slot.order,
            status: slot.status,
            statusLabel: t(STATUS_KEYS[slot.status]),
            current: isCurrent,
            canEnd: isCurrent && (viewer.gm || viewer.owns.includes(slot.combatantId)),
            spent: slot.detail?.paid !== undefined,
            canEdit: viewer.gm && active.has(slot.combatantId) && slot.status === 'waiting',
            canAttack:
              isCurrent &&
              (viewer.gm || viewer.owns.includes(slot.combatantId)) &&
              (adapter.startsCard?.(slot) ?? false),
            summary: adapter.slotSummary?.(state, slot, viewer) ?? '',
            continues: index > 0 && all[index - 1]?.combatantId === slot.combatantId,
            orderNote: noteOf(slot.combatantId),
          };
        });
      return {
        pass,
        label: t(s.label),
        current: resolving && state.pass === pass,
        slots,
        empty: slots.length === 0,
      };
    });

  return {
    ...base,
    started: true,
    round: state.round,
    roundLabel: t('PDA.Combat.Round', { round: state.round }),
    stepLabel: step ? t(step.label) : '',
    declaring,
    resolving,
    complete,
    prompt: declaring
      ? next && sealed
        ? `${t('PDA.Combat.WaitingSealed')} ${t('PDA.Combat.Prompt.DeclareOwn', { control: declareLabel })}`
        : next
          ? `${t(adapter.declarePrompt ?? 'PDA.Combat.WaitingFor', {
              name: visible(next.id) ? (info.get(next.id)?.name ?? next.name) : '?',
            })} ${t('PDA.Combat.Prompt.Declare', { control: declareLabel })}`
          : t('PDA.Combat.AllDeclared')
      : complete
        ? sideDown
          ? `${t('PDA.Combat.AllActed')} ${t(`PDA.Combat.SideDown.${sideDown}`)}`
          : t('PDA.Combat.RoundOver')
        : resolving && current && visible(current.combatantId)
          ? t(
              current.detail?.paid !== undefined
                ? 'PDA.Combat.Prompt.TurnDone'
                : adapter.startsCard?.(current)
                  ? 'PDA.Combat.Prompt.TurnAttack'
                  : 'PDA.Combat.Prompt.TurnAct',
              {
                name:
                  info.get(current.combatantId)?.name ?? state.combatants[current.combatantId]?.name ?? '?',
                attack: t('PDA.Combat.AttackShort'),
                end: t('PDA.Combat.EndSlot'),
              },
            )
          : '',
    rows,
    roster: [],
    passes: resolving ? passes : [],
    controls: {
      ...none,
      startPasses: viewer.gm && declaring && !next,
      forcePasses: viewer.gm && declaring && next !== undefined,
      previousSlot:
        viewer.gm && resolving && state.slots.some((s) => s.status === 'done' || s.status === 'skipped'),
      nextSlot: viewer.gm && resolving && current !== undefined,
      nextPass: viewer.gm && resolving && current !== undefined,
      nextRound: viewer.gm && (complete || resolving),
      declareNpcs:
        viewer.gm &&
        declaring &&
        adapter.promptNpcDeclarations !== undefined &&
        npcsToDeclare(rules, state).length > 1,
    },
  };
}
