// `npm run release`: builds the system, then lays out release/<tag>/ with the two files a release
// publishes: passe-d-armes.zip and the system.json whose `download` names that zip's address for
// this version (package.json's version). `--skip-build` reuses an existing dist/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { manifestUrls, releaseTag } from './manifest-urls.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const zipName = 'passe-d-armes.zip';

if (!process.argv.includes('--skip-build')) {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const expected = manifestUrls(pkg, zipName);
const manifestText = readFileSync(join(dist, 'system.json'), 'utf8');
const manifest = JSON.parse(manifestText);
const fail = (message) => {
  console.error(`release: ${message}`);
  process.exit(1);
};
if (manifest.version !== pkg.version)
  fail(`dist/system.json is ${manifest.version}, package.json ${pkg.version}`);
for (const key of ['url', 'manifest', 'download', 'bugs']) {
  if (manifest[key] !== expected[key])
    fail(`dist/system.json ${key} is "${manifest[key]}", not "${expected[key]}"`);
}
// The archive must carry the very manifest published beside it.
const zip = unzipSync(readFileSync(join(dist, zipName)));
if (!zip['system.json'] || new TextDecoder().decode(zip['system.json']) !== manifestText)
  fail(`${zipName} does not hold dist/system.json at its root`);

const out = join(root, 'release', releaseTag(pkg));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
copyFileSync(join(dist, zipName), join(out, zipName));
copyFileSync(join(dist, 'system.json'), join(out, 'system.json'));
console.log(`Release ${releaseTag(pkg)}: ${join('release', releaseTag(pkg), zipName)} and system.json`);
console.log(`  download: ${manifest.download}`);
