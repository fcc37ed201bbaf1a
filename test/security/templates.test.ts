/* eslint-disable @typescript-eslint/no-explicit-any -- a hostile context stands in for any template data */
/**
 * Every user-written string is inert in every template: each template of templates/** is
 * rendered with a context in which every value (names, intents, notes, labels, ids, helper
 * output) is a hostile string, and no raw tag or evaluated expression reaches the HTML. The
 * only triple-stash outputs are Foundry-enriched HTMLFields, which the server sanitizes because
 * system.json declares them as htmlFields; the test pins that list.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Handlebars from 'handlebars';
import { registerRuleHelpers } from '../../src/foundry/rules/links';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const SYSTEM_PATH = 'systems/passe-d-armes';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.hbs') ? [full] : [];
  });
}

const templates = files(join(root, 'templates')).map((f) => relative(root, f));

/** Triple-stash outputs allowed: enriched rich text of a declared HTMLField, nothing else. */
const RAW_ALLOWED: Record<string, string> = {
  enrichedBiography: 'biography',
  biography: 'biography',
  enrichedDescription: 'description',
};

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "' onmouseover='alert(1)",
  '{{constructor}}',
  '{{{constructor.constructor "alert(1)"}}}',
];

/** A value standing for any data: prints as `text`, is a non-empty list, has every property. */
function hostile(text: string, depth = 0): any {
  const target: any[] = [];
  return new Proxy(target, {
    get(_t, key) {
      if (key === Symbol.toPrimitive || key === 'toString' || key === 'valueOf' || key === 'toHTML')
        return key === 'toHTML' ? undefined : () => text;
      if (key === 'length') return depth >= 3 ? 0 : 2;
      if (typeof key === 'symbol') return undefined;
      if (key in RAW_ALLOWED) return 'ENRICHED-BY-FOUNDRY';
      // Handlebars asks whether a property is the object's own before reading it.
      return hostile(text, depth + 1);
    },
    has: () => true,
    getOwnPropertyDescriptor(t, key) {
      if (key === 'length') return Object.getOwnPropertyDescriptor(t, key);
      return { configurable: true, enumerable: true, writable: true, value: hostile(text, depth + 1) };
    },
  });
}

function environment(text: string): typeof Handlebars {
  const hb = Handlebars.create();
  const say = () => text;
  // Foundry's helpers as their documentation describes them: plain strings (escaped by
  // Handlebars) or SafeStrings built from escaped values.
  hb.registerHelper('localize', say);
  // The system's own helpers, as it registers them at init.
  registerRuleHelpers(hb);
  hb.registerHelper('checked', (v: unknown) => new hb.SafeString(v ? 'checked' : ''));
  hb.registerHelper('disabled', (v: unknown) => new hb.SafeString(v ? 'disabled' : ''));
  hb.registerHelper('not', (v: unknown) => !v);
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).map(String).join(''));
  hb.registerHelper(
    'selectOptions',
    () =>
      new hb.SafeString(`<option value="${hb.escapeExpression(text)}">${hb.escapeExpression(text)}</option>`),
  );
  hb.registerHelper('helperMissing', function (this: unknown, ...args: any[]) {
    const options = args.at(-1);
    return typeof options?.fn === 'function' ? options.fn(this) : text;
  });
  for (const file of templates)
    hb.registerPartial(`${SYSTEM_PATH}/${file}`, readFileSync(join(root, file), 'utf8'));
  return hb;
}

describe('every user-written string is rendered inert', () => {
  it('the only triple-stash outputs are enriched HTMLFields that system.json declares for sanitizing', () => {
    const raw = new Set<string>();
    for (const file of templates) {
      for (const m of readFileSync(join(root, file), 'utf8').matchAll(/\{\{\{\s*([^}\s]+)\s*\}\}\}/g))
        raw.add(m[1]!);
    }
    expect([...raw].sort()).toEqual(
      Object.keys(RAW_ALLOWED)
        .filter((k) => raw.has(k))
        .sort(),
    );
    const manifest = JSON.parse(readFileSync(join(root, 'system.json'), 'utf8'));
    const declared = new Set<string>();
    for (const types of Object.values(manifest.documentTypes) as Record<string, any>[])
      for (const t of Object.values(types)) for (const f of t.htmlFields ?? []) declared.add(f);
    for (const name of raw) expect(declared.has(RAW_ALLOWED[name]!)).toBe(true);
    // Every type with a biography or description HTMLField declares it.
    for (const [doc, field] of [
      ['Actor', 'biography'],
      ['Item', 'description'],
    ] as const) {
      for (const t of Object.values(manifest.documentTypes[doc]) as any[])
        expect(t.htmlFields ?? []).toContain(field);
    }
  });

  for (const payload of PAYLOADS) {
    it(`${templates.length} templates with every value set to ${JSON.stringify(payload)}`, () => {
      expect(templates.length).toBeGreaterThan(40);
      const hb = environment(payload);
      for (const file of templates) {
        const html = hb.compile(readFileSync(join(root, file), 'utf8'))(hostile(payload), {
          data: { root: hostile(payload) },
        });
        expect(html.length, file).toBeGreaterThan(0);
        if (!payload.startsWith('{{')) expect(html.includes(payload), `${file} printed it raw`).toBe(false);
        expect(/<script|onerror=|onmouseover=/i.test(html), file).toBe(false);
        expect(/function Object|\[native code\]/.test(html), `${file} evaluated user text`).toBe(false);
      }
    });
  }
});
