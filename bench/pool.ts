import type { TaskOutcome } from '../src/runner/pool.js';
import { type RaceSplit, raceOnPool } from '../src/runner/race.js';
import { SolvePool } from '../src/runner/solve-pool.js';
import type { SolveTask } from '../src/runner/solve-task.js';
import type { SolveResult } from '../src/solver/solve.js';

/** What came back for one level, with the process's RSS high-water mark when it did (workers share the process). */
export interface BenchOutcome {
  readonly outcome: TaskOutcome<SolveResult>;
  readonly maxRssKiB: number;
}

export interface BenchPoolOptions {
  readonly jobs: number;
  /** The memory each search's tables may take; sets the workers' heap limit as the CLI does. */
  readonly maxMemoryMiB: number;
  /** A new worker for every level (cold code each time, the most isolated measurement). */
  readonly fresh: boolean;
  /** Race these parts of the portfolio on one worker each per level (the CLI's two-core mode); null: one worker per level. */
  readonly race: RaceSplit | null;
}

const now = (): number => performance.now();

function measured(outcome: TaskOutcome<SolveResult>): BenchOutcome {
  return { outcome, maxRssKiB: process.resourceUsage().maxRSS };
}

/**
 * Runs every level on at most `jobs` workers at a time through the CLI's own pool and kill
 * policy, so levels after the first run on compiled code as they do in `sokoban solve`; calls
 * `done` as each finishes, and a worker takes its next level once `done` has settled. With
 * `fresh`, each level gets a pool (and a worker) of its own.
 */
export async function runAll<T>(
  items: readonly T[],
  options: BenchPoolOptions,
  toTask: (item: T) => SolveTask,
  done: (item: T, outcome: BenchOutcome) => void | Promise<void>,
): Promise<void> {
  const jobs = Math.max(1, Math.min(options.jobs, items.length));
  const race = options.race;
  if (race !== null) {
    // Levels `jobs` at a time, each raced on as many workers as the split has sides.
    const pool = new SolvePool({ workers: jobs * race.length, maxMemoryMiB: options.maxMemoryMiB, now });
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < items.length) {
        const item = items[next++];
        await done(item, measured(await raceOnPool(pool, toTask(item), race)));
      }
    };
    try {
      await Promise.all(Array.from({ length: jobs }, lane));
    } finally {
      await pool.close();
    }
    return;
  }
  if (!options.fresh) {
    // One lane per worker: a lane waits for `done` (a peer run beside ours, say) before its next level.
    const pool = new SolvePool({ workers: jobs, maxMemoryMiB: options.maxMemoryMiB, now });
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < items.length) {
        const item = items[next++];
        await done(item, measured(await pool.run(toTask(item))));
      }
    };
    try {
      await Promise.all(Array.from({ length: jobs }, lane));
    } finally {
      await pool.close();
    }
    return;
  }
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      const pool = new SolvePool({ workers: 1, maxMemoryMiB: options.maxMemoryMiB, now });
      try {
        await done(item, measured(await pool.run(toTask(item))));
      } finally {
        await pool.close();
      }
    }
  };
  await Promise.all(Array.from({ length: jobs }, lane));
}
