import type { Board } from './board.js';
import type { Level } from './level.js';
import { canonicalChar } from './xsb-chars.js';

/**
 * Canonical XSB rows with trailing spaces trimmed. Two things plain rows would lose are kept
 * with `-` (floor), so that reading the text back gives the same rectangle:
 * - a row of nothing but floor and goals (it would read as text, or vanish as a blank line);
 * - the width, when every row ends in floor (open grids from CS161 or 6.101): the player's row
 *   is padded to full width.
 * Boards read from XSB never need either, so they come out exactly as canonical XSB.
 */
export function writeXsbBoard(board: Board): string {
  const rows: string[] = [];
  let widest = 0;
  for (let r = 0; r < board.height; r++) {
    let row = '';
    for (let c = 0; c < board.width; c++) {
      const square = r * board.width + c;
      row += canonicalChar(board.squares[square], square === board.player);
    }
    row = row.trimEnd();
    if (/^[ .]*$/.test(row)) row = row === '' ? '-' : row.replace(/ /g, '-');
    widest = Math.max(widest, row.length);
    rows.push(row);
  }
  if (widest < board.width) {
    const playerRow = Math.floor(board.player / board.width);
    rows[playerRow] = rows[playerRow].padEnd(board.width, ' ').replace(/ +$/, (spaces) => '-'.repeat(spaces.length));
  }
  return rows.join('\n');
}

export interface XsbLevelOptions {
  /** Write the level's stored solutions as `Solution:` lines. */
  readonly solutions?: boolean;
}

/**
 * `; title`, the board, then `Author:`, a `Comment:` block and `Solution:` lines, which is
 * what our reader (and the common SOK readers) take back as the same metadata.
 */
export function writeXsbLevel(level: Level, options: XsbLevelOptions = {}): string {
  const lines: string[] = [];
  if (level.title !== null && level.title.trim() !== '') lines.push(`; ${level.title.trim()}`);
  lines.push(writeXsbBoard(level.board));
  if (level.author !== null && level.author.trim() !== '') lines.push(`Author: ${level.author.trim()}`);
  const comments = level.comments.filter((line) => !/^\s*comment[-_ ]?end\s*:?\s*$/i.test(line));
  if (comments.length > 0) lines.push('Comment:', ...comments, 'Comment-End:');
  if (options.solutions === true) for (const solution of level.solutions) lines.push(`Solution: ${solution}`);
  return lines.join('\n');
}

/** Header lines that name the set, as SOK files write them: kept as `Key: value` lines, not made comments. */
const SET_NAME_LINE = /^\s*(collection|set)\s*:\s*\S/i;

function headerLine(line: string): string {
  if (line.trim() === '') return ';';
  return SET_NAME_LINE.test(line) ? line.trim() : `; ${line}`;
}

export function writeXsbCollection(header: readonly string[], levels: readonly Level[], options: XsbLevelOptions = {}): string {
  const parts: string[] = [];
  if (header.length > 0) {
    const headerText = header.map(headerLine).join('\n');
    // Without a title line of its own, an untitled first level would take the header's last
    // line as its title; a `::` comment line in between is never a title.
    const untitled = levels.length > 0 && (levels[0].title === null || levels[0].title.trim() === '');
    parts.push(untitled ? `${headerText}\n::::` : headerText);
  }
  for (const level of levels) parts.push(writeXsbLevel(level, options));
  return `${parts.join('\n\n')}\n`;
}
