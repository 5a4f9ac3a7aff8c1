import type { Board } from '../level/board.js';
import type { Direction } from './direction.js';
import { type ParsedMoves, formatMoves, parseMoves } from './moves.js';
import { step } from './step.js';

/** The first push of a move string: the walk that leads to it, the push, and the box it moves. */
export interface NextPush {
  /** LURD of the walk and the push, e.g. "rrdL". */
  readonly moves: string;
  /** Steps of the walk before the push. */
  readonly walk: number;
  readonly direction: Direction;
  /** Board squares (row * width + col) the box is pushed from and to. */
  readonly boxFrom: number;
  readonly boxTo: number;
  /** The position after the push. */
  readonly board: Board;
}

/**
 * Plays `moves` from `board` up to and including their first push: what a hint shows one push
 * at a time. Null when the moves push nothing, or make an illegal step before their first push.
 */
export function nextPush(board: Board, moves: string | ParsedMoves): NextPush | null {
  const parsed = typeof moves === 'string' ? parseMoves(moves) : moves;
  const made: { direction: Direction; push: boolean }[] = [];
  let current = board;
  for (const move of parsed.moves) {
    const result = step(current, move.direction);
    if (!result.ok) return null;
    made.push({ direction: move.direction, push: result.pushed });
    if (result.pushed) {
      const boxFrom = result.board.player;
      const boxTo = boxFrom + (boxFrom - current.player);
      return { moves: formatMoves(made), walk: made.length - 1, direction: move.direction, boxFrom, boxTo, board: result.board };
    }
    current = result.board;
  }
  return null;
}
