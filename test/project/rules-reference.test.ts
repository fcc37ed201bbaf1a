/** The rules reference covers the inventory: one entry per rule ID, in French and English. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../src/foundry/rules/ids';

const root = join(import.meta.dirname, '..', '..');
const inventory = [join(root, '..', 'shared', 'RULES.md'), join(root, '..', '..', 'shared', 'RULES.md')].find(
  (p) => existsSync(p),
);
type Entry = { Title: string; Summary: string; Ruling?: string; Setting?: string };
const entries = (lang: string): Record<string, Entry> =>
  JSON.parse(readFileSync(join(root, 'lang', 'parts', `rules.${lang}.json`), 'utf8')).PDA.Rules.Entry;

describe('the rules reference', () => {
  it('lists exactly the rule IDs of RULES.md, in its order', () => {
    expect(inventory, 'shared/RULES.md is found next to the repository').toBeDefined();
    const ids = [...readFileSync(inventory!, 'utf8').matchAll(/^- \*\*([FGS]-[A-Z]+\d+)\*\*/gm)].map(
      (m) => m[1],
    );
    expect(ids).toHaveLength(117);
    expect([...RULE_IDS]).toEqual(ids);
  });

  it('has a title and a summary for every rule in both languages, and rulings come with their setting', () => {
    for (const lang of ['fr', 'en']) {
      const e = entries(lang);
      expect(Object.keys(e)).toEqual([...RULE_IDS]);
      for (const id of RULE_IDS) {
        expect(e[id]!.Title.length, `${lang} ${id}`).toBeGreaterThan(2);
        expect(e[id]!.Summary.length, `${lang} ${id}`).toBeGreaterThan(10);
        expect(Boolean(e[id]!.Ruling), `${lang} ${id} ruling/setting`).toBe(Boolean(e[id]!.Setting));
      }
    }
    const withRuling = (lang: string) => RULE_IDS.filter((id) => entries(lang)[id]!.Ruling);
    expect(withRuling('fr')).toEqual(withRuling('en'));
  });

  it('every @Regle citation of the first-fight guides names a rule of the reference, in both pages', () => {
    for (const ruleset of ['fantasia', 'greyhawk', 'souffle']) {
      const dir = join(root, 'packs-src', ruleset, `${ruleset}-premier-combat`);
      const [file] = readdirSync(dir);
      const adventure = JSON.parse(readFileSync(join(dir, file!), 'utf8'));
      const pages = adventure.journal[0].pages as { text: { content: string } }[];
      expect(pages).toHaveLength(2);
      const cited = pages.map((p) => [...p.text.content.matchAll(/@Regle\[([^\]]*)\]/g)].map((m) => m[1]));
      expect(cited[0]!.length, ruleset).toBeGreaterThan(5);
      expect(cited[1], `${ruleset}: the English page cites the same rules`).toEqual(cited[0]);
      for (const id of cited[0]!)
        expect(RULE_IDS as readonly string[], `${ruleset} cites ${id}`).toContain(id);
    }
  });
});
