/**
 * The one place where rulesets plug in: each ruleset's folder exports its FoundryRuleset, and this
 * file registers it. Adding a ruleset is one import and one line here.
 */
import { fantasiaRuleset } from './fantasia';
import { greyhawkRuleset } from './greyhawk';
import { registerRuleset } from './registry';
import { souffleRuleset } from './souffle';

let registered = false;

export function registerAllRulesets(): void {
  if (registered) return;
  registered = true;
  registerRuleset(fantasiaRuleset);
  registerRuleset(greyhawkRuleset);
  registerRuleset(souffleRuleset);
}
