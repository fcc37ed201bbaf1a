import type {
  CombatantId,
  Requester,
  RoundCombatant,
  RoundRules,
  RoundState,
  Slot,
} from '../../engine/round/types';
import type { SystemCombatFlags } from '../flags';

/** What the combat adapter reads from a Combatant document (a real one or a test fake). */
export interface CombatantLike {
  readonly id: string | null;
  /** Undefined on a Combatant whose name and actor's name are both empty. */
  readonly name: string | null | undefined;
  readonly img?: string | null;
  readonly actor: Actor.Implementation | null;
  readonly defeated?: boolean;
  readonly hidden?: boolean;
  readonly system: {
    readonly declaration: string;
    readonly readiness: string;
    readonly budgets: string;
    readonly surprised: boolean;
  };
  testUserPermission(user: User.Implementation, level: 'OWNER'): boolean;
}

/** What the combat adapter reads from and writes to a Combat document. */
export interface CombatLike {
  readonly id: string | null;
  readonly round: number;
  readonly system: {
    readonly rules: string;
    readonly step: string;
    /** Undefined on a Combat stored before the field existed (not required by the model). */
    readonly pass: number | null | undefined;
    readonly slotIndex: number;
    readonly slots: readonly object[];
    readonly order: readonly object[];
    readonly out: readonly string[];
    /** Combatant ids caught by surprise (F-R10); undefined on a Combat stored before the field. */
    readonly surprised?: readonly string[];
  };
  readonly combatants: Iterable<CombatantLike>;
  /** The system's flags (flags.ts): a round journal left by a command cut off midway. */
  readonly flags?: { readonly 'passe-d-armes'?: SystemCombatFlags };
  update(data: Record<string, unknown>, operation?: { render?: boolean }): Promise<unknown>;
  updateEmbeddedDocuments(
    name: 'Combatant',
    updates: Record<string, unknown>[],
    operation?: { render?: boolean },
  ): Promise<unknown>;
}

/** A Combatant of the combat by id (own entries only: no key such as 'constructor' matches). */
export function combatantById<C extends CombatantLike = CombatantLike>(
  combat: CombatLike,
  id: string,
): C | undefined {
  for (const c of combat.combatants) if (c.id === id) return c as C;
  return undefined;
}

/**
 * A ruleset's round in Foundry: the engine plug-in plus what only the adapter knows (how to read a
 * combatant, how to ask a user for a declaration, how to show one). Each ruleset's lives in
 * its folder (src/foundry/rulesets/<id>/round/) and is registered with registerRoundAdapter.
 */
export interface RoundAdapter<C extends RoundCombatant = RoundCombatant, D = unknown, R = unknown> {
  readonly rules: RoundRules<C, D, R>;
  /** The engine's snapshot of a combatant (ids are Combatant ids). */
  toCombatant(combatant: CombatantLike, combat?: CombatLike): C;
  /** Checks untrusted declaration data (from a query or a form) and returns it typed. */
  parseDeclaration(data: unknown): D;
  /** Localized one-line summary of a declaration as `viewer` may see it (F-R5 secrecy). */
  describeDeclaration(state: RoundState<C, D, R>, id: CombatantId, viewer: Requester): string;
  /** Font Awesome classes for a slot action. */
  actionIcon(action: string): string;
  /** Asks the user for a declaration; resolves null when cancelled. */
  promptDeclaration(request: DeclarationRequest<C, D, R>): Promise<D | null>;
  /**
   * The declaration the tracker's "same as last round" sends for `request.last` (its target
   * replaced by the person's T target, a weapon no longer carried dropped…); undefined when last
   * round's no longer fits. Absent: `request.last` as it was.
   */
  repeatDeclaration?(request: DeclarationRequest<C, D, R>): D | undefined;
  /**
   * The GM declares every PNJ still to declare in one form (issue 46); resolves the declarations
   * by combatant id (a PNJ left blank is left out), or null when cancelled. Absent: one by one.
   */
  promptNpcDeclarations?(requests: readonly DeclarationRequest<C, D, R>[]): Promise<Record<string, D> | null>;
  /**
   * A weapon was fired on an attack card: its readiness for the round (a crossbow is unloaded,
   * F-W5). Checks that `by` owns the combatant. Absent when the ruleset has no such readiness.
   */
  weaponFired?(
    state: RoundState<C, D, R>,
    combatantId: string,
    weaponId: string,
    by: Requester,
  ): RoundState<C, D, R>;
  /**
   * An initiative tie on a declaration row (Souffle S-R3): its label and whether `viewer` may
   * choose this combatant to go first. Absent or undefined: no tie shown.
   */
  initiativeTie?(
    state: RoundState<C, D, R>,
    id: CombatantId,
    viewer: Requester,
  ): { readonly label: string; readonly canChoose: boolean; readonly chooseLabel: string } | undefined;
  /** The tie row's button: `combatantId` goes first among those tied (through the GM). */
  goFirst?(combat: CombatLike, combatantId: string): Promise<unknown>;
  /**
   * The initiative a declaration row shows `viewer` (Greyhawk: the sealed d10 hidden from players
   * while they declare). Absent or undefined: the order's score as usual.
   */
  initiativeText?(state: RoundState<C, D, R>, id: CombatantId, viewer: Requester): string | undefined;
  /** Why a fighter stands where it does in the order, localized (Souffle: a Guerrier first). */
  orderNote?(state: RoundState<C, D, R>, id: CombatantId): string | undefined;
  /** A note shown on a slot's row (Souffle: the posture and its short actions left). */
  slotSummary?(state: RoundState<C, D, R>, slot: Slot, viewer: Requester): string;
  /** Lang key of the declaration rows' control (default PDA.Combat.Declare; Souffle: postures). */
  readonly declareLabel?: string;
  /** Lang key of the prompt naming who declares next, with {name} (default PDA.Combat.WaitingFor). */
  readonly declarePrompt?: string;
  /**
   * Lang key of the tracker's surprise toggle (default PDA.Combat.ToggleSurprised, Fantasia's F-R10
   * wording; Souffle: "pris au dépourvu" in round 1).
   */
  readonly surpriseLabel?: string;
  /** The current slot starts an attack card (a button on its row). */
  startsCard?(slot: Slot): boolean;
  /**
   * Starts the card of the current slot `slotId` (its row's button, clicked by its owner or the
   * GM). Refusals are shown as warnings and post nothing.
   */
  startCard?(combat: CombatLike, slotId: string): Promise<unknown>;
  /**
   * Readiness that lives on the combatant's own documents (a weapon's drawn and loaded flags on
   * its item): the round reads it from there and writes changes back there, so the sheet, the
   * card and the round never disagree. Absent: readiness is kept on the Combatant.
   */
  readonly documentReadiness?: DocumentReadiness<R>;
  /**
   * A new round has begun (GM side, once the round command's state is written): effects that last
   * some rounds run down here. Absent when the ruleset has none.
   */
  roundStarted?(combat: CombatLike, state: RoundState<C, D, R>): Promise<void>;
  /**
   * Any round command was written (GM side): the ruleset writes on its documents what the new
   * state settles (Greyhawk G-P2: a fighter whose standing-up slot came is no longer prone).
   */
  afterCommand?(combat: CombatLike, state: RoundState<C, D, R>): Promise<void>;
}

/** Readiness kept on documents: how to read it and the item updates that store a new value. */
export interface DocumentReadiness<R> {
  read(combatant: CombatantLike): R;
  /** Updates of the actor's embedded items that store `readiness` (only what differs). */
  writes(combatant: CombatantLike, readiness: R): Record<string, unknown>[];
}

export interface DeclarationRequest<C extends RoundCombatant, D, R> {
  readonly state: RoundState<C, D, R>;
  readonly combatant: C;
  readonly readiness: R;
  readonly current: D | undefined;
  /** The GM sees and writes a PNJ's secret intent and public text. */
  readonly gm: boolean;
  /** What this client declared for the combatant in an earlier round (the form starts from it). */
  readonly last?: D;
  /** The combatant of this fight the person targets on the scene (Foundry's T), if any. */
  readonly targetId?: string;
}

// A registry over every ruleset's adapter; the element types differ per ruleset.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous adapters
export type AnyRoundAdapter = RoundAdapter<any, any, any>;

const adapters = new Map<string, AnyRoundAdapter>();

/** Registers the round of a ruleset, keyed by its RoundRules id (= the ruleset id). */
export function registerRoundAdapter(adapter: AnyRoundAdapter): void {
  adapters.set(adapter.rules.id, adapter);
}

export function roundAdapterFor(rulesetId: string): AnyRoundAdapter | undefined {
  return adapters.get(rulesetId);
}

/** Who a Foundry user is for the round engine: the GM, or the owner of some combatants. */
export function requesterFor(combat: CombatLike, user: User.Implementation | null | undefined): Requester {
  if (user?.isGM) return { gm: true };
  const owns: string[] = [];
  if (user) {
    for (const c of combat.combatants) if (c.id && c.testUserPermission(user, 'OWNER')) owns.push(c.id);
  }
  return { gm: false, owns };
}
