import { SearchLimitError } from '../errors.js';
import { directionOfLetter, type Direction } from '../game/direction.js';
import { stateToBoard, type Cs161State } from '../game/cs161.js';
import type { SnekobanGame } from '../game/snekoban.js';
import { buildProblem } from './model/problem.js';
import { computePushDistances } from './geometry/push-distances.js';
import { INFEASIBLE, MatchingBound } from './bounds/matching-bound.js';
import { solve, type SolveOptions } from './solve.js';

/**
 * The 6.101 lab's solver interface: the shortest list of directions that wins (all-goals rule),
 * or null when no sequence of moves ever wins. A search that runs out of time or memory throws
 * SearchLimitError instead of returning null, which would claim there is no solution.
 */
export function solvePuzzle(game: SnekobanGame, options: Pick<SolveOptions, 'timeLimitMs' | 'maxMemoryMiB'> = {}): Direction[] | null {
  const result = solve(game.board, { ...options, optimal: 'moves', rule: 'all-goals' });
  if (result.status === 'unsolvable') return null;
  if (result.status !== 'solved' || result.solution === null) {
    throw new SearchLimitError(result.limit ?? 'time', `the search stopped at its ${result.limit ?? 'time'} limit before finding the shortest solution`);
  }
  return [...result.solution].map((letter) => {
    const direction = directionOfLetter(letter);
    if (direction === undefined) throw new Error(`internal: solver produced the letter ${letter}`);
    return direction;
  });
}

/**
 * CS161 heuristic h2: our admissible bound, the minimum-cost matching of boxes to goals over
 * push distances that respect walls and the player's need to stand behind each box. It never
 * exceeds the number of moves still needed; Infinity when no matching exists (a lost position).
 */
export function h2(state: Cs161State, rule: 'all-boxes' | 'keeper-too' = 'all-boxes'): number {
  const problem = buildProblem(stateToBoard(state), rule);
  if (problem.hopelessBecause !== null) return Infinity;
  const bound = new MatchingBound(computePushDistances(problem), problem.initialBoxes.length, problem.everyBoxNeedsGoal);
  const value = bound.evaluate(problem.initialBoxes, problem.initialBoxes.length);
  return value === INFEASIBLE ? Infinity : value;
}
