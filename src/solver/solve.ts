import type { Board } from '../level/board.js';
import type { Level } from '../level/level.js';
import { defaultGoalRule, type GoalRule } from '../game/goal-rule.js';
import { AnalysisStopped, analyzeLevel, canSearchBackward, stopWhen, type LevelAnalysis } from './planning/analysis.js';
import { problemWithFixedHomeBoxesAsWalls } from './planning/fixed-home-boxes.js';
import { OPENING_ONLY_CORRAL_LIMITS } from './deadlocks/corral-deadlocks.js';
import { DeferredEngine } from './engines/deferred-engine.js';
import { FeatureSearch, finalPositionMayMislead } from './engines/feature-search.js';
import { runPortfolio } from './engines/portfolio.js';
import type { Problem } from './model/problem.js';
import type { SearchEngine } from './engines/search-engine.js';
import { type MovePerimeterPlan, PushSearch, type PullPerimeterPlan, type SearchConfig } from './engines/push-search.js';
import { pushesToLurd } from './model/solution.js';
import { OPTIMIZE_TECHNIQUES, optimizePushes } from './optimize/optimize-pushes.js';

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

/** The searches of the any-solution portfolio, by name. */
export type PortfolioMemberName = 'feature' | 'feature-deadlocks' | 'feature-every-goal' | 'forward-greedy' | 'backward-greedy' | 'push-optimal';

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
/** Share of the time (and nodes) left after the first solution that the improvement pass may use at most. */
const IMPROVE_SHARE = 0.25;
/**
 * Within that share, the pass's work is sized to the level: positions in proportion to the first
 * solution's moves (what there is to shorten) or to the search that found it (how hard the level
 * is), whichever is more, and time likewise. Measured on Microban, these keep about 95% of what
 * the whole ladder of vicinities gains for a quarter of its positions. Per move, 50 rather than
 * 100: on Microban 1-152 the pass then expands 0.85 million positions instead of 1.15 million
 * and keeps 99% of what it gained (16,272 moves against 16,182, from 24,561 without it); the
 * positions per search node decide on the hard levels, XSokoban's among them.
 */
const IMPROVE_NODES_PER_MOVE = 50;
const IMPROVE_NODES_PER_SEARCH_NODE = 4;
const IMPROVE_MIN_MS = 200;
const IMPROVE_TIME_PER_SEARCH_TIME = 4;
/** Wider vicinities in a row that may find nothing before the pass stops (the first such ends it). */
const IMPROVE_PATIENCE = 1;
/** The improvement pass's tables never take more than this, nor more than a quarter of the limit. */
const IMPROVE_MAX_MIB = 512;

interface MemberPlan {
  readonly name: PortfolioMemberName;
  readonly share: number;
  /** Its part of the memory limit, against the other members' parts. */
  readonly memoryShare: number;
  /** Share during the opening, the first OPENING_MS of a level. */
  readonly openingShare: number;
  /** Share once the level has run LATE_MS without an answer. */
  readonly lateShare: number;
  /** Share once the level has run FINAL_MS without an answer, where it differs from the late share. */
  readonly finalShare?: number;
  readonly make: (analysis: LevelAnalysis, maxBytes: number) => SearchEngine;
}

/** How long the searches that win small levels at once get most of the time. */
const OPENING_MS = 250;
/**
 * After this long the greedy searches halve their shares, the push-optimal A* keeps about a third
 * of its, and the third search over features starts. Measured with the CPU time as the clock, no level of Microban
 * nor any of the 62 XSokoban levels the portfolio solves within 200,000 positions was won by
 * another search after 1.3 s (greedy backward won 91 Microban levels and 12 XSokoban ones, all
 * sooner; greedy forward 16 Microban levels, sooner still; the A* none). Past the first second
 * their turns mostly go to levels only FESS solves: on Microban 153, a goal room fed by three
 * long corridors, they took a quarter of the time. Sasquatch differs: greedy backward alone
 * solves its level 37 in 1.0 s, which with the portfolio's shares comes after 17 s, so the
 * greedy searches keep half of theirs.
 */
const LATE_MS = 1000;
/**
 * After this long the first and third searches over features split the time more evenly (0.71 and
 * 0.12 until then, 0.5 and 0.3 after; the second search's 0.08 halves). Their run times have long
 * tails that differ from one level to the next, so the longer a level has gone unsolved, the less
 * the first search's head start is worth. Measured with the CPU time as the clock on the levels
 * solved after 10 s: at 60 s the third search wins XSokoban 14 (25.5 s), 31, 32 (34.6 s) and
 * Sasquatch 19 and 25, the first XSokoban 30 (17.1 s) and 85 (37.6 s) and Sasquatch 18 (17.4 s)
 * and 39 (39.5 s). With the split the third search also wins XSokoban 69 (46.8 s; alone it needs
 * 85,515 positions, 12.5 s), 14 and 32 come sooner (22.6 s, 31.1 s), 85 and Sasquatch 39 later
 * (43.0 s, 44.8 s). Later than every 10 s run, and late enough that the first search's levels
 * keep most of their time.
 */
const FINAL_MS = 20_000;

const pushSearch =
  (config: SearchConfig) =>
  (analysis: LevelAnalysis, maxBytes: number): PushSearch =>
    new PushSearch(analysis, { ...config, maxBytes });

/**
 * Without --optimal, several searches take turns, each with its share of the time. Greedy
 * best-first backwards, pulling boxes out of the goals, wins most small levels within a few
 * milliseconds, so it has most of the opening. After that the search over features (FESS), which
 * solves the large levels with goal rooms that the others lose themselves in, takes most of the
 * time. The forward greedy search mostly serves as a meeting partner for the backward one (either
 * finishes when it generates a position the other has stored), and a push-optimal A* rescues
 * levels where the bound leads greedy astray and proves the unsolvable ones. The shares come from
 * simulating schedules over each search's solve times alone on Microban and XSokoban. Memory
 * goes mostly to the feature search as well: it is the one still making progress after minutes,
 * while the others leave the rotation when their part is full.
 */
const FEATURE_SEARCH: MemberPlan = {
  name: 'feature',
  share: 0.72,
  openingShare: 0.07,
  lateShare: 0.71,
  finalShare: 0.5,
  memoryShare: 0.45,
  // Mobility (box sides the player reaches) orders equally good moves before the box distances, as
  // in FESS's published move order. Alone at 100,000 positions it solves 23 of the 38 hard XSokoban
  // levels to 21 without it (11, 14 and 21 more, 28 not; 76 in 3,127 positions against 46,106), and
  // 52 in 373,444 positions (22 CPU s), which without it is unsolved at 700,000, for about 10% more
  // CPU a position. In the portfolio, with the search without mobility in second place
  // (FEATURE_DEADLOCKS_SEARCH), at 10 s XSokoban 14 and 30 are solved as well (6.8 s, 7.7 s), 78 of
  // 90 against 76, and none is lost (28 in 7.0 s against 2.1 s); at 60 s with 2 jobs 82 against 81:
  // 52 in 43.5 s, 85 in 27.2 s (38.8 s) and 69 in 41.6 s (48.8 s). Sasquatch at 10 s: 33 of 50, as
  // before.
  // Corrals with the opening search only: the second search (can the fence ever come home?)
  // costs this search about 40% more CPU on XSokoban 16 41 74 20 44 5 at 15,000 positions each
  // for no level more at 20,000; the second search over features has it. Room deadlocks are
  // left to the other searches over features for the same reason: 12% more CPU on those six
  // levels, and in the portfolio at 10 s of CPU XSokoban 21 took 8.8 s with them here against
  // 7.6 s without, 41 7.2 against 5.9.
  make: (analysis, maxBytes) => new FeatureSearch(analysis, { maxBytes, corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, mobility: true }),
};
/**
 * A second search over features without mobility, so that equally good moves are ordered by the
 * box distances alone, and with every deadlock detector the feature search has (the corral
 * detector's second search and room deadlocks, which cost the first search too much). Run times
 * of such searches have long tails that differ from one ordering to the other: alone, with the
 * first search's detectors, at 100,000 positions, mobility solves XSokoban 11, 14 and 21 and the
 * distances alone do not, while the distances solve 28 (13,171 positions) and 15 sooner (18,234
 * against 79,811). A small share of the time, taken from the first, buys the levels where the
 * second is quick for little on the others.
 */
const FEATURE_DEADLOCKS_SEARCH: MemberPlan = {
  name: 'feature-deadlocks',
  share: 0.08,
  openingShare: 0,
  lateShare: 0.08,
  finalShare: 0.04,
  memoryShare: 0.1,
  // Built at its first turn, after the opening: most small levels are solved before that.
  make: (analysis, maxBytes) => new DeferredEngine(() => new FeatureSearch(analysis, { maxBytes })),
};
/**
 * A third search over features, whose out-of-plan boxes are those outside every goal's basin
 * rather than outside the sink basin (sink-basin.ts): a goal room with two entrances, each fed
 * by its own part of the level, has the sink basin call one side's boxes out of plan, and FESS
 * then spends itself pushing them toward a basin they can never reach. Alone at 20,000 positions
 * it solves 19 of the 38 hard XSokoban levels to the first search's 18 (31 and 74 more, 15 not),
 * and at 100,000 also 32 and 69, unsolved at 60 s before it; but on Sasquatch 24 of 50 to 26,
 * so it is a hedge, not a replacement. It runs only once a level has lasted past LATE_MS (the
 * levels it is for are never quick), built then, with the time the A* gives up then and a little
 * of the first search's (0.82 to 0.71). Measured on the portfolio with the CPU time as the
 * clock: at 60 s XSokoban 31 and 32 are solved (7.0 s, 39.7 s) and nothing was lost. Where the
 * final position may mislead, FEATURE_UNGUIDED_SEARCH runs in its place, under its name.
 */
const FEATURE_EVERY_GOAL_SEARCH: MemberPlan = {
  name: 'feature-every-goal',
  share: 0,
  openingShare: 0,
  lateShare: 0.12,
  finalShare: 0.3,
  memoryShare: 0.15,
  // Its move queues grow by doubling, 5 KB a position on XSokoban 69 (many boxes, each with
  // many places to go): 69 takes 395 MiB, past the 205 MiB that a 0.05 share of 4 GiB gave, so
  // it left the rotation at about 60,000 positions. The first search's queues are capped by the
  // same doubling at 1,536 MiB with 0.45 as with 0.55.
  make: (analysis, maxBytes) => new DeferredEngine(() => new FeatureSearch(analysis, { maxBytes, corralLimits: OPENING_ONLY_CORRAL_LIMITS, outOfPlanBasin: 'every-goal' })),
};
/**
 * The third search over features where the final position may mislead (finalPositionMayMislead
 * in feature-search.ts: more boxes start outside every goal's basin than the out-of-plan feature
 * counts): the first search's settings without the packing plan (packed = boxes on goals),
 * without the out-of-plan feature and without mobility (with it, 131 below is not solved alone
 * in 400,000 positions), with the first search's shares once it starts, so that the
 * searches with and without that guidance split the time. The every-goal basin it replaces is
 * read from the same final position, and its count starts at its cap there too.
 *
 * Microban II 131 (44 boxes each beside a goal, 20 outside every basin, 40 outside the sink
 * basin; known solutions empty goals before filling them again) needs it: alone at 300,000
 * positions, the first search packs at most 31 of its 44 goals, the every-goal search 16 (no
 * other search of the portfolio solves it alone in 30 s), FESS's default settings without the
 * plan 42; without the plan and the feature it is solved in 229,339 positions (16.6 CPU s). The
 * guided search still serves most levels where the rule fires, so it keeps its shares: alone
 * it solves Box World 99 in 1,419 positions, Sasquatch III 20 in 8,317, Microban IV 60 in
 * 43,315 and Microban II 109 in 314, where this one needs more than 100,000, 100,000, 203,911 and
 * 45,786. In XSokoban, Sasquatch and Microban II the rule fires only on Microban II 109 and 131
 * and Sasquatch 27; the greedy searches solve 109 and 27 in 0.2 s and 0.8 s. In the portfolio,
 * Microban II at 60 s with 2 jobs: all 135, 131 in 36.1 s (the CLI on one level, racing on two
 * cores: 20.6 s). On the 26 levels of the shared Microban III and IV, Sasquatch III, Mas
 * Sasquatch, Box World and Sokoban Jr 2 where it fires, at 10 s the same 5 are solved as before,
 * two later, the cost of the hedge: Microban IV 60 in 5.7 s (4.8 s before), Mas Sasquatch 8 in
 * 9.2 s (5.8 s). With the first search unguided instead, 131 took 20-26 s, but Microban IV 60
 * 16 s.
 */
const FEATURE_UNGUIDED_SEARCH: MemberPlan = {
  name: 'feature-every-goal',
  share: 0,
  openingShare: 0,
  lateShare: FEATURE_SEARCH.lateShare,
  finalShare: FEATURE_SEARCH.finalShare,
  memoryShare: FEATURE_EVERY_GOAL_SEARCH.memoryShare,
  make: (analysis, maxBytes) =>
    new DeferredEngine(() => new FeatureSearch(analysis, { maxBytes, corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, packingPlan: 'none', outOfPlan: false })),
};
const BACKWARD_GREEDY: MemberPlan = {
  name: 'backward-greedy',
  share: 0.1,
  openingShare: 0.85,
  lateShare: 0.05,
  memoryShare: 0.1,
  make: pushSearch({ mode: 'greedy', corralPruning: false, direction: 'backward' }),
};
const FORWARD_GREEDY: MemberPlan = {
  name: 'forward-greedy',
  share: 0.03,
  openingShare: 0.05,
  lateShare: 0.015,
  memoryShare: 0.1,
  make: pushSearch({ mode: 'greedy', corralPruning: false, oneWayMacros: true }),
};
const PUSH_OPTIMAL: MemberPlan = {
  name: 'push-optimal',
  share: 0.07,
  openingShare: 0.02,
  lateShare: 0.025,
  memoryShare: 0.1,
  // Without the pair patterns of the optimal modes: their table costs up to 0.16 s to build on
  // a large board, time the other searches of a 10 s run need more than this one its bound.
  // Without move ties (a position stored again for fewer moves alone): any solution will do here
  // and the improvement pass shortens its walks. Alone over Microban at 50,000 positions a level
  // it then solves 147 levels in 727,498 positions, against 144 in 863,230.
  make: pushSearch({ mode: 'pushes', corralPruning: true, pairPatterns: false, moveTies: false }),
};

/**
 * The pull perimeter of the push-optimal first search (bounds/pull-perimeter.ts): built once the
 * search has expanded 10,000 positions (most Microban levels end before, and pay nothing), of at
 * most 3 million positions (about 130 MiB, 2-5 s). Microban 144 needs about that many: with 2
 * million its proof expanded 583,000 positions, with 3 million 306,000. See bench/optimal-levers.md.
 */
export const PUSH_PERIMETER: PullPerimeterPlan = { maxPositions: 3_000_000, afterExpanded: 10_000 };

/**
 * The move perimeter of the move-optimal search (bounds/move-perimeter.ts; its size is the
 * analysis's), likewise built once the search has expanded 10,000 positions: built before the
 * search, it cost the 180 small levels of ../shared/random, which end within a few hundred
 * positions, most of the 55 s their test took.
 */
export const MOVE_PERIMETER: MovePerimeterPlan = { afterExpanded: 10_000 };

/**
 * The optimal modes. Moves first is one search over exact player squares with pair costs and the
 * move perimeter, so the fewest pushes among the fewest-move solutions come with it. Pushes first
 * proves the push count with the fast search over player areas, corral pruning and the pull
 * perimeter, then the fewest moves among the solutions that short with a second search (see
 * fewestMovesAmongPushOptimal).
 */
const OPTIMAL_SEARCH: Readonly<Record<Optimality, SearchConfig>> = {
  // The move perimeter (bounds/move-perimeter.ts) takes up to about 2 CPU s to build on Microban's
  // larger levels; the positions to proof of the 149 Microban levels other than 93, 139, 144-146
  // and 153 fell from 3,762,125 to 587,528 (built before the search), and 145's from 1,369,717
  // to 11,684 (built after 10,000, as here; optimal-levers.md).
  moves: { mode: 'moves', corralPruning: false, lexicographic: true, triplePatterns: true, movePerimeter: MOVE_PERIMETER },
  // The fewest moves among the push-optimal solutions are the second search's to prove, so the
  // first does not store a position again for fewer moves alone (moveTies).
  pushes: { mode: 'pushes', corralPruning: true, triplePatterns: true, moveTies: false, pullPerimeter: PUSH_PERIMETER },
};

const PORTFOLIO: readonly MemberPlan[] = [FEATURE_SEARCH, FEATURE_DEADLOCKS_SEARCH, FEATURE_EVERY_GOAL_SEARCH, FORWARD_GREEDY, BACKWARD_GREEDY, PUSH_OPTIMAL];

/**
 * The searches of the any-solution portfolio that run on this level, of those chosen (all by
 * default). Where the final position may mislead, the third search over features runs without
 * the plan and the out-of-plan feature (FEATURE_UNGUIDED_SEARCH).
 */
function portfolioFor(analysis: LevelAnalysis, members: readonly PortfolioMemberName[] | undefined): MemberPlan[] {
  const chosen = PORTFOLIO.filter((plan) => (plan !== BACKWARD_GREEDY || canSearchBackward(analysis.problem)) && (members === undefined || members.includes(plan.name)));
  if (!finalPositionMayMislead(analysis)) return chosen;
  return chosen.map((plan) => (plan === FEATURE_EVERY_GOAL_SEARCH ? FEATURE_UNGUIDED_SEARCH : plan));
}

/**
 * The part of the memory limit these searches hold in the full portfolio, between 0 and 1: how
 * the runner splits a level's memory between workers that each run some of the searches.
 */
export function portfolioMemoryShare(members: readonly PortfolioMemberName[]): number {
  const total = PORTFOLIO.reduce((sum, plan) => sum + plan.memoryShare, 0);
  const chosen = PORTFOLIO.filter((plan) => members.includes(plan.name)).reduce((sum, plan) => sum + plan.memoryShare, 0);
  return chosen / total;
}

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
  // Boxes fixed on their goals from the start are walls for the whole game (same solutions).
  const problem = problemWithFixedHomeBoxesAsWalls(board, rule);
  try {
    return solveProblem(problem, options, { clock, started, deadline, maxBytes, maxNodes, optimal });
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

function solveProblem(problem: Problem, options: SolveOptions, { clock, started, deadline, maxBytes, maxNodes, optimal }: ResolvedLimits): SolveResult {
  const searches = optimal === null ? PORTFOLIO.length : 1;
  if (fixedTableBytes(problem, searches) > maxBytes) {
    return stoppedBeforeSearch('memory', Math.round(clock() - started));
  }
  // The move perimeter may take up to this part of the time; it stops at a whole layer after that.
  const perimeterUntil = started + PERIMETER_TIME_SHARE * (deadline - started);
  // A perimeter's positions count as its search's nodes, so --max-nodes bounds them too: what is
  // left of the limit when it is built after MOVE_PERIMETER.afterExpanded (PUSH_PERIMETER's) positions.
  const perimeterRoom = (afterExpanded: number) => Math.max(0, maxNodes - afterExpanded);
  const analysis = analyzeLevel(
    problem,
    stopWhen(() => clock() > deadline),
    { perimeterTimeIsUp: () => clock() > perimeterUntil, perimeterMaxPositions: perimeterRoom(MOVE_PERIMETER.afterExpanded) },
  );
  const optimalSearch = optimal === null ? null : OPTIMAL_SEARCH[optimal];
  const pullPerimeter = optimalSearch?.pullPerimeter;
  const plans: MemberPlan[] =
    optimalSearch === null
      ? portfolioFor(analysis, options.members)
      : [
          {
            name: 'push-optimal',
            share: 1,
            openingShare: 1,
            lateShare: 1,
            memoryShare: 1,
            make: pushSearch(
              pullPerimeter === undefined
                ? optimalSearch
                : { ...optimalSearch, pullPerimeter: { ...pullPerimeter, maxPositions: Math.min(pullPerimeter.maxPositions, perimeterRoom(pullPerimeter.afterExpanded)) } },
            ),
          },
        ];
  if (plans.length === 0) throw new RangeError('solve: no search of the portfolio is left to run (members)');
  // The tables stop short of the memory limit themselves, each at its part of it.
  const memoryShares = plans.reduce((sum, plan) => sum + plan.memoryShare, 0);
  const engines = plans.map((plan) => plan.make(analysis, (maxBytes * plan.memoryShare) / memoryShares));
  const forwardGreedy = engines[plans.indexOf(FORWARD_GREEDY)];
  const backwardGreedy = engines[plans.indexOf(BACKWARD_GREEDY)];
  if (forwardGreedy instanceof PushSearch && backwardGreedy instanceof PushSearch) forwardGreedy.pairWith(backwardGreedy);

  const outcome = runPortfolio(
    plans.map((plan, i) => ({ engine: engines[i], share: plan.share, openingShare: plan.openingShare, lateShare: plan.lateShare, finalShare: plan.finalShare })),
    {
      openingMs: OPENING_MS,
      lateMs: LATE_MS,
      finalMs: FINAL_MS,
      steadyRate: options.repeatable === true ? REPEATABLE_RATE : undefined,
      deadline,
      maxNodes,
      maxBytes,
      clock,
    },
  );
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
      // and within it a cap sized to the level, so an easy level costs little.
      const now = clock();
      const searchMs = now - started;
      const sizedNodes = Math.max(IMPROVE_NODES_PER_MOVE * firstText.moves, IMPROVE_NODES_PER_SEARCH_NODE * base.nodes);
      const sharedNodes = options.maxNodes === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(Math.max(0, maxNodes - base.nodes) * IMPROVE_SHARE);
      const sizedMs = Math.max(IMPROVE_MIN_MS, IMPROVE_TIME_PER_SEARCH_TIME * searchMs);
      const improved = optimizePushes(problem, analysis.dead, first, 'moves', OPTIMIZE_TECHNIQUES, {
        clock,
        // A repeatable pass is bounded by its positions; the level's own deadline still holds.
        deadline: options.repeatable === true ? deadline : now + Math.min(sizedMs, Math.max(0, deadline - now) * IMPROVE_SHARE),
        maxNodes: Math.min(sizedNodes, sharedNodes),
        maxBytes: Math.min(IMPROVE_MAX_MIB * 1024 * 1024, maxBytes / 4),
        patience: IMPROVE_PATIENCE,
      });
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
