import { engineViewOf, withActiveTypes } from './shared';

export type { EngineViewSource } from './shared';

/**
 * The system's Actor. Rules live in the engine; this class only hands the engine its view of the
 * actor (built by the ruleset's data model) and restricts creation to the active ruleset's types.
 */
export class PassedArmesActor extends foundry.documents.Actor {
  /** The engine's view of this actor, as its ruleset's data model builds it. */
  engineView<T = unknown>(): T {
    return engineViewOf<T>(this.system, `Actor type ${this.type}`);
  }

  static override async createDialog(
    ...[data, createOptions, options]: Parameters<typeof foundry.documents.Actor.createDialog>
  ): ReturnType<typeof foundry.documents.Actor.createDialog> {
    return super.createDialog(data, createOptions, withActiveTypes(options, 'Actor'));
  }
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    Actor: typeof PassedArmesActor;
  }
}
