/**
 * The system as a browser would load it: src/index.ts bundled (esbuild) once per test run by
 * test/harness/global-setup.ts, compiled once per test process into one function, then run once
 * per harness client with that client's own globals. Each run executes the whole bundle anew, so
 * each client is a separate copy of the system (its own module state), as each player's browser
 * is; only V8's compiled code is shared. Outside a vitest run with the global setup, the bundle is
 * built in process.
 */
import { buildSync } from 'esbuild';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileFunction } from 'node:vm';
import { inject } from 'vitest';
import { ROOT } from './apps';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The system bundle written by the global setup (a file path; '' when not built). */
    systemBundle: string;
  }
}

/** The browser globals the system's code may name; each client passes its own. */
export const CLIENT_GLOBALS = [
  'game',
  'CONFIG',
  'Hooks',
  'ui',
  'foundry',
  'canvas',
  'fromUuid',
  'fromUuidSync',
  'Roll',
  'Actor',
  'Item',
  'Combat',
  'Combatant',
  'ChatMessage',
  'User',
  'Macro',
  'ActiveEffect',
  'TokenDocument',
  'window',
  'document',
  'globalThis',
  'HTMLElement',
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLSelectElement',
  'HTMLTextAreaElement',
  'HTMLFormElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'MouseEvent',
  'PointerEvent',
  'DragEvent',
  'KeyboardEvent',
  'FormData',
  'DOMParser',
  'Handlebars',
  'getComputedStyle',
  'requestAnimationFrame',
  'console',
] as const;

/** File name of the bundle inside the global setup's folder. */
export const BUNDLE_FILE = 'passe-d-armes.js';

/**
 * Bundles src/index.ts into an IIFE that registers the system's `init` and `ready` hooks; with
 * `outdir`, also writes it there. No source map: V8 does not map stack traces of evaluated code
 * here, and a frame names the bundle file's line instead.
 */
export function buildSystemBundle(outdir?: string): string {
  const code = buildSync({
    entryPoints: [join(ROOT, 'src', 'index.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    platform: 'neutral',
    logLevel: 'error',
  }).outputFiles[0]!.text;
  if (outdir !== undefined) {
    // Written aside then renamed: a worker reading it meanwhile sees the old or the new whole.
    writeFileSync(join(outdir, `${BUNDLE_FILE}.part`), code);
    renameSync(join(outdir, `${BUNDLE_FILE}.part`), join(outdir, BUNDLE_FILE));
  }
  return code;
}

function providedBundle(): string {
  try {
    return inject('systemBundle') ?? '';
  } catch {
    return '';
  }
}

type SystemFunction = (...args: unknown[]) => void;
let compiled: { key: string; run: SystemFunction } | undefined;

/**
 * The bundle compiled into a function of the client globals, once per process (again only when
 * the global setup rewrote the file, as on a watch-mode rerun).
 */
function systemFunction(): SystemFunction {
  const file = providedBundle();
  const key = file ? `${file}@${statSync(file).mtimeMs}` : 'in-process';
  if (compiled?.key !== key) {
    const code = file ? readFileSync(file, 'utf8') : buildSystemBundle();
    const run = compileFunction(code, [...CLIENT_GLOBALS], {
      filename: file || join(ROOT, BUNDLE_FILE),
    }) as SystemFunction;
    compiled = { key, run };
  }
  return compiled.run;
}

/** Runs the system once with `globals` standing for the browser's globals. */
export function loadSystem(globals: Record<(typeof CLIENT_GLOBALS)[number], unknown>): void {
  systemFunction()(...CLIENT_GLOBALS.map((name) => globals[name]));
}
