import { WALL, type Board } from './board.js';

/**
 * True when the player can walk (treating boxes as passable) to a square on the edge of the
 * drawn grid, i.e. the walls around it are open. Off-grid squares are walls, so such a board is
 * still playable; for XSB, where a closed border is the convention, it deserves a warning.
 * Walled-off pockets (boxes on goals drawn as decoration) are never visited, so they never matter.
 */
export function playerCanLeave(board: Board): boolean {
  const { width, height, squares } = board;
  const seen = new Uint8Array(squares.length);
  const stack = [board.player];
  seen[board.player] = 1;
  while (stack.length > 0) {
    const square = stack.pop() as number;
    const row = Math.floor(square / width);
    const col = square - row * width;
    if (row === 0 || col === 0 || row === height - 1 || col === width - 1) return true;
    for (const next of [square - width, square + width, square - 1, square + 1]) {
      if (seen[next] === 0 && (squares[next] & WALL) === 0) {
        seen[next] = 1;
        stack.push(next);
      }
    }
  }
  return false;
}
