/**
 * Builds the visual gallery: every page of gallery/pages/*.ts rendered with the real templates,
 * the project's CSS and the merged translations, into standalone HTML files under
 * artifacts/gallery/html/<lang>/. Screenshots and checks are in shoot.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Handlebars from 'handlebars';
import { Window } from 'happy-dom';
import { registerRuleHelpers } from '../src/foundry/rules/links';
import { registerHelpers } from './helpers';
import { withI18n } from './shared';
import type { GalleryPage } from './types';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS = join(ROOT, 'artifacts', 'gallery');
export const LANGS = ['fr', 'en'] as const;
const SYSTEM_TEMPLATES = 'systems/passe-d-armes/templates/';

type Dict = Record<string, unknown>;

function deepMerge(target: Dict, source: Dict): Dict {
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && t && typeof t === 'object')
      deepMerge(t as Dict, v as Dict);
    else target[k] = v;
  }
  return target;
}

/**
 * lang/<lang>.json when it exists, with every lang/parts/*.<lang>.json merged over it: the merged
 * file may lag behind a fragment that was just edited, and without it the fragments alone count.
 */
export function loadTranslations(lang: string): Dict {
  const merged = join(ROOT, 'lang', `${lang}.json`);
  const out: Dict = existsSync(merged) ? (JSON.parse(readFileSync(merged, 'utf8')) as Dict) : {};
  const dir = join(ROOT, 'lang', 'parts');
  if (!existsSync(dir)) return out;
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith(`.${lang}.json`))
      deepMerge(out, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Dict);
  }
  return out;
}

function walk(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full, ext) : full.endsWith(ext) ? [full] : [];
  });
}

/** Every stylesheet of styles/, system.css first (the base look). */
export function loadCss(): string {
  const files = walk(join(ROOT, 'styles'), '.css').sort((a, b) =>
    a.endsWith('system.css') ? -1 : b.endsWith('system.css') ? 1 : a.localeCompare(b),
  );
  return files.map((f) => `/* ${relative(ROOT, f)} */\n${readFileSync(f, 'utf8')}`).join('\n');
}

/** Every page of gallery/pages/*.ts, in file then declaration order. */
export async function loadPages(): Promise<GalleryPage[]> {
  const dir = join(ROOT, 'gallery', 'pages');
  const pages: GalleryPage[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { pages?: GalleryPage[] };
    pages.push(...(mod.pages ?? []));
  }
  const names = new Set<string>();
  for (const p of pages) {
    if (names.has(p.name)) throw new Error(`gallery page ${p.name} is declared twice`);
    names.add(p.name);
  }
  return pages;
}

/** A Handlebars environment with the Foundry-like helpers and every template as a partial. */
export function createEnvironment(translations: Dict): typeof Handlebars {
  const hb = Handlebars.create();
  registerHelpers(hb, translations);
  // The system's own helpers, as it registers them at init (their texts read game.i18n: the
  // pages are rendered inside withI18n).
  registerRuleHelpers(hb);
  for (const file of walk(join(ROOT, 'templates'), '.hbs')) {
    const rel = relative(join(ROOT, 'templates'), file).split('\\').join('/');
    hb.registerPartial(`${SYSTEM_TEMPLATES}${rel}`, readFileSync(file, 'utf8'));
  }
  return hb;
}

/**
 * Foundry's interface font, Signika (which Foundry ships and styles/ names first), from the pinned
 * `@fontsource/signika` package, inlined so the page loads nothing. Glyphs it lacks (→, ✕, ★)
 * fall back to the DejaVu fonts the browser is given (browser.ts).
 */
function fontFaces(): string {
  const dir = join(ROOT, 'node_modules', '@fontsource', 'signika', 'files');
  return ([400, 700] as const)
    .map((weight) => {
      const file = join(dir, `signika-latin-${weight}-normal.woff2`);
      if (!existsSync(file)) return '';
      const data = readFileSync(file).toString('base64');
      return `@font-face { font-family: 'Signika'; font-style: normal; font-weight: ${weight}; src: url(data:font/woff2;base64,${data}) format('woff2'); }`;
    })
    .join('\n');
}

/**
 * Font Awesome Free (the pinned `@fortawesome/fontawesome-free`, the icon font Foundry uses), its
 * base, solid and regular styles with their woff2 fonts inlined, so the page loads nothing.
 */
function fontAwesome(): string {
  const dir = join(ROOT, 'node_modules', '@fortawesome', 'fontawesome-free');
  if (!existsSync(dir)) return '';
  const font = (file: string) =>
    `url(data:font/woff2;base64,${readFileSync(join(dir, 'webfonts', file)).toString('base64')}) format("woff2")`;
  return ['fontawesome', 'solid', 'regular']
    .map((name) => readFileSync(join(dir, 'css', `${name}.min.css`), 'utf8'))
    .join('\n')
    .replace(
      /src:url\(\.\.\/webfonts\/([\w-]+)\.woff2\) format\("woff2"\),url\([^)]*\) format\("truetype"\)/g,
      (_m, f: string) => `src:${font(`${f}.woff2`)}`,
    );
}

/** The core stand-in of gallery/core.css. */
function coreCss(): string {
  return readFileSync(join(ROOT, 'gallery', 'core.css'), 'utf8');
}

/** The page's own `dom` step on the rendered page (e.g. showing a tooltip). */
function finishBody(body: string, page: GalleryPage, lang: string, window: Window): string {
  const root = window.document.createElement('div');
  root.innerHTML = body;
  const g = globalThis as { document?: unknown };
  const previous = g.document;
  g.document = window.document;
  try {
    withI18n(lang, () => page.dom?.(root as unknown as HTMLElement, lang));
  } finally {
    g.document = previous;
  }
  return root.innerHTML;
}

const CHROME = `
html, body { margin: 0; padding: 0; background: #6b6b6b; }
body { padding: 20px; }
#gallery-app { position: relative; display: flex; flex-direction: column; overflow: hidden; }
#gallery-app > .window-content { flex: 1; overflow-y: auto; overflow-x: hidden; }
#gallery-app.chat-frame > .window-content { padding: 6px; }
`;

export interface BuiltPage {
  page: GalleryPage;
  lang: string;
  /** The standalone page: the shell with this page's window in it. */
  file: string;
  /** The page's window alone (the `#gallery-app` element), what the shooter puts in the shell. */
  app: string;
  /** The shell every page of this language shares (head, styles, an empty `#gallery-app`). */
  shell: string;
  /** Render error message, if the template failed. */
  error?: string;
}

/** The shell's body: the window is swapped in for the placeholder (shoot.ts). */
const APP_PLACEHOLDER = '<div id="gallery-app"></div>';

function pageHtml(lang: string, title: string, css: string, app: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${css}</style><style>${CHROME}</style></head>
<body class="theme-light">
${app}
</body></html>`;
}

function escapeHtml(text: string): string {
  return Handlebars.Utils.escapeExpression(text);
}

/**
 * Renders every page for one language into artifacts/gallery/html/<lang>/<name>.html (or `dir`,
 * for a check that reads the pages without shooting them).
 */
export async function buildGallery(lang: string, pages?: GalleryPage[], dir?: string): Promise<BuiltPage[]> {
  const translations = loadTranslations(lang);
  const hb = createEnvironment(translations);
  const css = `${fontFaces()}\n${fontAwesome()}\n${coreCss()}\n${loadCss()}`;
  const outDir = dir ?? join(ARTIFACTS, 'html', lang);
  mkdirSync(outDir, { recursive: true });
  // Every page of a language shares one shell, in the same folder, so relative URLs resolve alike.
  const shell = join(outDir, '_shell.html');
  writeFileSync(shell, pageHtml(lang, 'gallery', css, APP_PLACEHOLDER));
  const built: BuiltPage[] = [];
  // One detached document for every page's finishing step, and each template compiled once.
  const window = new Window();
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const template = (t: string) => {
    let fn = compiled.get(t);
    if (!fn) {
      fn = hb.compile(readFileSync(join(ROOT, 'templates', t), 'utf8'), { strict: false });
      compiled.set(t, fn);
    }
    return fn;
  };
  try {
    for (const page of pages ?? (await loadPages())) {
      const context = typeof page.context === 'function' ? page.context(lang) : page.context;
      let body = '';
      let error: string | undefined;
      try {
        for (const t of [page.template].flat()) {
          if (!t) continue;
          body += withI18n(lang, () => template(t)(context));
        }
        if (page.html) body += page.html(lang);
        body = finishBody(body, page, lang, window);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      const frame = page.frame ?? 'sheet';
      const classes = [
        'application',
        frame === 'chat' ? 'chat-frame' : 'sheet',
        'passe-d-armes',
        ...(page.classes ?? []),
      ];
      const app = `<div id="gallery-app" class="${classes.join(' ')}" style="width:${page.width}px;height:${page.height}px">
<header class="window-header"><h1 class="window-title">${escapeHtml(page.title ?? page.name)}</h1></header>
<section class="window-content">${body}</section>
</div>`;
      const html = pageHtml(lang, page.name, css, app);
      const file = join(outDir, `${page.name}.html`);
      writeFileSync(file, html);
      built.push({ page, lang, file, app, shell, ...(error ? { error } : {}) });
    }
  } finally {
    await window.happyDOM.close();
  }
  return built;
}
