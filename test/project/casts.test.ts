import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Casts that tell the compiler to stop checking (`x as unknown as T`, `x as never`) may only go
 * down: a proper type (the ruleset contract, the documents' declared subtypes and flags) makes
 * them unnecessary. Lower a ceiling when casts are removed; never raise it.
 */
const CEILINGS = { 'as unknown as': 174, 'as never': 19 } as const;

const src = new URL('../../src', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
  );

/** Occurrences of `pattern` in code (comments are not code), by file. */
function count(pattern: RegExp): { total: number; byFile: Record<string, number> } {
  const byFile: Record<string, number> = {};
  let total = 0;
  for (const file of files(src).filter((f) => f.endsWith('.ts'))) {
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    const n = code.match(pattern)?.length ?? 0;
    if (n) byFile[relative(src, file)] = n;
    total += n;
  }
  return { total, byFile };
}

describe('unchecked casts', () => {
  it.each([
    ['as unknown as', /\bas unknown as\b/g],
    ['as never', /\bas never\b/g],
  ] as const)('`%s` under src/ stays at or below its ceiling', (name, pattern) => {
    const { total, byFile } = count(pattern);
    console.log(`\`${name}\` under src/: ${total} (ceiling ${CEILINGS[name]})`);
    expect(total, `files: ${JSON.stringify(byFile, null, 1)}`).toBeLessThanOrEqual(CEILINGS[name]);
  });
});
