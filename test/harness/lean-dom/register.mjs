/**
 * Loaded by every vitest worker (`--import`, vitest.config.ts): registers hooks.mjs, which makes
 * happy-dom allocate some per-node bookkeeping on first use instead of in every constructor.
 * See hooks.mjs and FAKE.md ("happy-dom's per-node allocations").
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
