import type { Board } from '../level/board.js';
import type { Level } from '../level/level.js';
import { defaultGoalRule, type GoalRule } from '../game/goal-rule.js';
import { analyzeLevel, canSearchBackward } from './analysis.js';
import { buildProblem } from './problem.js';
import { PushSearch, type SearchConfig } from './search.js';
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
  /** Positions expanded before giving up. */
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
  /** Positions generated (stored in the transposition tables). */
  readonly generated: number;
  readonly ms: number;
  readonly peakMemoryMiB: number;
  /** Which limit stopped the search, when one did. */
  readonly limit: 'time' | 'nodes' | 'memory' | null;
}

const DEFAULT_TIME_LIMIT_MS = 60_000;
const DEFAULT_MAX_MEMORY_MIB = 4096;
/** Expansions between limit checks, and the turn length when searches take turns. */
const SLICE = 256;

/**
 * Without --optimal, a greedy search and a push-optimal A* take turns: greedy wins most levels
 * at once, while A* rescues the levels where the lower bound leads greedy astray.
 */
const ANY_SOLUTION_PORTFOLIO: readonly SearchConfig[] = [
  { mode: 'greedy', corralPruning: false },
  { mode: 'greedy', corralPruning: false, direction: 'backward' },
  { mode: 'pushes', corralPruning: true },
];

function isLevel(input: Level | Board): input is Level {
  return 'board' in input;
}

/** Searches for a solution; never throws for an unsolvable or too hard level, it says so. */
export function solve(input: Level | Board, options: SolveOptions = {}): SolveResult {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const deadline = started + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  const maxBytes = (options.maxMemoryMiB ?? DEFAULT_MAX_MEMORY_MIB) * 1024 * 1024;
  const maxNodes = options.maxNodes ?? Number.MAX_SAFE_INTEGER;
  const board = isLevel(input) ? input.board : input;
  const rule = options.rule ?? (isLevel(input) ? defaultGoalRule(input.format) : 'all-goals');
  const optimal = options.optimal ?? null;
  const problem = buildProblem(board, rule);
  const analysis = analyzeLevel(problem);
  const configs: readonly SearchConfig[] =
    optimal === null
      ? ANY_SOLUTION_PORTFOLIO.filter((config) => config.direction !== 'backward' || canSearchBackward(problem))
      : [{ mode: optimal, corralPruning: optimal === 'pushes' }];
  // The tables stop short of the memory limit themselves; each search gets an equal share.
  const searches = configs.map((config) => new PushSearch(analysis, { ...config, maxBytes: maxBytes / configs.length }));
  const forwardGreedy = searches.find((_, i) => configs[i].mode === 'greedy' && configs[i].direction !== 'backward');
  const backwardGreedy = searches.find((_, i) => configs[i].direction === 'backward');
  if (forwardGreedy !== undefined && backwardGreedy !== undefined) forwardGreedy.pairWith(backwardGreedy);

  let peakBytes = 0;
  let limit: SolveResult['limit'] = null;
  let finished: PushSearch | undefined = searches.find((search) => search.state !== 'running');
  while (finished === undefined) {
    for (const search of searches) {
      search.run(SLICE);
      if (search.state !== 'running') {
        finished = search;
        break;
      }
    }
    if (finished !== undefined) break;
    const bytes = searches.reduce((sum, search) => sum + search.bytes, 0);
    peakBytes = Math.max(peakBytes, bytes);
    const expanded = searches.reduce((sum, search) => sum + search.expanded, 0);
    if (clock() > deadline) limit = 'time';
    else if (expanded >= maxNodes) limit = 'nodes';
    else if (bytes > maxBytes) limit = 'memory';
    if (limit !== null) break;
  }

  peakBytes = Math.max(peakBytes, searches.reduce((sum, search) => sum + search.bytes, 0));
  const base = {
    nodes: searches.reduce((sum, search) => sum + search.expanded, 0),
    generated: searches.reduce((sum, search) => sum + search.generated, 0),
    ms: Math.round(clock() - started),
    peakMemoryMiB: Math.round((peakBytes / (1024 * 1024)) * 10) / 10,
  };
  if (finished?.state === 'solved') {
    const text = pushesToLurd(problem, finished.solution());
    // A solution is proven optimal only by the search that was asked for it.
    return { ...base, status: 'solved', solution: text.lurd, moves: text.moves, pushes: text.pushes, optimal, limit: null };
  }
  const unsolved = { ...base, solution: null, moves: null, pushes: null, optimal: null };
  if (finished?.state === 'unsolvable') return { ...unsolved, status: 'unsolvable', limit: null };
  if (finished?.state === 'memory') limit = 'memory';
  if (limit === 'memory') return { ...unsolved, status: 'memory', limit };
  return { ...unsolved, status: 'timeout', limit: limit ?? 'time' };
}
