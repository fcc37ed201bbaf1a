/**
 * The visual check: each screenshot against its committed baseline,
 * gallery/baseline/<lang>/<page>.png, made with the bundled Chromium recorded in
 * gallery/baseline/browser.json. A page fails when its size changed or when more than
 * MAX_DIFF_PIXELS pixels differ (pixelmatch, colour threshold PIXEL_THRESHOLD, anti-aliasing
 * ignored); its diff image goes to artifacts/gallery/diff/<lang>/<page>.png.
 * `npm run gallery:update` rewrites the baseline.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { ARTIFACTS, ROOT } from './build';
import type { PageReport } from './shoot';

export const BASELINE = join(ROOT, 'gallery', 'baseline');
export const BROWSER_FILE = join(BASELINE, 'browser.json');
export const UPDATE_COMMAND = 'npm run gallery:update';
/** Per-pixel colour distance (0..1) below which two pixels count as equal. */
export const PIXEL_THRESHOLD = 0.1;
/** A page may differ from its baseline by at most this many pixels (one changed digit: about 12). */
export const MAX_DIFF_PIXELS = 4;

export interface BaselineBrowser {
  /** The npm package the browser comes from, e.g. "@sparticuz/chromium@147.0.0". */
  package: string;
  /** Chromium's version, e.g. "147.0.7727.0". */
  chromium: string;
}

export interface Difference {
  name: string;
  lang: string;
  /** What changed, in words, ending with what to do. */
  message: string;
  /** Diff image, when both images had the same size. */
  diff?: string;
}

export function baselineFile(lang: string, name: string, dir = BASELINE): string {
  return join(dir, lang, `${name}.png`);
}

export function readBaselineBrowser(): BaselineBrowser | undefined {
  if (!existsSync(BROWSER_FILE)) return undefined;
  return JSON.parse(readFileSync(BROWSER_FILE, 'utf8')) as BaselineBrowser;
}

/** Why this browser cannot be compared with the baseline, or undefined when it can. */
export function browserMismatch(browser: BaselineBrowser): string | undefined {
  const recorded = readBaselineBrowser();
  if (!recorded) return `no ${relative(ROOT, BROWSER_FILE)}: run ${UPDATE_COMMAND}`;
  if (recorded.chromium !== browser.chromium || recorded.package !== browser.package)
    return (
      `the baseline was made with ${recorded.package} (Chromium ${recorded.chromium}), this is ` +
      `${browser.package} (Chromium ${browser.chromium}): check the new screenshots, then run ${UPDATE_COMMAND}`
    );
  return undefined;
}

export const DIFFS = join(ARTIFACTS, 'diff');

/** Compares one screenshot with its baseline; undefined when it matches. */
export function compareWithBaseline(
  report: PageReport,
  dirs: { baseline: string; diff: string } = { baseline: BASELINE, diff: DIFFS },
): Difference | undefined {
  const { name, lang } = report;
  const expectedFile = baselineFile(lang, name, dirs.baseline);
  const where = `${lang}/${name}`;
  if (!existsSync(expectedFile))
    return { name, lang, message: `${where}: no baseline image; run ${UPDATE_COMMAND} and commit it` };
  const expectedBytes = readFileSync(expectedFile);
  const actualBytes = readFileSync(report.screenshot);
  // The same file is the same picture: no need to decode both and compare every pixel.
  if (expectedBytes.equals(actualBytes)) return undefined;
  const expected = PNG.sync.read(expectedBytes);
  const actual = PNG.sync.read(actualBytes);
  if (expected.width !== actual.width || expected.height !== actual.height)
    return {
      name,
      lang,
      message:
        `${where}: size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}; ` +
        `if intended, run ${UPDATE_COMMAND}`,
    };
  const diffPng = new PNG({ width: actual.width, height: actual.height });
  const changed = pixelmatch(expected.data, actual.data, diffPng.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  if (changed <= MAX_DIFF_PIXELS) return undefined;
  const diffDir = join(dirs.diff, lang);
  mkdirSync(diffDir, { recursive: true });
  const diff = join(diffDir, `${name}.png`);
  writeFileSync(diff, PNG.sync.write(diffPng));
  return {
    name,
    lang,
    diff,
    message:
      `${where}: ${changed} pixels differ from the baseline (at most ${MAX_DIFF_PIXELS}); see ` +
      `${relative(ROOT, diff)}; if intended, run ${UPDATE_COMMAND}`,
  };
}

/** Baseline images of pages that `reports` no longer has (left behind by a renamed page). */
export function staleBaselines(reports: PageReport[]): string[] {
  const stale: string[] = [];
  for (const lang of new Set(reports.map((r) => r.lang))) {
    const dir = join(BASELINE, lang);
    if (!existsSync(dir)) continue;
    const names = new Set(reports.filter((r) => r.lang === lang).map((r) => `${r.name}.png`));
    for (const file of readdirSync(dir))
      if (file.endsWith('.png') && !names.has(file)) stale.push(relative(ROOT, join(dir, file)));
  }
  return stale;
}

/** Every screenshot of `reports` against the baseline. */
export function compareAll(reports: PageReport[]): Difference[] {
  for (const lang of new Set(reports.map((r) => r.lang)))
    rmSync(join(DIFFS, lang), { recursive: true, force: true });
  return reports.flatMap((r) => compareWithBaseline(r) ?? []);
}

/**
 * Rewrites the baseline: copies every screenshot of `reports`, removes the baseline images of
 * pages that no longer exist, records the browser. Returns the files removed.
 */
export function updateBaseline(reports: PageReport[], browser: BaselineBrowser): string[] {
  const removed: string[] = [];
  const langs = new Set(reports.map((r) => r.lang));
  for (const lang of langs) {
    const dir = join(BASELINE, lang);
    mkdirSync(dir, { recursive: true });
    const keep = new Set(reports.filter((r) => r.lang === lang).map((r) => `${r.name}.png`));
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.png') && !keep.has(file)) {
        rmSync(join(dir, file));
        removed.push(join(dir, file));
      }
    }
  }
  for (const r of reports) copyFileSync(r.screenshot, baselineFile(r.lang, r.name));
  writeFileSync(BROWSER_FILE, `${JSON.stringify(browser, null, 2)}\n`);
  return removed;
}
