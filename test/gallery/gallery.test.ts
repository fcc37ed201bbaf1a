import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMismatch, compareAll, staleBaselines, UPDATE_COMMAND } from '../../gallery/baseline';
import { bundledPackage, launchBrowser, type GalleryBrowser } from '../../gallery/browser';
import { buildGallery, LANGS, loadPages } from '../../gallery/build';
import { shootGallery, type PageReport } from '../../gallery/shoot';
import type { GalleryPage } from '../../gallery/types';

/**
 * The visual gallery: every page renders, shows no raw localization key and nothing overflows;
 * then each screenshot (artifacts/gallery/<lang>/<page>.png) must match its committed baseline
 * (gallery/baseline/). The browser is the Chromium shipped in the npm dependencies (browser.ts).
 */
describe('visual gallery', () => {
  let gallery: GalleryBrowser | undefined;
  let launchError = '';
  let pages: GalleryPage[] = [];
  const shot = new Map<string, PageReport[]>();

  beforeAll(async () => {
    pages = await loadPages();
    try {
      gallery = await launchBrowser();
    } catch (e) {
      launchError = e instanceof Error ? e.message : String(e);
    }
  }, 120_000);

  afterAll(async () => {
    await gallery?.browser.close();
  });

  it('has a browser to render with', () => {
    expect(launchError).toBe('');
    expect(gallery?.version).toMatch(/^\d+\./);
  });

  it('has pages', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  for (const lang of LANGS) {
    it(`renders every page in ${lang} without template errors, raw keys or overflow`, async () => {
      expect(gallery, launchError).toBeDefined();
      const reports = await shootGallery(await buildGallery(lang, pages), gallery!.browser);
      shot.set(lang, reports);
      const failures = reports
        .filter((r) => r.problems.length)
        .map((r) => `${r.name}: ${r.problems.join('; ')}`);
      expect(failures).toEqual([]);
      for (const r of reports) expect(existsSync(r.screenshot)).toBe(true);
    }, 300_000);

    it(`matches the committed baseline in ${lang}`, (ctx) => {
      expect(gallery, launchError).toBeDefined();
      // The baseline holds the bundled browser's pixels; a system fallback draws others.
      if (gallery!.source !== 'bundled') ctx.skip(`baseline not compared with a ${gallery!.source} Chromium`);
      const reports = shot.get(lang);
      expect(reports, `the ${lang} pages were not rendered`).toBeDefined();
      const mismatch = browserMismatch({ package: bundledPackage(), chromium: gallery!.version });
      expect(mismatch).toBeUndefined();
      const changed = compareAll(reports!).map((d) => d.message);
      expect(changed, `pages differ from gallery/baseline/; if intended, run ${UPDATE_COMMAND}`).toEqual([]);
      const stale = staleBaselines(reports!);
      expect(stale, `baseline images without a page; run ${UPDATE_COMMAND}`).toEqual([]);
    });
  }
});
