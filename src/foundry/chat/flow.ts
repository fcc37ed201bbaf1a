import type { Dice } from '../../engine/dice/port';
import type { RulesetId } from '../../engine/rulesets';
import type { CardOpener } from './open';
import type { CardJournal } from './journal';

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

const flows = new Map<string, CardFlow>();

export function registerFlow<S>(flow: CardFlow<S>): void {
  flows.set(flow.id, flow);
}

export function getFlow(id: string): CardFlow | undefined {
  return flows.get(id);
}
