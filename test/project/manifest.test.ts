import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPack } from '@foundryvtt/foundryvtt-cli';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFoundry } from '../fakes/foundry';
import { manifestUrls, repositoryUrl, type PackageLike } from '../../scripts/manifest-urls.mjs';

const root = new URL('../../', import.meta.url).pathname;
const dist = join(root, 'dist');
type Manifest = {
  id: string;
  version: string;
  compatibility: { minimum: string; verified: string; maximum?: string };
  url: string;
  manifest: string;
  download: string;
  bugs: string;
  license: string;
  authors: { name: string }[];
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
  packs: { name: string; path: string; type: string; label: string; system?: string }[];
  documentTypes: Record<string, Record<string, unknown>>;
  socket?: boolean;
};
let manifest: Manifest;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageLike & {
  license: string;
};
const releaseDir = join(root, 'release', `v${pkg.version}`);

/**
 * The generation `compatibility.verified` may claim: the newest Foundry generation a recorded run
 * of `npm run e2e` played (docs/testing-in-foundry.md, "Runs recorded"); with none recorded, the
 * minimum's generation (issue 39: no claim of a test nobody ran).
 */
function playedGeneration(minimum: string): string {
  const doc = readFileSync(join(root, 'docs', 'testing-in-foundry.md'), 'utf8');
  const section = doc.split('### Runs recorded')[1]?.split('\n## ')[0] ?? '';
  const generations = section
    .split('\n')
    .filter((line) => /^\|\s*\d{4}-\d{2}-\d{2}/.test(line))
    .map((line) => /(\d+)(?:\.\d+)?/.exec(line.split('|')[2] ?? '')?.[1])
    .filter((g): g is string => Boolean(g))
    .map(Number);
  return String(generations.length ? Math.max(...generations) : Number(minimum.split('.')[0]));
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)],
  );

describe('the built system', () => {
  beforeAll(() => {
    // `npm run release` builds dist/ and lays out release/v<version>/.
    execFileSync(process.execPath, [join(root, 'scripts/release.mjs')], { cwd: root, stdio: 'pipe' });
    manifest = JSON.parse(readFileSync(join(dist, 'system.json'), 'utf8')) as Manifest;
  }, 120_000);

  it('has the identity Foundry needs, from the oldest supported v13 build to the generation really played', () => {
    expect(manifest.id).toBe('passe-d-armes');
    expect(manifest.version).toBe(pkg.version);
    // A precise build (generation.build), not a bare "13" that would admit untested early builds.
    expect(manifest.compatibility.minimum).toMatch(/^13\.\d{3}$/);
    expect(manifest.compatibility.verified).toBe(playedGeneration(manifest.compatibility.minimum));
    expect(manifest.compatibility).not.toHaveProperty('maximum');
    // Nothing uses game.socket (requests travel on User documents, src/foundry/queries.ts).
    expect(manifest).not.toHaveProperty('socket');
  });

  it("names its page, manifest, this version's zip and its bug tracker from package.json's repository", () => {
    const repo = repositoryUrl(pkg);
    expect(manifest.url).toBe(repo);
    expect(manifest.bugs).toBe(`${repo}/issues`);
    expect(manifest.manifest).toBe(`${repo}/releases/latest/download/system.json`);
    expect(manifest.download).toBe(`${repo}/releases/download/v${pkg.version}/passe-d-armes.zip`);
  });

  it('system.json in the repository carries the same generated version and addresses', () => {
    const source = JSON.parse(readFileSync(join(root, 'system.json'), 'utf8')) as Manifest;
    expect(source.version).toBe(pkg.version);
    expect({
      url: source.url,
      manifest: source.manifest,
      download: source.download,
      bugs: source.bugs,
    }).toEqual(manifestUrls(pkg));
  });

  it('ships the MIT licence it declares, owned by the project contributors', () => {
    expect(pkg.license).toBe('MIT');
    expect(manifest.license).toBe('LICENSE');
    const text = readFileSync(join(dist, manifest.license), 'utf8');
    expect(text).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    expect(text.startsWith('MIT License')).toBe(true);
    expect(text).toMatch(/Copyright \(c\) \d{4} Passe d'armes contributors/);
    expect(text).toContain('Permission is hereby granted, free of charge');
    expect(manifest.authors.map((a) => a.name)).toContain("Passe d'armes contributors");
  });

  it('npm run release publishes the zip and a manifest whose download is that zip', () => {
    const released = JSON.parse(readFileSync(join(releaseDir, 'system.json'), 'utf8')) as Manifest;
    expect(released).toEqual(manifest);
    expect(released.download.endsWith(`/v${pkg.version}/passe-d-armes.zip`)).toBe(true);
    const zip = unzipSync(readFileSync(join(releaseDir, 'passe-d-armes.zip')));
    expect(JSON.parse(new TextDecoder().decode(zip['system.json']))).toEqual(released);
    expect(Object.keys(zip)).toContain('LICENSE');
  });

  it('every file the manifest names exists in dist/', () => {
    const named = [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l) => l.path)];
    for (const file of named) expect(existsSync(join(dist, file)), file).toBe(true);
    expect(existsSync(join(dist, 'passe-d-armes.mjs.map'))).toBe(true);
    expect(existsSync(join(dist, 'template.json'))).toBe(false);
  });

  it('each documentTypes subtype has a registered data model, and each model is declared', async () => {
    installFoundry();
    const { registerAllRulesets } = await import('../../src/foundry/rulesets/all');
    const { allRulesets } = await import('../../src/foundry/rulesets/registry');
    registerAllRulesets();
    const models: Record<string, Set<string>> = { Actor: new Set(), Item: new Set() };
    for (const r of allRulesets()) {
      Object.keys(r.actorModels).forEach((t) => models.Actor!.add(t));
      Object.keys(r.itemModels).forEach((t) => models.Item!.add(t));
    }
    for (const doc of ['Actor', 'Item'] as const) {
      expect(new Set(Object.keys(manifest.documentTypes[doc] ?? {}))).toEqual(models[doc]);
    }
  });

  it('system.json declares exactly the types the data models define, with their HTML fields', async () => {
    const { computeDocumentTypes } = await import('./manifest-lib');
    const source = JSON.parse(readFileSync(join(root, 'system.json'), 'utf8')) as Manifest;
    expect(source.documentTypes).toEqual(await computeDocumentTypes());
  });

  it('every compendium source folder is a declared pack', () => {
    const declared = new Set(manifest.packs.map((p) => p.name));
    const folders = readdirSync(join(root, 'packs-src')).flatMap((r) =>
      readdirSync(join(root, 'packs-src', r)),
    );
    expect(new Set(folders)).toEqual(declared);
  });

  it('every pack compiles and reads back with all its source documents', async () => {
    for (const pack of manifest.packs) {
      const packDir = join(dist, pack.path);
      expect(existsSync(packDir), pack.name).toBe(true);
      // Reading a LevelDB folder rewrites its log files: read a copy so dist/ stays as built.
      const copy = mkdtempSync(join(tmpdir(), `pda-db-${pack.name}-`));
      cpSync(packDir, copy, { recursive: true });
      const out = mkdtempSync(join(tmpdir(), `pda-${pack.name}-`));
      await extractPack(copy, out, { log: false });
      const sources = walk(join(root, 'packs-src')).filter(
        (f) => f.includes(`/${pack.name}/`) && f.endsWith('.json'),
      );
      const extracted = walk(out).filter((f) => f.endsWith('.json'));
      expect(extracted.length, pack.name).toBe(sources.length);
      expect(sources.length, pack.name).toBeGreaterThan(0);
    }
  });

  it('the zip holds exactly the files of dist/, with system.json at its root', () => {
    const zip = unzipSync(readFileSync(join(dist, 'passe-d-armes.zip')));
    const inZip = Object.keys(zip).sort();
    const onDisk = walk(dist)
      .filter((f) => !f.endsWith('.zip') && !/\/LOCK$/.test(f))
      .map((f) => f.slice(dist.length + 1))
      .sort();
    expect(inZip).toEqual(onDisk);
    expect(inZip).toContain('system.json');
    expect(inZip).toContain('passe-d-armes.mjs');
  });
});

describe('the manifest addresses', () => {
  const repository = { type: 'git', url: 'git+https://example.org/table/passe.git' };

  it('follow the version: each release names its own zip', () => {
    expect(manifestUrls({ version: '1.2.3', repository }).download).toBe(
      'https://example.org/table/passe/releases/download/v1.2.3/passe-d-armes.zip',
    );
    expect(manifestUrls({ version: '1.2.4', repository }).download).toContain('/v1.2.4/');
  });

  it('accept the repository as a string or an npm-style object, and refuse a missing one', () => {
    expect(repositoryUrl({ version: '1.0.0', repository: 'https://example.org/a/b/' })).toBe(
      'https://example.org/a/b',
    );
    expect(repositoryUrl({ version: '1.0.0', repository })).toBe('https://example.org/table/passe');
    expect(() => repositoryUrl({ version: '1.0.0' })).toThrow(/repository/);
    expect(() => repositoryUrl({ version: '1.0.0', repository: 'passe-d-armes' })).toThrow(/repository/);
  });
});
