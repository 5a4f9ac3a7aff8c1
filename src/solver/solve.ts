import type { Board } from '../level/board.js';
import type { Level } from '../level/level.js';
import { defaultGoalRule, type GoalRule } from '../game/goal-rule.js';
import { analyzeLevel, canSearchBackward, type LevelAnalysis } from './planning/analysis.js';
import { FeatureSearch } from './engines/feature-search.js';
import { runPortfolio } from './engines/portfolio.js';
import { buildProblem } from './model/problem.js';
import type { SearchEngine } from './engines/search-engine.js';
import { PushSearch, type SearchConfig } from './engines/push-search.js';
import { pushesToLurd } from './model/solution.js';

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
}

/** The searches of the any-solution portfolio, by name. */
export type PortfolioMemberName = 'feature' | 'forward-greedy' | 'backward-greedy' | 'push-optimal';

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
  /**
   * Which limit stopped the search, when one did. A timeout without a limit means every search
   * gave up early without an answer, which only a partial set of members (no push-optimal) can do.
   */
  readonly limit: 'time' | 'nodes' | 'memory' | null;
}

const DEFAULT_TIME_LIMIT_MS = 60_000;
const DEFAULT_MAX_MEMORY_MIB = 4096;

interface MemberPlan {
  readonly name: PortfolioMemberName;
  readonly share: number;
  /** Its part of the memory limit, against the other members' parts. */
  readonly memoryShare: number;
  /** Share during the opening, the first OPENING_MS of a level. */
  readonly openingShare: number;
  readonly make: (analysis: LevelAnalysis, maxBytes: number) => SearchEngine;
}

/** How long the searches that win small levels at once get most of the time. */
const OPENING_MS = 250;

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
const FEATURE_SEARCH: MemberPlan = { name: 'feature', share: 0.8, openingShare: 0.08, memoryShare: 0.7, make: (analysis, maxBytes) => new FeatureSearch(analysis, { maxBytes }) };
const BACKWARD_GREEDY: MemberPlan = { name: 'backward-greedy', share: 0.1, openingShare: 0.85, memoryShare: 0.1, make: pushSearch({ mode: 'greedy', corralPruning: false, direction: 'backward' }) };
const FORWARD_GREEDY: MemberPlan = { name: 'forward-greedy', share: 0.03, openingShare: 0.05, memoryShare: 0.1, make: pushSearch({ mode: 'greedy', corralPruning: false }) };
const PUSH_OPTIMAL: MemberPlan = { name: 'push-optimal', share: 0.07, openingShare: 0.02, memoryShare: 0.1, make: pushSearch({ mode: 'pushes', corralPruning: true }) };

const PORTFOLIO: readonly MemberPlan[] = [FEATURE_SEARCH, FORWARD_GREEDY, BACKWARD_GREEDY, PUSH_OPTIMAL];

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
  const problem = buildProblem(board, rule);
  const analysis = analyzeLevel(problem);
  const plans: MemberPlan[] =
    optimal === null
      ? [FEATURE_SEARCH, FORWARD_GREEDY, ...(canSearchBackward(problem) ? [BACKWARD_GREEDY] : []), PUSH_OPTIMAL].filter(
          (plan) => options.members === undefined || options.members.includes(plan.name),
        )
      : [{ name: 'push-optimal', share: 1, openingShare: 1, memoryShare: 1, make: pushSearch({ mode: optimal, corralPruning: optimal === 'pushes' }) }];
  if (plans.length === 0) throw new RangeError('solve: no search of the portfolio is left to run (members)');
  // The tables stop short of the memory limit themselves, each at its part of it.
  const memoryShares = plans.reduce((sum, plan) => sum + plan.memoryShare, 0);
  const engines = plans.map((plan) => plan.make(analysis, (maxBytes * plan.memoryShare) / memoryShares));
  const forwardGreedy = engines[plans.indexOf(FORWARD_GREEDY)];
  const backwardGreedy = engines[plans.indexOf(BACKWARD_GREEDY)];
  if (forwardGreedy instanceof PushSearch && backwardGreedy instanceof PushSearch) forwardGreedy.pairWith(backwardGreedy);

  const outcome = runPortfolio(
    plans.map((plan, i) => ({ engine: engines[i], share: plan.share, openingShare: plan.openingShare })),
    { openingMs: OPENING_MS, deadline, maxNodes, maxBytes, clock },
  );
  const { finished, peakBytes } = outcome;
  let limit = outcome.limit;
  const base = {
    nodes: engines.reduce((sum, engine) => sum + engine.expanded, 0),
    generated: engines.reduce((sum, engine) => sum + engine.generated, 0),
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
  return { ...unsolved, status: 'timeout', limit };
}
