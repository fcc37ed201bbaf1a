// Rewrites system.json's documentTypes from the data models (types and their htmlFields).
// Run: npx tsx scripts/sync-manifest.ts — a test fails when system.json is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { computeDocumentTypes } from '../test/project/manifest-lib';

const url = new URL('../system.json', import.meta.url);
const manifest = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
manifest.documentTypes = await computeDocumentTypes();
writeFileSync(url, JSON.stringify(manifest, null, 2) + '\n');
console.log('system.json documentTypes updated');
