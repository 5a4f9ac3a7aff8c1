import { Worker } from 'node:worker_threads';
import type { JobInput, JobOutcome, JobOutput } from './job.js';

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./solve-worker.ts', import.meta.url).href;

/** How long past its own time limit a level may run before its worker is terminated. */
export function hardKillAfterMs(timeLimitMs: number): number {
  return Math.round(timeLimitMs * 1.1) + 5_000;
}

/**
 * Runs one level in a fresh worker thread, so that a level that runs away (or exhausts the
 * heap) takes only its own worker down; the worker is terminated a little after the level's
 * own time limit.
 */
export function runInWorker(job: JobInput): Promise<JobOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY, job } });
    let settled = false;
    const settle = (outcome: JobOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const limit = hardKillAfterMs(job.timeLimitMs);
    const timer = setTimeout(() => settle({ kind: 'killed', afterMs: limit }), limit);
    worker.on('message', (output: JobOutput) => settle({ kind: 'result', output }));
    worker.on('error', (error: Error & { code?: string }) =>
      settle({ kind: 'crashed', message: error.message, outOfMemory: error.code === 'ERR_WORKER_OUT_OF_MEMORY' }),
    );
    worker.on('exit', (code) => settle({ kind: 'crashed', message: `worker exited with code ${code} before answering`, outOfMemory: false }));
  });
}

/** Runs every job with at most `jobs` workers at a time; calls `done` as each finishes. */
export async function runAll<T>(
  items: readonly T[],
  jobs: number,
  toJob: (item: T) => JobInput,
  done: (item: T, outcome: JobOutcome) => void,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      done(item, await runInWorker(toJob(item)));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, lane));
}
