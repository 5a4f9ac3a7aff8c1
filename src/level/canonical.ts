import type { Board } from './board.js';
import { playerReach } from './area.js';
import { SYMMETRIES, type Symmetry, transformBoard } from './symmetry.js';
import { trimBoard } from './trim.js';
import { canonicalChar } from './xsb-chars.js';

/** A board in canonical form, with what it takes to carry moves of the original over to it. */
export interface CanonicalBoard {
  readonly board: Board;
  /** The text two boards share exactly when they are the same level: compare these for duplicates. */
  readonly key: string;
  /** How the trimmed original was turned or mirrored. */
  readonly symmetry: Symmetry;
  /** The player's square after trimming and turning, before it was moved to the smallest square it can walk to. */
  readonly playerBefore: number;
}

/**
 * The canonical form of a board: trimmed (trim.ts), then of its 8 rotations and reflections the
 * one whose text is least, with the player put on the smallest square (row-major) it can walk
 * to. Where the player stands within what it can walk to changes no position of the game, so two
 * boards are the same level exactly when their canonical keys are equal.
 */
export function canonicalBoard(board: Board): CanonicalBoard {
  const trimmed = trimBoard(board).board;
  let best: CanonicalBoard | null = null;
  for (const symmetry of SYMMETRIES) {
    const turned = transformBoard(trimmed, symmetry);
    const normalized: Board = { ...turned, player: playerReach(turned).indexOf(1) };
    const key = boardKey(normalized);
    if (best === null || key < best.key) best = { board: normalized, key, symmetry, playerBefore: turned.player };
  }
  return best as CanonicalBoard;
}

/** Every square's XSB character, rows full width, one row per line: equal keys, equal boards. */
export function boardKey(board: Board): string {
  const rows: string[] = [];
  for (let row = 0; row < board.height; row++) {
    let text = '';
    for (let col = 0; col < board.width; col++) {
      const square = row * board.width + col;
      text += canonicalChar(board.squares[square], square === board.player);
    }
    rows.push(text);
  }
  return rows.join('\n');
}
