import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
