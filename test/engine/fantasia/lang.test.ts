import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BOTTES, FANTASIA_WEAPONS, SIEGE_ENGINES } from '../../../src/engine/fantasia';

const root = join(__dirname, '../../..');
const load = (name: string): unknown => JSON.parse(readFileSync(join(root, 'lang/parts', name), 'utf8'));
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const fr = new Set([...keys(load('fantasia-engine.fr.json')), ...keys(load('core.fr.json'))]);
const en = new Set([...keys(load('fantasia-engine.en.json')), ...keys(load('core.en.json'))]);

describe('fantasia engine strings', () => {
  it('F-W7 every key the engine emits exists in French and English', () => {
    const dir = join(root, 'src/engine/fantasia');
    // The round's files (round.ts and the files split from it) emit strings of the round fragment.
    const frRound = new Set([...fr, ...keys(load('round.fr.json'))]);
    const enRound = new Set([...en, ...keys(load('round.en.json'))]);
    const used = new Set<string>();
    for (const file of readdirSync(dir)) {
      if (statSync(join(dir, file)).isDirectory()) continue; // the exchange: checked below
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(
        /'(PDA\.(?:Error|Fantasia)\.[A-Za-z.]+)'/g,
      )) {
        used.add(m[1]!);
      }
    }
    for (const b of BOTTES) used.add(b.name);
    for (const w of Object.values(FANTASIA_WEAPONS)) used.add(w.name);
    for (const s of Object.values(SIEGE_ENGINES)) used.add(s.name);
    const missing = [...used].filter((k) => !frRound.has(k) || !enRound.has(k));
    expect(missing).toEqual([]);
    expect(keys(load('fantasia-engine.fr.json')).sort()).toEqual(
      keys(load('fantasia-engine.en.json')).sort(),
    );
  });

  it('F-W7 every key the exchanges emit exists in French and English (engine, card and siege strings)', () => {
    // The siege exchange (exchange/siege.ts) emits its card strings from the siege fragment.
    const dir = join(root, 'src/engine/fantasia/exchange');
    const frAll = new Set([...fr, ...keys(load('chat.fr.json')), ...keys(load('fantasia-siege.fr.json'))]);
    const enAll = new Set([...en, ...keys(load('chat.en.json')), ...keys(load('fantasia-siege.en.json'))]);
    const used = new Set<string>();
    for (const file of readdirSync(dir))
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/'(PDA\.[A-Za-z]+\.[A-Za-z.]+)'/g))
        used.add(m[1]!);
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((k) => !frAll.has(k) || !enAll.has(k))).toEqual([]);
  });
});
