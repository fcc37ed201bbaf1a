import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildGallery, LANGS, loadPages } from '../../gallery/build';
import { CHROMIUM, launch, shootGallery } from '../../gallery/shoot';
import type { GalleryPage } from '../../gallery/types';

/**
 * The visual gallery: every page renders, shows no raw localization key and nothing overflows.
 * Screenshots land in artifacts/gallery/<lang>/<page>.png. Chromium is required (CI installs it).
 */
describe('visual gallery', () => {
  let browser: Browser | undefined;
  let pages: GalleryPage[] = [];

  beforeAll(async () => {
    pages = await loadPages();
    if (existsSync(CHROMIUM)) browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('has Chromium to render with', () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`).toBe(true);
  });

  it('has pages', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  for (const lang of LANGS) {
    it(`renders every page in ${lang} without template errors, raw keys or overflow`, async () => {
      expect(browser, `${CHROMIUM} is missing`).toBeDefined();
      const reports = await shootGallery(await buildGallery(lang, pages), browser!);
      const failures = reports
        .filter((r) => r.problems.length)
        .map((r) => `${r.name}: ${r.problems.join('; ')}`);
      expect(failures).toEqual([]);
      for (const r of reports) expect(existsSync(r.screenshot)).toBe(true);
    }, 300_000);
  }
});
