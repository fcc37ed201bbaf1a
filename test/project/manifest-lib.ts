import { installFoundry } from '../fakes/foundry';

type Obj = Record<string, unknown>;
interface FieldLike {
  constructor: { name: string };
  fields?: Record<string, FieldLike>;
}

/** Paths of the HTML fields of a schema ("biography", "notes.gm"…), for system.json's htmlFields. */
function htmlFields(fields: Record<string, FieldLike>, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    if (field.constructor.name === 'HTMLField') return [path];
    return field.fields ? htmlFields(field.fields, path) : [];
  });
}

/** The `documentTypes` system.json must declare, computed from the registered data models. */
export async function computeDocumentTypes(): Promise<Record<string, Obj>> {
  installFoundry();
  const { registerAllRulesets } = await import('../../src/foundry/rulesets/all');
  const { allRulesets } = await import('../../src/foundry/rulesets/registry');
  const { CARD_TYPE } = await import('../../src/foundry/chat/card-model');
  registerAllRulesets();
  const out: Record<string, Obj> = { Actor: {}, Item: {}, ChatMessage: { [CARD_TYPE]: {} } };
  for (const ruleset of allRulesets()) {
    for (const [doc, models] of [
      ['Actor', ruleset.actorModels],
      ['Item', ruleset.itemModels],
    ] as const) {
      for (const [type, model] of Object.entries(models)) {
        const schema = (model as unknown as { schema: { fields: Record<string, FieldLike> } }).schema;
        const html = htmlFields(schema.fields);
        out[doc]![type] = html.length ? { htmlFields: html } : {};
      }
    }
  }
  return out;
}
