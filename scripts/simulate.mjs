// npm run simulate: runs scripts/simulate.ts as one prebuilt bundle with plain node (no TypeScript
// loader at start-up). The bundle is rebuilt with esbuild whenever one of its sources is newer.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'node_modules', '.cache', 'passe-d-armes');
const bundle = join(dir, 'simulate.mjs');
const inputs = join(dir, 'simulate.inputs.json');

function stale() {
  if (!existsSync(bundle) || !existsSync(inputs)) return true;
  const built = statSync(bundle).mtimeMs;
  const files = JSON.parse(readFileSync(inputs, 'utf8'));
  return files.some((f) => !existsSync(join(root, f)) || statSync(join(root, f)).mtimeMs > built);
}

if (stale()) {
  const { build } = await import('esbuild');
  mkdirSync(dir, { recursive: true });
  const result = await build({
    entryPoints: [join(root, 'scripts', 'simulate.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  // Written aside, then renamed: two runs building at once never read half a bundle.
  const tmp = `${bundle}.${process.pid}`;
  writeFileSync(tmp, result.outputFiles[0].contents);
  renameSync(tmp, bundle);
  writeFileSync(`${inputs}.${process.pid}`, JSON.stringify(Object.keys(result.metafile.inputs)));
  renameSync(`${inputs}.${process.pid}`, inputs);
}
await import(pathToFileURL(bundle).href);
