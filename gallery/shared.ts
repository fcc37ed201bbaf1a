/** Helpers shared by the gallery page files: translations, localized build, portraits. */
import { readFileSync } from 'node:fs';
import { pluralForms } from '../src/foundry/i18n';
import { lookup } from './helpers';

type Dict = Record<string, unknown>;

/** The language file Foundry would load (lang/<lang>.json, built from lang/parts by `npm run lang`). */
export function translations(lang: string): Dict {
  const dict = JSON.parse(readFileSync(`lang/${lang}.json`, 'utf8')) as Dict;
  languages.set(dict, lang);
  return dict;
}
/** The language of each loaded dictionary (plural forms are chosen by language). */
const languages = new WeakMap<Dict, string>();

/**
 * Localizes a key with {placeholders} filled from `data` and its plural forms chosen by count,
 * as the system's `t` does (src/foundry/i18n.ts); an unknown key stays visible as is.
 */
export function formatKey(dict: Dict, key: string, data?: Readonly<Record<string, unknown>>): string {
  const raw = lookup(dict, key) ?? key;
  const text = data
    ? pluralForms(raw, data as Readonly<Record<string, string | number>>, languages.get(dict) ?? 'fr')
    : raw;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (data && k in data ? String(data[k]) : m));
}

/** Runs `build` with a minimal `game.i18n` in the language rendered (view builders localize). */
export function withI18n<T>(lang: string, build: () => T): T {
  const dict = translations(lang);
  const g = globalThis as { game?: unknown };
  const previous = g.game;
  g.game = {
    i18n: {
      lang,
      localize: (key: string) => formatKey(dict, key),
      format: (key: string, data: Record<string, string>) => formatKey(dict, key, data),
    },
  };
  try {
    return build();
  } finally {
    g.game = previous;
  }
}

/** A portrait: a coloured square with a letter, as an inline SVG. */
export const icon = (color: string, letter: string): string =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="6" fill="${color}"/><text x="32" y="43" font-size="32" text-anchor="middle" fill="white" font-family="serif">${letter}</text></svg>`,
  )}`;
