import { primaryTokenAttribute } from '../rulesets/registry';
import { bindingKeyRefused } from '../security';
import { engineViewOf, withActiveTypes } from './shared';

export type { EngineViewSource } from './shared';

/**
 * The system's Actor. Rules live in the engine; this class only hands the engine its view of the
 * actor (built by the ruleset's data model) and restricts creation to the active ruleset's types.
 */
export class PasseDArmesActor extends foundry.documents.Actor {
  /** The engine's view of this actor, as its ruleset's data model builds it. */
  engineView<T = unknown>(): T {
    return engineViewOf<T>(this.system, `Actor type ${this.type}`);
  }

  /**
   * A new actor's token shows its ruleset's primary attribute as bar 1 (Greyhawk `hp`, others
   * `pv`), unless the creation data chose a bar: system.json's single primaryTokenAttribute cannot
   * serve three rulesets.
   */
  override async _preCreate(
    ...args: Parameters<foundry.documents.Actor['_preCreate']>
  ): ReturnType<foundry.documents.Actor['_preCreate']> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return allowed;
    const [data] = args;
    const chosen = (data as { prototypeToken?: { bar1?: { attribute?: unknown } } }).prototypeToken?.bar1;
    const primary = primaryTokenAttribute(this.type);
    const doc = this as unknown as { updateSource?: (changes: object) => unknown };
    if (primary && chosen?.attribute === undefined && typeof doc.updateSource === 'function')
      doc.updateSource({ prototypeToken: { bar1: { attribute: primary } } });
    return allowed;
  }

  /**
   * A binding fact kept in the actor's data (a Fantasia state, the Souffle knock-out count) is the
   * GM's: a player's own client refuses her change of it (security/binding-keys.ts); a raw change
   * that skips this is written back by the active GM's client.
   */
  override async _preUpdate(
    ...args: Parameters<foundry.documents.Actor['_preUpdate']>
  ): ReturnType<foundry.documents.Actor['_preUpdate']> {
    const [changed, , user] = args;
    if (bindingKeyRefused(user, this, changed as object)) {
      ui.notifications?.warn(game.i18n?.localize('PDA.Error.BindingEffect') ?? 'PDA.Error.BindingEffect');
      return false;
    }
    return super._preUpdate(...args);
  }

  static override async createDialog(
    ...[data, createOptions, options]: Parameters<typeof foundry.documents.Actor.createDialog>
  ): ReturnType<typeof foundry.documents.Actor.createDialog> {
    return super.createDialog(data, createOptions, withActiveTypes(options, 'Actor'));
  }
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    Actor: typeof PasseDArmesActor;
  }
}
