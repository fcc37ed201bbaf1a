import { normaliseRulesetId, type RulesetId } from '../engine/rulesets';
import { SYSTEM_ID } from './constants';

/**
 * The ruleset the world plays with (the `ruleset` world setting, registered by settings.ts). It sits
 * below the rulesets' registry so that the shared hosts can read it without importing the rulesets.
 */
export function activeRulesetId(): RulesetId {
  return normaliseRulesetId(game.settings?.get(SYSTEM_ID, 'ruleset'));
}
