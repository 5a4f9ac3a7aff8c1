import { DIRECTION_DELTA, DIRECTIONS, moveLetter } from '../../game/direction.js';
import { step } from '../../game/step.js';
import { shortestWalk } from '../../game/walk.js';
import { BOX, type Board } from '../../level/board.js';

/**
 * What a click on a square of the board asks for, as LURD: a shortest walk to a floor square, or
 * the one push of a box beside the player away from it. Null when the click asks for nothing the
 * rules allow (a wall, a box out of reach or blocked, a square shut off); the empty string on the
 * player's own square. Kept free of the DOM so it is tested with tiny boards like the rules are.
 */
export function movesForClick(board: Board, square: number): string | null {
  if (square < 0 || square >= board.squares.length) return null;
  if ((board.squares[square] & BOX) === 0) return shortestWalk(board, square);
  const direction = DIRECTIONS.find((candidate) => {
    const [dr, dc] = DIRECTION_DELTA[candidate];
    return isNeighbour(board, board.player, square, dr, dc);
  });
  if (direction === undefined) return null;
  return step(board, direction).ok ? moveLetter(direction, true) : null;
}

/** True when `to` is one step from `from` in the direction (dr, dc), without wrapping round a row's end. */
function isNeighbour(board: Board, from: number, to: number, dr: number, dc: number): boolean {
  const row = Math.floor(from / board.width) + dr;
  const col = (from % board.width) + dc;
  return col >= 0 && col < board.width && row >= 0 && row < board.height && row * board.width + col === to;
}
