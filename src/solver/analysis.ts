import type { Problem } from './problem.js';
import { computePullDistances, computePushDistances, deadCells, sideRegions, type PushDistances } from './push-distances.js';

/** Distances and dead cells for one direction of search. */
export interface DirectionTables {
  readonly distances: PushDistances;
  /** 1 where a box can never reach a target; all zero when spare boxes may stay anywhere. */
  readonly dead: Uint8Array;
}

/** What every search of a level shares: computed once per level, read-only afterwards. */
export interface LevelAnalysis extends DirectionTables {
  readonly problem: Problem;
  readonly regions: Int32Array;
  /** Tables for pulling boxes from the goals back to their starting cells, made on first use. */
  backward(): DirectionTables;
}

export function analyzeLevel(problem: Problem): LevelAnalysis {
  const regions = sideRegions(problem);
  const distances = computePushDistances(problem, regions);
  const dead = problem.everyBoxNeedsGoal ? deadCells(distances) : new Uint8Array(problem.cellCount);
  let backward: DirectionTables | undefined;
  return {
    problem,
    regions,
    distances,
    dead,
    backward() {
      if (backward === undefined) {
        const pulls = computePullDistances(problem, problem.initialBoxes, regions);
        backward = { distances: pulls, dead: deadCells(pulls) };
      }
      return backward;
    },
  };
}

/**
 * Searching backwards starts from the one box configuration that wins, so it needs every goal
 * filled by exactly one box at the end.
 */
export function canSearchBackward(problem: Problem): boolean {
  return problem.rule !== 'keeper-too' && problem.initialBoxes.length === problem.goals.length && problem.goals.length > 0;
}
