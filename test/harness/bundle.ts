/**
 * The system as a browser would load it: src/index.ts bundled once per test process (esbuild),
 * then evaluated once per harness client with that client's own globals. Each client is thus a
 * separate copy of the system, as each player's browser is.
 */
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { ROOT } from './apps';

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
  'getComputedStyle',
  'requestAnimationFrame',
  'console',
] as const;

let cached: string | undefined;

/** The system bundle's source (an IIFE that registers its `init` and `ready` hooks). */
export function systemBundle(): string {
  cached ??= buildSync({
    entryPoints: [join(ROOT, 'src', 'index.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    platform: 'neutral',
    sourcemap: 'inline',
    logLevel: 'error',
  }).outputFiles[0]!.text;
  return cached;
}

/** Evaluates the system once with `globals` standing for the browser's globals. */
export function loadSystem(globals: Record<(typeof CLIENT_GLOBALS)[number], unknown>): void {
  const run = new Function(...CLIENT_GLOBALS, systemBundle()) as (...args: unknown[]) => void;
  run(...CLIENT_GLOBALS.map((name) => globals[name]));
}
