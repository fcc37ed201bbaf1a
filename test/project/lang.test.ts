import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
type Tree = { [key: string]: string | Tree };
const load = (lang: string): Tree =>
  JSON.parse(readFileSync(join(root, 'lang', `${lang}.json`), 'utf8')) as Tree;
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : flatten(v, `${prefix}${k}.`),
  );

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full, ext) : ext.test(name) ? [full] : [];
  });
}

describe('localization', () => {
  const fr = new Set(flatten(load('fr')));
  const en = new Set(flatten(load('en')));

  it('French and English have exactly the same keys', () => {
    expect([...fr].filter((k) => !en.has(k))).toEqual([]);
    expect([...en].filter((k) => !fr.has(k))).toEqual([]);
  });

  it('lang/fr.json and lang/en.json are the merge of lang/parts (run `npm run lang`)', () => {
    const merge = (target: Tree, source: Tree): Tree => {
      for (const [k, v] of Object.entries(source)) {
        if (typeof v === 'string') target[k] = v;
        else target[k] = merge((target[k] as Tree | undefined) ?? {}, v);
      }
      return target;
    };
    for (const lang of ['fr', 'en']) {
      const parts = readdirSync(join(root, 'lang', 'parts'))
        .filter((f) => f.endsWith(`.${lang}.json`))
        .sort()
        .reduce<Tree>(
          (acc, f) => merge(acc, JSON.parse(readFileSync(join(root, 'lang', 'parts', f), 'utf8')) as Tree),
          {},
        );
      expect(load(lang), lang).toEqual(parts);
    }
  });

  it('no translation is empty', () => {
    for (const lang of ['fr', 'en']) {
      const tree = load(lang);
      const empty = flatten(tree).filter((k) => {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Tree)[p], tree);
        return typeof v === 'string' && v.trim() === '';
      });
      expect(empty, lang).toEqual([]);
    }
  });

  it('every key written in src/ and templates/ exists', () => {
    const used = new Set<string>();
    for (const file of [...files(join(root, 'src'), /\.ts$/), ...files(join(root, 'templates'), /\.hbs$/)]) {
      const text = readFileSync(file, 'utf8');
      // Full literal keys only: a key built at run time ends in "." or "${" here and is skipped.
      for (const m of text.matchAll(
        /["'`](PDA\.[A-Za-z0-9_.-]+|TYPES\.[A-Za-z]+\.[A-Za-z0-9_-]+)(?=["'`])/g,
      )) {
        if (!m[1]!.endsWith('.')) used.add(m[1]!);
      }
    }
    // A namespace constant ('PDA.Souffle', completed at run time) is fine when keys live under it.
    const isNamespace = (k: string) => [...fr].some((leaf) => leaf.startsWith(`${k}.`));
    const missing = [...used].filter((k) => !fr.has(k) && !isNamespace(k)).sort();
    expect(missing).toEqual([]);
  });
});
