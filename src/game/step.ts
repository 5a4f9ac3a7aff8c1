import { BOX, WALL, type Board, colOf, isInside, rowOf } from '../level/board.js';
import { DIRECTION_DELTA, type Direction } from './direction.js';

export type BlockReason = 'wall' | 'box-blocked-by-wall' | 'box-blocked-by-box';

export type StepResult = { readonly ok: true; readonly board: Board; readonly pushed: boolean } | { readonly ok: false; readonly reason: BlockReason };

/**
 * One player step. Walking into a box pushes it when the square beyond is free floor or goal;
 * any blocked step leaves the board as it was. Never mutates its input.
 */
export function step(board: Board, direction: Direction): StepResult {
  const [dr, dc] = DIRECTION_DELTA[direction];
  const row = rowOf(board, board.player) + dr;
  const col = colOf(board, board.player) + dc;
  if (!isInside(board, row, col)) return { ok: false, reason: 'wall' };
  const target = row * board.width + col;
  const targetFlags = board.squares[target];
  if ((targetFlags & WALL) !== 0) return { ok: false, reason: 'wall' };
  if ((targetFlags & BOX) === 0) {
    return { ok: true, board: { ...board, player: target }, pushed: false };
  }
  const beyondRow = row + dr;
  const beyondCol = col + dc;
  if (!isInside(board, beyondRow, beyondCol)) return { ok: false, reason: 'box-blocked-by-wall' };
  const beyond = beyondRow * board.width + beyondCol;
  const beyondFlags = board.squares[beyond];
  if ((beyondFlags & WALL) !== 0) return { ok: false, reason: 'box-blocked-by-wall' };
  if ((beyondFlags & BOX) !== 0) return { ok: false, reason: 'box-blocked-by-box' };
  const squares = board.squares.slice();
  squares[target] &= ~BOX;
  squares[beyond] |= BOX;
  return { ok: true, board: { width: board.width, height: board.height, squares, player: target }, pushed: true };
}

/** The board after a step, or the same board when the step is blocked (the 6.101 rule). */
export function stepOrStay(board: Board, direction: Direction): Board {
  const result = step(board, direction);
  return result.ok ? result.board : board;
}
