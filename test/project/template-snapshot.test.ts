import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTemplateSnapshot, fieldPaths } from './template-snapshot-lib';
import { MIGRATIONS } from '../../src/foundry/migrations';

const committed = JSON.parse(readFileSync(new URL('../../template.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;

describe('template.json snapshot', () => {
  it('matches the data models (run `npm run snapshot` after changing a model)', async () => {
    const current = await buildTemplateSnapshot();
    expect(current).toEqual(committed);
  });

  it('no field of an existing type disappears without a migration newer than the snapshot', async () => {
    const current = (await buildTemplateSnapshot()) as Record<string, Record<string, unknown>>;
    const snapshotVersion = Number(committed._schemaVersion ?? 1);
    const lost: string[] = [];
    for (const documentName of ['Actor', 'Item'] as const) {
      for (const type of (committed[documentName]?.types as string[] | undefined) ?? []) {
        const before = new Set(fieldPaths(committed[documentName]?.[type]));
        const after = new Set(fieldPaths(current[documentName]?.[type]));
        const migrated = MIGRATIONS.some(
          (m) => m.version > snapshotVersion && m.types[documentName]?.includes(type),
        );
        for (const path of before)
          if (!after.has(path) && !migrated) lost.push(`${documentName}.${type}.${path}`);
      }
    }
    expect(lost).toEqual([]);
  });
});
