import { engineViewOf, withActiveTypes } from './shared';

/** The system's Item: hands the engine its view of the item; creation offers the active ruleset's types. */
export class PasseDArmesItem extends foundry.documents.Item {
  engineView<T = unknown>(): T {
    return engineViewOf<T>(this.system, `Item type ${this.type}`);
  }

  static override async createDialog(
    ...[data, createOptions, options]: Parameters<typeof foundry.documents.Item.createDialog>
  ): ReturnType<typeof foundry.documents.Item.createDialog> {
    return super.createDialog(data, createOptions, withActiveTypes(options, 'Item'));
  }
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    Item: typeof PasseDArmesItem;
  }
}
