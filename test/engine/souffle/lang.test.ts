import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SOUFFLE_ACTIONS,
  SOUFFLE_STATES,
  DEFAULT_LADDER,
  WEAPONS,
  ARMOURS,
  SHIELDS,
} from '../../../src/engine/souffle';

const root = join(__dirname, '../../..');
const load = (lang: string, part = 'souffle'): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, `lang/parts/${part}.${lang}.json`), 'utf8')) as Record<string, unknown>;

/** The engine's files, its exchanges' folder included. */
function engineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? engineFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('Souffle localization', () => {
  const fr = keys(load('fr'));
  const en = keys(load('en'));

  it('French and English have the same keys', () => {
    expect([...fr].sort()).toEqual([...en].sort());
  });

  it('every key the engine uses exists', () => {
    const dir = join(root, 'src/engine/souffle');
    const used = new Set<string>();
    for (const file of engineFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/'(PDA\.(?:Error\.Souffle|Souffle\.)[A-Za-z.]+)'/g))
        if (m[1]) used.add(m[1]);
    }
    for (const a of Object.keys(SOUFFLE_ACTIONS)) used.add(`PDA.Souffle.Action.${a}`);
    for (const s of SOUFFLE_STATES) used.add(`PDA.Souffle.State.${s}`);
    for (const r of DEFAULT_LADDER.rows) if (r.name) used.add(`PDA.Souffle.Level.${r.name}`);
    for (const w of Object.keys(WEAPONS)) used.add(`PDA.Souffle.Weapon.${w}`);
    for (const a of [...Object.keys(ARMOURS), ...Object.keys(SHIELDS)]) used.add(`PDA.Souffle.Armour.${a}`);
    // The exchanges' card keys live in the UI parts.
    const all = [
      ...fr,
      ...keys(load('fr', 'souffle-ui')),
      ...keys(load('fr', 'souffle-flee')),
      ...keys(load('fr', 'souffle-table')),
      ...keys(load('fr', 'souffle-turns')),
      ...keys(load('fr', 'souffle-edges')),
    ];
    const missing = [...used].filter((k) => !all.includes(k));
    expect(missing).toEqual([]);
  });
});
