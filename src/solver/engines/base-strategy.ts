import { BaseSearch } from '../planning/base-search.js';
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
  /** Positions each backward search may expand (default BASE_SEARCH_POSITIONS). */
  readonly backwardPositions?: number;
  /** The forward search's own options (its plan and meeting are this strategy's). */
  readonly forward?: Omit<FeatureSearchConfig, 'plan' | 'meeting' | 'maxBytes'>;
}

/**
 * Festival's strategy A, ours (bench/festival-strategies.md): first the backward search with bases
 * (planning/base-search.ts), then the search over features from the start with the packing plan that
 * search's best position gives, solved as soon as it reaches a position the backward search holds
 * with every box. The backward search's positions count as expanded like the forward ones.
 */
export class BaseStrategy implements SearchEngine {
  private backward: BaseSearch;
  /** Whether `backward` is the gated search, with the ungated one still to come if it does not empty the board. */
  private gated: boolean;
  /** Positions and stored positions of a gated search given up for the ungated one. */
  private earlierExpanded = 0;
  private earlierGenerated = 0;
  private forward: FeatureSearch | null = null;
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
    if (this.forward !== null) return this.forward.state;
    return this.backward.state === 'met-start' ? 'solved' : 'running';
  }

  get expanded(): number {
    return this.earlierExpanded + this.backward.expanded + (this.forward?.expanded ?? 0);
  }

  get generated(): number {
    return this.earlierGenerated + this.backward.generated + (this.forward?.generated ?? 0);
  }

  get bytes(): number {
    return this.backward.bytes + (this.forward?.bytes ?? 0);
  }

  run(budget: number): void {
    if (this.forward === null) {
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
    this.forward?.run(budget);
  }

  solution(): Int32Array {
    if (this.forward !== null) return this.forward.solution();
    if (this.backward.state !== 'met-start') throw new Error('internal: no solution to read');
    return this.backward.pushesHome(this.backward.startNode, this.analysis.problem.initialPlayer);
  }

  private newBackward(): BaseSearch {
    return new BaseSearch(this.analysis, (this.config.maxBytes ?? Number.POSITIVE_INFINITY) / 2, {
      gateRemovals: this.gated,
      bestCellTurns: this.config.backwardBestCellTurns === true,
    });
  }

  /** The forward search, with the plan of the backward search's best position and its positions to meet. */
  private startForward(): void {
    const { analysis, backward } = this;
    const steps = backward.pathToBest();
    const { problem } = analysis;
    // Every box move of the path to the backward search's best position (step-plan.ts).
    const usable = steps.length > 0 && backward.state !== 'memory';
    const plan = !usable ? null : stepPlanFromPath(problem.goals, steps);
    const maxBytes = Math.max(0, (this.config.maxBytes ?? Number.POSITIVE_INFINITY) - backward.bytes);
    this.forward = new FeatureSearch(analysis, { ...this.config.forward, maxBytes, plan: plan ?? undefined, meeting: backward });
  }
}
