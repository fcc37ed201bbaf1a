// Writes template.json: a snapshot of the default `system` data of every Actor and Item type,
// computed from the data models. Foundry does not read it (documentTypes + TypeDataModels do the
// work); it exists so a reviewer sees the data shape, and so a test notices model changes.
// Run: npm run snapshot
import { writeFileSync } from 'node:fs';
import { buildTemplateSnapshot } from '../test/project/template-snapshot-lib';

writeFileSync(
  new URL('../template.json', import.meta.url),
  JSON.stringify(await buildTemplateSnapshot(), null, 2) + '\n',
);
console.log('template.json written');
