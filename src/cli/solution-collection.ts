import type { Level } from '../level/level.js';
import { parseEachLevel } from '../level/parse.js';
import { formatBoard } from '../level/write.js';
import type { LevelEntry } from './levels.js';
import type { MovesText } from './moves-input.js';

/** A `Solution` line starting a line of SOK text, as solution archives (KSokoban's, ours) write them. */
const SOLUTION_LINE = /^[ \t]*Solution\b/im;

/** The levels with Solution lines of a text written as a SOK/XSB collection, or null when it is not one. */
export function solvedLevelsIn(text: string, file: string): readonly Level[] | null {
  if (!SOLUTION_LINE.test(text)) return null;
  const solved = parseEachLevel(text, { file, format: 'xsb' }).levels.filter((level) => level.solutions.length > 0);
  return solved.length === 0 ? null : solved;
}

/**
 * Solutions written as a SOK/XSB collection (each level's board with its Solution lines, as
 * KSokoban exports them and `solve --out` writes them; `solved` from solvedLevelsIn), matched to
 * the levels being verified: by the same board first, then by the same title, then by the same
 * number (a solution already matched to another level by board or title is not taken by number).
 * A level that no solution matches is absent from the map.
 */
export function matchSolutions(solved: readonly Level[], file: string, entries: readonly LevelEntry[]): Map<number, MovesText[]> {
  const byBoard = new Map<string, Level>();
  const byTitle = new Map<string, Level>();
  const byNumber = new Map<number, Level>();
  for (const level of solved) {
    const board = formatBoard(level.board, 'xsb');
    if (!byBoard.has(board)) byBoard.set(board, level);
    if (level.title !== null && !byTitle.has(level.title)) byTitle.set(level.title, level);
    byNumber.set(level.source.index, level);
  }
  // Board and title first; a level's number only picks a solution no other level was matched to.
  const chosen = new Map<number, Level>();
  for (const entry of entries) {
    const match = (entry.kind === 'level' ? byBoard.get(formatBoard(entry.level.board, 'xsb')) : undefined) ?? (entry.title === null ? undefined : byTitle.get(entry.title));
    if (match !== undefined) chosen.set(entry.index, match);
  }
  const taken = new Set(chosen.values());
  for (const entry of entries) {
    const match = byNumber.get(entry.index);
    if (!chosen.has(entry.index) && match !== undefined && !taken.has(match)) chosen.set(entry.index, match);
  }
  const matched = new Map<number, MovesText[]>();
  for (const [index, match] of chosen) {
    matched.set(
      index,
      match.solutions.map((moves) => ({ text: moves, file, level: match.source.index, context: 'its Solution line' })),
    );
  }
  return matched;
}
