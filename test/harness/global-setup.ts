/**
 * Vitest global setup: bundles the system once for the whole run (test/harness/bundle.ts), into a
 * temporary folder removed at the end, and rebuilds it before each watch-mode rerun.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUNDLE_FILE, buildSystemBundle } from './bundle';

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pda-bundle-'));
  buildSystemBundle(dir);
  project.provide('systemBundle', join(dir, BUNDLE_FILE));
  project.onTestsRerun(() => {
    buildSystemBundle(dir);
  });
  return () => rmSync(dir, { recursive: true, force: true });
}
