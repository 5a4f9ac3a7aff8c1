import { LevelError } from '../../src/errors.js';
import { formatBoard } from '../../src/level/write.js';
import type { Board } from '../../src/level/board.js';

/** Runs `action`, which must throw a LevelError, and returns it for its fields to be checked. */
export function levelErrorOf(action: () => unknown): LevelError {
  try {
    action();
  } catch (error) {
    if (error instanceof LevelError) return error;
    throw error;
  }
  throw new Error('expected a LevelError, but nothing was thrown');
}

/** The board as canonical XSB rows, which is the easiest thing to compare in a test. */
export function rowsOf(board: Board): string[] {
  return formatBoard(board, 'xsb').split('\n');
}

/** Joins rows into a board text; keeps tests free of template-literal indentation traps. */
export function lines(...rows: string[]): string {
  return rows.join('\n');
}
