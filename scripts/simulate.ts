// The encounter simulator from the command line (docs/simulator.md):
//   npm run simulate -- <encounter.json> [--fights N] [--seed S] [--json out.json] [--lang fr|en]
// Fighters come from the compendium sources (packs-src/<ruleset>/<pack>/*.json, by name) or
// from actors exported from Foundry; the report is printed as a text table in the language of the
// system's lang files (French unless --lang en).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRulesError } from '../src/engine/core/errors';
import { formatReport, simulate } from '../src/engine/simulate';
import { resolveEncounter, type EncounterFile } from '../src/engine/simulate/encounter-file';
import type { Translate } from '../src/engine/simulate/format';
import type { DocumentData } from '../src/engine/simulate/sources';

/** The repository: the first folder up with a package.json (this file, or its bundle under node_modules/.cache). */
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
const root = findRoot(dirname(fileURLToPath(import.meta.url)));
const LANGS = ['fr', 'en'] as const;

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** The translator of lang/<lang>.json: the key's text with its {placeholders} filled. */
function translator(lang: string): Translate {
  const strings = readJson(join(root, 'lang', `${lang}.json`));
  return (key, data = {}) => {
    let text: unknown = strings;
    for (const part of key.split('.')) text = (text as Record<string, unknown> | undefined)?.[part];
    if (typeof text !== 'string') return `${key} ${JSON.stringify(data)}`;
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m));
  };
}

// The language is read first, so that every message after it is in that language.
const argv = process.argv.slice(2);
const langAt = argv.indexOf('--lang');
const lang = langAt >= 0 ? argv[langAt + 1] : 'fr';
let t = translator('fr');
if (!(LANGS as readonly (string | undefined)[]).includes(lang)) {
  console.error(t('PDA.Simulator.Text.BadLang', { lang: String(lang) }));
  process.exit(1);
}
t = translator(lang!);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseArgs(args: readonly string[]) {
  const usage = t('PDA.Simulator.Text.Usage');
  let file: string | undefined;
  let fights: number | undefined;
  let seed: number | undefined;
  let json: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) fail(`${t('PDA.Simulator.Text.NeedsValue', { option: a })}\n${usage}`);
      return v;
    };
    const int = (v: string): number => {
      const n = Number(v);
      if (!Number.isInteger(n))
        fail(`${t('PDA.Simulator.Text.NotInteger', { option: a, value: v })}\n${usage}`);
      return n;
    };
    if (a === '--fights') fights = int(value());
    else if (a === '--seed') seed = int(value());
    else if (a === '--json') json = value();
    else if (a === '--lang') value();
    else if (a === '--help' || a === '-h') fail(usage);
    else if (a.startsWith('--')) fail(`${t('PDA.Simulator.Text.UnknownOption', { option: a })}\n${usage}`);
    else if (file === undefined) file = a;
    else fail(`${t('PDA.Simulator.Text.OneFile')}\n${usage}`);
  }
  if (!file) fail(usage);
  return { file, fights, seed, json };
}

function readOrFail(path: string): unknown {
  try {
    return readJson(path);
  } catch (error) {
    fail(t('PDA.Simulator.Text.CannotRead', { path, reason: (error as Error).message }));
  }
}

const packCache = new Map<string, DocumentData[]>();
function packDocs(ruleset: string, pack: string): DocumentData[] {
  const key = `${ruleset}/${pack}`;
  let docs = packCache.get(key);
  if (!docs) {
    if (!/^[a-z0-9-]+$/i.test(pack)) fail(t('PDA.Simulator.Text.BadPack', { pack: JSON.stringify(pack) }));
    const dir = join(root, 'packs-src', ruleset, pack);
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch {
      let allowed = '—';
      try {
        allowed = readdirSync(join(root, 'packs-src', ruleset))
          .sort()
          .join(', ');
      } catch {
        /* an unknown ruleset is refused by resolveEncounter with the allowed ids */
      }
      fail(t('PDA.Simulator.Text.NoPack', { pack, ruleset, allowed }));
    }
    docs = names.sort().map((n) => readOrFail(join(dir, n)) as DocumentData);
    packCache.set(key, docs);
  }
  return docs;
}

const norm = (s: string): string => s.normalize('NFC').trim().toLowerCase();

const args = parseArgs(argv);
const path = resolve(args.file);
const file = readOrFail(path) as EncounterFile;
try {
  const ruleset = String(file.ruleset);
  const encounter = resolveEncounter(
    file,
    {
      pack: (pack, name) => packDocs(ruleset, pack).find((d) => norm(d.name ?? '') === norm(name)),
      names: (pack) => packDocs(ruleset, pack).map((d) => d.name ?? ''),
      actor: (p) => readOrFail(resolve(dirname(path), p)) as DocumentData,
    },
    {
      ...(args.fights !== undefined ? { fights: args.fights } : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
    },
  );
  const t0 = performance.now();
  const report = simulate(encounter);
  const seconds = (performance.now() - t0) / 1000;
  console.log(formatReport(report, { t, lang: lang! }));
  console.log(
    '\n' +
      t('PDA.Simulator.Text.Timing', {
        wall: seconds.toLocaleString(lang, { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
        rate: Math.round(report.fights / Math.max(seconds, 1e-6)).toLocaleString(lang),
      }),
  );
  if (args.json) {
    writeFileSync(resolve(args.json), JSON.stringify(report, null, 2) + '\n');
    console.log(t('PDA.Simulator.Text.Written', { path: args.json }));
  }
} catch (error) {
  if (isRulesError(error)) fail(t('PDA.Simulator.Text.Refused', { message: t(error.key, error.data) }));
  throw error;
}
