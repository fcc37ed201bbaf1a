// Symlinks dist/ as <Foundry user data>/Data/systems/passe-d-armes: `npm run link -- <path>`.
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dataPath = process.argv[2];
if (!dataPath) {
  console.error('Usage: npm run link -- <Foundry user data path>');
  process.exit(1);
}
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const systems = join(resolve(dataPath), 'Data', 'systems');
const target = join(systems, 'passe-d-armes');
mkdirSync(systems, { recursive: true });
if (existsSync(target) || lstatSync(target, { throwIfNoEntry: false }))
  rmSync(target, { recursive: true, force: true });
symlinkSync(dist, target, 'dir');
console.log(`Linked ${target} → ${dist}`);
