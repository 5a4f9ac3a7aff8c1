import { BOX, WALL, type Board } from './board.js';

/**
 * Squares the player could walk to if every box were out of the way: the level's playing area.
 * Boxes outside it can never be touched, and nothing outside it can ever change.
 * Off-grid counts as wall, so the flood never leaves the drawn rectangle.
 */
export function playingArea(board: Board): Uint8Array {
  return flood(board, WALL);
}

/** Squares the player can walk to now, going round the boxes where they stand. */
export function playerReach(board: Board): Uint8Array {
  return flood(board, WALL | BOX);
}

function flood(board: Board, blocking: number): Uint8Array {
  const { width, height, squares } = board;
  const seen = new Uint8Array(squares.length);
  const stack = [board.player];
  seen[board.player] = 1;
  while (stack.length > 0) {
    const square = stack.pop() as number;
    const row = Math.floor(square / width);
    const col = square - row * width;
    if (row > 0) visit(square - width);
    if (row < height - 1) visit(square + width);
    if (col > 0) visit(square - 1);
    if (col < width - 1) visit(square + 1);
  }
  return seen;

  function visit(next: number): void {
    if (seen[next] === 0 && (squares[next] & blocking) === 0) {
      seen[next] = 1;
      stack.push(next);
    }
  }
}
