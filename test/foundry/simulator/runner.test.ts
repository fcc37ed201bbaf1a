/**
 * The simulator's worker protocol: the window's runner talks to src/foundry/simulator/worker.ts
 * through postMessage only, so a worker-less stand-in that passes the messages proves both ends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runSimulation } from '../../../src/foundry/simulator/runner';
import type { Encounter } from '../../../src/engine/simulate/types';
import { entryFromDocument } from '../../../src/engine/simulate/sources';
import { readFileSync } from 'node:fs';

/* eslint-disable @typescript-eslint/no-explicit-any -- the worker's global scope, faked */
const g = globalThis as any;
const garde = JSON.parse(
  readFileSync('packs-src/fantasia/fantasia-bestiaire/garde-de-la-porte.json', 'utf8'),
);
const encounter = (fights: number): Encounter =>
  ({
    ruleset: 'fantasia',
    fights,
    seed: 3,
    sides: [
      { name: 'A', fighters: [entryFromDocument('fantasia', garde)] },
      { name: 'B', fighters: [entryFromDocument('fantasia', garde)] },
    ],
  }) as Encounter;

describe('the simulator runner', () => {
  afterEach(() => {
    delete g.Worker;
  });

  it('runs the fights in the worker module and reports progress, then the report', async () => {
    const urls: string[] = [];
    await import('../../../src/foundry/simulator/worker');
    const workerScope = { onmessage: g.onmessage };
    class FakeWorker {
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onerror = null;
      terminated = false;
      constructor(url: string) {
        urls.push(url);
      }
      postMessage(message: unknown) {
        g.postMessage = (answer: unknown) => this.onmessage?.({ data: structuredClone(answer) });
        queueMicrotask(() => workerScope.onmessage({ data: structuredClone(message) }));
      }
      terminate() {
        this.terminated = true;
      }
    }
    g.Worker = FakeWorker;
    const seen: number[] = [];
    const run = runSimulation(encounter(300), (played) => seen.push(played));
    const report = await run.done;
    expect(urls).toEqual(['/systems/passe-d-armes/simulator-worker.mjs']);
    expect(seen).toEqual([100, 200, 300]);
    expect(report?.fights).toBe(300);
    expect(report!.sides[0]!.win.p + report!.sides[1]!.win.p + report!.draw.p).toBeCloseTo(1);
  });

  it('without workers, runs here; a stop between batches gives no report', async () => {
    const seen: number[] = [];
    const run = runSimulation(encounter(1000), (played) => {
      seen.push(played);
      if (played === 200) run.stop();
    });
    expect(await run.done).toBeNull();
    expect(seen).toEqual([100, 200]);
  });
});
