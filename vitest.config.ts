import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest file first: the gallery test (a headless Chromium shooting every page) would
 * otherwise start last, as the smallest file, and leave one core idle while it runs alone.
 */
class GalleryFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const gallery = (s: TestSpecification) => s.moduleId.endsWith('test/gallery/gallery.test.ts');
    return [...sorted.filter(gallery), ...sorted.filter((s) => !gallery(s))];
  }
}

/** happy-dom with its per-node maps made on first use (test/harness/lean-dom/hooks.mjs). */
const LEAN_DOM = pathToFileURL(`${import.meta.dirname}/test/harness/lean-dom/register.mjs`).href;

/** Files each run in a process of their own (the `fresh` project). */
const FRESH = [
  'test/gallery/gallery.test.ts',
  'test/foundry/core/core-behaviour.test.ts',
  'test/foundry/core/documents.test.ts',
  'test/foundry/core/quench-suite.test.ts',
  'test/foundry/greyhawk/greyhawk.test.ts',
  'test/foundry/combat/round-service.test.ts',
  'test/project/template-snapshot.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/harness/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism()),
    // The harness allocates many short-lived DOM nodes: a larger young generation spends less CPU
    // in garbage collection, and V8's GC and compiler work stays on the worker's own thread instead
    // of helper threads competing with the other worker for two cores (measured on the table
    // tests: about 15 % less CPU than a 128 MB young generation with parallel GC).
    execArgv: ['--max-semi-space-size=256', '--single-threaded', '--import', LEAN_DOM],
    sequence: { sequencer: GalleryFirst },
    projects: [
      {
        // Every file but the fresh ones below shares worker processes (no isolation): a fresh
        // process per file cost more CPU than most files' tests. The table tests share no module
        // state (each client runs its own copy of the system bundle; they import test/harness
        // only, lint-enforced); the engine tests are pure; the adapter, security and project tests
        // import src/foundry modules under the global Foundry fake, which test/setup.ts installs
        // and resets before each test. Checked in shuffled file orders (`--sequence.shuffle.files`).
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: FRESH, isolate: false },
      },
      {
        // Files that need modules of their own: the gallery (its browser), and tests that read
        // state a module keeps from its first import (the document classes core was given, the
        // translations loaded, the hooks registered once) and would see another file's.
        extends: true,
        test: { name: 'fresh', include: FRESH },
      },
    ],
  },
});
