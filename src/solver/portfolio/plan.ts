import { OPENING_ONLY_CORRAL_LIMITS } from '../deadlocks/corral-deadlocks.js';
import { type FeatureSearchConfig, finalPositionMayMislead } from '../engines/feature-search.js';
import type { SearchConfig } from '../engines/push-search.js';
import type { BaseStrategyConfig } from '../engines/base-strategy.js';
import type { SpreadStrategyConfig } from '../engines/spread-strategy.js';
import { canSearchBackward } from '../model/problem.js';
import type { LevelAnalysis } from '../planning/analysis.js';

/**
 * The any-solution portfolio as data: every search that takes part, one row each. The solver
 * (`build-members.ts`), the runner's race split, the bench's `--members` and the README's table
 * are all read from PORTFOLIO_PLAN; adding a search is adding a row here. Why each share is what
 * it is, with the measurements, is in bench/portfolio-history.md.
 *
 * A row:
 * - `name`: how `--members`, the race split and the records call it (unique);
 * - `summary`: one line for the README's table;
 * - `engine`: which engine and its configuration (`maxBytes` is added from `memoryShare`);
 * - `time`: its share of each round in each phase of a level (see PORTFOLIO_PHASES); shares need
 *   not add up to one, a search gets its share over the sum of the running ones';
 * - `memoryShare`: its part of the memory limit, against the other members' parts;
 * - `raceWorker`: which of the two workers racing on one level runs it (runner/race.ts);
 * - `appliesTo` (optional): the levels it runs on (default all);
 * - `variant` (optional): other settings under the same name on the levels `when` picks.
 */

/** A level's phases, by how long it has run without an answer (milliseconds from the first turn). */
export const PORTFOLIO_PHASES = {
  /**
   * Until then only the push searches run (those with `headStart`), and no search over features has
   * built its tables: alone they win 142 of Microban's 155 levels within 20 ms each, analysis
   * included, where building the first search over features cost about 9 ms a level.
   */
  headStartMs: 20,
  /** Until then the searches that win small levels at once get most of the time. */
  openingMs: 250,
  /** No Microban level nor any of 62 XSokoban ones was won by a greedy search or the A* after 1.3 s. */
  lateMs: 1000,
  /**
   * A level still open after 3 s is a hard one: strategy A, which alone solves hard levels the
   * others miss in 1-3 s, takes a third of the time from here (Microban's last level, won by the
   * first search over features at about 2.3 s, keeps its time).
   */
  hardMs: 3000,
  /** The first and third searches over features split more evenly: their long tails differ (XSokoban 69 solved at 60 s); strategy A keeps its hard-phase share (XSokoban 23). */
  finalMs: 20_000,
} as const;

/**
 * A member's share of each round, by phase (`hard` and `final` default to `late`), and when it hands its
 * time on, as Festival's strategies do one after another: a member that stops taking turns
 * (solved nothing and ran dry, or its time ended) leaves its share to those still taking them.
 */
export interface TimeShares {
  /** It takes its opening share during the head start (PORTFOLIO_PHASES.headStartMs) as well; absent: no turns then. */
  readonly headStart?: true;
  readonly opening: number;
  readonly middle: number;
  readonly late: number;
  /** From PORTFOLIO_PHASES.hardMs on (defaults to `late`). */
  readonly hard?: number;
  readonly final?: number;
  /** The part of the level's budget (time, or positions under a node limit) after which it stops taking turns; absent: to the end. */
  readonly until?: number;
  /** The member it waits for: it takes no turns while that one is running and within its `until` (a member not on the level waits for nobody). */
  readonly after?: string;
}

/** Which engine a member runs, with its configuration. */
export type MemberEngine =
  | {
      readonly kind: 'feature-search';
      readonly config: FeatureSearchConfig;
      /** Built at its first turn, not before (engines/deferred-engine.ts): most small levels end before it runs. */
      readonly builtAtFirstTurn: boolean;
    }
  | {
      readonly kind: 'push-search';
      readonly config: SearchConfig;
      /** The member running the other way that this one meets in the middle (PushSearch.pairWith), when both run. */
      readonly meets?: string;
    }
  | {
      /** Festival's strategy A, ours (engines/base-strategy.ts), built at its first turn. */
      readonly kind: 'base-strategy';
      readonly config: BaseStrategyConfig;
    }
  | {
      /** Festival's strategy D, hotspot-first, ours (engines/spread-strategy.ts), built at its first turn. */
      readonly kind: 'spread-strategy';
      readonly config: SpreadStrategyConfig;
    };

/** Whether the portfolio builds this engine at its member's first turn (a push search is built with the level's members, to be paired). */
export function builtAtFirstTurn(engine: MemberEngine): boolean {
  return engine.kind === 'feature-search' ? engine.builtAtFirstTurn : engine.kind !== 'push-search';
}

/** The settings a member takes instead on the levels `when` picks. */
export interface MemberVariant {
  readonly when: (analysis: LevelAnalysis) => boolean;
  readonly summary: string;
  readonly engine: MemberEngine;
  readonly time: TimeShares;
}

export interface MemberPlan {
  readonly name: string;
  readonly summary: string;
  readonly engine: MemberEngine;
  readonly time: TimeShares;
  readonly memoryShare: number;
  readonly raceWorker: 0 | 1;
  readonly appliesTo?: (analysis: LevelAnalysis) => boolean;
  readonly variant?: MemberVariant;
}

/** Strategy A's forward search over features (the `feature-bases` row). */
const FEATURE_BASES_FORWARD = {
  corralLimits: OPENING_ONLY_CORRAL_LIMITS,
  roomDeadlocks: false,
  mobility: true,
  bestCellTurns: true,
  packedFirst: true,
  distanceTieBreak: 'farther',
  grownCorralPruning: true,
  fixedGoalMatching: true,
  // Festival's opener (fess/plan-opener.ts): strategy A alone, the 19 hard XSokoban levels at
  // 150,000 positions 18 against 16 (23 in 523 positions, 29), wide at 20,000 173 against 170, Mas
  // Sasquatch at 20,000 20 either way.
  openerTarget: 'plan-next',
} as const;

/** Strategy A (the `feature-bases` row). */
const FEATURE_BASES: BaseStrategyConfig = {
  gateRemovals: true,
  // Alone at 30,000 positions: the same 10 of 19 hard XSokoban levels, 77 in 1,521 positions
  // instead of 26,528; at 20,000 Mas Sasquatch 19 to 21, Sasquatch 27 to 28.
  backwardBestCellTurns: true,
  forward: FEATURE_BASES_FORWARD,
  // Alone, turn and turn about, the 19 hard XSokoban levels at 60,000 positions: 12 against 11
  // with one forward search (41 and 69 new, 21 lost); Mas Sasquatch at 40,000 23 against 22,
  // Sasquatch 28 either way. One turn in four: at 10 s every other turn lost Sasquatch III 37
  // and Grigr 2002 9 (won near 7.5 s by the first search alone); one in four keeps them.
  secondForward: { ...FEATURE_BASES_FORWARD, goalBoxHotspots: false },
  secondForwardTurns: 4,
};

/**
 * Strategy A with three more of Festival's rules, each built to learn what separated ours from
 * Festival's on XSokoban 50 (which needs all three): the first box off the goals in board order
 * leaves first, of the pulls off a goal the longest that cuts no more areas, and the explorer
 * move a lone box could undo (planning/pull-advice.ts, fess/undoable-explorer.ts).
 */
const FEATURE_BASES_FESTIVAL: BaseStrategyConfig = {
  ...FEATURE_BASES,
  removalOrder: 'first',
  pullAdvice: 'longest',
  forward: { ...FEATURE_BASES.forward, explorerRule: 'undoable' },
  secondForward: { ...FEATURE_BASES.secondForward, explorerRule: 'undoable' },
};

/** Strategy D's settings: Festival's forward search's, as strategy A's: its corral rule (grown corrals) and matching tests. */
const SPREAD_CONFIG: SpreadStrategyConfig = {
  forward: { corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, bestCellTurns: true, grownCorralPruning: true, fixedGoalMatching: true },
};

const FEATURE_TIME: TimeShares = { opening: 0.07, middle: 0.72, late: 0.71, final: 0.5 };

export const PORTFOLIO_PLAN = [
  {
    name: 'feature',
    summary: 'search over features (FESS), mobility as its last tie-break, fixed-goal matching',
    // Mobility: alone at 100,000 positions 23 of the 38 hard XSokoban levels against 21. Corral
    // limits of the opening only and no room deadlocks: each cost it 12-40% more CPU for no level.
    // Fixed-goal matching (kept per fixed set): alone at 40,000 positions Mas Sasquatch 12 against
    // 11, Sasquatch 26 either way in 2% fewer positions, for 6-7% more time; in the portfolio at
    // 10 s Sasquatch 36 against 35 (39), the other sets the same.
    engine: {
      kind: 'feature-search',
      config: { corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, mobility: true, fixedGoalMatching: true },
      // After the head start, in which most small levels are won.
      builtAtFirstTurn: true,
    },
    time: FEATURE_TIME,
    // It is the one still making progress after minutes.
    memoryShare: 0.45,
    raceWorker: 0,
  },
  {
    name: 'feature-deadlocks',
    summary: 'search over features without mobility, with every deadlock detector and fixed-goal matching',
    // The two orderings have long tails in different places: alone it solves XSokoban 28, the first does not.
    // Fixed-goal matching, once its box searches were kept per fixed set: alone at 60,000 / 40,000
    // positions 19 hard XSokoban levels 4 against 3 (77), Mas Sasquatch 11 against 10 (4),
    // Sasquatch 28 either way (in 4% fewer positions), for 0-5% more time.
    engine: { kind: 'feature-search', config: { fixedGoalMatching: true }, builtAtFirstTurn: true },
    time: { opening: 0, middle: 0.08, late: 0.08, final: 0.04 },
    memoryShare: 0.1,
    raceWorker: 1,
  },
  {
    name: 'feature-every-goal',
    summary: "search over features, out of plan meaning outside every goal's basin; from 1 s on",
    // A hedge for goal rooms fed from two sides: alone at 20,000 positions 19 hard XSokoban levels to 18, Sasquatch 24 to 26.
    engine: { kind: 'feature-search', config: { corralLimits: OPENING_ONLY_CORRAL_LIMITS, outOfPlanBasin: 'every-goal' }, builtAtFirstTurn: true },
    time: { opening: 0, middle: 0, late: 0.12, final: 0.3 },
    // Its move queues took about 5 KB a position on XSokoban 69 (395 MiB) before they set most moves aside (about half now).
    memoryShare: 0.15,
    raceWorker: 1,
    variant: {
      // Microban II 131 (20 of 44 boxes outside every basin) is solved only without that guidance.
      when: finalPositionMayMislead,
      summary: "where the final position may mislead: without the packing plan, out of plan and mobility, with the first search's shares",
      engine: {
        kind: 'feature-search',
        config: { corralLimits: OPENING_ONLY_CORRAL_LIMITS, roomDeadlocks: false, packingPlan: 'none', outOfPlan: false },
        builtAtFirstTurn: true,
      },
      time: { opening: 0, middle: 0, late: FEATURE_TIME.late, final: FEATURE_TIME.final },
    },
  },
  {
    name: 'forward-greedy',
    summary: 'greedy best-first pushes, meeting the backward one in the middle',
    engine: { kind: 'push-search', config: { mode: 'greedy', corralPruning: false, oneWayMacros: true }, meets: 'backward-greedy' },
    time: { headStart: true, opening: 0.05, middle: 0.03, late: 0.015, until: 0.35 },
    memoryShare: 0.1,
    raceWorker: 1,
  },
  {
    name: 'backward-greedy',
    summary: 'greedy best-first pulls from the goals, where the level can be searched backward',
    // Wins most small levels within milliseconds (91 of Microban's), hence most of the opening.
    engine: { kind: 'push-search', config: { mode: 'greedy', corralPruning: false, direction: 'backward' } },
    time: { headStart: true, opening: 0.85, middle: 0.1, late: 0.05, until: 0.35 },
    memoryShare: 0.1,
    raceWorker: 1,
    appliesTo: (analysis) => canSearchBackward(analysis.problem),
  },
  {
    name: 'push-optimal',
    summary: 'A* on pushes with corral pruning: rescues misled greedy searches, proves levels unsolvable',
    // No pair patterns (up to 0.16 s to build) and no move ties: alone over Microban at 50,000
    // positions a level it solves 147 levels in 727,498 positions, against 144 in 863,230.
    engine: { kind: 'push-search', config: { mode: 'pushes', corralPruning: true, pairPatterns: false, moveTies: false } },
    time: { headStart: true, opening: 0.02, middle: 0.07, late: 0.025 },
    memoryShare: 0.1,
    raceWorker: 1,
  },
  {
    name: 'feature-bases',
    summary:
      "Festival's strategy A: pulls with the boxes' start squares as bases give a plan and positions to meet; then two searches over features take turns, one counting boxes on goals as hotspots, one not",
    engine: {
      kind: 'base-strategy',
      config: FEATURE_BASES,
    },
    // From 20 s on as much as in the hard phase (a third of the time), not 0.15: alone it solves
    // XSokoban 23 in 236,240 positions (15 s), which at 0.15 it never got within 60 s; with 0.5,
    // XSokoban at 60 s with 2 jobs 88 instead of 87 (23 at 50.7 s, the others in the same time),
    // Sasquatch's 13 levels unsolved at 10 s the same at 60 s (45 at 22 s), Mas Sasquatch's 23 3
    // against 2 (10 at 38 s), Microban II 131 at 25.0 s instead of 23.8 s.
    time: { opening: 0, middle: 0.1, late: 0.15, hard: 0.5, final: 0.5 },
    memoryShare: 0.15,
    raceWorker: 1,
  },
  {
    name: 'feature-bases-festival',
    summary:
      "Festival's strategy A with three more of its rules (the first box off the goals leaves first, the longest pull, an explorer move a lone box could undo); from 20 s on",
    // A hedge for the long tail, after the levels at the 10-s limit are settled: alone under
    // position budgets it wins levels strategy A misses and loses others (19 hard XSokoban
    // levels at 150,000 positions 18 either way, 50 won and 29 lost; wide at 20,000 173 either
    // way, 6 won and 6 lost; Mas Sasquatch 21 against 20). In strategy A's place at 10 s the three
    // sets lost 2 (bench/portfolio-history.md); beside it from 20 s on nothing before changes. At 60 s a
    // level, on the levels the sets leave unsolved at 10 s: XSokoban 3 against 2 (50 won), wide 4 and
    // Mas Sasquatch 3 either way; held out, Sasquatch 4 either way, Sasquatch III 5 against 6 (28, won at
    // 58.6 s, lost; main lost it too when run again). Taking its time from strategy A alone slowed 29.
    engine: { kind: 'base-strategy', config: FEATURE_BASES_FESTIVAL },
    time: { opening: 0, middle: 0, late: 0, final: 0.3 },
    memoryShare: 0.15,
    raceWorker: 0,
  },
  {
    name: 'feature-spread',
    summary:
      "Festival's strategy D: pulls that spread the boxes out give an arrangement of every box to aim at and positions to meet; then two searches over features aim at it, one with every move weighing the same",
    engine: {
      kind: 'spread-strategy',
      config: SPREAD_CONFIG,
    },
    // As strategy A's from 1 s on (its backward search is under way by the hard phase). Under a
    // node budget of 150,000 a level, beside the portfolio without it: wide 189 against 182 (none
    // lost), XSokoban 85 either way (85 won, 89 lost at 138,661), Mas Sasquatch 14 against 12 on its
    // first 16 levels (7 and 16 won; bench/festival-strategies.md).
    time: { opening: 0, middle: 0, late: 0.15, hard: 0.5, final: 0.5 },
    memoryShare: 0.15,
    raceWorker: 1,
  },
  {
    name: 'feature-spread-matching',
    summary: "Festival's strategy B: strategy D with the boxes' distance from the goals as a minimum-cost matching; from 20 s on",
    // A hedge for the long tail, as feature-bases-festival is. D alone at 10 s on the three sets'
    // 196 levels of 13+ boxes: 128 against D's 141, but 5 of them D's misses, each in under 1.7 s
    // (wide 41, 47, 76, 134; XSokoban 4); in D's place at 10 s the three sets lost six levels.
    // Beside D from 20 s on, at 60 s a level, on the levels left unsolved at 10 s: wide 6 of 22
    // against 4 (41, 76), XSokoban 3 of 3 and Mas Sasquatch 1 of 14 either way; held out,
    // Sasquatch III 7 of 29 against 6 (34); none lost (bench/festival-strategies.md).
    engine: { kind: 'spread-strategy', config: { ...SPREAD_CONFIG, measure: 'goal-matching' } },
    time: { opening: 0, middle: 0, late: 0, final: 0.25 },
    memoryShare: 0.1,
    raceWorker: 0,
  },
] as const satisfies readonly MemberPlan[];

/** The searches of the any-solution portfolio, by name. */
export type PortfolioMemberName = (typeof PORTFOLIO_PLAN)[number]['name'];

/** Every member's name, in the plan's order. */
export const PORTFOLIO_MEMBER_NAMES: readonly PortfolioMemberName[] = PORTFOLIO_PLAN.map((member) => member.name);

/** The members each racing worker runs (index = raceWorker), in the plan's order; workers with none are left out. */
export function raceSplitOf<Name extends string>(plan: readonly (MemberPlan & { readonly name: Name })[]): Name[][] {
  const workers = Math.max(...plan.map((member) => member.raceWorker)) + 1;
  const split = Array.from({ length: workers }, (_, worker) => plan.filter((member) => member.raceWorker === worker).map((member) => member.name));
  return split.filter((names) => names.length > 0);
}

/**
 * The part of the memory limit these members hold in the whole plan, between 0 and 1: how the
 * runner splits a level's memory between workers that each run some of the searches.
 */
export function memoryShareOf(members: readonly string[], plan: readonly MemberPlan[] = PORTFOLIO_PLAN): number {
  const total = plan.reduce((sum, member) => sum + member.memoryShare, 0);
  const chosen = plan.filter((member) => members.includes(member.name)).reduce((sum, member) => sum + member.memoryShare, 0);
  return chosen / total;
}
