import { RulesError } from '../../engine/core/errors';
import { simulate } from '../../engine/simulate';
import type { Encounter, SimulationReport } from '../../engine/simulate/types';
import { SYSTEM_PATH } from '../constants';

/**
 * Runs a simulation in the Web Worker built next to the system's module, or, where workers are
 * not available (the test harness, very old browsers), on this thread. `onProgress` is told how
 * many fights were played; `stop()` ends a worker run at once and resolves to null.
 */
export interface SimulationRun {
  readonly done: Promise<SimulationReport | null>;
  stop(): void;
}

type Progress = (played: number, total: number) => void;

interface WorkerLike {
  onmessage: ((event: { data: WorkerAnswer }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

type WorkerAnswer =
  | { type: 'progress'; played: number; total: number }
  | { type: 'report'; report: SimulationReport }
  | { type: 'error'; key: string; data?: Record<string, string | number> };

type WorkerCtor = new (url: string, options: { type: 'module' }) => WorkerLike;

function workerClass(): WorkerCtor | undefined {
  const ctor = (globalThis as { Worker?: unknown }).Worker;
  return typeof ctor === 'function' ? (ctor as WorkerCtor) : undefined;
}

/** The worker script's URL, under Foundry's route prefix when there is one. */
export function workerUrl(): string {
  const path = `${SYSTEM_PATH}/simulator-worker.mjs`;
  const route = (foundry.utils as { getRoute?: (p: string) => string }).getRoute;
  return typeof route === 'function' ? route(path) : `/${path}`;
}

export function runSimulation(encounter: Encounter, onProgress: Progress): SimulationRun {
  const Worker = workerClass();
  if (!Worker) return runHere(encounter, onProgress);
  let settle: (report: SimulationReport | null) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<SimulationReport | null>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const worker = new Worker(workerUrl(), { type: 'module' });
  worker.onmessage = ({ data }) => {
    if (data.type === 'progress') onProgress(data.played, data.total);
    else if (data.type === 'report') {
      worker.terminate();
      settle(data.report);
    } else {
      worker.terminate();
      fail(new RulesError(data.key, data.data ?? {}));
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    fail(event);
  };
  worker.postMessage({ encounter });
  return {
    done,
    stop() {
      worker.terminate();
      settle(null);
    },
  };
}

/** Same fights on this thread, in one go (a stop request is honoured between batches of 100). */
function runHere(encounter: Encounter, onProgress: Progress): SimulationRun {
  let stopped = false;
  const done = Promise.resolve().then(() => {
    const report = simulate(encounter, {
      every: 100,
      progress: (played, total) => {
        onProgress(played, total);
        return !stopped;
      },
    });
    return stopped ? null : report;
  });
  return {
    done,
    stop() {
      stopped = true;
    },
  };
}
