import { BOX, WALL, type Board } from '../level/board.js';
import { DIRECTION_DELTA, DIRECTION_LETTER, DIRECTIONS } from './direction.js';

/**
 * The moves of a shortest walk (no pushes) from the player to `target`, in lower-case LURD; the
 * empty string when the player stands there already, and null when no walk gets there (a wall, a
 * box, or a square boxes or walls shut off). Breadth-first over the squares, trying directions in
 * the order of DIRECTIONS, so the same board always gives the same walk.
 */
export function shortestWalk(board: Board, target: number): string | null {
  const { width, height, squares } = board;
  if (target < 0 || target >= squares.length || (squares[target] & (WALL | BOX)) !== 0) return null;
  if (target === board.player) return '';
  // came[square]: 1 + the index in DIRECTIONS of the step that first reached it; 0 = not reached.
  const came = new Uint8Array(squares.length);
  const queue = new Int32Array(squares.length);
  let head = 0;
  let tail = 0;
  queue[tail++] = board.player;
  came[board.player] = 255;
  while (head < tail) {
    const square = queue[head++];
    const row = Math.floor(square / width);
    const col = square % width;
    for (let d = 0; d < DIRECTIONS.length; d++) {
      const [dr, dc] = DIRECTION_DELTA[DIRECTIONS[d]];
      const nextRow = row + dr;
      const nextCol = col + dc;
      if (nextRow < 0 || nextRow >= height || nextCol < 0 || nextCol >= width) continue;
      const next = nextRow * width + nextCol;
      if (came[next] !== 0 || (squares[next] & (WALL | BOX)) !== 0) continue;
      came[next] = d + 1;
      if (next === target) return walkBack(board, came, target);
      queue[tail++] = next;
    }
  }
  return null;
}

/** Follows the steps that reached `target` back to the player, and returns them in walking order. */
function walkBack(board: Board, came: Uint8Array, target: number): string {
  const letters: string[] = [];
  let square = target;
  while (square !== board.player) {
    const direction = DIRECTIONS[came[square] - 1];
    letters.push(DIRECTION_LETTER[direction]);
    const [dr, dc] = DIRECTION_DELTA[direction];
    square -= dr * board.width + dc;
  }
  return letters.reverse().join('');
}
