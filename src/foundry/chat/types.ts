import type { Dice } from '../../engine/dice/port';
import type { RulesetId } from '../../engine/rulesets';
import type { Schema } from '../security';

/**
 * The bottom of the chat folder: the types every card file shares (a card's snapshot, a flow, its
 * env, its journal, its opener). This file imports no other file of chat/; flow.ts holds the flow
 * registry, journal.ts the journal's logic, card.ts the host that renders and runs them.
 */

/**
 * The card "flow": what a ruleset plugs into the chat-card pipeline. A card is one ChatMessage of
 * type `carte` whose system data holds the whole chain's state; every step updates that message.
 * A flow says, for a card in a given step, which actions exist (and who may use them, or why they
 * are disabled), performs one action (GM side, with Foundry dice), and builds the render context
 * of the shared template templates/chat/card.hbs. Each ruleset's flows live in its own folder
 * (src/foundry/rulesets/<id>/cards/) and come with its FoundryRuleset (`cardFlows`).
 */

/** A localization key with its placeholders. */
export interface Text {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** One target of a card: the actor (and token) it concerns, with the name shown on the card. */
export interface CardTarget {
  readonly actorUuid: string;
  readonly tokenUuid: string;
  readonly name: string;
}

/** The stored card (ChatMessage system data), as flows read it. `S` is the flow's own state. */
export interface CardSnapshot<S = unknown> {
  readonly ruleset: RulesetId;
  readonly flow: string;
  readonly step: string;
  /** Bumped by every accepted action: a request made on an older revision is stale. */
  readonly revision: number;
  readonly actorUuid: string;
  readonly tokenUuid: string;
  readonly itemId: string;
  readonly targets: readonly CardTarget[];
  /** Combat the card belongs to ('' outside a fight): its end makes the buttons inert. */
  readonly combatId: string;
  readonly round: number;
  readonly state: S;
  /**
   * An accepted action's writes not all made yet (chat/journal.ts): while it is set, only
   * finishing them is possible. Set and cleared by the card host only; flows never write it.
   */
  readonly journal?: CardJournal;
}

/** A button a flow offers in the current step. */
export interface CardAction {
  readonly id: string;
  readonly label: Text;
  /**
   * Uuids of documents whose owners may use the action; the GM always may. Empty: GM only.
   * The hook hides the button from everyone else; the GM-side handler checks it again.
   */
  readonly owners: readonly string[];
  /** False when the rules forbid it now; `reason` says why (shown on the card). */
  readonly enabled: boolean;
  readonly reason?: Text;
  /** Rule the action or its refusal comes from, shown next to it. */
  readonly rule?: string;
  readonly style?: 'primary' | 'secondary' | 'danger';
}

/** A document the GM writes when an action is accepted. */
export interface DocumentWrite {
  readonly uuid: string;
  /** Embedded item of that actor to update instead of the actor itself. */
  readonly itemId?: string;
  readonly update: Record<string, unknown>;
  /**
   * Status effects to set on the actor after the update: for each status id, the Active Effect
   * data that replaces the one carrying it, or null to remove it.
   */
  readonly statuses?: Readonly<Record<string, StatusWrite | null>>;
}

/** Active Effect data for a status write (its `statuses` name the status). */
export type StatusWrite = Record<string, unknown>;

/** What an accepted action changes. */
export interface FlowResult<S> {
  readonly step: string;
  readonly state: S;
  readonly targets?: readonly CardTarget[];
  readonly writes?: readonly DocumentWrite[];
}

/** Services a flow gets from the pipeline (Foundry behind them; fakes in tests). */
export interface FlowEnv {
  /** The user who asked for the action (or who views the card). */
  readonly user: User;
  /** A document by uuid, or null when it was deleted. */
  resolve(uuid: string): unknown;
  /** Runs a pure engine step with Foundry dice; the Rolls are attached to the card. */
  roll<T>(step: (dice: Dice) => T): Promise<T>;
  /** Localizes a text. */
  t(text: Text): string;
  /** The acting user's targeted actors (the GM picking a friend hit by a fumble…). */
  userTargets(): CardTarget[];
}

/** A labelled value on the card; `rule` is a rule ID shown beside it. */
export interface CardRow {
  readonly label: string;
  readonly value: string;
  readonly rule?: string;
  readonly css?: string;
}

/** A d100 (or resistance) check as the card shows it. */
export interface CardCheck {
  readonly roll: string;
  readonly target: string;
  /** critique | reussite | echec | maladresse */
  readonly level: string;
  readonly levelLabel: string;
}

export interface CardSection {
  readonly title: string;
  readonly css?: string;
  readonly check?: CardCheck;
  readonly rows: readonly CardRow[];
  readonly notes: readonly { readonly text: string; readonly rule?: string }[];
}

/** What a flow hands the template, already localized (the template only escapes and lays out). */
export interface FlowContext {
  readonly title: string;
  readonly subtitle?: string;
  readonly sections: readonly CardSection[];
  /** Who may press the card's damage Apply and Undo (chat/damage-rights.ts), when it has them. */
  readonly who?: string;
}

export interface CardFlow<S = unknown> {
  readonly id: string;
  readonly ruleset: RulesetId;
  /** Actions of the current step, enabled or not. */
  actions(card: CardSnapshot<S>, env: FlowEnv): CardAction[];
  /** Performs an action the handler already checked is listed, enabled and allowed to the user. */
  perform(card: CardSnapshot<S>, actionId: string, env: FlowEnv): Promise<FlowResult<S>>;
  context(card: CardSnapshot<S>, env: FlowEnv): FlowContext;
  /**
   * How the GM opens a card of this flow on a user's request (chat/open.ts): the schema of the
   * dialog's choices and the first step. A flow without one is opened by other code.
   */
  readonly opener?: CardOpener;
}

/**
 * A card action's write-ahead journal. An accepted action with document writes is stored in two
 * steps: first the card's next state together with the pending writes (all absolute values) in
 * one update of the card, then the documents, then the card again without the journal. While a
 * journal is on a card every flow action is disabled and the only button is "finish the action"
 * (`RESUME_ACTION`); the active GM also finishes pending journals when it loads the world. Since
 * the writes are absolute, finishing twice writes what finishing once does, and a request made on
 * the card's older revision (the retry of the failed click) is stale: nothing is applied twice.
 *
 * Each write also keeps the values its document held when the action was decided (`from`).
 * Finishing never overwrites a value changed since: a value already at the action's result is
 * left, one still at `from` gets the result, a number changed meanwhile gets the action's change
 * added to its current value (a wound on PV healed by hand since is still a wound of the same
 * size), and any other value changed meanwhile is kept and the GM is told. And a GM-side card
 * action finishes every other card's pending journal before it reads the documents
 * (`finishPendingJournals`), so a later blow always lands on the finished earlier one.
 */
export interface CardJournal {
  /** The card revision the journal belongs to (the revision of the action's result). */
  readonly revision: number;
  /** Whose owners may press "finish" (those of the action that wrote it; the GM always may). */
  readonly owners: readonly string[];
  readonly writes: readonly JournalWrite[];
}

/** A journal's write: the absolute update and the values it replaces (nested like the update). */
export interface JournalWrite extends DocumentWrite {
  readonly from?: Readonly<Record<string, unknown>>;
}

export interface CardEnv extends FlowEnv {
  readonly rolls: Roll[];
}

/** What the GM-side opener receives, checked: the actor resolved, the targets named by the GM. */
export interface OpenRequest<C> {
  readonly user: User;
  readonly actor: unknown;
  readonly actorUuid: string;
  readonly itemId: string;
  readonly tokenUuid: string;
  readonly targets: readonly CardTarget[];
  readonly combatId: string;
  readonly choices: C;
}

/** One card an opener made: its snapshot and the env its first rolls went into. */
export interface OpenedCard {
  readonly card: CardSnapshot;
  readonly env: CardEnv;
}

export interface OpenPlan {
  readonly cards: readonly OpenedCard[];
  /** The writes the opening implies (a fired crossbow…), run before the cards are posted. */
  commit?(): Promise<void>;
}

/** A flow's opener (CardFlow.opener): the schema of its choices and the GM-side first step. */
export interface CardOpener<C = unknown> {
  readonly choices: Schema<C>;
  open(request: OpenRequest<C>, newEnv: () => CardEnv): Promise<OpenPlan>;
  /** The card may name no target (an aim, a flight with no pursuer): the opener decides. */
  readonly targetsOptional?: boolean;
}
