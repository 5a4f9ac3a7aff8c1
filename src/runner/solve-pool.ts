import type { ResourceLimits } from 'node:worker_threads';
import type { SolveResult } from '../solver/solve.js';
import { workerDeadlineMs, workerHeapMiB } from './limits.js';
import { type OptimizeTask, type OptimizeTaskResult, optimizeTaskTimeMs } from './optimize-task.js';
import { PauseWatch } from './pause-watch.js';
import { type TaskOutcome, WorkerPool } from './pool.js';
import type { SolveTask } from './solve-task.js';
import { spawnSolveWorker } from './spawn-worker.js';

/** What the workers run: a solve, or an optimization (which may solve first). */
export type WorkerTask = SolveTask | OptimizeTask;
export type WorkerResult = SolveResult | OptimizeTaskResult;

export interface SolvePoolOptions {
  /** Searches at once; more tasks wait their turn. */
  readonly workers: number;
  /** The memory each search's tables may take; sets the workers' heap limit. */
  readonly maxMemoryMiB: number;
  /** Milliseconds, for how long a task ran before its worker was ended. */
  readonly now: () => number;
  /** The workers' resource limits instead of a heap sized by maxMemoryMiB (under an address-space limit: address-space.ts). */
  readonly workerLimits?: ResourceLimits;
}

/** Worker threads running the solver (or the optimizer), under the runner's kill policy (see limits.ts). */
export class SolvePool {
  /** Each worker's V8 heap limit. */
  readonly heapMiB: number;
  private readonly pool: WorkerPool<WorkerTask, WorkerResult>;
  /** Time the process was stopped, left out of every deadline here and of the searches' clocks in the workers. */
  private readonly pauses = new PauseWatch().start();

  constructor(options: SolvePoolOptions) {
    const heapMiB = options.workerLimits?.maxOldGenerationSizeMb ?? workerHeapMiB(options.maxMemoryMiB);
    this.heapMiB = heapMiB;
    const limits: ResourceLimits = { ...options.workerLimits, maxOldGenerationSizeMb: heapMiB };
    this.pool = new WorkerPool<WorkerTask, WorkerResult>({
      size: options.workers,
      spawn: () => spawnSolveWorker(limits),
      now: this.pauses.runningClock(options.now),
    });
  }

  /** Solves on the next free worker; one still busy at the deadline for its time limit is ended. */
  run(task: SolveTask, signal?: AbortSignal): Promise<TaskOutcome<SolveResult>> {
    // The worker answers a solve task with a SolveResult (worker.ts).
    return this.pool.run({ ...task, pauses: this.pauses.ledger }, workerDeadlineMs(task.timeLimitMs), signal) as Promise<TaskOutcome<SolveResult>>;
  }

  /** Optimizes on the next free worker, under the same kill policy over the task's whole time (solving first included). */
  optimize(task: OptimizeTask, signal?: AbortSignal): Promise<TaskOutcome<OptimizeTaskResult>> {
    return this.pool.run({ ...task, pauses: this.pauses.ledger }, workerDeadlineMs(optimizeTaskTimeMs(task)), signal) as Promise<TaskOutcome<OptimizeTaskResult>>;
  }

  /** Starts up to `count` workers before any task (WorkerPool.startWorkers). */
  startWorkers(count: number): void {
    this.pool.startWorkers(count);
  }

  close(): Promise<void> {
    this.pauses.stop();
    return this.pool.close();
  }
}
