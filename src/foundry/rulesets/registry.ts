import { normaliseRulesetId, RULESET_IDS, type RulesetId } from '../../engine/rulesets';
import type { FoundryRuleset } from './types';

const rulesets = new Map<RulesetId, FoundryRuleset>();

/** Adds a ruleset. Each ruleset's index.ts calls this once; the entry file imports them all. */
export function registerRuleset(ruleset: FoundryRuleset): void {
  if (rulesets.has(ruleset.id)) throw new Error(`Ruleset ${ruleset.id} registered twice`);
  const owners = ownersOfTypes();
  for (const [kind, models] of [
    ['Actor', ruleset.actorModels],
    ['Item', ruleset.itemModels],
  ] as const) {
    for (const type of Object.keys(models)) {
      const owner = owners.get(`${kind}.${type}`);
      if (owner) throw new Error(`${kind} type ${type} of ${ruleset.id} is already declared by ${owner}`);
    }
  }
  rulesets.set(ruleset.id, ruleset);
}

function ownersOfTypes(): Map<string, RulesetId> {
  const owners = new Map<string, RulesetId>();
  for (const r of rulesets.values()) {
    for (const t of Object.keys(r.actorModels)) owners.set(`Actor.${t}`, r.id);
    for (const t of Object.keys(r.itemModels)) owners.set(`Item.${t}`, r.id);
  }
  return owners;
}

export function allRulesets(): FoundryRuleset[] {
  return RULESET_IDS.flatMap((id) => rulesets.get(id) ?? []);
}

export function getRuleset(id: RulesetId): FoundryRuleset | undefined {
  return rulesets.get(id);
}

/** The ruleset owning a document subtype, the ruleset whose models declare it. */
export function rulesetOfType(documentName: 'Actor' | 'Item', type: string): RulesetId | undefined {
  return ownersOfTypes().get(`${documentName}.${type}`);
}

/** Subtypes of a document that a ruleset lets users create. */
export function typesOf(id: RulesetId, documentName: 'Actor' | 'Item'): string[] {
  const r = rulesets.get(id);
  if (!r) return [];
  return Object.keys(documentName === 'Actor' ? r.actorModels : r.itemModels);
}

/** Falls back to the default ruleset when a stored value is unknown. */
export { normaliseRulesetId };

/** Test helper: forget every registration. */
export function clearRulesets(): void {
  rulesets.clear();
}

/** The default token bar of an actor type: its ruleset's primary token attribute. */
export function primaryTokenAttribute(actorType: string): string | undefined {
  const id = rulesetOfType('Actor', actorType);
  return id ? getRuleset(id)?.tokenAttributes?.primary : undefined;
}
