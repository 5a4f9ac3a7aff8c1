import type { GoalRule } from '../game/goal-rule.js';
import type { Level } from '../level/level.js';
import type { Optimality, SolveResult } from '../solver/solve.js';
import { graceMs, workerHeapMiB } from '../cli/batch/executor.js';
import { WorkerPool } from '../cli/batch/pool.js';
import { type LevelRecord, recordFromResult, stoppedRecord, errorRecord, keyOfLevel } from '../cli/batch/record.js';
import type { SolveTask } from '../cli/batch/solve-task.js';
import { spawnSolveWorker } from '../cli/batch/spawn-worker.js';

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
 * Solves levels for the web API in worker threads (the batch command's pool), so a long search
 * never blocks the server's event loop, and a search that stops checking its clock is ended.
 * Every answer is the batch record: a solution is replayed under the rule before it is returned.
 */
export class SolveService {
  private readonly pool: WorkerPool<SolveTask, SolveResult>;

  constructor(private readonly options: SolveServiceOptions) {
    const heapMiB = workerHeapMiB(options.maxMemoryMiB);
    this.pool = new WorkerPool<SolveTask, SolveResult>({
      size: options.workers,
      spawn: () => spawnSolveWorker({ maxOldGenerationSizeMb: heapMiB }),
      now: options.now,
    });
  }

  async solve(level: Level, rule: GoalRule, settings: SolveRequestSettings): Promise<LevelRecord> {
    const task: SolveTask = {
      board: level.board,
      rule,
      optimal: settings.optimal,
      timeLimitMs: settings.timeLimitMs,
      maxMemoryMiB: this.options.maxMemoryMiB,
    };
    const outcome = await this.pool.run(task, settings.timeLimitMs + graceMs(settings.timeLimitMs));
    const key = keyOfLevel(level);
    switch (outcome.kind) {
      case 'done':
        return recordFromResult(level, rule, outcome.value);
      case 'killed':
        return stoppedRecord(key, 'timeout', 'the search ran past its time limit and was ended', outcome.afterMs);
      case 'out-of-memory':
        return stoppedRecord(key, 'memory', 'the search ran out of memory and was ended', outcome.afterMs);
      case 'failed':
        return errorRecord(key, `the search failed: ${outcome.message}`, 'internal');
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
