import { defineConfig } from 'vite';

// Library build of the single ES module Foundry loads (system.json "esmodules").
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    target: 'es2022',
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
      fileName: () => 'passe-d-armes.mjs',
    },
    rollupOptions: {
      output: { codeSplitting: false },
    },
  },
});
