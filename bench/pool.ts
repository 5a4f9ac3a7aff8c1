import { Worker } from 'node:worker_threads';
import type { JobInput, JobOutcome, JobOutput } from './job.js';

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./solve-worker.ts', import.meta.url).href;

/** How long past its own time limit a level may run before its worker is terminated. */
export function hardKillAfterMs(timeLimitMs: number): number {
  return Math.round(timeLimitMs * 1.1) + 5_000;
}

/**
 * One worker thread solving levels one after another, as the CLI's pool does, so that levels
 * after the first run on compiled code; a level that runs away (or exhausts the heap) takes only
 * this worker down, and the next level gets a new one. With `fresh`, every level gets a new
 * worker (cold code each time, the most isolated measurement).
 */
class Lane {
  private worker: Worker | null = null;

  constructor(private readonly fresh: boolean) {}

  run(job: JobInput): Promise<JobOutcome> {
    if (this.worker === null) this.worker = new Worker(BOOT, { workerData: { entry: ENTRY } });
    const worker = this.worker;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: JobOutcome, keep: boolean): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!keep || this.fresh) {
          void worker.terminate();
          this.worker = null;
        }
        resolve(outcome);
      };
      const onMessage = (output: JobOutput): void => settle({ kind: 'result', output }, true);
      const onError = (error: Error & { code?: string }): void =>
        settle({ kind: 'crashed', message: error.message, outOfMemory: error.code === 'ERR_WORKER_OUT_OF_MEMORY' }, false);
      const onExit = (code: number): void => settle({ kind: 'crashed', message: `worker exited with code ${code} before answering`, outOfMemory: false }, false);
      const limit = hardKillAfterMs(job.timeLimitMs);
      const timer = setTimeout(() => settle({ kind: 'killed', afterMs: limit }, false), limit);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = null;
  }
}

/** Runs every job on at most `jobs` workers at a time; calls `done` as each finishes. */
export async function runAll<T>(
  items: readonly T[],
  jobs: number,
  toJob: (item: T) => JobInput,
  done: (item: T, outcome: JobOutcome) => void,
  fresh = false,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    const worker = new Lane(fresh);
    while (next < items.length) {
      const item = items[next++];
      done(item, await worker.run(toJob(item)));
    }
    worker.close();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, lane));
}
