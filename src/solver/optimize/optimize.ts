import { SokobanError } from '../../errors.js';
import { defaultGoalRule, type GoalRule } from '../../game/goal-rule.js';
import { parseMoves } from '../../game/moves.js';
import { replay } from '../../game/replay.js';
import type { Board } from '../../level/board.js';
import type { Level } from '../../level/level.js';
import { buildProblem } from '../model/problem.js';
import { pushesToLurd } from '../geometry/solution.js';
import { analyzeLevel } from '../planning/analysis.js';
import { type Length, type OptimizeMetric, compareLengths } from './metric.js';
import { OPTIMIZE_TECHNIQUES, type OptimizeTechnique, type TechniqueStep, optimizePushes } from './optimize-pushes.js';
import { pushesOfMoves } from './solution-path.js';

export interface OptimizeOptions {
  /** Shortened first; the other measure breaks ties. Default moves. */
  readonly metric?: OptimizeMetric;
  /** Victory rule; defaults to the home rule of the level's format (all-goals for a bare board). */
  readonly rule?: GoalRule;
  /** Default 10 s. */
  readonly timeLimitMs?: number;
  /** Positions the vicinity search may expand; unlimited by default. */
  readonly maxNodes?: number;
  /** Memory for the vicinity search's tables; default 512 MiB. */
  readonly maxMemoryMiB?: number;
  /** Milliseconds clock; injectable for tests. */
  readonly clock?: () => number;
  /** Pushes of the solution one vicinity search covers (default 200); longer solutions go window by window. */
  readonly vicinityWindow?: number;
  /** Which techniques run (default all); shortest walks between the pushes always do. */
  readonly techniques?: readonly OptimizeTechnique[];
}

export interface OptimizeResult {
  /** LURD, replayed before it is returned. */
  readonly solution: string;
  readonly moves: number;
  readonly pushes: number;
  /** The solution given, as replayed. */
  readonly before: Length;
  /** Length after each technique, in the order they ran. */
  readonly steps: readonly TechniqueStep[];
  /** Positions the vicinity search expanded. */
  readonly nodes: number;
  readonly ms: number;
  /** The limit that stopped the optimizer before it ran out of improvements, or null. */
  readonly limit: 'time' | 'nodes' | 'memory' | null;
}

/** Moves given to the optimizer that do not solve the level. */
export class UnsolvedMovesError extends SokobanError {
  readonly kind = 'moves' as const;
  constructor(message: string) {
    super(message);
    this.name = 'UnsolvedMovesError';
  }
}

const DEFAULT_TIME_LIMIT_MS = 10_000;
const DEFAULT_MAX_MEMORY_MIB = 512;

function isLevel(input: Level | Board): input is Level {
  return 'board' in input;
}

/**
 * Returns a solution never worse than the one given in the chosen metric (the other measure
 * breaking ties), replayed by the validator before it is returned. Throws UnsolvedMovesError when
 * the moves do not solve the level, MoveSyntaxError when they cannot be read.
 */
export function optimizeSolution(input: Level | Board, moves: string, options: OptimizeOptions = {}): OptimizeResult {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const board = isLevel(input) ? input.board : input;
  const rule = options.rule ?? (isLevel(input) ? defaultGoalRule(input.format) : 'all-goals');
  const metric = options.metric ?? 'moves';
  const given = replay(board, moves, { rule });
  if (!given.valid) throw new UnsolvedMovesError(`the moves to optimize are not legal: ${given.error?.message ?? 'illegal move'}`);
  if (given.solvedAfter === null) throw new UnsolvedMovesError('the moves to optimize do not solve the level');
  const before: Length = { moves: given.moves, pushes: given.pushes };

  const problem = buildProblem(board, rule);
  const pushes = pushesOfMoves(
    problem,
    parseMoves(given.solution).moves.map((move) => move.direction),
  );
  if (pushes === null) throw new Error('internal: a solution the validator accepts does not replay on the solver model');
  const dead = analyzeLevel(problem).dead;
  const outcome = optimizePushes(problem, dead, pushes, metric, options.techniques ?? OPTIMIZE_TECHNIQUES, {
    clock,
    deadline: started + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS),
    maxNodes: options.maxNodes ?? Number.MAX_SAFE_INTEGER,
    maxBytes: (options.maxMemoryMiB ?? DEFAULT_MAX_MEMORY_MIB) * 1024 * 1024,
    windowPushes: options.vicinityWindow,
  });
  const text = pushesToLurd(problem, outcome.pushes);
  const checked = replay(board, text.lurd, { rule, strictCase: true });
  if (!checked.valid || checked.solvedAfter !== checked.moves || checked.moves !== text.moves || checked.pushes !== text.pushes) {
    throw new Error(`internal: the optimized solution does not replay: ${checked.error?.message ?? 'not solved at its end'}`);
  }
  const after: Length = { moves: text.moves, pushes: text.pushes };
  // Never worse than what was given, whatever happened inside.
  const result = compareLengths(metric, after, before) <= 0 ? { solution: text.lurd, ...after } : { solution: given.solution, ...before };
  return {
    ...result,
    before,
    steps: outcome.steps,
    nodes: outcome.nodes,
    ms: Math.round(clock() - started),
    limit: outcome.limit,
  };
}
