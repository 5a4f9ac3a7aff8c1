import type { ResourceLimits } from 'node:worker_threads';
import type { GoalRule } from '../game/goal-rule.js';
import type { Level } from '../level/level.js';
import type { Optimality } from '../solver/solve.js';
import { chooseExecutor } from '../runner/choose-executor.js';
import type { Executor } from '../runner/executor.js';
import { type LevelRecord, keyOfLevel } from '../runner/record.js';
import { HttpError } from './http-error.js';

export interface SolveServiceOptions {
  /** Searches at once; more requests wait their turn. */
  readonly workers: number;
  /** Requests that may wait for a worker; beyond that a solve is refused (429), not queued. */
  readonly maxWaiting: number;
  /** Memory each search's tables may take. */
  readonly maxMemoryMiB: number;
  readonly now: () => number;
  /** Under an address-space limit, the workers' resource limits (runner/address-space.ts). */
  readonly workerLimits?: ResourceLimits;
}

export interface SolveRequestSettings {
  readonly optimal: Optimality | null;
  readonly timeLimitMs: number;
}

/**
 * Solves levels for the web API in worker threads (the runner's pool, as `sokoban solve` uses),
 * so a long search never blocks the server's event loop, and a search that stops checking its
 * clock is ended. Every answer is the CLI's record: a solution is replayed before it is returned.
 * The queue is bounded, and a request whose client has gone stops its search, so abandoned
 * requests cannot hold the workers from the next visitor.
 */
export class SolveService {
  private readonly executor: Executor;
  private inFlight = 0;

  constructor(private readonly options: SolveServiceOptions) {
    // With a worker per side, each request races parts of the portfolio (runner/race.ts); requests
    // beyond the first then wait, as they would for a busy worker.
    this.executor = chooseExecutor({
      levels: null,
      workers: options.workers,
      optimal: null,
      maxMemoryMiB: options.maxMemoryMiB,
      now: options.now,
      workerLimits: options.workerLimits,
    });
  }

  /** Rejects with 429 when the queue is full, and with SolveCancelledError once `signal` aborts. */
  async solve(level: Level, rule: GoalRule, settings: SolveRequestSettings, signal?: AbortSignal): Promise<LevelRecord> {
    if (this.inFlight >= this.options.workers + this.options.maxWaiting) {
      throw new HttpError(429, `the server is busy with ${this.inFlight} searches; try again when one has finished`);
    }
    this.inFlight++;
    try {
      const job = { key: keyOfLevel(level), level, rule };
      return await this.executor.solve(job, { ...settings, maxMemoryMiB: this.options.maxMemoryMiB }, signal);
    } finally {
      this.inFlight--;
    }
  }

  close(): Promise<void> {
    return this.executor.close();
  }
}
