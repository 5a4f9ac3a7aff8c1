import type { Board } from './board.js';

/**
 * One of the 8 ways to turn or mirror a board (the symmetries of the square): optionally
 * transpose, then optionally flip the rows upside down, then optionally flip the columns.
 * Together these give the 4 rotations and the 4 reflections.
 */
export interface Symmetry {
  readonly transpose: boolean;
  readonly flipRows: boolean;
  readonly flipCols: boolean;
}

export const SYMMETRIES: readonly Symmetry[] = [false, true].flatMap((transpose) =>
  [false, true].flatMap((flipRows) => [false, true].map((flipCols) => ({ transpose, flipRows, flipCols }))),
);

/** Width and height of a width x height board after the symmetry. */
export function transformedSize(symmetry: Symmetry, width: number, height: number): { width: number; height: number } {
  return symmetry.transpose ? { width: height, height: width } : { width, height };
}

/** Where square (row, col) of a width x height board lands after the symmetry, as [row, col]. */
export function transformPoint(symmetry: Symmetry, width: number, height: number, row: number, col: number): [number, number] {
  const size = transformedSize(symmetry, width, height);
  let r = symmetry.transpose ? col : row;
  let c = symmetry.transpose ? row : col;
  if (symmetry.flipRows) r = size.height - 1 - r;
  if (symmetry.flipCols) c = size.width - 1 - c;
  return [r, c];
}

/** A step (delta row, delta col) after the symmetry: a step turns and mirrors like the board. */
export function transformStep(symmetry: Symmetry, deltaRow: number, deltaCol: number): [number, number] {
  let r = symmetry.transpose ? deltaCol : deltaRow;
  let c = symmetry.transpose ? deltaRow : deltaCol;
  if (symmetry.flipRows) r = -r;
  if (symmetry.flipCols) c = -c;
  return [r, c];
}

/** The board turned or mirrored: every square, box and goal moves with it, the player too. */
export function transformBoard(board: Board, symmetry: Symmetry): Board {
  const { width, height } = transformedSize(symmetry, board.width, board.height);
  const squares = new Uint8Array(width * height);
  let player = 0;
  for (let row = 0; row < board.height; row++) {
    for (let col = 0; col < board.width; col++) {
      const [r, c] = transformPoint(symmetry, board.width, board.height, row, col);
      const from = row * board.width + col;
      squares[r * width + c] = board.squares[from];
      if (from === board.player) player = r * width + c;
    }
  }
  return { width, height, squares, player };
}
