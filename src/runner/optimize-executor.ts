import { SolveCancelledError, type PoolExecutorOptions } from './executor.js';
import { type OptimizeJob, type OptimizeRecord, optimizeFailure, optimizeRecordFromResult, optimizeRecordOfOutcome } from './optimize-record.js';
import { type OptimizeSettings, type OptimizeTask, optimizeTaskTimeMs, runOptimizeTask } from './optimize-task.js';
import { SolvePool } from './solve-pool.js';

/** Optimizes levels one way or another; records come back checked by replay. */
export interface OptimizeExecutor {
  /** Rejects with SolveCancelledError once `signal` aborts, having stopped the work. */
  optimize(job: OptimizeJob, settings: OptimizeSettings, signal?: AbortSignal): Promise<OptimizeRecord>;
  close(): Promise<void>;
  /** Starts the worker threads it will need now, as Executor.startWorkers does. */
  startWorkers(): void;
}

function taskOf(job: OptimizeJob, settings: OptimizeSettings): OptimizeTask {
  return { ...settings, kind: 'optimize', board: job.level.board, rule: job.rule, moves: job.moves };
}

/** Optimizes on the main thread: for a single level, or one level after another with --jobs 1. */
export function inProcessOptimizeExecutor(): OptimizeExecutor {
  return {
    async optimize(job, settings, signal) {
      if (signal?.aborted === true) throw new SolveCancelledError(job.key.name);
      try {
        return optimizeRecordFromResult(job, settings.metric, runOptimizeTask(taskOf(job, settings)));
      } catch (error) {
        return optimizeFailure(job, error);
      }
    },
    close: async () => {},
    startWorkers: () => {},
  };
}

/** Optimizes in the solve workers (the same pool, an optimize task kind), so levels run in parallel. */
export function poolOptimizeExecutor(options: PoolExecutorOptions): OptimizeExecutor {
  const pool = new SolvePool(options);
  return {
    async optimize(job, settings, signal) {
      const task = taskOf(job, settings);
      const outcome = await pool.optimize(task, signal);
      if (outcome.kind === 'cancelled') throw new SolveCancelledError(job.key.name);
      return optimizeRecordOfOutcome(job, settings.metric, outcome, optimizeTaskTimeMs(task), pool.heapMiB);
    },
    close: () => pool.close(),
    startWorkers: () => pool.startWorkers(options.workers),
  };
}
