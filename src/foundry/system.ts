import { registerChat, registerFlow, resumeCardJournals } from './chat';
import { resumeRoundJournals, registerRoundAdapter, registerCombat } from './combat';
import { gmTask } from './security';
import { SYSTEM_ID } from './constants';
import { PasseDArmesActor, PasseDArmesItem } from './documents';
import { registerAllRulesets } from './rulesets/all';
import { allRulesets, getRuleset } from './rulesets/registry';
import type { SheetRegistration } from './rulesets/types';
import { activeRulesetId, registerSettings } from './settings';
import { registerRequests } from './queries';
import { registerSimulator } from './simulator';
import { migrateWorld } from './migration-world';
import { registerRules } from './rules';
import { registerCompendiumVisibility } from './compendium-visibility';

function registerSheets(
  documentClass: typeof foundry.documents.Actor | typeof foundry.documents.Item,
  sheets: readonly SheetRegistration[],
): void {
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

/**
 * Core's legacy (ApplicationV1) actor and item sheets are not offered for the system's types:
 * they cannot show its data models. Core's ApplicationV2 base sheets are no choice either, as our
 * sheets are registered as the default.
 */
function unregisterCoreSheets(): void {
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as {
    unregisterSheet?: (doc: unknown, scope: string, sheet: unknown, options: { types: string[] }) => void;
  };
  const v1 = (foundry as unknown as { appv1?: { sheets?: { ActorSheet?: unknown; ItemSheet?: unknown } } })
    .appv1?.sheets;
  if (typeof config.unregisterSheet !== 'function' || !v1) return;
  const types = (kind: 'actorModels' | 'itemModels') => allRulesets().flatMap((r) => Object.keys(r[kind]));
  for (const [doc, sheet, kind] of [
    [foundry.documents.Actor, v1.ActorSheet, 'actorModels'],
    [foundry.documents.Item, v1.ItemSheet, 'itemModels'],
  ] as const) {
    if (!sheet) continue;
    try {
      config.unregisterSheet(doc, 'core', sheet, { types: types(kind) });
    } catch (error) {
      console.warn(error);
    }
  }
}

/** Every ruleset's token bars and values, by actor type (CONFIG.Actor.trackableAttributes). */
function registerTokenAttributes(): void {
  const actor = CONFIG.Actor as unknown as { trackableAttributes?: Record<string, unknown> };
  const trackable: Record<string, unknown> = { ...(actor.trackableAttributes ?? {}) };
  for (const ruleset of allRulesets()) {
    const attributes = ruleset.tokenAttributes;
    if (!attributes) continue;
    for (const type of Object.keys(ruleset.actorModels))
      trackable[type] = { bar: [...attributes.bar], value: [...attributes.value] };
  }
  actor.trackableAttributes = trackable;
}

/** `init`: documents, data models of every ruleset, sheets, settings, the active ruleset's setup. */
export function initSystem(): void {
  registerAllRulesets();
  CONFIG.Actor.documentClass = PasseDArmesActor;
  CONFIG.Item.documentClass = PasseDArmesItem;

  // Every ruleset's models are registered, so stored data of another ruleset stays valid and
  // survives a switch of the world setting.
  const actorModels = CONFIG.Actor.dataModels as Record<string, unknown>;
  const itemModels = CONFIG.Item.dataModels as Record<string, unknown>;
  for (const ruleset of allRulesets()) {
    Object.assign(actorModels, ruleset.actorModels);
    Object.assign(itemModels, ruleset.itemModels);
    registerSheets(foundry.documents.Actor, ruleset.actorSheets ?? []);
    registerSheets(foundry.documents.Item, ruleset.itemSheets ?? []);
    // Rounds and cards of every ruleset stay playable: a combat or a card remembers its ruleset.
    if (ruleset.roundAdapter) registerRoundAdapter(ruleset.roundAdapter);
    for (const flow of ruleset.cardFlows ?? []) registerFlow(flow);
    ruleset.setup?.();
  }

  unregisterCoreSheets();
  registerTokenAttributes();
  registerSettings();
  registerRequests();
  registerSimulator();
  registerChat();
  registerCombat();
  registerRules();
  registerCompendiumVisibility();
  getRuleset(activeRulesetId())?.init?.();
}

/** `ready`: world migration (active GM only), then the active ruleset's late setup. */
export async function readySystem(): Promise<void> {
  await migrateWorld();
  // Actions cut off before all their writes landed (a failed write, a GM who left): finished now.
  await resumePendingWrites();
  getRuleset(activeRulesetId())?.ready?.();
}

/** The active GM finishes the card and round actions whose writes did not all land. */
async function resumePendingWrites(): Promise<void> {
  // In the GM-side queue: a request arriving meanwhile reads the documents once finished.
  await gmTask(async () => {
    await resumeCardJournals();
    await resumeRoundJournals();
  });
}
