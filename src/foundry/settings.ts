import { DEFAULT_RULESET, RULESET_IDS, type RulesetId } from '../engine/rulesets';
import { SYSTEM_ID } from './constants';
import { allRulesets } from './rulesets/registry';

declare global {
  interface SettingConfig {
    'passe-d-armes.ruleset': RulesetId;
    'passe-d-armes.schemaVersion': number;
  }
}

/** Registers the world settings: the ruleset choice, then each ruleset's own settings. */
export function registerSettings(): void {
  const choices = Object.fromEntries(RULESET_IDS.map((id) => [id, `PDA.Ruleset.${id}`])) as Record<
    RulesetId,
    string
  >;
  game.settings?.register(SYSTEM_ID, 'ruleset', {
    name: 'PDA.Settings.Ruleset.Name',
    hint: 'PDA.Settings.Ruleset.Hint',
    scope: 'world',
    config: true,
    type: String,
    choices,
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
  game.settings?.register(SYSTEM_ID, 'schemaVersion', {
    scope: 'world',
    config: false,
    type: Number,
    default: 0,
  });
  for (const ruleset of allRulesets()) ruleset.registerSettings?.();
}

export { activeRulesetId } from './active-ruleset';
