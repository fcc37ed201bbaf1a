// Rewrites system.json's generated parts: documentTypes from the data models (types and their
// htmlFields), and version, url, manifest, download and bugs from package.json (its version and
// its one `repository` value). Run: npm run manifest — a test fails when system.json is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { computeDocumentTypes } from '../test/project/manifest-lib';
import { manifestUrls, type PackageLike } from './manifest-urls.mjs';

const url = new URL('../system.json', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as PackageLike;
const manifest = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
manifest.version = pkg.version;
manifest.documentTypes = await computeDocumentTypes();
Object.assign(manifest, manifestUrls(pkg));
writeFileSync(url, JSON.stringify(manifest, null, 2) + '\n');
console.log('system.json documentTypes, version and addresses updated');
