import type { Problem } from './problem.js';
import { computePushDistances, deadCells, type PushDistances } from './push-distances.js';

/** What every search of a level shares: computed once per level, read-only afterwards. */
export interface LevelAnalysis {
  readonly problem: Problem;
  readonly distances: PushDistances;
  /** 1 where a box can never reach a goal; all zero when spare boxes may stay anywhere. */
  readonly dead: Uint8Array;
}

export function analyzeLevel(problem: Problem): LevelAnalysis {
  const distances = computePushDistances(problem);
  const dead = problem.everyBoxNeedsGoal ? deadCells(distances) : new Uint8Array(problem.cellCount);
  return { problem, distances, dead };
}
