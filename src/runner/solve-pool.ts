import type { SolveResult } from '../solver/solve.js';
import { workerDeadlineMs, workerHeapMiB } from './limits.js';
import { type TaskOutcome, WorkerPool } from './pool.js';
import type { SolveTask } from './solve-task.js';
import { spawnSolveWorker } from './spawn-worker.js';

export interface SolvePoolOptions {
  /** Searches at once; more tasks wait their turn. */
  readonly workers: number;
  /** The memory each search's tables may take; sets the workers' heap limit. */
  readonly maxMemoryMiB: number;
  /** Milliseconds, for how long a task ran before its worker was ended. */
  readonly now: () => number;
}

/** Worker threads running the solver, under the runner's kill policy (see limits.ts). */
export class SolvePool {
  /** Each worker's V8 heap limit. */
  readonly heapMiB: number;
  private readonly pool: WorkerPool<SolveTask, SolveResult>;

  constructor(options: SolvePoolOptions) {
    const heapMiB = workerHeapMiB(options.maxMemoryMiB);
    this.heapMiB = heapMiB;
    this.pool = new WorkerPool<SolveTask, SolveResult>({
      size: options.workers,
      spawn: () => spawnSolveWorker({ maxOldGenerationSizeMb: heapMiB }),
      now: options.now,
    });
  }

  /** Solves on the next free worker; one still busy at the deadline for its time limit is ended. */
  run(task: SolveTask): Promise<TaskOutcome<SolveResult>> {
    return this.pool.run(task, workerDeadlineMs(task.timeLimitMs));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
