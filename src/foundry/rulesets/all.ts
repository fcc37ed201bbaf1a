/**
 * The one place where rulesets plug in: each ruleset's folder exports its FoundryRuleset, and this
 * file registers it. Adding a ruleset is one import and one line here.
 */
import { registerRuleset } from './registry';

let registered = false;

export function registerAllRulesets(): void {
  if (registered) return;
  registered = true;
}
