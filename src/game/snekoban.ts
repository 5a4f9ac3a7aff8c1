import { LevelError, MoveSyntaxError } from '../errors.js';
import { BOX, GOAL, WALL, type Board } from '../level/board.js';
import { DIRECTIONS, type Direction } from './direction.js';
import { isSolved } from './goal-rule.js';
import { stepOrStay } from './step.js';

/**
 * The MIT 6.101 "Snekoban" lab's interface, on top of our rules (all-goals), so code written
 * against the lab runs unchanged and the lab's own tests check our step and victory logic.
 */

export const SNEKOBAN_CELL_NAMES = ['wall', 'target', 'computer', 'player'] as const;
export type SnekobanCell = (typeof SNEKOBAN_CELL_NAMES)[number];
export type SnekobanDescription = readonly (readonly (readonly SnekobanCell[])[])[];

export interface SnekobanGame {
  readonly board: Board;
  /** Rows of a description may differ in length; dumps keep each row's length. */
  readonly rowLengths: readonly number[];
}

const SOURCE = { file: '<input>' };

function invalid(reason: string): never {
  throw new LevelError(reason, SOURCE);
}

function isCellName(name: unknown): name is SnekobanCell {
  return (SNEKOBAN_CELL_NAMES as readonly unknown[]).includes(name);
}

/** Builds a game from the lab's description; throws LevelError for anything that is not a legal position. */
export function newGame(description: SnekobanDescription): SnekobanGame {
  // Kept apart from `description`, which Array.isArray would narrow to any[].
  const rows: SnekobanDescription = description;
  // The description usually comes from JSON, so its shape is checked rather than trusted.
  if (!Array.isArray(description) || description.length === 0) invalid('a 6.101 level is a non-empty list of rows');
  const rowLengths = rows.map((row, r) => {
    if (!Array.isArray(row)) invalid(`row ${r} is not a list of cells`);
    return row.length;
  });
  const width = Math.max(...rowLengths);
  if (width === 0) invalid('a 6.101 level needs at least one cell');
  const height = rows.length;
  // Squares past the end of a short row lie outside the drawn grid, which counts as wall.
  const squares = new Uint8Array(width * height).fill(WALL);
  let player = -1;
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      const where = `cell (${r}, ${c})`;
      if (!Array.isArray(cell)) invalid(`${where} is not a list of names`);
      const names = new Set<SnekobanCell>();
      for (const name of cell as readonly unknown[]) {
        if (!isCellName(name)) {
          invalid(`${where} holds ${JSON.stringify(name)}, expected "wall", "player", "computer" or "target"`);
        }
        names.add(name);
      }
      if (names.has('wall') && names.size > 1) invalid(`${where} holds a wall together with something else`);
      if (names.has('player') && names.has('computer')) invalid(`${where} holds both the player and a computer`);
      const index = r * width + c;
      let flags = 0;
      if (names.has('wall')) flags |= WALL;
      if (names.has('target')) flags |= GOAL;
      if (names.has('computer')) flags |= BOX;
      squares[index] = flags;
      if (names.has('player')) {
        if (player !== -1) invalid(`${where} holds a second player`);
        player = index;
      }
    });
  });
  if (player === -1) invalid('the level has no player');
  return { board: { width, height, squares, player }, rowLengths };
}

/** The game after one step; a blocked step gives the same position. Never mutates its input. */
export function stepGame(game: SnekobanGame, direction: Direction): SnekobanGame {
  if (!(DIRECTIONS as readonly unknown[]).includes(direction)) {
    throw new MoveSyntaxError(`${JSON.stringify(direction)} is not a direction: use "up", "down", "left" or "right"`, SOURCE);
  }
  return { board: stepOrStay(game.board, direction), rowLengths: game.rowLengths };
}

/** Won when every target holds a computer; never with no targets (the lab's rule). */
export function victoryCheck(game: SnekobanGame): boolean {
  return isSolved(game.board, 'all-goals');
}

/** The canonical description: names inside a cell always in the order wall, target, computer, player. */
export function dumpGame(game: SnekobanGame): SnekobanCell[][][] {
  const { board } = game;
  return game.rowLengths.map((length, r) => {
    const row: SnekobanCell[][] = [];
    for (let c = 0; c < length; c++) {
      const index = r * board.width + c;
      const flags = board.squares[index];
      const cell: SnekobanCell[] = [];
      if (flags & WALL) cell.push('wall');
      if (flags & GOAL) cell.push('target');
      if (flags & BOX) cell.push('computer');
      if (index === board.player) cell.push('player');
      row.push(cell);
    }
    return row;
  });
}
