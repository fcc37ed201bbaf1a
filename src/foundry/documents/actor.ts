import { activeRulesetId } from '../settings';
import { typesOf } from '../rulesets/registry';

/** What a ruleset's actor data model offers the adapters: the engine's view of the actor. */
export interface EngineViewSource<T = unknown> {
  toEngine(): T;
}

function hasEngineView(system: unknown): system is EngineViewSource {
  return typeof (system as Partial<EngineViewSource> | null)?.toEngine === 'function';
}

/**
 * The system's Actor. Rules live in the engine; this class only hands the engine its view of the
 * actor (built by the ruleset's data model) and restricts creation to the active ruleset's types.
 */
export class PassedArmesActor extends foundry.documents.Actor {
  /** The engine's view of this actor, as its ruleset's data model builds it. */
  engineView<T = unknown>(): T {
    if (!hasEngineView(this.system)) throw new Error(`Actor type ${this.type} has no engine view`);
    return this.system.toEngine() as T;
  }

  static override async createDialog(
    ...args: Parameters<typeof foundry.documents.Actor.createDialog>
  ): ReturnType<typeof foundry.documents.Actor.createDialog> {
    const [data, createOptions, options] = args;
    // fvtt-types only knows subtypes declared through its configuration; ours come from the registry.
    const types = typesOf(activeRulesetId(), 'Actor');
    return super.createDialog(data, createOptions, {
      ...(options ?? {}),
      types,
    } as unknown as typeof options);
  }
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    Actor: typeof PassedArmesActor;
  }
}
