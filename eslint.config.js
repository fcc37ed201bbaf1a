import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// The shared folders of src/foundry (every sub-folder but rulesets/): each one's index.ts is its
// front door. Files outside a folder import its index only; files inside import each other
// directly, never their own index (a barrel imported from inside would tie the folder in a loop).
const foundryDir = join(dirname(fileURLToPath(import.meta.url)), 'src', 'foundry');
const sharedFolders = readdirSync(foundryDir)
  .filter((n) => n !== 'rulesets' && statSync(join(foundryDir, n)).isDirectory())
  .map((n) => join(foundryDir, n));
const frontDoor = {
  meta: {
    type: 'problem',
    messages: {
      inner: "Import {{folder}}/ through its front door ('{{folder}}' index.ts), not its inner file.",
      own: 'Inside {{folder}}/, import the file itself, not the folder index (it would make a loop).',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = sharedFolders.find((d) => file.startsWith(d + sep));
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const base = resolve(dirname(file), spec);
      const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
      const folder = target && sharedFolders.find((d) => target.startsWith(d + sep));
      if (!folder) return;
      const name = folder.slice(foundryDir.length + 1);
      const isIndex = target === join(folder, 'index.ts');
      if (folder !== own && !isIndex)
        context.report({ node: node.source, messageId: 'inner', data: { folder: name } });
      if (folder === own && isIndex)
        context.report({ node: node.source, messageId: 'own', data: { folder: name } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default tseslint.config(
  { ignores: ['release/**', 'dist/**', 'node_modules/**', 'artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { pda: { rules: { 'front-door': frontDoor } } },
    rules: { 'pda/front-door': 'error' },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'game',
        'CONFIG',
        'Hooks',
        'foundry',
        'ui',
        'canvas',
        'document',
        'window',
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the dice port.' },
      ],
    },
  },
  {
    // Table tests act as people do: through the harness and the system's entry point only.
    files: ['test/table/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/fakes/**'],
              message: 'Table tests import test/harness/table only: act through the UI, not the code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.mjs', '*.js', '*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
