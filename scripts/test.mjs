/**
 * `npm test`: every check of the project in one command: the whole vitest suite (which itself runs
 * two workers) and, beside it, one after another, the typecheck of src and tests against fvtt-types,
 * the engine-alone typecheck, ESLint and Prettier. Three busy processes on a 2-core machine, not
 * six, so that fewer large heaps take turns on the two cores (measured in alternation on a noisy
 * machine: 150 and 130 s against 135 and 149 s with every check at once, 112 s at best; no gain
 * is claimed beyond the noise, but the tests' workers share the cores with one check at a time, not four). Vitest prints
 * as it goes; every other job's output is printed whole when it ends. The exit code is non-zero
 * when any job failed. `npm run typecheck`, `npm run lint` and `npm run vitest` still run each
 * part alone.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', 'node_modules', '.bin');
const NODE_FLAGS = ['--single-threaded-gc', '--max-semi-space-size=64'];

const TESTS = ['vitest', 'vitest', ['run'], { live: true }];
/** Run one after another, the longest first. */
const CHECKS = [
  ['typecheck (src + tests)', 'tsc', ['-p', 'tsconfig.test.json', '--noEmit']],
  ['typecheck (engine alone)', 'tsc', ['-p', 'tsconfig.engine.json', '--noEmit']],
  ['eslint', 'eslint', ['.']],
  ['prettier', 'prettier', ['--check', '.']],
  // Issue 44: every src/engine function is reached by production code (a few seconds).
  ['unreached engine exports', join(import.meta.dirname, 'reachability.mjs'), []],
];

function run([name, bin, args, { live = false } = {}]) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Each tool straight from node_modules/.bin under this node (no npx to start first), with
    // single-threaded garbage collection: on a 2-core machine running three processes at once,
    // parallel GC threads only take CPU from the other jobs (measured: a few percent less CPU in
    // all); and
    // a 64 MB young generation, in which tsc, ESLint and Prettier collect less often (measured:
    // 5 to 10 % less CPU each). Vitest's workers set their own (vitest.config.ts).
    const script = bin.endsWith('.mjs') ? bin : join(BIN, bin);
    const child = spawn(process.execPath, [...NODE_FLAGS, script, ...args], {
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const out = [];
    const keep = (d) => (live ? process.stdout.write(d) : out.push(d));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n── ${name}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds} s ──\n`,
      );
      process.stdout.write(Buffer.concat(out));
      resolve({ name, ok: code === 0 });
    });
  });
}

async function runChecks() {
  const results = [];
  for (const job of CHECKS) results.push(await run(job));
  return results;
}

const results = (await Promise.all([run(TESTS), runChecks()])).flat();
const failed = results.filter((r) => !r.ok).map((r) => r.name);
process.stdout.write(
  failed.length ? `\nnpm test failed: ${failed.join(', ')}\n` : '\nnpm test: every check passed\n',
);
process.exitCode = failed.length ? 1 : 0;
