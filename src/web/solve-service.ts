import type { GoalRule } from '../game/goal-rule.js';
import type { Level } from '../level/level.js';
import type { Optimality } from '../solver/solve.js';
import { type Executor, poolExecutor } from '../runner/executor.js';
import { DEFAULT_RACE_SPLIT, raceExecutor } from '../runner/race.js';
import { type LevelRecord, keyOfLevel } from '../runner/record.js';

export interface SolveServiceOptions {
  /** Searches at once; more requests wait their turn. */
  readonly workers: number;
  /** Memory each search's tables may take. */
  readonly maxMemoryMiB: number;
  readonly now: () => number;
}

export interface SolveRequestSettings {
  readonly optimal: Optimality | null;
  readonly timeLimitMs: number;
}

/**
 * Solves levels for the web API in worker threads (the runner's pool, as `sokoban solve` uses),
 * so a long search never blocks the server's event loop, and a search that stops checking its
 * clock is ended. Every answer is the CLI's record: a solution is replayed before it is returned.
 */
export class SolveService {
  private readonly executor: Executor;

  constructor(private readonly options: SolveServiceOptions) {
    // With a worker per side, each request races parts of the portfolio (runner/race.ts); requests
    // beyond the first then wait, as they would for a busy worker.
    this.executor = options.workers >= DEFAULT_RACE_SPLIT.length ? raceExecutor(options) : poolExecutor(options);
  }

  solve(level: Level, rule: GoalRule, settings: SolveRequestSettings): Promise<LevelRecord> {
    return this.executor.solve({ key: keyOfLevel(level), level, rule }, { ...settings, maxMemoryMiB: this.options.maxMemoryMiB });
  }

  close(): Promise<void> {
    return this.executor.close();
  }
}
