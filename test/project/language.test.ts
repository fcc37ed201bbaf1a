import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGallery, LANGS, loadPages } from '../../gallery/build';
import type { GalleryPage } from '../../gallery/types';

/**
 * Every page of the gallery (gallery/pages/*.ts: sheets, cards, tracker, dialogs, rendered with
 * the real templates and lang files) speaks the language it is rendered in: no word of the other
 * language's interface on it, no "(s)" where a plural is chosen by count, and no dice code
 * ("2d10kl", "keep best") where the French or English words say the dice. Sample data (fighters'
 * and weapons' names, notes) is the table's own and stays as written, so the lists hold words of
 * the system's interface only. What a person reads counts: text, tooltips, titles, placeholders,
 * accessible names; the notation of a dice rule a GM types (`<code>`, a dice field's placeholder)
 * does not.
 */

/** Words of each language's interface that must not appear on the other language's pages. */
const TELLTALES: Record<(typeof LANGS)[number], readonly RegExp[]> = {
  // English pages: French interface words.
  en: [
    /\b[Mm]étiers?\b/,
    /\b[Vv]igueur\b/,
    /\b[Aa]cuité\b/,
    /\b[Dd]éfense\b/,
    /\bintrépide\b/,
    /\bdéfensif\b/,
    /\bCible\b/,
    /\bcontre\b/,
    /\battaque\b/,
    /\bAppliquer\b/,
    /\bAnnuler\b/,
    /\bParer\b/,
    /\bEsquiver\b/,
    /\b[Dd]égâts\b/,
    /\bRéussite\b/,
    /\bÉchec\b/,
    /\bTouché\b/,
    /\bsoi-même\b/,
    /\bvoyez\b/,
    /\ble meilleur de\b/,
    /\ble plus bas de\b/,
  ],
  // French pages: English interface words and dice codes.
  fr: [
    /\b(?:the|and|with|against)\b/,
    /\b(?:Target|Attack|Damage|Apply|Undo|Parry|Dodge|Hit|Miss)\b/,
    /\bkeep (?:best|worst)\b/,
    /\bsee the console\b/,
  ],
};
/** Both languages: a plural written "(s)", and a dice code instead of words ("2d10kl", "2d12kh"). */
const EVERYWHERE: readonly RegExp[] = [/\(s\)/, /\bkeep (?:best|worst)\b/, /\d+d\d+k[hl]\d*\b/];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e.toLowerCase()] ?? m),
  );
}

/** What a person reads on a page: its text and its tooltips, titles, placeholders, accessible names. */
export function readableText(html: string): string[] {
  const body = html.slice(html.indexOf('<section class="window-content">'));
  const withoutCode = body
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<code[\s\S]*?<\/code>/gi, ' ');
  const attributes = [...withoutCode.matchAll(/\s(data-tooltip|title|placeholder|aria-label)="([^"]*)"/g)]
    // A dice field's placeholder is an example of what to type, in dice notation.
    .filter((m) => !(m[1] === 'placeholder' && /^\s*\d*d\d/.test(m[2] ?? '')))
    .map((m) => decode(m[2] ?? ''));
  const text = decode(withoutCode.replace(/<[^>]+>/g, '\n'))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return [...text, ...attributes];
}

describe('language of the rendered pages', () => {
  let pages: GalleryPage[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'pda-language-'));
  const built = new Map<string, { name: string; html: string; error?: string }[]>();

  beforeAll(async () => {
    pages = await loadPages();
    for (const lang of LANGS) {
      const out = await buildGallery(lang, pages, join(dir, lang));
      built.set(
        lang,
        out.map((b) => ({
          name: b.page.name,
          html: readFileSync(b.file, 'utf8'),
          ...(b.error ? { error: b.error } : {}),
        })),
      );
    }
  }, 240_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads real pages (the scan below is not vacuous)', () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const lang of LANGS) {
      const list = built.get(lang) ?? [];
      expect(list.filter((p) => p.error).map((p) => `${p.name}: ${p.error}`)).toEqual([]);
      const cards = list.filter((p) => /card|chat/.test(p.name)).map((p) => readableText(p.html).join(' '));
      expect(cards.join(' ').length).toBeGreaterThan(1000);
    }
  });

  it('finds a tell-tale word when one is there (the patterns match what they must)', () => {
    const sample = readableText(
      '<section class="window-content"><p>Vigueur (vigour) · 3 round(s)</p><code>2d10kl</code><button data-tooltip="Apply the damage">x</button></section>',
    );
    expect(TELLTALES.en.some((re) => sample.some((line) => re.test(line)))).toBe(true);
    expect(EVERYWHERE[0]!.test(sample.join(' '))).toBe(true);
    expect(sample.join(' ')).not.toContain('2d10kl');
    expect(TELLTALES.fr.some((re) => sample.some((line) => re.test(line)))).toBe(true);
  });

  for (const lang of LANGS) {
    it(`no page in ${lang} shows the other language's words, "(s)" or a dice code`, () => {
      const found: string[] = [];
      for (const page of built.get(lang) ?? []) {
        for (const line of readableText(page.html))
          for (const re of [...TELLTALES[lang], ...EVERYWHERE])
            if (re.test(line)) found.push(`${page.name}: “${line.slice(0, 120)}” (${re.source})`);
      }
      expect(found).toEqual([]);
    });
  }
});
