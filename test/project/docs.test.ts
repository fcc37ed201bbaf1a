/** The documentation a newcomer reads: the architecture fits on one page and every link leads somewhere. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const docs = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => join('docs', f));
const pages = ['README.md', 'CONTRIBUTING.md', ...docs];
/** A markdown link's target, without its anchor. */
const LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;

describe('the documentation', () => {
  it('keeps docs/architecture.md to one page that links the trust model and the Foundry generations', () => {
    const text = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
    expect(text.split('\n').length).toBeLessThanOrEqual(90);
    for (const page of ['trust.md', 'foundry-versions.md', 'rulings.md'])
      expect(text).toContain(`](${page})`);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const page of ['docs/architecture.md', 'docs/trust.md', 'docs/foundry-versions.md'])
      expect(readme).toContain(`](${page})`);
  });

  it('has no relative link to a file that is not there', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(root, page), 'utf8');
      for (const [, target] of text.matchAll(LINK)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        if (!existsSync(join(root, dirname(page), target!))) broken.push(`${page} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
