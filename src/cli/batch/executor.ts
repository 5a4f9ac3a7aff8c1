import type { Optimality, SolveResult } from '../../solver/solve.js';
import type { LevelJob } from './jobs.js';
import { WorkerPool } from './pool.js';
import { type LevelRecord, errorRecord, recordFromResult, stoppedRecord } from './record.js';
import { spawnSolveWorker } from './spawn-worker.js';
import { type SolveTask, runSolveTask } from './solve-task.js';

export interface SearchSettings {
  readonly optimal: Optimality | null;
  readonly timeLimitMs: number;
  readonly maxMemoryMiB: number;
  readonly maxNodes?: number;
}

/** Solves levels one way or another; records come back checked by replay. */
export interface Executor {
  solve(job: LevelJob): Promise<LevelRecord>;
  close(): Promise<void>;
}

function taskOf(job: LevelJob, settings: SearchSettings): SolveTask {
  return {
    board: job.level.board,
    rule: job.rule,
    optimal: settings.optimal,
    timeLimitMs: settings.timeLimitMs,
    maxMemoryMiB: settings.maxMemoryMiB,
    maxNodes: settings.maxNodes,
  };
}

function internalFailure(job: LevelJob, error: unknown): LevelRecord {
  const detail = error instanceof Error ? error.message : String(error);
  return errorRecord(job.key, `the search failed: ${detail}`, 'internal');
}

/** Solves on the main thread: no thread to start, the fastest answer for a single level. */
export function inProcessExecutor(settings: SearchSettings): Executor {
  return {
    async solve(job) {
      try {
        return recordFromResult(job.level, job.rule, runSolveTask(taskOf(job, settings)));
      } catch (error) {
        return internalFailure(job, error);
      }
    },
    close: async () => {},
  };
}

/**
 * Time a worker may run past the level's own time limit before it is ended. The solver checks
 * its clock itself; this only catches a search that stops checking, so it is generous.
 */
export function graceMs(timeLimitMs: number): number {
  return Math.max(2_000, Math.round(timeLimitMs / 4));
}

/**
 * V8 heap allowed per worker. The search tables are typed arrays outside this heap and are
 * bounded by the solver's own --max-memory accounting; this catches everything else.
 */
export function workerHeapMiB(maxMemoryMiB: number): number {
  return Math.max(256, maxMemoryMiB);
}

export interface PoolExecutorOptions {
  readonly workers: number;
  readonly now: () => number;
}

/** Solves in worker threads, so a level that misbehaves loses only its own worker. */
export function poolExecutor(settings: SearchSettings, options: PoolExecutorOptions): Executor {
  const heapMiB = workerHeapMiB(settings.maxMemoryMiB);
  const pool = new WorkerPool<SolveTask, SolveResult>({
    size: options.workers,
    spawn: () => spawnSolveWorker({ maxOldGenerationSizeMb: heapMiB }),
    now: options.now,
  });
  const seconds = settings.timeLimitMs / 1000;
  return {
    async solve(job) {
      const deadline = settings.timeLimitMs + graceMs(settings.timeLimitMs);
      const outcome = await pool.run(taskOf(job, settings), deadline);
      switch (outcome.kind) {
        case 'done':
          try {
            return recordFromResult(job.level, job.rule, outcome.value);
          } catch (error) {
            return internalFailure(job, error);
          }
        case 'killed':
          return stoppedRecord(
            job.key,
            'timeout',
            `still searching ${(outcome.afterMs / 1000).toFixed(1)} s into its ${seconds} s time limit; its worker was ended`,
            outcome.afterMs,
          );
        case 'out-of-memory':
          return stoppedRecord(job.key, 'memory', `its worker ran out of memory (heap limit ${heapMiB} MiB) and was ended`, outcome.afterMs);
        case 'failed':
          return internalFailure(job, outcome.message);
      }
    },
    close: () => pool.close(),
  };
}
