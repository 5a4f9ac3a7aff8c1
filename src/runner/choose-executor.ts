import type { ResourceLimits } from 'node:worker_threads';
import type { Optimality } from '../solver/solve.js';
import { type Executor, inProcessExecutor, poolExecutor } from './executor.js';
import { type Cs161HeuristicName, heuristicExecutor } from './heuristic-executor.js';
import { DEFAULT_RACE_SPLIT, raceExecutor, racesEachLevel } from './race.js';

/** What decides how levels are run. */
export interface ExecutorChoice {
  /**
   * How many levels a batch solves (`sokoban solve`, `check`), or null for a server, whose levels
   * come one request at a time and which must never search on its own thread.
   */
  readonly levels: number | null;
  /** Worker threads it may use. */
  readonly workers: number;
  /** The batch's search mode; a server takes any mode and passes null (the race executor runs optimal searches on one worker). */
  readonly optimal: Optimality | null;
  /** The memory each level's search may take; sets the workers' heap limit. */
  readonly maxMemoryMiB: number;
  readonly now: () => number;
  /** Search with the CS161 homework's A* and this heuristic instead (batches only). */
  readonly heuristic?: Cs161HeuristicName;
  /** Each worker's V8 limits, sized to fit an address-space limit (runner/address-space.ts). */
  readonly workerLimits?: ResourceLimits;
  /**
   * The batch writes reports: a single level then runs on a worker all the same, so that Ctrl-C
   * can stop it and the report still be written, marked interrupted.
   */
  readonly hasReports?: boolean;
  /**
   * The batch must give the same run everywhere (a node budget, --max-nodes, or --repeatable and
   * check): no race, since a race keeps whichever side answers first.
   */
  readonly repeatable?: boolean;
}

/** How levels are run, and on how many worker threads (0: on this thread). */
export interface ExecutorPlan {
  readonly kind: 'heuristic' | 'race' | 'in-process' | 'pool';
  readonly workers: number;
}

/**
 * The one choice of how to run levels, for the CLI and the web server alike:
 * - the homework's A*, a reference search, on this thread one level after another;
 * - with a worker per side of the race split for every level at once, parts of the portfolio
 *   race on each level (race.ts); a server with two workers or more races each request;
 * - a run that must repeat (`repeatable`) never races, since a race keeps whichever side answers first;
 * - a batch with no level to search on this thread: it has nothing to give a worker;
 * - a batch of a single level on this thread: it gains nothing from a worker and would pay for starting one,
 *   unless it writes reports (`hasReports`: on a worker, Ctrl-C can stop it and the report is still written);
 *   a batch on this thread too when an address-space limit leaves room for no worker (workers 0);
 * - otherwise the pool: as many workers as levels at most for a batch, all of them for a server.
 */
export function planExecutor(choice: Omit<ExecutorChoice, 'maxMemoryMiB' | 'now'>): ExecutorPlan {
  const { levels, workers } = choice;
  if (choice.heuristic !== undefined) return { kind: 'heuristic', workers: 0 };
  const serving = levels === null;
  const atOnce = levels ?? 1;
  if (choice.repeatable !== true && racesEachLevel(atOnce, workers, choice.optimal)) return { kind: 'race', workers: serving ? workers : atOnce * DEFAULT_RACE_SPLIT.length };
  // A batch with no level to search (every input unreadable) starts no worker, reports or not:
  // the batch starts its executor's workers before anything is read (run-batch.ts).
  if (!serving && (workers === 0 || atOnce === 0 || (atOnce <= 1 && choice.hasReports !== true))) return { kind: 'in-process', workers: 0 };
  return { kind: 'pool', workers: serving ? workers : Math.max(1, Math.min(workers, atOnce)) };
}

/**
 * Whether Ctrl-C can stop a batch run as planned: not the homework's A*, nor a single level
 * searched on this thread (a batch on this thread stops between levels).
 */
export function canInterrupt(plan: ExecutorPlan, levels: number): boolean {
  if (plan.kind === 'heuristic') return false;
  return plan.kind !== 'in-process' || levels > 1;
}

/** The executor planExecutor chooses. */
export function chooseExecutor(choice: ExecutorChoice): Executor {
  const { maxMemoryMiB, now, workerLimits } = choice;
  const plan = planExecutor(choice);
  switch (plan.kind) {
    case 'heuristic':
      return heuristicExecutor(choice.heuristic as Cs161HeuristicName, now);
    case 'race':
      return raceExecutor({ workers: plan.workers, maxMemoryMiB, now, workerLimits });
    case 'in-process':
      return inProcessExecutor();
    case 'pool':
      return poolExecutor({ workers: plan.workers, maxMemoryMiB, now, workerLimits });
  }
}
