import { BOX, WALL, type Board } from '../level/board.js';
import { canonicalBoard } from '../level/canonical.js';
import type { Level } from '../level/level.js';
import { type Symmetry, transformStep } from '../level/symmetry.js';
import { DIRECTIONS, DIRECTION_DELTA, type Direction, directionOfLetter, moveLetter } from './direction.js';

/**
 * The level in canonical form (level/canonical.ts), keeping title, author and comments. Its
 * stored solutions are carried over: every move turned and mirrored as the board was, after a
 * walk from the player's new square to where the old one stood, so they still solve it.
 */
export function canonicalLevel(level: Level): Level {
  const canonical = canonicalBoard(level.board);
  const walk = walkBetween(canonical.board, canonical.board.player, canonical.playerBefore);
  const solutions = level.solutions.map((solution) => walk + transformMoves(solution, canonical.symmetry));
  return { ...level, board: canonical.board, solutions };
}

/** LURD moves turned and mirrored by the symmetry; characters that are not moves stay as they are. */
export function transformMoves(moves: string, symmetry: Symmetry): string {
  let result = '';
  for (const letter of moves) {
    const direction = directionOfLetter(letter);
    if (direction === undefined) {
      result += letter;
      continue;
    }
    const [deltaRow, deltaCol] = DIRECTION_DELTA[direction];
    const [row, col] = transformStep(symmetry, deltaRow, deltaCol);
    const turned = DIRECTIONS.find((candidate) => DIRECTION_DELTA[candidate][0] === row && DIRECTION_DELTA[candidate][1] === col) as Direction;
    result += moveLetter(turned, letter !== letter.toLowerCase());
  }
  return result;
}

/** A shortest walk (lower-case LURD, no pushes) from one square to another, going round boxes; '' when they are the same. */
export function walkBetween(board: Board, from: number, to: number): string {
  if (from === to) return '';
  const { width, height, squares } = board;
  const cameBy = new Int8Array(squares.length).fill(-1);
  const queue = [from];
  cameBy[from] = 4;
  for (let head = 0; head < queue.length && cameBy[to] < 0; head++) {
    const square = queue[head];
    const row = Math.floor(square / width);
    const col = square - row * width;
    DIRECTIONS.forEach((direction, index) => {
      const [dr, dc] = DIRECTION_DELTA[direction];
      const r = row + dr;
      const c = col + dc;
      if (r < 0 || r >= height || c < 0 || c >= width) return;
      const next = r * width + c;
      if (cameBy[next] >= 0 || (squares[next] & (WALL | BOX)) !== 0) return;
      cameBy[next] = index;
      queue.push(next);
    });
  }
  if (cameBy[to] < 0) throw new RangeError('walkBetween: the squares are not connected');
  let path = '';
  for (let square = to; square !== from; ) {
    const direction = DIRECTIONS[cameBy[square]];
    path = moveLetter(direction, false) + path;
    const [dr, dc] = DIRECTION_DELTA[direction];
    square -= dr * width + dc;
  }
  return path;
}
