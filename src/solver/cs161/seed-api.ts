import { SearchLimitError } from '../../errors.js';
import { directionOfLetter, type Direction } from '../../game/direction.js';
import { stateToBoard, type Cs161State } from '../../game/cs161.js';
import type { SnekobanGame } from '../../game/snekoban.js';
import { BOX, GOAL } from '../../level/board.js';
import { Cs161Bound, type Cs161Rule, boundLayoutKey } from './bound.js';
import { solve, type SolveOptions } from '../solve.js';

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

/** The last layout h2 was asked about: a search asks about one layout many times in a row. */
let lastLayout: { readonly key: string; readonly bound: Cs161Bound } | null = null;

/**
 * CS161 heuristic h2: our admissible bound, the minimum-cost matching of boxes to goals over push
 * distances that respect walls and the player's need to stand behind each box (see Cs161Bound).
 * It never exceeds the number of moves still needed; Infinity when no matching exists (a lost position).
 */
export function h2(state: Cs161State, rule: Cs161Rule = 'all-boxes'): number {
  const board = stateToBoard(state);
  const key = boundLayoutKey(board, rule);
  if (lastLayout === null || lastLayout.key !== key) lastLayout = { key, bound: new Cs161Bound(board, rule) };
  const boxes: number[] = [];
  for (let square = 0; square < board.squares.length; square++) if ((board.squares[square] & BOX) !== 0) boxes.push(square);
  return lastLayout.bound.evaluateSquares(boxes, (square) => (board.squares[square] & GOAL) !== 0);
}
