import { expect, it } from 'vitest';
import { buildGallery, LANGS } from '../../../gallery/build';
import { launch, shootGallery } from '../../../gallery/shoot';
import { pages } from '../../../gallery/pages/souffle';
it('souffle gallery', async () => {
  const browser = await launch();
  const out: string[] = [];
  for (const lang of LANGS) {
    const reports = await shootGallery(await buildGallery(lang, pages), browser);
    for (const r of reports) out.push(`${lang} ${r.name} ${r.screenshot} ${r.problems.join('; ')}`);
  }
  await browser.close();
  console.log(out.join('\n'));
  expect(out.filter((l) => !l.endsWith('.png '))).toEqual([]);
}, 300_000);
