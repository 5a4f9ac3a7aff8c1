import { PORTFOLIO_PLAN, raceSplitOf } from '../solver/portfolio/plan.js';
import type { ResourceLimits } from 'node:worker_threads';
import { type Optimality, type PortfolioMemberName, type SolveResult, portfolioMemoryShare } from '../solver/solve.js';
import { type Executor, SolveCancelledError } from './executor.js';
import { recordOfOutcome } from './outcome-record.js';
import type { TaskOutcome } from './pool.js';
import { SolvePool } from './solve-pool.js';
import { type SolveTask, taskOf } from './solve-task.js';
import { createStopFlag, raiseStopFlag } from './stop-flag.js';

/** Which searches of the any-solution portfolio each worker racing on one level runs. */
export type RaceSplit = readonly (readonly PortfolioMemberName[])[];

/**
 * The workers' members as the plan's `raceWorker` says (solver/portfolio/plan.ts): the feature
 * search (FESS) on one core, the other searches on the other. FESS takes most of the time in the
 * single-thread portfolio, so this split gives the others a whole core without taking anything
 * from it. Measured against the alternatives in docs/solver.md.
 */
export const DEFAULT_RACE_SPLIT: RaceSplit = raceSplitOf(PORTFOLIO_PLAN);

/**
 * The tasks of a race on one level: each side runs its members with its part of the memory
 * limit (the part those searches hold in the full portfolio) and half of the node limit, so the
 * level as a whole stays within the limits the user set. Sides left empty by the task's own
 * member selection are dropped.
 */
export function raceTasks(task: SolveTask, split: RaceSplit): SolveTask[] {
  const sides = split.map((members) => (task.members === undefined ? members : members.filter((name) => task.members?.includes(name)))).filter((members) => members.length > 0);
  const shares = sides.map(portfolioMemoryShare);
  const totalShare = shares.reduce((sum, share) => sum + share, 0);
  return sides.map((members, i) => ({
    ...task,
    members,
    maxMemoryMiB: totalShare > 0 ? (task.maxMemoryMiB * shares[i]) / totalShare : task.maxMemoryMiB / sides.length,
    maxNodes: task.maxNodes === undefined ? undefined : Math.max(1, Math.floor(task.maxNodes / sides.length)),
  }));
}

/** Solved or proven unsolvable: an answer that ends the race. */
function isAnswer(outcome: TaskOutcome<SolveResult>): boolean {
  return outcome.kind === 'done' && (outcome.value.status === 'solved' || outcome.value.status === 'unsolvable');
}

/**
 * One level's outcome from its racing sides. With a winner, its answer, counting the work of
 * every side that answered (positions summed, peak memory summed since the sides held their
 * tables at once). Without one, the search that lasted says how the level ended: a side that
 * reached the time or node limit was still searching, so that limit is the level's; memory
 * only when no side lasted that long, as in the single-thread portfolio. A side that failed is
 * our bug and is reported as such unless the other side settled the level.
 */
export function combineRace(outcomes: readonly TaskOutcome<SolveResult>[], winner: number | null): TaskOutcome<SolveResult> {
  const answered = outcomes.flatMap((outcome) => (outcome.kind === 'done' ? [outcome.value] : []));
  const counted = (result: SolveResult): TaskOutcome<SolveResult> => ({
    kind: 'done',
    value: {
      ...result,
      nodes: answered.reduce((sum, r) => sum + r.nodes, 0),
      generated: answered.reduce((sum, r) => sum + r.generated, 0),
      peakMemoryMiB: Math.round(answered.reduce((sum, r) => sum + r.peakMemoryMiB, 0) * 10) / 10,
    },
  });
  if (winner !== null) {
    const won = outcomes[winner];
    if (won.kind !== 'done') throw new Error('internal: a race was won by a side that did not answer');
    return counted(won.value);
  }
  const failed = outcomes.find((outcome) => outcome.kind === 'failed');
  if (failed !== undefined) return failed;
  const lasted = Math.max(0, ...answered.map((r) => r.ms));
  const atLimit = answered.find((r) => r.status === 'timeout' && r.limit !== null && r.limit !== 'memory');
  if (atLimit !== undefined) return counted({ ...atLimit, ms: lasted });
  const killed = outcomes.find((outcome) => outcome.kind === 'killed');
  if (killed !== undefined) return killed;
  const outOfMemory = answered.find((r) => r.status === 'memory');
  if (outOfMemory !== undefined) return counted({ ...outOfMemory, ms: lasted });
  const heapExhausted = outcomes.find((outcome) => outcome.kind === 'out-of-memory');
  if (heapExhausted !== undefined) return heapExhausted;
  // Every side gave up early without an answer (possible only when no side runs push-optimal).
  return counted({ ...answered[0], ms: lasted });
}

/**
 * Solves one level with its portfolio split over workers of the pool, which search at once: the
 * first side to solve the level or prove it unsolvable wins, and the others are stopped through a
 * shared flag (see stop-flag.ts) and answer with what they had done.
 */
export async function raceOnPool(pool: SolvePool, task: SolveTask, split: RaceSplit = DEFAULT_RACE_SPLIT, signal?: AbortSignal): Promise<TaskOutcome<SolveResult>> {
  const stopFlag = createStopFlag();
  let winner: number | null = null;
  const outcomes = await Promise.all(
    raceTasks(task, split).map(async (side, i) => {
      const outcome = await pool.run({ ...side, stopFlag }, signal);
      if (winner === null && isAnswer(outcome)) {
        winner = i;
        raiseStopFlag(stopFlag);
      }
      return outcome;
    }),
  );
  // A withdrawn solve has no record: one side cancelled is the whole level cancelled.
  if (outcomes.some((outcome) => outcome.kind === 'cancelled')) return { kind: 'cancelled' };
  return combineRace(outcomes, winner);
}

/**
 * Whether a run races each level over several workers: only when every level can have a worker
 * per side of the split at once. A batch whose levels already fill the cores gains nothing from
 * splitting them, and an optimal search is one search that cannot be split.
 */
export function racesEachLevel(levels: number, workers: number, optimal: Optimality | null, split: RaceSplit = DEFAULT_RACE_SPLIT): boolean {
  return optimal === null && split.length > 1 && levels >= 1 && levels * split.length <= workers;
}

export interface RaceExecutorOptions {
  /** Worker threads in all; each level takes as many as the split has sides. */
  readonly workers: number;
  /** The memory each level's search may take, split between its sides; sets the workers' heap limit. */
  readonly maxMemoryMiB: number;
  readonly now: () => number;
  readonly split?: RaceSplit /** The workers' resource limits, when an address-space limit sets them (address-space.ts). */;
  readonly workerLimits?: ResourceLimits;
}

/**
 * Solves each level on several cores at once, racing parts of the any-solution portfolio against
 * each other; for when there are fewer levels than cores. An optimal search is one search, so it
 * runs on one worker as in the plain pool.
 */
export function raceExecutor(options: RaceExecutorOptions): Executor {
  const pool = new SolvePool(options);
  const split = options.split ?? DEFAULT_RACE_SPLIT;
  return {
    async solve(job, settings, signal) {
      const task = taskOf(job, settings);
      const outcome = settings.optimal === null ? await raceOnPool(pool, task, split, signal) : await pool.run(task, signal);
      if (outcome.kind === 'cancelled') throw new SolveCancelledError(job.key.name);
      return recordOfOutcome(job, outcome, settings.timeLimitMs, pool.heapMiB);
    },
    close: () => pool.close(),
    startWorkers: () => pool.startWorkers(options.workers),
  };
}
