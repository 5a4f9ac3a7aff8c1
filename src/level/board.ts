/**
 * A board is the whole game position: fixed walls and goals, movable boxes, the player.
 * Squares are stored row-major; anything outside width x height counts as wall
 * (the CS161 rule, which also makes open XSB boards well defined).
 */

export const WALL = 1;
export const GOAL = 2;
export const BOX = 4;

export interface Board {
  readonly width: number;
  readonly height: number;
  /** One byte per square: WALL | GOAL | BOX flags. Never mutated once a board is built. */
  readonly squares: Uint8Array;
  /** Player square as row * width + col. */
  readonly player: number;
}

/**
 * The most squares a board may have, about 256 by 256: far above any published level, and what
 * the solver's tables (16-bit distances, per-cell analyses) and the drawing commands handle. A
 * larger board is refused when it is read, so no command builds a hundred-million-square board.
 */
export const MAX_BOARD_SQUARES = 65_536;

/** Why a board of this size is refused, or null when it is within MAX_BOARD_SQUARES. */
export function boardSizeProblem(width: number, height: number): string | null {
  const squares = width * height;
  if (squares <= MAX_BOARD_SQUARES) return null;
  return `the board is ${width} by ${height} squares (${squares}); at most ${MAX_BOARD_SQUARES} squares are read`;
}

export function squareIndex(board: Pick<Board, 'width'>, row: number, col: number): number {
  return row * board.width + col;
}

export function rowOf(board: Pick<Board, 'width'>, square: number): number {
  return Math.floor(square / board.width);
}

export function colOf(board: Pick<Board, 'width'>, square: number): number {
  return square % board.width;
}

/** Rows and columns that hold the squares `marked` says yes to; null when it says yes to none. */
export function boundingBox(
  board: Pick<Board, 'width' | 'squares'>,
  marked: (square: number) => boolean,
): { readonly top: number; readonly bottom: number; readonly left: number; readonly right: number } | null {
  const { width, squares } = board;
  let top = Number.MAX_SAFE_INTEGER;
  let bottom = -1;
  let left = Number.MAX_SAFE_INTEGER;
  let right = -1;
  for (let square = 0; square < squares.length; square++) {
    if (!marked(square)) continue;
    const row = Math.floor(square / width);
    const col = square - row * width;
    top = Math.min(top, row);
    bottom = Math.max(bottom, row);
    left = Math.min(left, col);
    right = Math.max(right, col);
  }
  return bottom < 0 ? null : { top, bottom, left, right };
}

export function isInside(board: Pick<Board, 'width' | 'height'>, row: number, col: number): boolean {
  return row >= 0 && row < board.height && col >= 0 && col < board.width;
}

export function hasWall(board: Board, row: number, col: number): boolean {
  return !isInside(board, row, col) || (board.squares[squareIndex(board, row, col)] & WALL) !== 0;
}

export function hasBox(board: Board, row: number, col: number): boolean {
  return isInside(board, row, col) && (board.squares[squareIndex(board, row, col)] & BOX) !== 0;
}

export function hasGoal(board: Board, row: number, col: number): boolean {
  return isInside(board, row, col) && (board.squares[squareIndex(board, row, col)] & GOAL) !== 0;
}

export function countSquares(board: Board, flag: number): number {
  let count = 0;
  for (const square of board.squares) if ((square & flag) !== 0) count++;
  return count;
}

export function boxSquares(board: Board): number[] {
  const result: number[] = [];
  board.squares.forEach((square, index) => {
    if ((square & BOX) !== 0) result.push(index);
  });
  return result;
}

export function goalSquares(board: Board): number[] {
  const result: number[] = [];
  board.squares.forEach((square, index) => {
    if ((square & GOAL) !== 0) result.push(index);
  });
  return result;
}

export function boardsEqual(a: Board, b: Board): boolean {
  if (a.width !== b.width || a.height !== b.height || a.player !== b.player) return false;
  for (let i = 0; i < a.squares.length; i++) if (a.squares[i] !== b.squares[i]) return false;
  return true;
}
