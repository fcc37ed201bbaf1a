import { RulesError } from '../../../engine/core/errors';
import { notifyError } from '../../i18n';
import { FANTASIA_ACTOR_TYPES } from './models/actors';
import { FANTASIA_ITEM_TYPES } from './models/items';

/** Refuses to put another ruleset's item on a Fantasia actor (RulesError). */
export function checkFantasiaItem(actorType: string, itemType: string): void {
  if (!(FANTASIA_ACTOR_TYPES as readonly string[]).includes(actorType)) return;
  if (!(FANTASIA_ITEM_TYPES as readonly string[]).includes(itemType)) {
    throw new RulesError('PDA.Error.FantasiaItemType', { type: itemType });
  }
}

/**
 * `preCreateItem` handler: an item dropped (from a compendium, the sidebar or another actor) or
 * created on a Fantasia actor must be a Fantasia item. Returning false cancels the creation.
 */
export function fantasiaPreCreateItem(item: { type: string; parent?: unknown }): boolean | void {
  const parent = item.parent as { documentName?: string; type?: string } | null | undefined;
  if (!parent || parent.documentName !== 'Actor') return;
  try {
    checkFantasiaItem(parent.type ?? '', item.type);
  } catch (error) {
    notifyError(error);
    return false;
  }
}
