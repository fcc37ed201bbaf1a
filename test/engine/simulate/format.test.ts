import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { percent } from '../../../src/engine/simulate/format';

const root = new URL('../../../', import.meta.url).pathname;
// What `npm run simulate` runs: the prebuilt bundle of scripts/simulate.ts.
const run = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts', 'simulate.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('the simulator report as the GM reads it', () => {
  it('never prints 0 % for a rate that is not 0, nor 100 % for one under 1', () => {
    expect(percent(0.0003, 'en')).toBe('0.030 %');
    expect(percent(0.00004, 'en')).toBe('0.0040 %');
    expect(percent(0.9996, 'en')).toBe('99.960 %');
    expect(percent(0.528, 'fr')).toBe('52,8 %');
    expect(percent(0, 'fr')).toBe('0,0 %');
    expect(percent(1, 'en')).toBe('100.0 %');
  });

  it('npm run simulate speaks French by default and English with --lang en', () => {
    const fr = run('examples/fantasia-brigands.json', '--fights', '200');
    expect(fr.status).toBe(0);
    expect(fr.stdout).toContain('combats simulés');
    expect(fr.stdout).toContain('Victoires (intervalle à 95 %)');
    expect(fr.stdout).toContain('Hors de combat');
    expect(fr.stdout).not.toMatch(/fights|attacks resolved|CPU/);
    // The share of the defeats goes with how they were lost, not with the foe named after it.
    expect(fr.stdout).toMatch(/dans \d+,\d+ % des défaites, le plus souvent face à /);
    expect(fr.stdout).not.toMatch(/\(\d+,\d+ %\)/);
    const en = run('examples/fantasia-brigands.json', '--fights', '200', '--lang', 'en');
    expect(en.status).toBe(0);
    expect(en.stdout).toContain('fights simulated');
    expect(en.stdout).toContain('Wins (95 % interval)');
    expect(en.stdout).not.toMatch(/combats|Victoires/);
    expect(en.stdout).toMatch(/in \d+\.\d+ % of the defeats, most often against /);
  });

  it('refuses a typo in the encounter file in words, naming the key, the fighter and the allowed keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pda-sim-'));
    const file = JSON.parse(readFileSync(join(root, 'examples', 'fantasia-brigands.json'), 'utf8')) as {
      sides: { fighters: Record<string, unknown>[] }[];
    };
    const first = file.sides[0]!.fighters[0]!;
    first['tactic'] = first['tactics'] ?? {};
    delete first['tactics'];
    const path = join(dir, 'typo.json');
    writeFileSync(path, JSON.stringify(file));
    const out = run(path);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain('Clé inconnue « tactic »');
    expect(out.stderr).toContain(String(first['name']));
    expect(out.stderr).toContain('tactics');
    const bad = run(path, '--lang', 'de');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Langue inconnue : de');
  });
});
