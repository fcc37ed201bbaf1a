import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const engine = new URL('../../src/engine', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
  );

describe('engine purity', () => {
  it('src/engine uses no Foundry global, no DOM and no Math.random', () => {
    const offending: string[] = [];
    for (const file of files(engine).filter((f) => f.endsWith('.ts'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '');
          if (
            /\b(game|CONFIG|Hooks|foundry|ui|canvas)\.[A-Za-z]/.test(code) ||
            /Math\.random|\bdocument\.|\bwindow\./.test(code)
          )
            offending.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offending).toEqual([]);
  });
});
