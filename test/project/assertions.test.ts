import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every test under test/ makes an assertion: a test whose body never calls `expect` (or an
 * `assert…` helper) passes whatever the code does, and a table test that cannot fail would still
 * count its rule as proven. The body of each `it`/`test` call is read up to its closing paren.
 */
const root = new URL('../../', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
  );

const TEST_CALL =
  /(?:^|[^.\w])(?:it|test)(?:\.(?:only|skip|concurrent|fails))?(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;

/** Names of the tests of one file whose body asserts nothing (or the file's own name if none). */
export function testsWithoutAssertion(src: string): string[] {
  const out: string[] = [];
  let found = 0;
  for (const m of src.matchAll(TEST_CALL)) {
    found++;
    const title = m[2] ?? '';
    const quote = (m.index ?? 0) + m[0].length - title.length - 2;
    const open = src.lastIndexOf('(', quote);
    let depth = 0;
    let end = open;
    for (; end < src.length; end++) {
      const c = src[end];
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    const body = src.slice(open, end).replace(/\/\/.*$/gm, '');
    if (!/\bexpect\b|\bassert\w*\s*\(/.test(body)) out.push(title);
  }
  if (found === 0) out.push('(no test in the file)');
  return out;
}

describe('assertions', () => {
  it('the check flags a test that only logs, and passes one that expects', () => {
    // Built from parts so that this file's own scan does not read them as tests.
    const call = (rest: string): string => ['i', 't'].join('') + rest;
    expect(testsWithoutAssertion(call("('dbg', async () => { console.log(1); });"))).toEqual(['dbg']);
    expect(testsWithoutAssertion(call("('c', () => { // expect nothing\n run(); });"))).toEqual(['c']);
    expect(testsWithoutAssertion(call(".each([1])('v%i', (n) => { expect(n).toBe(1); });"))).toEqual([]);
    expect(testsWithoutAssertion('const x = 1;')).toEqual(['(no test in the file)']);
  });

  it('no test under test/ lacks an assertion', () => {
    const lacking = files(join(root, 'test'))
      .filter((f) => f.endsWith('.test.ts'))
      .flatMap((f) =>
        testsWithoutAssertion(readFileSync(f, 'utf8')).map((n) => `${relative(root, f)}: ${n}`),
      );
    expect(lacking).toEqual([]);
  });
});
