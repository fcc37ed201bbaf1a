/**
 * Opens each built gallery page in headless Chromium (see browser.ts), checks it and saves a screenshot to
 * artifacts/gallery/<lang>/<page>.png. Problems: a template error, a raw localization key
 * (visible text or an accessible attribute matching /\bPDA\.[A-Za-z]/), an element overflowing
 * its box or the window, and any axe-core violation of impact "serious" or "critical" (an icon-only
 * button without an accessible name, a form control without a label, too little contrast…).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, ROOT, type BuiltPage } from './build';

/** axe-core (pinned in devDependencies), injected into each page after its screenshot. */
const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** Runs in the page: axe-core's violations of impact "serious" or "critical" in the window. */
async function axeProblems(): Promise<string[]> {
  const axe = (window as unknown as { axe: { run: (ctx: string, o: object) => Promise<AxeResults> } }).axe;
  const results = await axe.run('#gallery-app', { resultTypes: ['violations'] });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.impact} ${v.id} (${v.help}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`,
    );
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

export interface PageReport {
  name: string;
  lang: string;
  screenshot: string;
  problems: string[];
}

/** Runs in the page: the problems it can see. */
function inspectPage(): string[] {
  const problems: string[] = [];
  const app = document.querySelector('#gallery-app');
  if (!app) return ['no #gallery-app'];
  const key = /\bPDA\.[A-Za-z]/;
  const text = (app as HTMLElement).innerText;
  const m = key.exec(text);
  if (m) problems.push(`raw key in text: "${text.slice(m.index, m.index + 60)}"`);
  for (const el of app.querySelectorAll('*')) {
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(attr);
      if (v && key.test(v)) problems.push(`raw key in ${attr}: "${v}"`);
    }
  }
  const appRect = app.getBoundingClientRect();
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}`;
  for (const el of app.querySelectorAll<HTMLElement>('*')) {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || cs.position === 'absolute') continue;
    if (el.closest('.pda-visually-hidden, option, select, svg')) continue;
    const tag = el.tagName;
    if (!['INPUT', 'SELECT', 'TEXTAREA', 'IMG', 'OPTION'].includes(tag) && el.clientWidth > 0) {
      // A deliberate ellipsis (long names in a narrow sidebar) is truncation, not overflow.
      const ellipsis = cs.textOverflow === 'ellipsis' && cs.overflowX === 'hidden';
      const clipsX = cs.overflowX !== 'auto' && cs.overflowX !== 'scroll' && !ellipsis;
      if (clipsX && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`overflow-x ${describe(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
      }
      const clipsY = cs.overflowY !== 'auto' && cs.overflowY !== 'scroll';
      if (clipsY && el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1 && cs.height !== 'auto') {
        problems.push(`overflow-y ${describe(el)}: ${el.scrollHeight} > ${el.clientHeight}`);
      }
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > appRect.right + 1 || r.left < appRect.left - 1)) {
      problems.push(`outside the window: ${describe(el)}`);
    }
  }
  return [...new Set(problems)].slice(0, 20);
}

/** Pages shot at once (each in its own tab): the machine has 2 cores. */
const CONCURRENCY = 3;

/**
 * One tab: the language's shell loaded once (its styles, fonts and axe-core parsed once, every
 * font face loaded), then each page's window swapped in for the previous one. A page sees a fresh
 * `#gallery-app` in the same document, as a sheet opened in Foundry sees the same stylesheets.
 */
async function openTab(context: BrowserContext, shell: string): Promise<Page> {
  const page = await context.newPage();
  // Offline: the page only uses inline CSS and data: URLs; block anything else.
  await page.route(/^(?!file:|data:)/, (route) => route.abort());
  await page.goto(pathToFileURL(shell).href, { waitUntil: 'load' });
  await page.evaluate(() =>
    Promise.all([...document.fonts].map((f) => f.load().catch(() => f))).then(() => true),
  );
  await page.addScriptTag({ content: AXE_SOURCE });
  return page;
}

/** Runs in the page: puts one page's window in place of the last one and waits for its images. */
async function showApp([app, title]: [string, string]): Promise<boolean> {
  document.title = title;
  const old = document.querySelector('#gallery-app');
  if (!old) throw new Error('the gallery shell has no #gallery-app');
  old.outerHTML = app;
  window.scrollTo(0, 0);
  await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  await document.fonts.ready;
  return true;
}

async function shootPage(page: Page, b: BuiltPage): Promise<PageReport> {
  const dir = join(ARTIFACTS, b.lang);
  mkdirSync(dir, { recursive: true });
  const screenshot = join(dir, `${b.page.name}.png`);
  await page.setViewportSize({ width: b.page.width + 40, height: b.page.height + 40 });
  await page.evaluate(showApp, [b.app, b.page.name] as [string, string]);
  const problems = b.error ? [`template error: ${b.error}`] : [];
  problems.push(...(await page.evaluate(inspectPage)));
  await page
    .locator('#gallery-app')
    .screenshot({ path: screenshot, animations: 'disabled', caret: 'hide', scale: 'css' });
  problems.push(...(await page.evaluate(axeProblems)));
  return { name: b.page.name, lang: b.lang, screenshot, problems };
}

/** Shoots every built page; the reports come in the order of `built`. */
export async function shootGallery(built: BuiltPage[], browser: Browser): Promise<PageReport[]> {
  // Deterministic rendering: fixed viewport per page, scale 1, light scheme, no motion, UTC.
  const context = await browser.newContext({
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    timezoneId: 'UTC',
    locale: built[0]?.lang ?? 'fr',
  });
  // Run through tsx (npm run gallery), functions sent to the page carry esbuild's __name(fn, name).
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const reports: PageReport[] = new Array<PageReport>(built.length);
  let next = 0;
  const worker = async () => {
    const page = await openTab(context, built[0]!.shell);
    try {
      while (next < built.length) {
        const i = next++;
        reports[i] = await shootPage(page, built[i]!);
      }
    } finally {
      await page.close();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, built.length) }, worker));
  } finally {
    await context.close();
  }
  return reports;
}
