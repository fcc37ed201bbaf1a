/**
 * CLI: builds and shoots the gallery in every language, then compares each screenshot with its
 * baseline (gallery/baseline/). Exits 1 when a page has a problem or differs from its baseline.
 * With --update, rewrites the baseline from the new screenshots instead of comparing.
 */
import { relative } from 'node:path';
// The page files import adapter code that reads Foundry's globals: the same fake as the tests.
import { installFoundry } from '../test/fakes/foundry';
import { browserMismatch, compareAll, updateBaseline, UPDATE_COMMAND } from './baseline';
import { bundledPackage, launchBrowser } from './browser';
import { buildGallery, LANGS, loadPages, ROOT } from './build';
import { shootGallery, type PageReport } from './shoot';

installFoundry();
const update = process.argv.includes('--update');
const pages = await loadPages();
const { browser, source, version, executablePath } = await launchBrowser();
console.log(
  `gallery: ${pages.length} pages, Chromium ${version} (${source}: ${relative(ROOT, executablePath)})`,
);
const reports: PageReport[] = [];
let failed = 0;
try {
  for (const lang of LANGS) {
    for (const r of await shootGallery(await buildGallery(lang, pages), browser)) {
      reports.push(r);
      const status = r.problems.length ? 'FAIL' : 'ok  ';
      console.log(`${status} ${lang} ${r.name} → ${relative(ROOT, r.screenshot)}`);
      for (const p of r.problems) console.log(`       ${p}`);
      if (r.problems.length) failed += 1;
    }
  }
} finally {
  await browser.close();
}

const baselineBrowser = { package: bundledPackage(), chromium: version };
if (update) {
  if (source !== 'bundled') {
    console.error(
      `gallery: the baseline is made with the bundled Chromium only (this is ${source}); run npm ci`,
    );
    failed += 1;
  } else {
    const removed = updateBaseline(reports, baselineBrowser);
    console.log(`gallery: baseline rewritten (${reports.length} images) with Chromium ${version}`);
    for (const f of removed) console.log(`       removed ${relative(ROOT, f)}`);
  }
} else if (source !== 'bundled') {
  console.log(`gallery: baseline not compared (made with the bundled Chromium; this is ${source})`);
} else {
  const mismatch = browserMismatch(baselineBrowser);
  const differences = mismatch ? [] : compareAll(reports);
  if (mismatch) console.log(`DIFF ${mismatch}`);
  for (const d of differences) console.log(`DIFF ${d.message}`);
  if (mismatch || differences.length) {
    failed += 1;
    console.log(`gallery: the screenshots differ from the baseline; if intended, run ${UPDATE_COMMAND}`);
  } else console.log(`gallery: every page matches its baseline`);
}
process.exitCode = failed ? 1 : 0;
