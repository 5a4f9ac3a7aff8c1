import { type Board, colOf, isInside, rowOf } from '../level/board.js';
import { DIRECTION_DELTA, type Direction, moveLetter } from './direction.js';
import { type GoalRule, isSolved } from './goal-rule.js';
import { type Move, type ParsedMoves, formatMoves, parseMoves } from './moves.js';
import { squareName } from './notation.js';
import { type BlockReason, step } from './step.js';

export type FailureReason = BlockReason | 'case-mismatch';

export interface ReplayFailure {
  /** 1-based index of the failing move in the expanded move list. */
  readonly index: number;
  /** The move's letter as given (lower case when the case was not given). */
  readonly move: string;
  /** 0-based row and column of the square the player stood on when the move failed. */
  readonly row: number;
  readonly col: number;
  /** The same square in the lettered notation, e.g. "Li". */
  readonly square: string;
  readonly reason: FailureReason;
  /** One human sentence: the move, where (row and column counted from 1, as file positions are), and why it cannot be made. */
  readonly message: string;
  /** The position before the failing move. */
  readonly board: Board;
}

export interface ReplayResult {
  /** Every move could be made. */
  readonly valid: boolean;
  /** Valid, and the final position is won under the rule. */
  readonly solved: boolean;
  /** Moves and pushes actually made (up to the failure, if any). */
  readonly moves: number;
  readonly pushes: number;
  /** Canonical LURD of the moves made, with the case worked out from the board. */
  readonly solution: string;
  readonly error: ReplayFailure | null;
  /** The final position, or the position at the failure. */
  readonly board: Board;
  /**
   * How many moves had been made when the board was first won: 0 when it is won at the start,
   * null when it never was (a solution that wins early and walks on is worth flagging).
   */
  readonly solvedAfter: number | null;
}

export interface ReplayOptions {
  readonly rule: GoalRule;
  /** A letter whose case contradicts what it does is a failure instead of being corrected. */
  readonly strictCase?: boolean;
  /** Named in move syntax errors. */
  readonly file?: string;
}

const WHERE: Readonly<Record<Direction, string>> = {
  up: 'above',
  down: 'below',
  left: 'to the left',
  right: 'to the right',
};

function nameOf(board: Board, row: number, col: number): string {
  return isInside(board, row, col) ? squareName(row, col) : 'off the board';
}

function describeFailure(board: Board, move: Move, given: string, reason: FailureReason): string {
  const [dr, dc] = DIRECTION_DELTA[move.direction];
  const row = rowOf(board, board.player);
  const col = colOf(board, board.player);
  const next = nameOf(board, row + dr, col + dc);
  const beyond = nameOf(board, row + 2 * dr, col + 2 * dc);
  switch (reason) {
    case 'wall':
      return `the square ${WHERE[move.direction]} (${next}) is a wall`;
    case 'box-blocked-by-wall':
      return `the box at ${next} cannot be pushed ${move.direction}: ${beyond} is a wall`;
    case 'box-blocked-by-box':
      return `the box at ${next} cannot be pushed ${move.direction}: ${beyond} holds another box`;
    case 'case-mismatch':
      return move.push === true
        ? `'${given}' is written as a push, but there is no box at ${next} (it should be '${given.toLowerCase()}')`
        : `'${given}' is written as a walk, but it pushes the box at ${next} (it should be '${given.toUpperCase()}')`;
  }
}

function failure(board: Board, move: Move, index: number, reason: FailureReason): ReplayFailure {
  const given = moveLetter(move.direction, move.push === true);
  const row = rowOf(board, board.player);
  const col = colOf(board, board.player);
  const square = squareName(row, col);
  const why = describeFailure(board, move, given, reason);
  return {
    index,
    move: given,
    row,
    col,
    square,
    reason,
    message: `move ${index} '${given}' from ${square} (row ${row + 1}, column ${col + 1}) fails: ${why}`,
    board,
  };
}

/**
 * Plays a move string from a position and reports exactly how far it gets.
 * A string with no upper case is checked for legality only, and its pushes are worked out;
 * a string with case given is trusted as written unless strictCase asks for it to be checked.
 * Throws MoveSyntaxError when the string itself cannot be read.
 */
export function replay(board: Board, moves: string | ParsedMoves, options: ReplayOptions): ReplayResult {
  const parsed = typeof moves === 'string' ? parseMoves(moves, { file: options.file, strictCase: options.strictCase }) : moves;
  const made: { direction: Direction; push: boolean }[] = [];
  let current = board;
  let pushes = 0;
  let solvedAfter: number | null = isSolved(current, options.rule) ? 0 : null;
  let error: ReplayFailure | null = null;
  for (let i = 0; i < parsed.moves.length; i++) {
    const move = parsed.moves[i];
    const result = step(current, move.direction);
    if (!result.ok) {
      error = failure(current, move, i + 1, result.reason);
      break;
    }
    if (options.strictCase === true && move.push !== null && move.push !== result.pushed) {
      error = failure(current, move, i + 1, 'case-mismatch');
      break;
    }
    current = result.board;
    made.push({ direction: move.direction, push: result.pushed });
    if (result.pushed) pushes++;
    if (solvedAfter === null && isSolved(current, options.rule)) solvedAfter = i + 1;
  }
  return {
    valid: error === null,
    solved: error === null && isSolved(current, options.rule),
    moves: made.length,
    pushes,
    solution: formatMoves(made),
    error,
    board: current,
    solvedAfter,
  };
}
