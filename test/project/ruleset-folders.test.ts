import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../../src/engine/rulesets';

const foundryDir = new URL('../../src/foundry', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
  );
const tsFiles = files(foundryDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => relative(foundryDir, f));
const srcDir = new URL('../../src', import.meta.url).pathname;
const srcFiles = files(srcDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => relative(srcDir, f));
const inRulesetFolder = (f: string): boolean => RULESET_IDS.some((id) => f.startsWith(`rulesets/${id}/`));

describe('one folder per ruleset on the Foundry side', () => {
  it('no shared module of src/foundry names a ruleset, except the registry rulesets/all.ts', () => {
    const naming = new RegExp(RULESET_IDS.join('|'));
    const offending = tsFiles.filter(
      (f) =>
        !inRulesetFolder(f) &&
        f !== 'rulesets/all.ts' &&
        naming.test(readFileSync(join(foundryDir, f), 'utf8')),
    );
    expect(offending).toEqual([]);
  });

  it('no file of src/ (engine and adapter) is over 400 lines', () => {
    const lines = (f: string): number => readFileSync(join(srcDir, f), 'utf8').split('\n').length - 1;
    const long = srcFiles.filter((f) => lines(f) > 400);
    expect(srcFiles.length).toBeGreaterThan(100);
    expect(long).toEqual([]);
  });
});
