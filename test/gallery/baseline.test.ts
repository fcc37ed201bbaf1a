import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { compareWithBaseline, MAX_DIFF_PIXELS, UPDATE_COMMAND } from '../../gallery/baseline';

/** The comparison behind the gallery's visual check, on small images made here. */
describe('gallery baseline comparison', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  /** A grey width×height image whose first `dark` pixels are black. */
  function png(file: string, width: number, height: number, dark = 0): void {
    const img = new PNG({ width, height });
    for (let i = 0; i < width * height; i++) {
      const v = i < dark ? 0 : 200;
      img.data.set([v, v, v, 255], i * 4);
    }
    writeFileSync(file, PNG.sync.write(img));
  }

  /** A baseline folder with `page` in fr, and the screenshot to compare with it. */
  function setup(baseline: (file: string) => void, actual: (file: string) => void) {
    const root = mkdtempSync(join(tmpdir(), 'pda-baseline-'));
    dirs.push(root);
    const dirsOut = { baseline: join(root, 'baseline'), diff: join(root, 'diff') };
    mkdirSync(join(dirsOut.baseline, 'fr'), { recursive: true });
    baseline(join(dirsOut.baseline, 'fr', 'page.png'));
    const screenshot = join(root, 'shot.png');
    actual(screenshot);
    return compareWithBaseline({ name: 'page', lang: 'fr', screenshot, problems: [] }, dirsOut);
  }

  it('accepts an identical screenshot', () => {
    expect(
      setup(
        (f) => png(f, 40, 30),
        (f) => png(f, 40, 30),
      ),
    ).toBeUndefined();
  });

  it('accepts a change of at most the threshold, refuses one pixel more with a diff image', () => {
    expect(
      setup(
        (f) => png(f, 40, 30),
        (f) => png(f, 40, 30, MAX_DIFF_PIXELS),
      ),
    ).toBeUndefined();
    const d = setup(
      (f) => png(f, 40, 30),
      (f) => png(f, 40, 30, MAX_DIFF_PIXELS + 1),
    );
    expect(d?.message).toContain(`fr/page: ${MAX_DIFF_PIXELS + 1} pixels differ`);
    expect(d?.message).toContain(UPDATE_COMMAND);
    expect(d?.diff).toMatch(/diff[/\\]fr[/\\]page\.png$/);
  });

  it('refuses a screenshot of another size', () => {
    const d = setup(
      (f) => png(f, 40, 30),
      (f) => png(f, 40, 31),
    );
    expect(d?.message).toContain('size 40×31, baseline 40×30');
  });

  it('fails a page with no baseline and says to run the update command', () => {
    const d = setup(
      () => undefined,
      (f) => png(f, 40, 30),
    );
    expect(d?.message).toBe(`fr/page: no baseline image; run ${UPDATE_COMMAND} and commit it`);
  });
});
