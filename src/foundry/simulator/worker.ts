/**
 * The simulator's Web Worker (built to dist/simulator-worker.mjs): plays the fights off the main
 * thread so the table does not freeze, reporting progress every 100 fights. The window stops it
 * by terminating the worker.
 */
import { RulesError } from '../../engine/core/errors';
import { simulate } from '../../engine/simulate';
import type { Encounter } from '../../engine/simulate/types';

interface WorkerScope {
  onmessage: ((event: { data: { encounter: Encounter } }) => void) | null;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const report = simulate(event.data.encounter, {
      every: 100,
      progress: (played, total) => scope.postMessage({ type: 'progress', played, total }),
    });
    scope.postMessage({ type: 'report', report });
  } catch (error) {
    const refusal =
      error instanceof RulesError
        ? { key: error.key, data: { ...error.data } }
        : { key: 'PDA.Error.Unexpected' };
    scope.postMessage({ type: 'error', ...refusal });
  }
};
