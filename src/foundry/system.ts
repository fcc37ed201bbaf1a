import { registerChat, registerFlow, type CardFlow } from './chat';
import { resumeCardJournals } from './chat/card';
import { resumeRoundJournals } from './combat/round-writes';
import { registerRoundAdapter, type AnyRoundAdapter } from './combat/adapter';
import { registerCombat } from './combat';
import { SYSTEM_ID } from './constants';
import { PassedArmesActor } from './documents/actor';
import { PassedArmesItem } from './documents/item';
import { registerAllRulesets } from './rulesets/all';
import { allRulesets, getRuleset } from './rulesets/registry';
import type { SheetRegistration } from './rulesets/types';
import { activeRulesetId, registerSettings } from './settings';
import { registerRequests } from './queries';
import { registerSimulator } from './simulator';
import { registerRules } from './rules';
import { migrateDocuments, SCHEMA_VERSION, type MigratableDocument } from './migrations';
import { t } from './i18n';

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
    // Rounds and cards of every ruleset stay playable: a combat or a card remembers its ruleset.
    if (ruleset.roundAdapter) registerRoundAdapter(ruleset.roundAdapter as AnyRoundAdapter);
    for (const flow of ruleset.cardFlows ?? []) registerFlow(flow as CardFlow<unknown>);
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
  await resumeCardJournals();
  await resumeRoundJournals();
}

async function migrateWorld(): Promise<void> {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
  const from = Number(game.settings?.get(SYSTEM_ID, 'schemaVersion') ?? 0);
  if (from >= SCHEMA_VERSION) return;
  const documents: MigratableDocument[] = [];
  // The stored data keeps fields a model no longer declares; the loaded documents do not.
  const stored = new Map<string, Record<string, unknown>>();
  for (const a of (game as { data?: { actors?: { _id?: string; system?: unknown }[] } }).data?.actors ?? [])
    if (a._id && a.system && typeof a.system === 'object')
      stored.set(a._id, a.system as Record<string, unknown>);
  for (const actor of game.actors ?? []) {
    const storedSystem = stored.get(actor.id ?? '');
    const doc = actor as unknown as Required<Omit<MigratableDocument, 'storedSystem'>>;
    documents.push(
      storedSystem
        ? {
            documentName: doc.documentName,
            type: doc.type,
            storedSystem,
            toObject: () => doc.toObject(),
            update: (changes) => doc.update(changes),
            createEmbeddedDocuments: (type, data) => doc.createEmbeddedDocuments(type, data),
          }
        : doc,
    );
    for (const item of actor.items) documents.push(item as unknown as MigratableDocument);
  }
  for (const item of game.items ?? []) documents.push(item as unknown as MigratableDocument);
  const { failed } = await migrateDocuments(documents, from);
  if (failed.length > 0) {
    ui.notifications?.error(t('PDA.Migration.Failed', { count: failed.length }));
    for (const f of failed) console.error(f.error);
    return; // the version stays, so the next start tries again
  }
  await game.settings?.set(SYSTEM_ID, 'schemaVersion', SCHEMA_VERSION);
}
