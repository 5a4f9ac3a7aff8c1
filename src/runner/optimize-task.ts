import type { GoalRule } from '../game/goal-rule.js';
import type { Board } from '../level/board.js';
import type { OptimizeMetric } from '../solver/optimize/metric.js';
import { type OptimizeResult, UnsolvedMovesError, optimizeSolution } from '../solver/optimize/optimize.js';
import { type SolveResult, solve } from '../solver/solve.js';
import { runningClock } from './pause-watch.js';

/** How hard to optimize: the same for every level of an `optimize` run. */
export interface OptimizeSettings {
  readonly metric: OptimizeMetric;
  /** For the optimizer; a level without moves gets as much again for the solver first. */
  readonly timeLimitMs: number;
  readonly maxNodes?: number;
  /** Memory for the solver's and the optimizer's tables; their own defaults when absent. */
  readonly maxMemoryMiB?: number;
}

/**
 * One level's optimization as plain data, for a worker thread or the main thread alike. The
 * `kind` tells it from a solve task on the same workers (see worker.ts).
 */
export interface OptimizeTask extends OptimizeSettings {
  readonly kind: 'optimize';
  readonly board: Board;
  readonly rule: GoalRule;
  /** LURD to start from, already read by the caller; null: the solver finds the start. */
  readonly moves: string | null;
  /** The main thread's ledger of time the process was stopped (pause-watch.ts), left out of the clock. */
  readonly pauses?: SharedArrayBuffer;
}

/** What an optimize task answers; its solution is replayed again before it is believed (optimize-record.ts). */
export type OptimizeTaskResult =
  | { readonly kind: 'optimized'; readonly source: 'given' | 'solver'; readonly result: OptimizeResult }
  /** No moves were given and the solver found none: proven unsolvable, or stopped at a limit. */
  | { readonly kind: 'unsolved'; readonly solved: SolveResult }
  /** The moves given do not solve the level: an answer about the input, not a failure of ours. */
  | { readonly kind: 'moves-unsolved'; readonly message: string };

export function isOptimizeTask(task: unknown): task is OptimizeTask {
  return typeof task === 'object' && task !== null && (task as { kind?: unknown }).kind === 'optimize';
}

/** The time a task may take at most: the optimizer's, plus the solver's when there are no moves. */
export function optimizeTaskTimeMs(task: Pick<OptimizeTask, 'timeLimitMs' | 'moves'>): number {
  return task.moves === null ? 2 * task.timeLimitMs : task.timeLimitMs;
}

export function runOptimizeTask(task: OptimizeTask): OptimizeTaskResult {
  const { board, rule, metric, timeLimitMs, maxNodes, maxMemoryMiB } = task;
  const clock = task.pauses === undefined ? undefined : runningClock(task.pauses);
  let moves = task.moves;
  let source: 'given' | 'solver' = 'given';
  if (moves === null) {
    // Nothing to start from: the solver's first solution is the start, and the optimizer improves it.
    const solved = solve(board, { rule, timeLimitMs, maxNodes, maxMemoryMiB, improve: false, clock });
    if (solved.status !== 'solved' || solved.solution === null) return { kind: 'unsolved', solved };
    moves = solved.solution;
    source = 'solver';
  }
  try {
    return { kind: 'optimized', source, result: optimizeSolution(board, moves, { rule, metric, timeLimitMs, maxNodes, maxMemoryMiB, clock }) };
  } catch (error) {
    if (error instanceof UnsolvedMovesError) return { kind: 'moves-unsolved', message: error.message };
    throw error;
  }
}
