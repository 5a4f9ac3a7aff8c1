import { MoveSyntaxError } from '../errors.js';
import { type Board, colOf, rowOf } from '../level/board.js';
import { moveLetter } from './direction.js';
import { type ParsedMoves, parseMoves } from './moves.js';
import { step } from './step.js';

/** Spreadsheet-style letters so boards wider or taller than 26 still get names: a..z, aa, ab, ... */
function lettersFor(index: number, alphabetStart: number): string {
  let text = '';
  let rest = index;
  do {
    text = String.fromCharCode(alphabetStart + (rest % 26)) + text;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return text;
}

/** A column's letters in the square notation: A for column 0, then B.., Z, AA, AB, ... */
export function columnLetters(col: number): string {
  return lettersFor(col, 65);
}

/** A row's letters in the square notation: a for row 0, then b.., z, aa, ab, ... */
export function rowLetters(row: number): string {
  return lettersFor(row, 97);
}

/**
 * The lettered square notation (CSD311 style): column letter(s) A.. then row letter(s) a..,
 * both from 0-based coordinates, so row 8, column 11 is "Li".
 */
export function squareName(row: number, col: number): string {
  if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0) {
    throw new RangeError(`squareName needs non-negative integer coordinates, got (${row}, ${col})`);
  }
  return columnLetters(col) + rowLetters(row);
}

/** Board squares (row-major indices) by their lettered names, as the verifier names them ("Fe"). */
export function squareNames(board: Board, squares: readonly number[]): string[] {
  return squares.map((square) => squareName(rowOf(board, square), colOf(board, square)));
}

/** The player's squares (row-major indices), the start square first, then one per move. */
export function squarePath(board: Board, moves: string | ParsedMoves, file = '<input>'): number[] {
  const parsed = typeof moves === 'string' ? parseMoves(moves, { file }) : moves;
  const path = [board.player];
  let current = board;
  parsed.moves.forEach((move, i) => {
    const result = step(current, move.direction);
    if (!result.ok) {
      // A path through a blocked step would be a silently wrong answer, so refuse it.
      const letter = moveLetter(move.direction, move.push === true);
      throw new MoveSyntaxError(`move ${i + 1} '${letter}' is blocked (${result.reason.replaceAll('-', ' ')})`, {
        file,
        index: i + 1,
      });
    }
    current = result.board;
    path.push(current.player);
  });
  return path;
}

/**
 * The moves written as the player's successive squares, start square first, separated by
 * single spaces: e.g. "Li Lh Kh" for two steps from Li. Throws MoveSyntaxError on a blocked step.
 */
export function formatSquarePath(board: Board, moves: string | ParsedMoves, file = '<input>'): string {
  return squarePath(board, moves, file)
    .map((square) => squareName(rowOf(board, square), colOf(board, square)))
    .join(' ');
}
