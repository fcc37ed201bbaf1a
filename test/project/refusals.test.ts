import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A refusal a player or GM reads says in words what is missing: no internal id (a thrust's or a
 * condition's key, a weapon's or combatant's document id) reaches its text. Two checks: no refusal
 * text (PDA.Error.*) has a placeholder named after an id, and no refusal raised in Fantasia's
 * engine or Foundry code fills a placeholder its text shows with an id-like value.
 */
const root = new URL('../../', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)],
  );

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const lang = (code: string): Map<string, string> =>
  flatten(JSON.parse(readFileSync(join(root, `lang/${code}.json`), 'utf8')) as Tree);
const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/** An expression that yields an id or a key rather than words. */
export const idLike = (expr: string): boolean =>
  !/^[`']PDA\./.test(expr.trim()) &&
  /(?:^|\.)(?:id|kind|thrustId|weaponId|combatantId|itemId)$|Id$|^String\([^)]*\.(?:id|kind)\)$/.test(
    expr.trim(),
  );

/** The refusals raised in a source file: key and data entries (name → expression). */
export function refusalsIn(src: string): { key: string; data: [string, string][] }[] {
  const out: { key: string; data: [string, string][] }[] = [];
  const re =
    /(?:RulesError|refuse)\(\s*'(PDA\.[^']+)'\s*(?:,\s*'[^']*'\s*)?(?:,\s*\{((?:[^{}]|\$\{[^}]*\})*)\})?/g;
  for (const m of src.matchAll(re)) {
    const data = (m[2] ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)
      .map((e): [string, string] => {
        const i = e.indexOf(':');
        return i < 0 ? [e, e] : [e.slice(0, i).trim(), e.slice(i + 1).trim()];
      });
    out.push({ key: m[1] ?? '', data });
  }
  return out;
}

describe('refusal texts', () => {
  it('the checks catch a thrust id and a condition key in a refusal', () => {
    const found = refusalsIn(
      "throw new RulesError('PDA.Error.ThrustCondition', { thrust: thrust.id, condition: first.kind });",
    );
    expect(found).toEqual([
      {
        key: 'PDA.Error.ThrustCondition',
        data: [
          ['thrust', 'thrust.id'],
          ['condition', 'first.kind'],
        ],
      },
    ]);
    expect(found[0]!.data.map(([, v]) => idLike(v))).toEqual([true, true]);
    expect(idLike('thrust.name')).toBe(false);
    expect(idLike('weapon.name')).toBe(false);
  });

  it('no refusal text, fr or en, has a placeholder for an id', () => {
    const bad: string[] = [];
    for (const code of ['fr', 'en'])
      for (const [key, text] of lang(code))
        if (key.startsWith('PDA.Error.'))
          for (const p of placeholders(text)) if (/^ids?$|Id$/.test(p)) bad.push(`${code} ${key}: {${p}}`);
    expect(bad).toEqual([]);
  });

  it("no refusal raised by Fantasia's rules or cards shows an id in its text", () => {
    const fr = lang('fr');
    const en = lang('en');
    const bad: string[] = [];
    const dirs = ['src/engine/fantasia', 'src/foundry/rulesets/fantasia'];
    for (const file of dirs.flatMap((d) => files(join(root, d))).filter((f) => f.endsWith('.ts'))) {
      for (const { key, data } of refusalsIn(readFileSync(file, 'utf8'))) {
        const shown = new Set([...placeholders(fr.get(key) ?? ''), ...placeholders(en.get(key) ?? '')]);
        for (const [name, expr] of data)
          if (shown.has(name) && idLike(expr)) bad.push(`${relative(root, file)} ${key}: ${name} = ${expr}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('messages that name a weapon', () => {
  it('no French text makes an adjective or participle agree with a weapon name (Arc, Arbalète, Épée…)', () => {
    // "{weapon} n'est pas chargée" reads wrong for "Arc"; "{weapon} : l'arme n'est pas chargée"
    // agrees with "l'arme" whatever the weapon. Flags {weapon} as the subject of être/avoir été.
    const bad: string[] = [];
    for (const [key, text] of lang('fr'))
      if (
        /(?:^|[.:;!?]\s*)\{weapon\}\s+(?:n'|ne\s+)?(?:est|a été)\s+(?:pas\s+|déjà\s+|plus\s+)?(?!un\b|une\b|en\b|pas\b)[a-zéèêç]+/.test(
          text,
        )
      )
        bad.push(`${key}: ${text}`);
    expect(bad).toEqual([]);
  });
});
