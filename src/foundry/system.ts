import { SYSTEM_ID } from './constants';
import { PassedArmesActor } from './documents/actor';
import { PassedArmesItem } from './documents/item';
import { registerAllRulesets } from './rulesets/all';
import { allRulesets, getRuleset } from './rulesets/registry';
import type { SheetRegistration } from './rulesets/types';
import { activeRulesetId, registerSettings } from './settings';

function registerSheets(documentClass: typeof foundry.documents.Actor | typeof foundry.documents.Item, sheets: readonly SheetRegistration[]): void {
  const config = foundry.applications.apps.DocumentSheetConfig;
  for (const sheet of sheets) {
    // The registry keeps sheet classes loosely typed; DocumentSheetConfig checks them at runtime.
    config.registerSheet(documentClass, SYSTEM_ID, sheet.sheetClass as never, {
      types: [...sheet.types],
      makeDefault: true,
      label: sheet.label,
    });
  }
}

/** `init`: documents, data models of every ruleset, sheets, settings, the active ruleset's setup. */
export function initSystem(): void {
  registerAllRulesets();
  CONFIG.Actor.documentClass = PassedArmesActor;
  CONFIG.Item.documentClass = PassedArmesItem;

  // Every ruleset's models are registered, so stored data of another ruleset stays valid and
  // survives a switch of the world setting.
  const actorModels = CONFIG.Actor.dataModels as Record<string, unknown>;
  const itemModels = CONFIG.Item.dataModels as Record<string, unknown>;
  for (const ruleset of allRulesets()) {
    Object.assign(actorModels, ruleset.actorModels);
    Object.assign(itemModels, ruleset.itemModels);
    registerSheets(foundry.documents.Actor, ruleset.actorSheets ?? []);
    registerSheets(foundry.documents.Item, ruleset.itemSheets ?? []);
  }

  registerSettings();
  getRuleset(activeRulesetId())?.init?.();
}

/** `ready`: the active ruleset's late setup. */
export function readySystem(): void {
  getRuleset(activeRulesetId())?.ready?.();
}
