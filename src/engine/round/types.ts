import type { Dice } from '../dice/port';

/**
 * The shared round engine: a ruleset plugs its round into `RoundRules` and the generic, pure
 * transitions in `./engine.ts` (startRound, declare, startPasses, nextSlot, previousSlot,
 * nextPass, endSlot, dropCombatant, nextRound, endCombat) drive it. Every transition returns a new
 * `RoundState`; a refusal throws a `RulesError` (PDA.Error.*) before anything changes.
 *
 * Vocabulary:
 * - step: one stage of the round, in the ruleset's order (Fantasia: initiative → declaration →
 *   pass1 → pass2 → pass3; Souffle: initiative → posture → actions).
 * - declaration: what a combatant says it will do this round (Fantasia: intents; Souffle: posture).
 * - readiness: per-combatant state that outlives a round (a drawn sword, a loaded crossbow, an
 *   arquebus reload countdown).
 * - slot: one turn in the resolution schedule: a combatant doing one thing in one pass.
 * - budget: per-round counters (Fantasia: one missile shot, one parry; Souffle: short actions).
 */

export type CombatantId = string;

/** What every ruleset knows about a combatant. Rulesets extend it with their stats. */
export interface RoundCombatant {
  readonly id: CombatantId;
  readonly name: string;
  /** Player character (Aventurier) or GM-controlled (PNJ). */
  readonly side: 'pc' | 'npc';
}

/** How a step behaves. `resolve` steps hold the slots of one pass. */
export type StepKind = 'initiative' | 'declare' | 'resolve';

export interface RoundStep {
  /** Stable id stored in documents: 'initiative', 'declaration', 'pass1', 'posture', 'actions'… */
  readonly id: string;
  readonly kind: StepKind;
  /** For resolve steps: the pass number (1-based) whose slots this step resolves. */
  readonly pass?: number;
  /** Localization key of the step's label. */
  readonly label: string;
}

/** One place in the initiative order. */
export interface InitiativeEntry {
  readonly combatantId: CombatantId;
  /** The score that orders (Fantasia: DEX; Souffle: the rolled total). */
  readonly score: number;
  /** Tie-break dice, in the order rolled (Fantasia F-R3: d10s); empty when none was needed. */
  readonly tieBreak: readonly number[];
  /** Why this entry stands where it does, for the tracker tooltip (localization key). */
  readonly reason?: string;
}

/** A per-round counter: `used` out of `max`. */
export interface Budget {
  readonly max: number;
  readonly used: number;
}

export type Budgets = Readonly<Record<string, Budget>>;

export type SlotStatus = 'waiting' | 'current' | 'done' | 'skipped';

/** A slot as a ruleset describes it; the engine adds id and status. */
export interface SlotSpec {
  readonly combatantId: CombatantId;
  /** Pass number (1-based) this slot belongs to; must match a resolve step's `pass`. */
  readonly pass: number;
  /** Action kind, ruleset-defined ('shoot', 'melee', 'reload', 'action'…). */
  readonly action: string;
  /** The number that placed it in its pass (DEX, INT for a spell…), shown in the tracker. */
  readonly order: number;
  /** Index of the declared intent this slot carries out, when the declaration has several. */
  readonly intent?: number;
  /** Localization key describing the slot (e.g. PDA.Round.Action.Reload). */
  readonly label: string;
  /** Budget pool spent by one when the slot is done ('missile', 'parry', 'actions'…). */
  readonly spends?: string;
  /** Hidden from players until it is current or over (a PNJ's exact intent, F-R5). */
  readonly secret?: boolean;
  /** Free data for the ruleset and the tracker (weapon id, target id, "continues reload"…). */
  readonly detail?: Readonly<Record<string, string | number | boolean>>;
}

export interface Slot extends SlotSpec {
  /** Unique within the round: `${round}.${index}`. */
  readonly id: string;
  readonly status: SlotStatus;
}

/** Who asks for a transition. The adapter fills it from the Foundry user. */
export type Requester = { readonly gm: true } | { readonly gm: false; readonly owns: readonly CombatantId[] };

export const GM: Requester = { gm: true };

/**
 * Generic round state. `C` combatant snapshot, `D` declaration, `R` readiness. Plain JSON, so an
 * adapter can store it in a document and any client rebuilds the same view.
 */
export interface RoundState<C extends RoundCombatant = RoundCombatant, D = unknown, R = unknown> {
  /** Ruleset id (RoundRules.id) the state belongs to. */
  readonly rules: string;
  /** 1 for the first round; 0 before the fight starts. */
  readonly round: number;
  /** Current step id (RoundRules.steps[].id), or 'ended'. */
  readonly step: string;
  /** Current pass when the step is a resolve step. */
  readonly pass?: number;
  /** Combatant snapshots taken when the round started. */
  readonly combatants: Readonly<Record<CombatantId, C>>;
  /** Initiative order, first to act first. Out-of-fight combatants stay listed (see `out`). */
  readonly order: readonly InitiativeEntry[];
  /** Declarations made this round, by combatant id. */
  readonly declarations: Readonly<Record<CombatantId, D>>;
  /** Readiness carried from round to round, by combatant id. */
  readonly readiness: Readonly<Record<CombatantId, R>>;
  /** This round's budgets, by combatant id. */
  readonly budgets: Readonly<Record<CombatantId, Budgets>>;
  /** The resolution schedule, pass by pass, in acting order. Empty before the passes start. */
  readonly slots: readonly Slot[];
  /** Index of the current slot in `slots`, or -1 when no slot is current. */
  readonly slotIndex: number;
  /** Combatants out of the fight (incapacitated, fled); they get no new slots. */
  readonly out: readonly CombatantId[];
  /** True once endCombat ran: nothing else may happen. */
  readonly ended: boolean;
}

export interface InitiativeContext<C extends RoundCombatant, D, R> {
  readonly round: number;
  /** The previous round's state, when there is one. */
  readonly previous?: RoundState<C, D, R>;
}

export interface DeclarationContext<C extends RoundCombatant, D, R> {
  readonly state: RoundState<C, D, R>;
  readonly combatant: C;
  readonly readiness: R;
  readonly declaration: D;
  readonly by: Requester;
}

export interface ScheduleContext<C extends RoundCombatant, D, R> {
  readonly state: RoundState<C, D, R>;
  /** Declarations after defaults were filled for forced passes, by combatant id. */
  readonly declarations: Readonly<Record<CombatantId, D>>;
}

export interface CarryOverContext<C extends RoundCombatant, D, R> {
  /** The finished round (slot statuses tell what was actually done). */
  readonly state: RoundState<C, D, R>;
  readonly combatant: C;
  readonly readiness: R;
  readonly declaration: D | undefined;
  /** This combatant's slots of the finished round. */
  readonly slots: readonly Slot[];
  readonly dice: Dice;
}

/** The plug-in a ruleset provides. All functions are pure (dice come through the port). */
export interface RoundRules<C extends RoundCombatant = RoundCombatant, D = unknown, R = unknown> {
  readonly id: string;
  /** Ordered steps. Exactly one 'initiative' step first, then 'declare', then 'resolve' steps. */
  readonly steps: readonly RoundStep[];
  /** Initiative rolled every round (Fantasia F-R2) or once for the fight (Souffle S-R3). */
  readonly initiativeEvery: 'round' | 'fight';
  /** Declarations must follow initiative order for players (Fantasia F-R5) or come in any order. */
  readonly declarationOrder: 'initiative' | 'free';

  /** Orders the combatants who can act, first to act first. */
  orderInitiative(
    combatants: readonly C[],
    dice: Dice,
    context: InitiativeContext<C, D, R>,
  ): InitiativeEntry[];

  /** Readiness at the start of the fight (F-R10: surprised combatants have nothing drawn). */
  initialReadiness(combatant: C): R;

  /** Throws a RulesError (PDA.Error.*) when the declaration is impossible. */
  validateDeclaration(context: DeclarationContext<C, D, R>): void;

  /** Declaration given to a combatant who did not declare when the GM forces the passes. */
  defaultDeclaration(combatant: C, readiness: R): D;

  /**
   * Whether `combatantId` may (re)declare now. Optional: by default only during the declare
   * step. Souffle uses it to allow a posture change at the end of one's own turn (S-P1).
   */
  canDeclareNow?(state: RoundState<C, D, R>, combatantId: CombatantId): boolean;

  /** The schedule for the round, every pass, in acting order. */
  buildSchedule(context: ScheduleContext<C, D, R>): SlotSpec[];

  /** This round's budgets for a combatant. */
  budgets(combatant: C, declaration: D | undefined, readiness: R): Record<string, Budget>;

  /** Readiness at the start of the next round, from what the finished round actually did. */
  carryOver(context: CarryOverContext<C, D, R>): R;

  /** Declaration kept into the next round (Souffle keeps the posture); undefined clears it. */
  carryDeclaration?(declaration: D, combatant: C): D | undefined;

  /** F-R1: whether another round makes sense. Default: at least two combatants still in. */
  canContinue?(state: RoundState<C, D, R>): boolean;

  /**
   * A combatant still listed in the fight who declares nothing this round and gets no slot
   * (Fantasia F-U4: knocked out; F-H1: no PV left). Declarations neither wait for it nor miss it.
   * Absent: everyone still in declares.
   */
  sitsOut?(combatant: C): boolean;

  /**
   * F-R1: the side ('pc' Aventuriers, 'npc' the GM's) with nobody left able to fight, when the
   * fight has both sides; the tracker says so and offers to end the fight, a new round staying
   * the GM's choice. Absent or undefined: nothing to say.
   */
  sideDown?(state: RoundState<C, D, R>): 'pc' | 'npc' | undefined;

  /**
   * Issue 46: whether this current slot's action is spent once a card its fighter played in it
   * has nothing left to answer (a blow, a shot: one card per slot), so the slot closes itself.
   * Absent or false: the slot stays open until its fighter or the GM closes it. `state` is the
   * round now (Souffle keeps a turn's last slot open, S-P1).
   */
  closesWithCard?(slot: Slot, state: RoundState<C, D, R>): boolean;
}
