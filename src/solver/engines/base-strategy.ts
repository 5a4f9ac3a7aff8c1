import { BaseSearch, type BaseSearchOptions } from '../planning/base-search.js';
import type { LevelAnalysis } from '../planning/analysis.js';
import { stepPlanFromPath } from '../planning/step-plan.js';
import { FeatureSearch, type FeatureSearchConfig } from './feature-search.js';
import type { SearchEngine, SearchState } from './search-engine.js';

/**
 * Positions the backward search with bases may expand before the forward search starts, when the
 * board has not emptied by then. It usually empties within a few thousand positions; past this,
 * more of the same adds little to the perimeter and holds back the search that finds solutions.
 */
export const BASE_SEARCH_POSITIONS = 10_000;

/**
 * Positions the gated backward search (BaseStrategyConfig.gateRemovals) may expand before it is
 * given up for the ungated one. Where the gate lets the board empty it mostly does so within a few
 * hundred to a few thousand positions (XSokoban 50: 1,055, 66: 1,283, 69: 3,390); where it does not,
 * every position spent is the ungated search's time.
 */
export const GATED_SEARCH_POSITIONS = 4_000;

export interface BaseStrategyConfig {
  readonly maxBytes?: number;
  /**
   * Festival's gate on removals (BaseSearchOptions.gateRemovals): the backward search first runs
   * with it; when that search does not empty the board within its positions, a second one runs
   * without it, from the start. Off: only the second.
   */
  readonly gateRemovals?: boolean;
  /** Every other backward turn to the best position's cell (BaseSearchOptions.bestCellTurns). */
  readonly backwardBestCellTurns?: boolean;
  /** Which removal the backward search advises (BaseSearchOptions.removalOrder). */
  readonly removalOrder?: BaseSearchOptions['removalOrder'];
  /** Which pull the backward search advises (BaseSearchOptions.pullAdvice). */
  readonly pullAdvice?: BaseSearchOptions['pullAdvice'];
  /** Positions each backward search may expand (default BASE_SEARCH_POSITIONS). */
  readonly backwardPositions?: number;
  /** The forward search's own options (its plan and meeting are this strategy's). */
  readonly forward?: ForwardOptions;
  /**
   * A second forward search with these options, taking turns with the first (secondForwardTurns)
   * from the same plan and the same backward positions (Festival tries strategies one after
   * another; two forward searches that order the same moves differently fail on different levels).
   */
  readonly secondForward?: ForwardOptions;
  /**
   * The second forward search takes one turn in this many (default 2, every other): the first keeps
   * most of the time where it alone would win near a time limit.
   */
  readonly secondForwardTurns?: number;
}

/** What a forward search of strategy A is given besides its plan and the positions it meets. */
export type ForwardOptions = Omit<FeatureSearchConfig, 'plan' | 'meeting' | 'maxBytes'>;

/**
 * Festival's strategy A, ours (bench/festival-strategies.md): first the backward search with bases
 * (planning/base-search.ts), then the search over features from the start (or two, in turns) with the
 * packing plan that search's best position gives, solved as soon as it reaches a position the backward
 * search holds with every box. The backward search's positions count as expanded like the forward ones.
 */
export class BaseStrategy implements SearchEngine {
  private backward: BaseSearch;
  /** Whether `backward` is the gated search, with the ungated one still to come if it does not empty the board. */
  private gated: boolean;
  /** Positions and stored positions of a gated search given up for the ungated one. */
  private earlierExpanded = 0;
  private earlierGenerated = 0;
  /** The forward searches, once the backward one is done (one, or two taking turns). */
  private forwards: FeatureSearch[] = [];
  /** Forward turns taken so far (which search takes the next one: see runForward). */
  private turn = 0;
  private readonly ungatedLimit: number;
  private limit: number;

  constructor(
    private readonly analysis: LevelAnalysis,
    private readonly config: BaseStrategyConfig = {},
  ) {
    this.gated = config.gateRemovals === true;
    this.backward = this.newBackward();
    this.ungatedLimit = config.backwardPositions ?? BASE_SEARCH_POSITIONS;
    this.limit = this.gated ? Math.min(GATED_SEARCH_POSITIONS, this.ungatedLimit) : this.ungatedLimit;
  }

  get state(): SearchState {
    const { forwards } = this;
    if (forwards.length === 0) return this.backward.state === 'met-start' ? 'solved' : 'running';
    // Settled by either (a proof from one holds for both); running while either runs; else how the first stopped.
    if (forwards.some((forward) => forward.state === 'solved')) return 'solved';
    if (forwards.some((forward) => forward.state === 'unsolvable')) return 'unsolvable';
    if (forwards.some((forward) => forward.state === 'running')) return 'running';
    return forwards[0].state;
  }

  get expanded(): number {
    return this.earlierExpanded + this.backward.expanded + this.forwards.reduce((sum, forward) => sum + forward.expanded, 0);
  }

  get generated(): number {
    return this.earlierGenerated + this.backward.generated + this.forwards.reduce((sum, forward) => sum + forward.generated, 0);
  }

  get bytes(): number {
    return this.backward.bytes + this.forwards.reduce((sum, forward) => sum + forward.bytes, 0);
  }

  run(budget: number): void {
    if (this.forwards.length === 0) {
      const before = this.backward.expanded;
      if (this.backward.state === 'running') this.backward.run(Math.min(budget, this.limit - before));
      if (this.backward.state === 'met-start') return;
      const spent = this.backward.expanded - before;
      if (this.backward.state === 'running' && this.backward.expanded < this.limit) return;
      if (this.gated && this.backward.state !== 'emptied') {
        // The gate kept boxes on the board: the plan would be of a part of the level. Again without it.
        this.gated = false;
        this.earlierExpanded += this.backward.expanded;
        this.earlierGenerated += this.backward.generated;
        this.backward = this.newBackward();
        this.limit = this.ungatedLimit;
        return;
      }
      this.startForward();
      budget -= spent;
      if (budget <= 0) return;
    }
    this.runForward(budget);
  }

  solution(): Int32Array {
    const solved = this.forwards.find((forward) => forward.state === 'solved');
    if (solved !== undefined) return solved.solution();
    if (this.backward.state !== 'met-start') throw new Error('internal: no solution to read');
    return this.backward.pushesHome(this.backward.startNode, this.analysis.problem.initialPlayer);
  }

  private newBackward(): BaseSearch {
    return new BaseSearch(this.analysis, (this.config.maxBytes ?? Number.POSITIVE_INFINITY) / 2, {
      gateRemovals: this.gated,
      bestCellTurns: this.config.backwardBestCellTurns === true,
      removalOrder: this.config.removalOrder,
      pullAdvice: this.config.pullAdvice,
    });
  }

  /** One turn of the forward searches (see secondForwardTurns); one that has stopped leaves the turn to the other. */
  private runForward(budget: number): void {
    const { forwards } = this;
    const every = Math.max(2, this.config.secondForwardTurns ?? 2);
    const secondsTurn = forwards.length > 1 && this.turn++ % every === every - 1;
    // The search whose turn it is, else the other while it still runs.
    const order = secondsTurn ? [forwards[1], forwards[0]] : forwards;
    order.find((forward) => forward.state === 'running')?.run(budget);
  }

  /** The forward searches, with the plan of the backward search's best position and its positions to meet. */
  private startForward(): void {
    const { analysis, backward } = this;
    const steps = backward.pathToBest();
    const { problem } = analysis;
    // Every box move of the path to the backward search's best position (step-plan.ts).
    const usable = steps.length > 0 && backward.state !== 'memory';
    const plan = !usable ? null : stepPlanFromPath(problem.goals, steps);
    const options = this.config.secondForward === undefined ? [this.config.forward] : [this.config.forward, this.config.secondForward];
    // The memory left after the backward search, shared evenly.
    const maxBytes = Math.max(0, (this.config.maxBytes ?? Number.POSITIVE_INFINITY) - backward.bytes) / options.length;
    this.forwards = options.map((forward) => new FeatureSearch(analysis, { ...forward, maxBytes, plan: plan ?? undefined, meeting: backward }));
  }
}
