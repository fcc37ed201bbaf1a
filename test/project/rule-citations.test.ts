import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';

/**
 * Rule IDs reach the page already linked: templates cite them through the `pdaRule` and
 * `pdaRuleTip` helpers (src/foundry/rules/links.ts), and nothing scans the page afterwards. So a
 * raw `<span class="pda-rule">` would show an ID with no link and no tooltip, and a link rendered
 * inside a button would nest a control in a control.
 */
const ROOT = join(import.meta.dirname, '..', '..');

function templates(dir = join(ROOT, 'templates')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return templates(path);
    return name.endsWith('.hbs') ? [path] : [];
  });
}

describe('rule citations in templates', () => {
  const files = templates();

  it('are written with the helpers, never as a bare .pda-rule span or data-pda-rule-tip', () => {
    const bare = files.filter((f) => /class="pda-rule"|data-pda-rule-tip=/.test(readFileSync(f, 'utf8')));
    expect(bare.map((f) => relative(ROOT, f))).toEqual([]);
    // The helpers are in use (a rename would otherwise pass this test with nothing to check).
    const cited = files.filter((f) => readFileSync(f, 'utf8').includes('{{pdaRule '));
    expect(cited.length).toBeGreaterThan(15);
  });

  it('inside a button, link or summary give the tooltip only (control=true)', async () => {
    const window = new Window();
    const wrong: string[] = [];
    let inControls = 0;
    try {
      const host = window.document.createElement('div');
      for (const file of files) {
        // The template's markup as a browser would nest it, its {{ }} left as text.
        host.innerHTML = readFileSync(file, 'utf8');
        const walker = window.document.createTreeWalker(host, 4 /* NodeFilter.SHOW_TEXT */);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const m of (node.textContent ?? '').matchAll(/\{\{pdaRule ([^}]*)\}\}/g)) {
            const inside = node.parentElement?.closest('button, a, summary, select') != null;
            const control = /\bcontrol=true\b/.test(m[1] ?? '');
            if (inside) inControls++;
            if (inside !== control) wrong.push(`${relative(ROOT, file)}: ${m[0]}`);
          }
        }
      }
    } finally {
      await window.happyDOM.close();
    }
    expect(wrong).toEqual([]);
    expect(inControls).toBeGreaterThan(0);
  });
});
