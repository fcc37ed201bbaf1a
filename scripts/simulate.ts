// The encounter simulator from the command line (issue 18, docs/simulator.md):
//   npm run simulate -- <encounter.json> [--fights N] [--seed S] [--json out.json]
// Fighters come from the compendium sources (packs-src/<ruleset>/<pack>/*.json, by name) or
// from actors exported from Foundry; the report is printed as a text table.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isRulesError } from '../src/engine/core/errors';
import { formatReport, simulate } from '../src/engine/simulate';
import { resolveEncounter, type EncounterFile } from '../src/engine/simulate/encounter-file';
import type { DocumentData } from '../src/engine/simulate/sources';

const root = new URL('..', import.meta.url).pathname;
const USAGE = 'usage: npm run simulate -- <encounter.json> [--fights N] [--seed S] [--json out.json]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseArgs(argv: readonly string[]) {
  let file: string | undefined;
  let fights: number | undefined;
  let seed: number | undefined;
  let json: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value\n${USAGE}`);
      return v;
    };
    const int = (v: string): number => {
      const n = Number(v);
      if (!Number.isInteger(n)) fail(`${a} ${v}: not an integer\n${USAGE}`);
      return n;
    };
    if (a === '--fights') fights = int(value());
    else if (a === '--seed') seed = int(value());
    else if (a === '--json') json = value();
    else if (a === '--help' || a === '-h') fail(USAGE);
    else if (a.startsWith('--')) fail(`unknown option ${a}\n${USAGE}`);
    else if (file === undefined) file = a;
    else fail(`one encounter file only\n${USAGE}`);
  }
  if (!file) fail(USAGE);
  return { file, fights, seed, json };
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    fail(`cannot read ${path}: ${(error as Error).message}`);
  }
}

const packCache = new Map<string, DocumentData[]>();
function packDocs(ruleset: string, pack: string): DocumentData[] {
  const key = `${ruleset}/${pack}`;
  let docs = packCache.get(key);
  if (!docs) {
    if (!/^[a-z0-9-]+$/i.test(pack)) fail(`bad pack name ${JSON.stringify(pack)}`);
    const dir = join(root, 'packs-src', ruleset, pack);
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch {
      fail(`no pack ${pack} in packs-src/${ruleset}`);
    }
    docs = names.sort().map((n) => readJson(join(dir, n)) as DocumentData);
    packCache.set(key, docs);
  }
  return docs;
}

/** A refusal in words, from lang/en.json (the key itself when it has no text). */
function message(key: string, data: Readonly<Record<string, string | number>>): string {
  let text: unknown = readJson(join(root, 'lang', 'en.json'));
  for (const part of key.split('.')) text = (text as Record<string, unknown> | undefined)?.[part];
  if (typeof text !== 'string') return `${key} ${JSON.stringify(data)}`;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m));
}

const norm = (s: string): string => s.normalize('NFC').trim().toLowerCase();

const args = parseArgs(process.argv.slice(2));
const path = resolve(args.file);
const file = readJson(path) as EncounterFile;
try {
  const encounter = resolveEncounter(
    file,
    {
      pack: (pack, name) =>
        packDocs(String(file.ruleset), pack).find((d) => norm(d.name ?? '') === norm(name)),
      actor: (p) => readJson(resolve(dirname(path), p)) as DocumentData,
    },
    {
      ...(args.fights !== undefined ? { fights: args.fights } : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
    },
  );
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const report = simulate(encounter);
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(formatReport(report));
  console.log(
    `\n${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU ` +
      `(${Math.round(report.fights / cpuSeconds).toLocaleString('en')} fights per CPU second)`,
  );
  if (args.json) {
    writeFileSync(resolve(args.json), JSON.stringify(report, null, 2) + '\n');
    console.log(`report written to ${args.json}`);
  }
} catch (error) {
  if (isRulesError(error)) fail(`refused: ${message(error.key, error.data)}`);
  throw error;
}
