/** CLI: builds and shoots the gallery in every language; exits 1 when a page has a problem. */
import { relative } from 'node:path';
import { buildGallery, LANGS, loadPages, ROOT } from './build';
import { launch, shootGallery } from './shoot';

const pages = await loadPages();
const browser = await launch();
let failed = 0;
try {
  for (const lang of LANGS) {
    const reports = await shootGallery(await buildGallery(lang, pages), browser);
    for (const r of reports) {
      const status = r.problems.length ? 'FAIL' : 'ok  ';
      console.log(`${status} ${lang} ${r.name} → ${relative(ROOT, r.screenshot)}`);
      for (const p of r.problems) console.log(`       ${p}`);
      if (r.problems.length) failed += 1;
    }
  }
} finally {
  await browser.close();
}
process.exitCode = failed ? 1 : 0;
