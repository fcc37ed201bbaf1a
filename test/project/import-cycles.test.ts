import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The relative import graph of src/: every `import … from`, `import type … from`, `export … from`
// and side-effect `import '…'` counts, because a loop of types is still a loop for a reader.
const srcDir = new URL('../../src', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
  );
const tsFiles = files(srcDir).filter((f) => f.endsWith('.ts'));

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

const resolveImport = (from: string, spec: string): string | undefined => {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((p) => p.endsWith('.ts') && existsSync(p));
};

const edges = new Map<string, string[]>(
  tsFiles.map((f) => {
    const text = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
    const targets = [...text.matchAll(SPECIFIER)]
      .map((m) => resolveImport(f, m[1] as string))
      .filter((t): t is string => t !== undefined);
    return [f, [...new Set(targets)]];
  }),
);

/** Tarjan's strongly connected components; returns those of more than one file or a self-import. */
const loops = (graph: Map<string, string[]>): string[][] => {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
};

describe('the import graph of src/', () => {
  it('reads the imports it is meant to check', () => {
    // A guard against a regex that matches nothing: the entry point imports something.
    expect(edges.get(join(srcDir, 'index.ts'))?.length ?? 0).toBeGreaterThan(0);
    expect([...edges.values()].flat().length).toBeGreaterThan(tsFiles.length);
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(loops(graph).map((c) => c.sort())).toEqual([['a', 'b', 'c']]);
  });

  it('has no import circle: no file imports one that imports it back, directly or through others', () => {
    const named = loops(edges).map((c) => c.map((f) => relative(srcDir, f)).sort());
    expect(named).toEqual([]);
  });
});
