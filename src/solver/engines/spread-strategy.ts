import type { LevelAnalysis } from '../planning/analysis.js';
import { Arrangement } from '../planning/arrangement.js';
import { SpreadSearch, type SpreadMeasure } from '../planning/spread-search.js';
import { FeatureSearch, type FeatureSearchConfig } from './feature-search.js';
import type { SearchEngine, SearchState } from './search-engine.js';

/**
 * Positions the spread-out backward search expands before the forward searches start (unless it
 * meets the start or runs dry first). Festival gives its backward search a third of the strategy's
 * time; every position it makes is one more a forward search may meet.
 */
export const SPREAD_SEARCH_POSITIONS = 15_000;

export interface SpreadStrategyConfig {
  readonly maxBytes?: number;
  /** How the backward search weighs the boxes' distance from the goals (default 'goal-sum', strategy D's). */
  readonly measure?: SpreadMeasure;
  /** Positions the backward search expands (default SPREAD_SEARCH_POSITIONS). */
  readonly backwardPositions?: number;
  /** The forward searches' own options (their arrangement, meeting and weights are this strategy's). */
  readonly forward?: Omit<FeatureSearchConfig, 'plan' | 'meeting' | 'maxBytes' | 'arrangement' | 'unweighted'>;
  /**
   * The forward search with weights (advised moves lighter) takes one turn in this many, the one
   * with every move weighing the same the others (default 4: Festival runs the unweighted pass
   * for three quarters of its forward time, then the weighted one).
   */
  readonly weightedTurns?: number;
}

/**
 * Festival's strategy D, hotspot-first, ours (bench/festival-strategies.md): a backward search
 * that pulls the boxes out of the goals and spreads them (planning/spread-search.ts); its best
 * position becomes an arrangement of every box (planning/arrangement.ts) that two searches over
 * features then aim at from the start, taking turns: one where every move weighs the same, one
 * where the advised move weighs less. Reaching any position the backward search made solves the
 * level, its pulls reversed. The backward search's positions count as expanded like the forward ones.
 */
export class SpreadStrategy implements SearchEngine {
  private readonly backward: SpreadSearch;
  private forwards: FeatureSearch[] = [];
  private turn = 0;
  private started = false;
  private readonly limit: number;

  constructor(
    private readonly analysis: LevelAnalysis,
    private readonly config: SpreadStrategyConfig = {},
  ) {
    this.backward = new SpreadSearch(analysis, (config.maxBytes ?? Number.POSITIVE_INFINITY) / 2, config.measure);
    this.limit = config.backwardPositions ?? SPREAD_SEARCH_POSITIONS;
  }

  get state(): SearchState {
    if (this.backward.state === 'met-start') return 'solved';
    if (!this.started) return 'running';
    const { forwards } = this;
    if (forwards.length === 0) return 'exhausted';
    if (forwards.some((forward) => forward.state === 'solved')) return 'solved';
    if (forwards.some((forward) => forward.state === 'unsolvable')) return 'unsolvable';
    if (forwards.some((forward) => forward.state === 'running')) return 'running';
    return forwards[0].state;
  }

  get expanded(): number {
    return this.backward.expanded + this.forwards.reduce((sum, forward) => sum + forward.expanded, 0);
  }

  get generated(): number {
    return this.backward.generated + this.forwards.reduce((sum, forward) => sum + forward.generated, 0);
  }

  get bytes(): number {
    return this.backward.bytes + this.forwards.reduce((sum, forward) => sum + forward.bytes, 0);
  }

  run(budget: number): void {
    if (!this.started) {
      const { backward } = this;
      const before = backward.expanded;
      if (backward.state === 'running') backward.run(Math.min(budget, this.limit - before));
      if (backward.state === 'met-start') return;
      if (backward.state === 'running' && backward.expanded < this.limit) return;
      this.startForward();
      budget -= backward.expanded - before;
      if (budget <= 0) return;
    }
    const { forwards } = this;
    if (forwards.length === 0) return;
    const every = Math.max(2, this.config.weightedTurns ?? 4);
    const weightedTurn = forwards.length > 1 && this.turn++ % every === every - 1;
    // The search whose turn it is, else the other while it still runs.
    const order = weightedTurn ? [forwards[1], forwards[0]] : forwards;
    order.find((forward) => forward.state === 'running')?.run(budget);
  }

  solution(): Int32Array {
    const solved = this.forwards.find((forward) => forward.state === 'solved');
    if (solved !== undefined) return solved.solution();
    if (this.backward.state !== 'met-start') throw new Error('internal: no solution to read');
    return this.backward.pushesHome(this.backward.startNode, this.analysis.problem.initialPlayer);
  }

  /** The two forward searches, aiming at the backward search's best position and meeting its positions. */
  private startForward(): void {
    this.started = true;
    const { analysis, backward } = this;
    const squares = backward.state === 'memory' ? null : backward.bestBoxes();
    if (squares === null) return;
    const arrangement = new Arrangement(analysis, squares);
    const maxBytes = Math.max(0, (this.config.maxBytes ?? Number.POSITIVE_INFINITY) - backward.bytes) / 2;
    const shared = { ...this.config.forward, maxBytes, plan: null, meeting: backward, arrangement, outOfPlan: false };
    this.forwards = [new FeatureSearch(analysis, { ...shared, unweighted: true }), new FeatureSearch(analysis, shared)];
  }
}
