/** The three rulesets the system offers; a world setting picks one. */
export const RULESET_IDS = ['fantasia', 'greyhawk', 'souffle'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];
export const DEFAULT_RULESET: RulesetId = 'fantasia';

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === 'string' && (RULESET_IDS as readonly string[]).includes(value);
}

/** A stored ruleset id, or the default one when it is missing or unknown. */
export function normaliseRulesetId(value: unknown): RulesetId {
  return isRulesetId(value) ? value : DEFAULT_RULESET;
}
