import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full, ext) : full.endsWith(ext) ? [full] : [];
  });
}

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('Souffle templates and localization', () => {
  const templates = files(join(root, 'templates/souffle'), '.hbs');

  it('every Souffle template compiles', () => {
    expect(templates.length).toBeGreaterThan(10);
    for (const file of templates)
      expect(() => Handlebars.precompile(readFileSync(file, 'utf8')), file).not.toThrow();
  });

  it('every literal PDA.Souffle key in templates and Foundry code exists in French and English', () => {
    const read = (lang: string) =>
      [
        'souffle',
        'souffle-ui',
        'souffle-flee',
        'souffle-table',
        'souffle-turns',
        'souffle-edges',
        'turns',
        'chat',
      ].flatMap((part) =>
        keys(JSON.parse(readFileSync(join(root, `lang/parts/${part}.${lang}.json`), 'utf8'))),
      );
    const fr = new Set(read('fr'));
    const en = new Set(read('en'));
    const sources = [...templates, ...files(join(root, 'src/foundry/rulesets/souffle'), '.ts')];
    const used = new Set<string>();
    for (const file of sources) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /["'`](PDA\.(?:Souffle|Chat)\.[A-Za-z.]+[A-Za-z])["'`]/g,
      )) {
        if (m[1]) used.add(m[1]);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    // A literal may also be a namespace prefix (const K = 'PDA.Souffle.Settings').
    const known = (set: Set<string>, k: string): boolean =>
      set.has(k) || [...set].some((x) => x.startsWith(`${k}.`));
    expect([...used].filter((k) => !known(fr, k) || !known(en, k))).toEqual([]);
  });
});
