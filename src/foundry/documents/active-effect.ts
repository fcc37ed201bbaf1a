import { creationRefusedToPlayer, refusedToPlayer } from '../security';

/**
 * The system's ActiveEffect: an effect carrying a status that binds a fighter (a condition or
 * state the rules read) is the GM's; a player's own client refuses to create, change or delete
 * one (the token HUD, a sheet, an honest script). A raw change that skips this is undone by the
 * active GM's client (security/binding-effects.ts).
 */
export class PasseDArmesActiveEffect extends foundry.documents.ActiveEffect {
  override async _preCreate(
    ...args: Parameters<foundry.documents.ActiveEffect['_preCreate']>
  ): ReturnType<foundry.documents.ActiveEffect['_preCreate']> {
    const [data, , user] = args;
    if (creationRefusedToPlayer(user, data)) return refuse();
    return super._preCreate(...args);
  }

  override async _preUpdate(
    ...args: Parameters<foundry.documents.ActiveEffect['_preUpdate']>
  ): ReturnType<foundry.documents.ActiveEffect['_preUpdate']> {
    const [changed, , user] = args;
    if (refusedToPlayer(user, this, changed)) return refuse();
    return super._preUpdate(...args);
  }

  override async _preDelete(
    ...args: Parameters<foundry.documents.ActiveEffect['_preDelete']>
  ): ReturnType<foundry.documents.ActiveEffect['_preDelete']> {
    const [, user] = args;
    if (refusedToPlayer(user, this)) return refuse();
    return super._preDelete(...args);
  }
}

function refuse(): false {
  ui.notifications?.warn(game.i18n?.localize('PDA.Error.BindingEffect') ?? 'PDA.Error.BindingEffect');
  return false;
}

declare module 'fvtt-types/configuration' {
  interface DocumentClassConfig {
    ActiveEffect: typeof PasseDArmesActiveEffect;
  }
}
