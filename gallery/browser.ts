/**
 * The browser the gallery renders with. It comes from the npm dependencies, so that a fresh
 * `npm ci` is all a machine needs and every machine draws the same pixels:
 *
 * - Chromium: the binary shipped (Brotli-compressed) inside `@sparticuz/chromium`, pinned to an
 *   exact version in package.json. It is decompressed once per installed version into
 *   node_modules/.cache/passe-d-armes-gallery/chromium-<version>/ (staged, then renamed, so an
 *   interrupted or concurrent run never leaves a half-written binary behind).
 * - Fonts: only the DejaVu TrueType files of the `dejavu-fonts-ttf` package (also pinned), through
 *   a fontconfig file of our own, so no machine's installed fonts change the screenshots. The Open
 *   Sans files bundled with the browser lack glyphs the templates use (→, ✕, ★).
 *
 * Fallback: where the bundled binary cannot run (it is built for Linux x64) or fails to start,
 * the system Chromium (/usr/bin/chromium, /usr/bin/chromium-browser) is used when present, with
 * the same fonts. `PDA_GALLERY_CHROMIUM=/path/to/chromium` forces a given binary. The baseline
 * comparison only runs with the bundled browser: another build draws other pixels.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from './build';

export type BrowserSource = 'bundled' | 'system' | 'custom';

export interface GalleryBrowser {
  browser: Browser;
  source: BrowserSource;
  executablePath: string;
  /** Chromium's own version, e.g. "147.0.7727.0". */
  version: string;
}

const BUNDLED_PACKAGE = '@sparticuz/chromium';
const FONTS_PACKAGE = 'dejavu-fonts-ttf';
const CACHE = join(ROOT, 'node_modules', '.cache', 'passe-d-armes-gallery');
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Flags for a headless, offline, deterministic render (no GPU, no LCD text, sRGB, no hinting). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--force-color-profile=srgb',
];

/** The installed version of an npm package of ours (read from its package.json). */
export function packageVersion(name: string): string {
  const file = join(ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The npm package and version the bundled browser comes from, e.g. "@sparticuz/chromium@147.0.0". */
export function bundledPackage(): string {
  try {
    return `${BUNDLED_PACKAGE}@${packageVersion(BUNDLED_PACKAGE)}`;
  } catch {
    return `${BUNDLED_PACKAGE} (not installed)`;
  }
}

/** Decompresses the bundled Chromium (once per version) and returns its path. */
async function bundledChromium(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `${BUNDLED_PACKAGE} ships a Linux x64 binary; this is ${process.platform} ${process.arch}`,
    );
  const dir = join(CACHE, `chromium-${packageVersion(BUNDLED_PACKAGE)}`);
  const exe = join(dir, 'chromium');
  if (existsSync(exe)) return exe;
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(join(CACHE, '.staging-'));
  // The package inflates into os.tmpdir(), which follows TMPDIR: point it at the staging folder.
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    Chromium.setGraphicsMode = false; // software rendering only: no SwiftShader/WebGL libraries
    await Chromium.executablePath();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  try {
    renameSync(staging, dir);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(exe)) throw e; // another run finished first: use its copy
  }
  return exe;
}

/** A fontconfig file that sees only the pinned DejaVu fonts, with the generic families mapped. */
function fontConfig(): string {
  const dir = join(CACHE, `fonts-${packageVersion(FONTS_PACKAGE)}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'fonts.conf');
  const ttf = join(ROOT, 'node_modules', FONTS_PACKAGE, 'ttf');
  const alias = (generic: string, family: string) =>
    `  <alias><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`;
  writeFileSync(
    file,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      `  <dir>${ttf}</dir>`,
      `  <cachedir>${join(dir, 'cache')}</cachedir>`,
      alias('sans-serif', 'DejaVu Sans'),
      alias('serif', 'DejaVu Serif'),
      alias('monospace', 'DejaVu Sans Mono'),
      '  <match target="font">',
      '    <edit name="antialias" mode="assign"><bool>true</bool></edit>',
      '    <edit name="hinting" mode="assign"><bool>false</bool></edit>',
      '    <edit name="rgba" mode="assign"><const>none</const></edit>',
      '  </match>',
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  return file;
}

async function start(executablePath: string, source: BrowserSource): Promise<GalleryBrowser> {
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    env: { ...process.env, FONTCONFIG_FILE: fontConfig() },
  });
  return { browser, source, executablePath, version: browser.version() };
}

/** Starts the gallery's browser: PDA_GALLERY_CHROMIUM, else the bundled one, else the system's. */
export async function launchBrowser(): Promise<GalleryBrowser> {
  const forced = process.env.PDA_GALLERY_CHROMIUM;
  if (forced) return start(forced, 'custom');
  let bundledError: unknown;
  try {
    return await start(await bundledChromium(), 'bundled');
  } catch (e) {
    bundledError = e;
  }
  const system = SYSTEM_CHROMIUMS.find((p) => existsSync(p));
  const reason = bundledError instanceof Error ? bundledError.message : String(bundledError);
  if (!system)
    throw new Error(`the bundled Chromium (${bundledPackage()}) did not start: ${reason}; run npm ci`);
  console.warn(`gallery: the bundled Chromium did not start (${reason}); using ${system}`);
  return start(system, 'system');
}
