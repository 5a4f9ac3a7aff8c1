import { BOX, GOAL, WALL, type Board } from '../../level/board.js';
import { INFEASIBLE, MatchingBound } from '../bounds/matching-bound.js';
import { computePushDistances } from '../geometry/push-distances.js';
import { buildProblem, type Problem } from '../model/problem.js';

/** The two victory rules of the CS161 homework's versions. */
export type Cs161Rule = 'all-boxes' | 'keeper-too';

/**
 * The CS161 h2 bound for one level layout: the minimum-cost matching of boxes to goals over push
 * distances (walls only, the player standing behind each push). Every move pushes at most one box
 * one square, so the number of moves left is at least this many pushes: admissible under both
 * rules, also with spare goals, as each box must end on a goal of its own. Infinity when no
 * matching exists, i.e. the position is lost (a box on a dead square, say).
 *
 * Building the push distances costs far more than one evaluation, so a search builds this once
 * for its start state and evaluates every state it meets against it: the walls, goals and the
 * player's area never change along a search.
 */
export class Cs161Bound {
  private readonly problem: Problem;
  private readonly bound: MatchingBound | null;
  private readonly boxCells: Int32Array;

  constructor(board: Board, rule: Cs161Rule) {
    this.problem = buildProblem(board, rule);
    this.boxCells = new Int32Array(this.problem.initialBoxes.length);
    this.bound =
      this.problem.hopelessBecause === null ? new MatchingBound(computePushDistances(this.problem), this.problem.initialBoxes.length, this.problem.everyBoxNeedsGoal) : null;
  }

  /**
   * The bound for the boxes on these board squares (same width as the board it was built for).
   * A box outside the player's area can never move: it is lost off a goal, ignored on one.
   */
  evaluateSquares(boxSquares: ArrayLike<number>, onGoal: (square: number) => boolean): number {
    if (this.bound === null) return Infinity;
    let count = 0;
    for (let i = 0; i < boxSquares.length; i++) {
      const square = boxSquares[i];
      const cell = this.problem.cellOfSquare[square];
      if (cell < 0) {
        if (!onGoal(square)) return Infinity;
        continue;
      }
      // More movable boxes than the layout had means a state of some other level.
      if (count === this.boxCells.length) throw new Error('internal: CS161 bound evaluated with more boxes than its level has');
      this.boxCells[count++] = cell;
    }
    const value = this.bound.evaluate(this.boxCells, count);
    return value === INFEASIBLE ? Infinity : value;
  }
}

/**
 * A text naming everything a Cs161Bound depends on: size, rule, walls, goals, the squares the
 * player's area covers (boxes counted as floor), the movable box count and boxes outside that area.
 * Two states with the same key get the same bound object.
 */
export function boundLayoutKey(board: Board, rule: Cs161Rule): string {
  const { width, height, squares, player } = board;
  const size = width * height;
  const reached = new Uint8Array(size);
  const stack = [player];
  reached[player] = 1;
  while (stack.length > 0) {
    const square = stack.pop() as number;
    const col = square % width;
    const around = [square - width, square + width, col > 0 ? square - 1 : -1, col < width - 1 ? square + 1 : -1];
    for (const next of around) {
      if (next >= 0 && next < size && reached[next] === 0 && (squares[next] & WALL) === 0) {
        reached[next] = 1;
        stack.push(next);
      }
    }
  }
  let movableBoxes = 0;
  let layout = '';
  for (let square = 0; square < size; square++) {
    const flags = squares[square];
    if (reached[square] === 1) {
      if ((flags & BOX) !== 0) movableBoxes++;
      layout += (flags & GOAL) !== 0 ? '.' : ' ';
    } else {
      layout += (flags & WALL) !== 0 ? '#' : String.fromCharCode(48 + (flags & (BOX | GOAL)));
    }
  }
  return `${rule} ${width}x${height} ${movableBoxes} ${layout}`;
}
