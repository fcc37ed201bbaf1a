import { beforeEach, describe, expect, it } from 'vitest';
import {
  allRulesets,
  clearRulesets,
  normaliseRulesetId,
  registerRuleset,
  rulesetOfType,
  typesOf,
} from '../../../src/foundry/rulesets/registry';
import type { FoundryRuleset } from '../../../src/foundry/rulesets/types';

class ModelA {}
class ModelB {}

const fantasia: FoundryRuleset = {
  id: 'fantasia',
  label: 'PDA.Ruleset.fantasia',
  actorModels: { aventurier: ModelA, pnj: ModelA },
  itemModels: { arme: ModelB },
};
const souffle: FoundryRuleset = {
  id: 'souffle',
  label: 'PDA.Ruleset.souffle',
  actorModels: { combattant: ModelA },
  itemModels: { 'arme-souffle': ModelB },
};

describe('ruleset registry', () => {
  beforeEach(() => clearRulesets());

  it('offers only the active ruleset’s types for creation', () => {
    registerRuleset(souffle);
    registerRuleset(fantasia);
    expect(typesOf('fantasia', 'Actor')).toEqual(['aventurier', 'pnj']);
    expect(typesOf('souffle', 'Item')).toEqual(['arme-souffle']);
    expect(typesOf('greyhawk', 'Actor')).toEqual([]);
    expect(rulesetOfType('Actor', 'combattant')).toBe('souffle');
    expect(allRulesets().map((r) => r.id)).toEqual(['fantasia', 'souffle']);
  });

  it('refuses a second ruleset declaring a type another already owns', () => {
    registerRuleset(fantasia);
    expect(() => registerRuleset({ ...souffle, actorModels: { pnj: ModelA } })).toThrow(
      /already declared by fantasia/,
    );
    expect(() => registerRuleset(fantasia)).toThrow(/twice/);
  });

  it('falls back to Fantasia for an unknown stored setting', () => {
    expect(normaliseRulesetId('souffle')).toBe('souffle');
    expect(normaliseRulesetId('rolemaster')).toBe('fantasia');
    expect(normaliseRulesetId(undefined)).toBe('fantasia');
  });
});
