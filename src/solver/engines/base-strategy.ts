import { BaseSearch } from '../planning/base-search.js';
import type { LevelAnalysis } from '../planning/analysis.js';
import { planFromPath } from '../planning/backward-plan.js';
import { stepPlanFromPath } from '../planning/step-plan.js';
import { FeatureSearch, type FeatureSearchConfig } from './feature-search.js';
import type { SearchEngine, SearchState } from './search-engine.js';

/**
 * Positions the backward search with bases may expand before the forward search starts, when the
 * board has not emptied by then. It usually empties within a few thousand positions; past this,
 * more of the same adds little to the perimeter and holds back the search that finds solutions.
 */
export const BASE_SEARCH_POSITIONS = 10_000;

export interface BaseStrategyConfig {
  readonly maxBytes?: number;
  /** Positions the backward search may expand (default BASE_SEARCH_POSITIONS). */
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
  private readonly backward: BaseSearch;
  private forward: FeatureSearch | null = null;
  private readonly limit: number;

  constructor(
    private readonly analysis: LevelAnalysis,
    private readonly config: BaseStrategyConfig = {},
  ) {
    this.backward = new BaseSearch(analysis, (config.maxBytes ?? Number.POSITIVE_INFINITY) / 2);
    this.limit = config.backwardPositions ?? BASE_SEARCH_POSITIONS;
  }

  get state(): SearchState {
    if (this.forward !== null) return this.forward.state;
    return this.backward.state === 'met-start' ? 'solved' : 'running';
  }

  get expanded(): number {
    return this.backward.expanded + (this.forward?.expanded ?? 0);
  }

  get generated(): number {
    return this.backward.generated + (this.forward?.generated ?? 0);
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

  /** The forward search, with the plan of the backward search's best position and its positions to meet. */
  private startForward(): void {
    const { analysis, backward } = this;
    const steps = backward.pathToBest();
    const { problem } = analysis;
    // Every box move of a path that emptied the board; else goals and parking squares of the best position's path.
    const usable = steps.length > 0 && backward.state !== 'memory';
    const plan = !usable ? null : (stepPlanFromPath(problem.goals.length, steps) ?? planFromPath(problem, steps, analysis.backward().distances.nearest));
    const maxBytes = Math.max(0, (this.config.maxBytes ?? Number.POSITIVE_INFINITY) - backward.bytes);
    this.forward = new FeatureSearch(analysis, { ...this.config.forward, maxBytes, plan: plan ?? undefined, meeting: backward });
  }
}
