import { RULESET_IDS } from '../engine/rulesets';
import { activeRulesetId } from './active-ruleset';
import { SYSTEM_ID } from './constants';

/**
 * A world plays one ruleset: the Compendium Packs tab lists the system's packs of that ruleset
 * only, for the GM and the players alike (a pack is named after its ruleset: `<ruleset>-<name>`). Other packages' packs stay. The packs themselves stay loaded, so an
 * actor kept from an earlier ruleset still finds its items' sources.
 */
export function rulesetOfPack(collection: string): string | null {
  if (!collection.startsWith(`${SYSTEM_ID}.`)) return null;
  const name = collection.slice(SYSTEM_ID.length + 1);
  return RULESET_IDS.find((id) => name.startsWith(`${id}-`)) ?? null;
}

/** `renderCompendiumDirectory`: removes the entries of the other rulesets' packs. */
export function hideOtherRulesetPacks(_app: unknown, element: HTMLElement): void {
  const active = activeRulesetId();
  for (const entry of element.querySelectorAll<HTMLElement>('[data-pack]')) {
    const ruleset = rulesetOfPack(entry.dataset.pack ?? '');
    if (ruleset && ruleset !== active) entry.remove();
  }
}

/** Called once at `init`. */
export function registerCompendiumVisibility(): void {
  Hooks.on('renderCompendiumDirectory', (app, element) => hideOtherRulesetPacks(app, element));
}
