import type { RulesetId } from '../../engine/rulesets';
import type { CardFlow } from '../chat';
import type { AnyRoundAdapter } from '../combat';

/**
 * A data model class as Foundry's `CONFIG.<Document>.dataModels` takes it. Kept loose on purpose:
 * each ruleset's models are checked where they are declared, and the registry only passes them on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a class of any TypeDataModel subtype
export type DataModelClass = abstract new (...args: any[]) => unknown;

/** A sheet class registered for some subtypes of a document. */
export interface SheetRegistration {
  /** Document subtypes the sheet serves. */
  readonly types: readonly string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ApplicationV2 sheet classes vary by document
  readonly sheetClass: new (...args: any[]) => unknown;
  /** Localization key of the sheet's label in the sheet configuration dialog. */
  readonly label: string;
}

/**
 * Everything a ruleset brings to Foundry, declared in one object. The entry file registers every
 * ruleset's data models (so switching rulesets never invalidates stored data), and only the
 * active ruleset's sheets, creatable types, round rules and hooks.
 */
export interface FoundryRuleset {
  readonly id: RulesetId;
  /** Localization key of its name, shown in the world setting. */
  readonly label: string;
  readonly actorModels: Readonly<Record<string, DataModelClass>>;
  readonly itemModels: Readonly<Record<string, DataModelClass>>;
  readonly actorSheets?: readonly SheetRegistration[];
  readonly itemSheets?: readonly SheetRegistration[];
  /**
   * The round plug-in for the combat tracker (src/foundry/combat/adapter.ts), registered in every
   * world so a combat of any ruleset stays playable. Its combatant, declaration and readiness
   * types are the ruleset's own.
   */
  readonly roundAdapter?: AnyRoundAdapter;
  /**
   * Chat-card flows (src/foundry/chat/flow.ts), registered in every world. Each keeps its own
   * state type: the host only hands a flow the cards it opened.
   */
  readonly cardFlows?: readonly CardFlow[];
  /**
   * Called at `init` for every ruleset, active or not, after its round adapter and card flows are
   * registered: hooks up what its cards read from the round and preloads the templates they need,
   * so rounds and cards of every ruleset stay playable.
   */
  setup?(): void;
  /**
   * Token attributes of its actor types: `primary` becomes a new actor's default bar (Fantasia and
   * Souffle `pv`, Greyhawk `hp`); `bar` and `value` go to CONFIG.Actor.trackableAttributes.
   * Registered in every world, like the data models.
   */
  readonly tokenAttributes?: {
    readonly primary: string;
    readonly bar: readonly string[];
    readonly value: readonly string[];
  };
  /** Extra world settings of the ruleset (always registered, so they survive a switch). */
  registerSettings?(): void;
  /** Called at `init` when the ruleset is the active one. */
  init?(): void;
  /** Called at `ready` when the ruleset is the active one. */
  ready?(): void;
}
