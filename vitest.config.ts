import { availableParallelism } from 'node:os';
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

export default defineConfig({
  test: {
    globalSetup: ['test/harness/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism()),
    // The harness allocates many short-lived DOM nodes: a larger young generation spends a third
    // less CPU in garbage collection (measured on the table tests).
    execArgv: ['--max-semi-space-size=128'],
    sequence: { sequencer: GalleryFirst },
    projects: [
      {
        // Files that share no module state between them: the table tests (each client runs its
        // own copy of the system bundle; they import test/harness only, lint-enforced), the
        // harness's own tests and the pure engine. They reuse one worker process instead of
        // paying a fresh process and a cold JIT per file.
        extends: true,
        test: {
          name: 'shared',
          include: ['test/table/**/*.test.ts', 'test/harness/**/*.test.ts', 'test/engine/**/*.test.ts'],
          exclude: ['test/engine/simulate/model-parity.test.ts'],
          isolate: false,
        },
      },
      {
        // Adapter, security, project and gallery tests import src/foundry modules under the
        // global Foundry fake: each file in a fresh process.
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: ['test/table/**', 'test/harness/**', 'test/engine/**/!(model-parity).test.ts'],
        },
      },
    ],
  },
});
