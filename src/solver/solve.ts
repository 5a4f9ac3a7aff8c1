import type { Board } from '../level/board.js';
import type { Level } from '../level/level.js';
import { defaultGoalRule, type GoalRule } from '../game/goal-rule.js';
import { AnalysisStopped, analyzeLevel, stopWhen, type LevelAnalysis } from './planning/analysis.js';
import { problemWithFixedHomeBoxesAsWalls } from './planning/fixed-home-boxes.js';
import { type BuiltMember, buildMembers, membersFor } from './portfolio/build-members.js';
import { MOVE_PERIMETER, OPTIMAL_SEARCH, type Optimality } from './portfolio/optimal-plan.js';
import { type MemberPlan, memoryShareOf, PORTFOLIO_PHASES, PORTFOLIO_PLAN, type PortfolioMemberName } from './portfolio/plan.js';
import { runPortfolio } from './portfolio/run-portfolio.js';
import type { Problem } from './model/problem.js';
import { PushSearch } from './engines/push-search.js';
import { pushesToLurd } from './geometry/solution.js';
import { improvementBudget } from './optimize/improvement-budget.js';
import { OPTIMIZE_TECHNIQUES, optimizePushes } from './optimize/optimize-pushes.js';

export type { Optimality };
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
  /**
   * Without --optimal: which searches of the portfolio take part (default all of them). For
   * ablations in the bench, such as the feature search alone.
   */
  readonly members?: readonly PortfolioMemberName[];
  /**
   * Without --optimal: once a solution is found, spend a share of the time left shortening it
   * (in moves, then pushes). Default true.
   */
  readonly improve?: boolean;
  /**
   * The same answer on every run: the portfolio's turns are sized by a fixed rate instead of the
   * measured speeds (see PortfolioLimits.steadyRate), and the improvement pass is bounded by
   * positions only. Only a time limit that is reached can still make two runs differ.
   */
  readonly repeatable?: boolean;
}

/**
 * Positions per millisecond a repeatable solve assumes for every search: about what the searches
 * of the portfolio expand on one core, so the phases begin near where they would by the clock.
 */
const REPEATABLE_RATE = 50;

export type { PortfolioMemberName };

export interface SolveResult {
  readonly status: SolveStatus;
  /** LURD, or null when not solved. */
  readonly solution: string | null;
  readonly moves: number | null;
  readonly pushes: number | null;
  /** What the solution is proven optimal in, or null. */
  readonly optimal: Optimality | null;
  /**
   * The other measure, when the solution is also proven fewest in it among the solutions optimal
   * in the first (moves, then pushes; pushes, then moves); null when only the first is proven.
   */
  readonly thenFewest: Optimality | null;
  /** Positions expanded. */
  readonly nodes: number;
  /**
   * Positions the per-level tables built during the search stored (the perimeters of the optimal
   * modes, built once a search has run a while): work `nodes` does not count, which --max-nodes
   * bounds with it. `nodes + tableNodes` is all the positions the search handled.
   */
  readonly tableNodes: number;
  /** Positions generated (stored in the transposition tables). */
  readonly generated: number;
  readonly ms: number;
  readonly peakMemoryMiB: number;
  /**
   * Which limit stopped the search, when one did. A timeout without a limit means every search
   * gave up early without an answer, which only a partial set of members (no push-optimal) can do.
   */
  readonly limit: 'time' | 'nodes' | 'memory' | null;
  /** Length of the solution the search found, before the improvement pass or the fewest-moves search; null when not solved. */
  readonly firstMoves: number | null;
  readonly firstPushes: number | null;
}

const DEFAULT_TIME_LIMIT_MS = 60_000;
/**
 * The part of a level's time the move perimeter's table may take (`--optimal moves`): on
 * Microban's largest levels it takes 1-2 CPU s of a 10 s limit; on an open board its position
 * budget could take the whole of a short limit.
 */
const PERIMETER_TIME_SHARE = 0.3;
const DEFAULT_MAX_MEMORY_MIB = 4096;
/**
 * Under a node limit the portfolio's turns and phases are counted in positions, this many to a
 * millisecond of its schedule (about the search over features' speed on hard levels here), and
 * the improvement pass stops by its node cap alone: then nothing but the time limit reads the
 * clock, and a node budget gives the same nodes, status and solution on every run and machine.
 */
const POSITIONS_PER_MS_UNDER_NODE_LIMIT = 20;
/** The part of the memory limit these searches hold in the full portfolio (plan.ts). */
export function portfolioMemoryShare(members: readonly PortfolioMemberName[]): number {
  return memoryShareOf(members);
}

function isLevel(input: Level | Board): input is Level {
  return 'board' in input;
}

/** Searches for a solution; never throws for an unsolvable or too hard level, it says so. */
export function solve(input: Level | Board, options: SolveOptions = {}): SolveResult {
  return solveWithPortfolio(input, options, PORTFOLIO_PLAN);
}

/** SolveOptions for another plan than PORTFOLIO_PLAN, whose members may have other names. */
export type PortfolioSolveOptions = Omit<SolveOptions, 'members'> & { readonly members?: readonly string[] };

/** solve() with another any-solution portfolio than PORTFOLIO_PLAN: for tests and experiments. */
export function solveWithPortfolio(input: Level | Board, options: PortfolioSolveOptions, plan: readonly MemberPlan[]): SolveResult {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const deadline = started + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  const maxBytes = (options.maxMemoryMiB ?? DEFAULT_MAX_MEMORY_MIB) * 1024 * 1024;
  const maxNodes = options.maxNodes ?? Number.MAX_SAFE_INTEGER;
  const board = isLevel(input) ? input.board : input;
  const rule = options.rule ?? (isLevel(input) ? defaultGoalRule(input.format) : 'all-goals');
  const optimal = options.optimal ?? null;
  // Boxes fixed on their goals from the start are walls for the whole game (same solutions).
  const problem = problemWithFixedHomeBoxesAsWalls(board, rule);
  try {
    return solveProblem(problem, options, plan, { clock, started, deadline, maxBytes, maxNodes, optimal });
  } catch (error) {
    // Large boards can spend the whole time limit in the analysis; that is a timeout like any other.
    if (!(error instanceof AnalysisStopped)) throw error;
    return stoppedBeforeSearch('timeout', Math.round(clock() - started));
  }
}

/** A level stopped before any search ran: no nodes, no tables, no solution. */
function stoppedBeforeSearch(status: 'timeout' | 'memory', ms: number): SolveResult {
  const limit = status === 'memory' ? 'memory' : 'time';
  return {
    status,
    solution: null,
    moves: null,
    pushes: null,
    optimal: null,
    thenFewest: null,
    nodes: 0,
    tableNodes: 0,
    generated: 0,
    ms,
    peakMemoryMiB: 0,
    limit,
    firstMoves: null,
    firstPushes: null,
  };
}

interface ResolvedLimits {
  readonly clock: () => number;
  readonly started: number;
  readonly deadline: number;
  readonly maxBytes: number;
  readonly maxNodes: number;
  readonly optimal: Optimality | null;
}

/**
 * Bytes of the tables made before any search runs: push distances (cells by goals) and, in
 * each search, the matching bound's cost matrix and its cache of duals. A level with thousands
 * of boxes needs gigabytes here; it is stopped at the memory limit before they are allocated.
 */
function fixedTableBytes(problem: Problem, searches: number): number {
  const cells = problem.cellCount;
  const goals = problem.goals.length;
  const side = Math.max(problem.initialBoxes.length, goals) + 1;
  const distances = cells * goals * 2 * 2;
  const bound = side * side * 8 + 256 * side * 28;
  return distances + searches * bound;
}

function solveProblem(
  problem: Problem,
  options: PortfolioSolveOptions,
  plan: readonly MemberPlan[],
  { clock, started, deadline, maxBytes, maxNodes, optimal }: ResolvedLimits,
): SolveResult {
  const searches = optimal === null ? plan.length : 1;
  if (fixedTableBytes(problem, searches) > maxBytes) {
    return stoppedBeforeSearch('memory', Math.round(clock() - started));
  }
  // The move perimeter may take up to this part of the time; it stops at a whole layer after that.
  const perimeterUntil = started + PERIMETER_TIME_SHARE * (deadline - started);
  // Under a node limit, or asked to be repeatable, nothing is sized by the clock but the deadline
  // (see POSITIONS_PER_MS_UNDER_NODE_LIMIT and REPEATABLE_RATE).
  const byNodes = options.maxNodes !== undefined;
  const byWork = byNodes || options.repeatable === true;
  // A perimeter's positions count as its search's nodes, so --max-nodes bounds them too: what is
  // left of the limit when it is built after MOVE_PERIMETER.afterExpanded (PUSH_PERIMETER's) positions.
  const perimeterRoom = (afterExpanded: number) => Math.max(0, maxNodes - afterExpanded);
  const analysis = analyzeLevel(
    problem,
    stopWhen(() => clock() > deadline),
    {
      ...(byWork ? {} : { perimeterTimeIsUp: () => clock() > perimeterUntil }),
      perimeterMaxPositions: perimeterRoom(MOVE_PERIMETER.afterExpanded),
    },
  );
  let members: BuiltMember[];
  if (optimal === null) {
    const chosen = membersFor(plan, analysis, options.members);
    if (chosen.length === 0) throw new RangeError('solve: no search of the portfolio is left to run (members)');
    members = buildMembers(chosen, analysis, maxBytes);
  } else {
    const optimalSearch = OPTIMAL_SEARCH[optimal];
    const pullPerimeter = optimalSearch.pullPerimeter;
    const capped =
      pullPerimeter === undefined
        ? optimalSearch
        : { ...optimalSearch, pullPerimeter: { ...pullPerimeter, maxPositions: Math.min(pullPerimeter.maxPositions, perimeterRoom(pullPerimeter.afterExpanded)) } };
    const search = new PushSearch(analysis, { ...capped, maxBytes });
    members = [{ name: 'push-optimal', engine: search, share: 1, openingShare: 1, lateShare: 1 }];
  }
  const engines = members.map((member) => member.engine);
  const outcome = runPortfolio(members, {
    ...PORTFOLIO_PHASES,
    deadline,
    maxNodes,
    maxBytes,
    clock,
    positionsPerMs: byNodes ? POSITIONS_PER_MS_UNDER_NODE_LIMIT : options.repeatable === true ? REPEATABLE_RATE : undefined,
    // What members' `until` are parts of: the node limit in the schedule's positions, else the time limit.
    budget: byNodes ? maxNodes / POSITIONS_PER_MS_UNDER_NODE_LIMIT : deadline - started,
  });
  const { finished, peakBytes } = outcome;
  let limit = outcome.limit;
  const base = {
    nodes: engines.reduce((sum, engine) => sum + engine.expanded, 0),
    tableNodes: engines.reduce((sum, engine) => sum + (engine.tablePositions ?? 0), 0),
    generated: engines.reduce((sum, engine) => sum + engine.generated, 0),
    ms: Math.round(clock() - started),
    peakMemoryMiB: Math.round((peakBytes / (1024 * 1024)) * 10) / 10,
  };
  if (finished?.state === 'solved') {
    const first = finished.solution();
    let pushes = first;
    let improveNodes = 0;
    let thenFewest: Optimality | null = optimal === 'moves' ? 'pushes' : null;
    if (optimal === 'pushes') {
      const fewestMoves = fewestMovesAmongPushOptimal(analysis, first.length, {
        clock,
        deadline,
        maxNodes: Math.max(0, maxNodes - base.nodes),
        maxBytes: Math.max(0, maxBytes - engines[0].bytes),
      });
      improveNodes = fewestMoves.nodes;
      base.generated += fewestMoves.generated;
      if (fewestMoves.pushes !== null) {
        pushes = fewestMoves.pushes;
        thenFewest = 'moves';
      }
    }
    const firstText = pushesToLurd(problem, first);
    if (optimal === null && options.improve !== false) {
      // A bounded share of what is left, so a level solved late still returns near its limit,
      // and within it an allowance sized to the level, so an easy level costs little.
      const now = clock();
      const budget = improvementBudget({
        firstMoves: firstText.moves,
        searchNodes: base.nodes,
        searchMs: now - started,
        now,
        deadline,
        byWork,
        nodesLeft: options.maxNodes === undefined ? undefined : maxNodes - base.nodes,
        maxBytes,
      });
      const improved = optimizePushes(problem, analysis.dead, first, 'moves', OPTIMIZE_TECHNIQUES, { clock, ...budget });
      pushes = improved.pushes;
      improveNodes = improved.nodes;
    }
    const text = pushes === first ? firstText : pushesToLurd(problem, pushes);
    // A solution is proven optimal only by the search that was asked for it.
    return {
      ...base,
      nodes: base.nodes + improveNodes,
      ms: Math.round(clock() - started),
      status: 'solved',
      solution: text.lurd,
      moves: text.moves,
      pushes: text.pushes,
      optimal,
      thenFewest,
      limit: null,
      firstMoves: firstText.moves,
      firstPushes: firstText.pushes,
    };
  }
  const unsolved = { ...base, solution: null, moves: null, pushes: null, optimal: null, thenFewest: null, firstMoves: null, firstPushes: null };
  if (finished?.state === 'unsolvable') return { ...unsolved, status: 'unsolvable', limit: null };
  if (finished?.state === 'memory') limit = 'memory';
  if (limit === 'memory') return { ...unsolved, status: 'memory', limit };
  return { ...unsolved, status: 'timeout', limit };
}

/**
 * Among the solutions with the proven fewest pushes, one with the fewest moves: A* over exact
 * player squares with pair costs (pushes, then moves), storing only positions whose pushes plus
 * bound stay within that count. Corral pruning is off: it keeps push counts, not walks. Null
 * pushes when a limit stops it first; the caller then keeps the push-optimal solution it has.
 */
function fewestMovesAmongPushOptimal(
  analysis: LevelAnalysis,
  fewestPushes: number,
  limits: { readonly clock: () => number; readonly deadline: number; readonly maxNodes: number; readonly maxBytes: number },
): { readonly pushes: Int32Array | null; readonly nodes: number; readonly generated: number } {
  const search = new PushSearch(analysis, { mode: 'pushes', corralPruning: false, lexicographic: true, pushLimit: fewestPushes, maxBytes: limits.maxBytes, triplePatterns: true });
  runPortfolio([{ engine: search, share: 1 }], limits);
  const pushes = search.state === 'solved' ? search.solution() : null;
  if (pushes !== null && pushes.length !== fewestPushes) throw new Error('internal: the fewest-moves search found a different push count');
  return { pushes, nodes: search.expanded, generated: search.generated };
}
