import { activeRulesetId } from '../settings';
import { typesOf } from '../rulesets/registry';
import type { EngineViewSource } from './actor';

/** The system's Item: hands the engine its view of the item; creation offers the active ruleset's types. */
export class PassedArmesItem extends foundry.documents.Item {
  engineView<T = unknown>(): T {
    const system = this.system as unknown as Partial<EngineViewSource>;
    if (typeof system.toEngine !== 'function') throw new Error(`Item type ${this.type} has no engine view`);
    return system.toEngine() as T;
  }

  static override async createDialog(
    ...args: Parameters<typeof foundry.documents.Item.createDialog>
  ): ReturnType<typeof foundry.documents.Item.createDialog> {
    const [data, createOptions, options] = args;
    // fvtt-types only knows subtypes declared through its configuration; ours come from the registry.
    const types = typesOf(activeRulesetId(), 'Item');
    return super.createDialog(data, createOptions, {
      ...(options ?? {}),
      types,
    } as unknown as typeof options);
  }
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    Item: typeof PassedArmesItem;
  }
}
