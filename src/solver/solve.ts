import type { Board } from '../level/board.js';
import type { Level } from '../level/level.js';
import { defaultGoalRule, type GoalRule } from '../game/goal-rule.js';
import { buildProblem } from './problem.js';
import { search, type SearchMode } from './search.js';
import { pushesToLurd } from './solution.js';

export type Optimality = 'moves' | 'pushes';
export type SolveStatus = 'solved' | 'unsolvable' | 'timeout' | 'memory';

export interface SolveOptions {
  /** Prove the solution shortest in moves or in pushes; null or absent: any solution, fast. */
  readonly optimal?: Optimality | null;
  /** Victory rule; defaults to the home rule of the level's format (all-goals for a bare board). */
  readonly rule?: GoalRule;
  /** Default 60 s. */
  readonly timeLimitMs?: number;
  /** Memory the search tables may take; default 4096 MiB. */
  readonly maxMemoryMiB?: number;
  readonly maxNodes?: number;
  /** Milliseconds clock; injectable for tests. */
  readonly clock?: () => number;
}

export interface SolveResult {
  readonly status: SolveStatus;
  /** LURD, or null when not solved. */
  readonly solution: string | null;
  readonly moves: number | null;
  readonly pushes: number | null;
  /** What the solution is proven optimal in, or null. */
  readonly optimal: Optimality | null;
  /** Positions expanded. */
  readonly nodes: number;
  /** Positions generated (stored in the transposition table). */
  readonly generated: number;
  readonly ms: number;
  readonly peakMemoryMiB: number;
  /** Which limit stopped the search, when one did. */
  readonly limit: 'time' | 'nodes' | 'memory' | null;
}

const DEFAULT_TIME_LIMIT_MS = 60_000;
const DEFAULT_MAX_MEMORY_MIB = 4096;

function isLevel(input: Level | Board): input is Level {
  return 'board' in input;
}

/** Searches for a solution; never throws for an unsolvable or too hard level, it says so. */
export function solve(input: Level | Board, options: SolveOptions = {}): SolveResult {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const board = isLevel(input) ? input.board : input;
  const rule = options.rule ?? (isLevel(input) ? defaultGoalRule(input.format) : 'all-goals');
  const optimal = options.optimal ?? null;
  const mode: SearchMode = optimal ?? 'greedy';
  const problem = buildProblem(board, rule);
  const outcome = search(problem, mode, {
    deadline: started + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS),
    maxNodes: options.maxNodes ?? Number.MAX_SAFE_INTEGER,
    maxBytes: (options.maxMemoryMiB ?? DEFAULT_MAX_MEMORY_MIB) * 1024 * 1024,
    clock,
  });
  const base = {
    nodes: outcome.expanded,
    generated: outcome.generated,
    ms: Math.round(clock() - started),
    peakMemoryMiB: Math.round((outcome.peakBytes / (1024 * 1024)) * 10) / 10,
  };
  if (outcome.status === 'solved' && outcome.pushes !== null) {
    const text = pushesToLurd(problem, outcome.pushes);
    return { ...base, status: 'solved', solution: text.lurd, moves: text.moves, pushes: text.pushes, optimal, limit: null };
  }
  const unsolved = { ...base, solution: null, moves: null, pushes: null, optimal: null };
  switch (outcome.status) {
    case 'unsolvable':
      return { ...unsolved, status: 'unsolvable', limit: null };
    case 'memory':
      return { ...unsolved, status: 'memory', limit: 'memory' };
    case 'nodes':
      return { ...unsolved, status: 'timeout', limit: 'nodes' };
    default:
      return { ...unsolved, status: 'timeout', limit: 'time' };
  }
}
