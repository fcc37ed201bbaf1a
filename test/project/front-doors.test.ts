import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule pda/front-door (eslint.config.js): a shared folder of src/foundry is entered
// through its index.ts from outside, and its own files never import that index.
const root = new URL('../..', import.meta.url).pathname;
const foundryDir = join(root, 'src', 'foundry');
const eslint = new ESLint({ cwd: root });
const lint = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'pda/front-door').map((m) => m.message);
};

describe('the shared folders of src/foundry have one front door', () => {
  it('each shared folder (not rulesets/) has an index.ts', () => {
    const folders = readdirSync(foundryDir).filter(
      (n) => n !== 'rulesets' && statSync(join(foundryDir, n)).isDirectory(),
    );
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((n) => !readdirSync(join(foundryDir, n)).includes('index.ts'))).toEqual([]);
  });

  it("refuses an outside import of a folder's inner file, and takes its index", async () => {
    const file = 'src/foundry/rulesets/souffle/cards/probe.ts';
    expect(await lint(file, "export { createCard } from '../../../chat/card';\n")).toHaveLength(1);
    expect(await lint(file, "export { createCard } from '../../../chat';\n")).toEqual([]);
  });

  it('refuses a folder file importing its own index, and takes its sibling', async () => {
    const file = 'src/foundry/chat/probe.ts';
    expect(await lint(file, "export { createCard } from '.';\n")).toHaveLength(1);
    expect(await lint(file, "export { createCard } from './card';\n")).toEqual([]);
  });

  it('lets a ruleset folder named like a shared one (rulesets/<id>/models) import its own files', async () => {
    const file = 'src/foundry/rulesets/souffle/models/probe.ts';
    expect(await lint(file, "export * from './actors';\n")).toEqual([]);
  });
});
