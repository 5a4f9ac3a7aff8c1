import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LevelError } from '../../src/errors.js';
import { formatBoard } from '../../src/level/write.js';
import type { Board } from '../../src/level/board.js';

/** ../shared, the read-only test data next to the repository. */
export function sharedPath(relative: string): string {
  return fileURLToPath(new URL(`../../../shared/${relative}`, import.meta.url));
}

export function readShared(relative: string): string {
  return readFileSync(sharedPath(relative), 'utf8');
}

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
