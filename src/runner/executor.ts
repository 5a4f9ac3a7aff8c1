import type { ResourceLimits } from 'node:worker_threads';
import { type LevelRecord, recordFromResult } from './record.js';
import { internalFailure, recordOfOutcome } from './outcome-record.js';
import { SolvePool } from './solve-pool.js';
import { type SearchSettings, type SolveJob, runSolveTask, taskOf } from './solve-task.js';

/** A solve its caller withdrew (a page closed, Ctrl-C): there is no record, only the fact. */
export class SolveCancelledError extends Error {
  constructor(name: string) {
    super(`the search of ${name} was cancelled`);
    this.name = 'SolveCancelledError';
  }
}

/** Solves levels one way or another; records come back checked by replay. */
export interface Executor {
  /** Rejects with SolveCancelledError once `signal` aborts, having stopped the search. */
  solve(job: SolveJob, settings: SearchSettings, signal?: AbortSignal): Promise<LevelRecord>;
  close(): Promise<void>;
  /**
   * Starts the worker threads the executor will need (none for one that works on this thread),
   * so that they load while the caller reads its levels: a batch's first level then starts as
   * soon as both are ready, instead of waiting for a worker started by its first task.
   */
  startWorkers(): void;
}

/**
 * Solves on the main thread: no thread to start, the fastest answer for a single level (and the
 * only way under an address-space limit too tight for a worker). Levels run one at a time, each
 * in a turn of the event loop of its own, so that a signal heard between turns (Ctrl-C) can
 * withdraw the levels not yet begun; the search in hand cannot be interrupted.
 */
export function inProcessExecutor(): Executor {
  let previous: Promise<unknown> = Promise.resolve();
  return {
    solve(job, settings, signal) {
      const turn = previous
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          if (signal?.aborted === true) throw new SolveCancelledError(job.key.name);
          try {
            return recordFromResult(job.level, job.rule, runSolveTask(taskOf(job, settings)));
          } catch (error) {
            return internalFailure(job, error);
          }
        });
      previous = turn.catch(() => {});
      return turn;
    },
    close: async () => {},
    startWorkers: () => {},
  };
}

export interface PoolExecutorOptions {
  readonly workers: number;
  /** The memory each search's tables may take; sets the workers' heap limit. */
  readonly maxMemoryMiB: number;
  readonly now: () => number /** The workers' resource limits, when an address-space limit sets them (address-space.ts). */;
  readonly workerLimits?: ResourceLimits;
}

/** Solves in worker threads, so a level that misbehaves loses only its own worker. */
export function poolExecutor(options: PoolExecutorOptions): Executor {
  const pool = new SolvePool(options);
  return {
    async solve(job, settings, signal) {
      const outcome = await pool.run(taskOf(job, settings), signal);
      if (outcome.kind === 'cancelled') throw new SolveCancelledError(job.key.name);
      return recordOfOutcome(job, outcome, settings.timeLimitMs, pool.heapMiB);
    },
    close: () => pool.close(),
    startWorkers: () => pool.startWorkers(options.workers),
  };
}
