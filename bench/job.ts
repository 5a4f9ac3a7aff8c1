import type { GoalRule } from '../src/game/goal-rule.js';
import type { Board } from '../src/level/board.js';
import type { Optimality, PortfolioMemberName, SolveResult } from '../src/solver/solve.js';

/** One level to solve, as sent to a worker. */
export interface JobInput {
  readonly board: Board;
  readonly rule: GoalRule;
  readonly optimal: Optimality | null;
  readonly timeLimitMs: number;
  readonly maxMemoryMiB: number;
  readonly maxNodes: number | null;
  /** Only these searches of the portfolio (bench --members), or all. */
  readonly members: readonly PortfolioMemberName[] | null;
}

export interface JobOutput {
  readonly result: SolveResult;
  /** The process's RSS high-water mark when the level finished (workers share the process). */
  readonly maxRssKiB: number;
}

/** What came back from a worker: a result, or why there is none. */
export type JobOutcome =
  | { readonly kind: 'result'; readonly output: JobOutput }
  | { readonly kind: 'killed'; readonly afterMs: number }
  | { readonly kind: 'crashed'; readonly message: string; readonly outOfMemory: boolean };
