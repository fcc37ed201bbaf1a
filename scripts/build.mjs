// Builds the installable system into dist/: the bundled module, system.json, LICENSE, templates,
// lang, styles, compendium packs compiled with the official Foundry CLI, and dist/passe-d-armes.zip.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilePack } from '@foundryvtt/foundryvtt-cli';
import { zipSync } from 'fflate';
import { manifestUrls } from './manifest-urls.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const started = Date.now();

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

// 1. The ES module and its source map.
execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});

// 1b. The encounter simulator's Web Worker: the engine's simulator, as a module of its own.
const { build: esbuild } = await import('esbuild');
await esbuild({
  entryPoints: [join(root, 'src/foundry/simulator/worker.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  outfile: join(dist, 'simulator-worker.mjs'),
  logLevel: 'warning',
});

// 2. Static folders.
for (const folder of ['templates', 'styles', 'assets']) {
  if (existsSync(join(root, folder))) cpSync(join(root, folder), join(dist, folder), { recursive: true });
}
mkdirSync(join(dist, 'lang'), { recursive: true });
for (const lang of ['fr', 'en'])
  cpSync(join(root, 'lang', `${lang}.json`), join(dist, 'lang', `${lang}.json`));
cpSync(join(root, 'LICENSE'), join(dist, 'LICENSE'));

// 3. The manifest, with the package version and the addresses derived from its repository.
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, 'system.json'), 'utf8'));
manifest.version = pkg.version;
Object.assign(manifest, manifestUrls(pkg));
writeFileSync(join(dist, 'system.json'), JSON.stringify(manifest, null, 2) + '\n');

// 4. Compendium packs: packs-src/<ruleset>/<pack>/*.json → dist/packs/<pack> (LevelDB).
for (const pack of manifest.packs ?? []) {
  const name = pack.name;
  const source = findPackSource(name);
  if (!source) throw new Error(`No source folder for pack ${name}`);
  await compilePack(source, join(dist, pack.path), { log: false });
}

function findPackSource(name) {
  const base = join(root, 'packs-src');
  if (!existsSync(base)) return null;
  for (const ruleset of readdirSync(base)) {
    const candidate = join(base, ruleset, name);
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
  }
  return null;
}

// 5. The zip: every file of dist/, under no top folder (Foundry's installer expects system.json at its root).
const files = {};
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (!full.endsWith('.zip') && !entry.startsWith('LOCK'))
      files[relative(dist, full).split('\\').join('/')] = readFileSync(full);
  }
};
walk(dist);
writeFileSync(join(dist, 'passe-d-armes.zip'), zipSync(files, { level: 6 }));

console.log(
  `Built dist/ (${Object.keys(files).length} files) and dist/passe-d-armes.zip in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
