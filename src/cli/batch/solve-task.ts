import type { GoalRule } from '../../game/goal-rule.js';
import type { Board } from '../../level/board.js';
import { type Optimality, type SolveResult, solve } from '../../solver/solve.js';

/**
 * One level's search as plain data: what a worker thread receives (structured clone copies the
 * board's typed array) and what the in-process path runs directly, so both paths solve alike.
 */
export interface SolveTask {
  readonly board: Board;
  readonly rule: GoalRule;
  readonly optimal: Optimality | null;
  readonly timeLimitMs: number;
  readonly maxMemoryMiB: number;
  readonly maxNodes?: number;
}

export function runSolveTask(task: SolveTask): SolveResult {
  return solve(task.board, {
    rule: task.rule,
    optimal: task.optimal,
    timeLimitMs: task.timeLimitMs,
    maxMemoryMiB: task.maxMemoryMiB,
    maxNodes: task.maxNodes,
  });
}
