import { installFoundry } from '../fakes/foundry';
import { SCHEMA_VERSION } from '../../src/foundry/migrations';

type Obj = Record<string, unknown>;

interface ModelLike {
  schema: { getInitialValue(): unknown };
}

/** Every field path of a default object ("pv.value", "skills.bagarre"…). */
export function fieldPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  const entries = Object.entries(value as Obj);
  if (entries.length === 0) return [prefix];
  return entries.flatMap(([k, v]) => fieldPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** The template.json content computed from the registered data models (with the Foundry fakes). */
export async function buildTemplateSnapshot(): Promise<Obj> {
  installFoundry();
  const { registerAllRulesets } = await import('../../src/foundry/rulesets/all');
  const { allRulesets } = await import('../../src/foundry/rulesets/registry');
  registerAllRulesets();
  const out: Obj = { _schemaVersion: SCHEMA_VERSION };
  for (const documentName of ['Actor', 'Item'] as const) {
    const section: Obj = { types: [] as string[], templates: {} };
    for (const ruleset of allRulesets()) {
      const models = (documentName === 'Actor'
        ? ruleset.actorModels
        : ruleset.itemModels) as unknown as Record<string, ModelLike>;
      for (const [type, model] of Object.entries(models)) {
        (section.types as string[]).push(type);
        section[type] = model.schema.getInitialValue();
      }
    }
    out[documentName] = section;
  }
  return out;
}
