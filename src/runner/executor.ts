import { type LevelRecord, recordFromResult } from './record.js';
import { internalFailure, recordOfOutcome } from './outcome-record.js';
import { SolvePool } from './solve-pool.js';
import { type SearchSettings, type SolveJob, runSolveTask, taskOf } from './solve-task.js';

/** Solves levels one way or another; records come back checked by replay. */
export interface Executor {
  solve(job: SolveJob, settings: SearchSettings): Promise<LevelRecord>;
  close(): Promise<void>;
}

/** Solves on the main thread: no thread to start, the fastest answer for a single level. */
export function inProcessExecutor(): Executor {
  return {
    async solve(job, settings) {
      try {
        return recordFromResult(job.level, job.rule, runSolveTask(taskOf(job, settings)));
      } catch (error) {
        return internalFailure(job, error);
      }
    },
    close: async () => {},
  };
}

export interface PoolExecutorOptions {
  readonly workers: number;
  /** The memory each search's tables may take; sets the workers' heap limit. */
  readonly maxMemoryMiB: number;
  readonly now: () => number;
}

/** Solves in worker threads, so a level that misbehaves loses only its own worker. */
export function poolExecutor(options: PoolExecutorOptions): Executor {
  const pool = new SolvePool(options);
  return {
    async solve(job, settings) {
      const outcome = await pool.run(taskOf(job, settings));
      return recordOfOutcome(job, outcome, settings.timeLimitMs, pool.heapMiB);
    },
    close: () => pool.close(),
  };
}
