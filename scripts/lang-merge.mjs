// Builds lang/fr.json and lang/en.json, the files Foundry loads, from the per-area sources in
// lang/parts/<area>.<lang>.json (deep merge; a key defined twice with different values is an
// error). Run `npm run lang` after editing a part; a test fails when the two are out of step.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const partsDir = join(root, 'lang', 'parts');

function merge(target, source, path, file) {
  for (const [key, value] of Object.entries(source)) {
    const here = path ? `${path}.${key}` : key;
    if (value && typeof value === 'object') {
      if (typeof target[key] === 'string') throw new Error(`${file}: ${here} is both a string and an object`);
      target[key] ??= {};
      merge(target[key], value, here, file);
    } else {
      if (key in target && target[key] !== value) throw new Error(`${file}: ${here} defined twice`);
      target[key] = value;
    }
  }
  return target;
}

if (!existsSync(partsDir)) {
  console.log('no lang/parts: lang/fr.json and lang/en.json are the sources');
  process.exit(0);
}
for (const lang of ['fr', 'en']) {
  const out = {};
  {
    for (const file of readdirSync(partsDir)
      .filter((f) => f.endsWith(`.${lang}.json`))
      .sort()) {
      merge(out, JSON.parse(readFileSync(join(partsDir, file), 'utf8')), '', file);
    }
  }
  writeFileSync(join(root, 'lang', `${lang}.json`), JSON.stringify(out, null, 2) + '\n');
}
console.log('lang/fr.json and lang/en.json merged');
