import { LevelError } from '../errors.js';
import { type Board, boardSizeProblem } from './board.js';
import { playerCanLeave } from './closure.js';
import type { IndexedLevel, Level, LevelIndex, ParseWarning } from './level.js';
import { expandRunLength } from './rle.js';
import { TextLines } from './text-lines.js';
import { PLAYER, UNKNOWN, isFloorOrGoalFlags, isLetterAlternative, squareOfChar } from './xsb-chars.js';

/*
 * Reading XSB/SOK text. A file is read line by line: each line is first classified on its own
 * (board row, floor-only row, blank, text), then runs of board rows become boards, and the text
 * between two boards is split into the earlier level's trailing metadata and the later level's title.
 *
 * The rules, where the community's descriptions leave room:
 * - A board row holds only board characters, at most one player, at least one character other
 *   than floor and goal, and `p P b B` only together with a `#`. Rows may be run-length encoded.
 * - Floor/goal-only rows are text, except that one containing `-`/`_` joins a board it touches
 *   and one of spaces and goals joins when it lies between two board rows (our writer needs this
 *   for open grids; a stray "----" under a closed board only adds unreachable floor).
 * - A run of rows with no player is a level (and an error) only if it has walls and a box or
 *   goal; otherwise it is decoration.
 * - Title: the last non-blank line before the board if it is a `;` comment, or plain text with a
 *   blank line somewhere between it and the previous board (any plain text before the first
 *   board). A `Title:` line after the board wins over it; the title it replaces is kept as a
 *   comment where it stood.
 * - After a board, `Title:`, `Author:`, `Comment:` blocks and `Solution` lines belong to it;
 *   other comment lines do too up to the first blank line, and after it they belong to the next
 *   level. Everything before the first level's title is the collection header.
 * - A malformed level is a failure in its own place, with its title and number, and the levels
 *   after it keep theirs: a board cut by a mistyped row is one level, and a mistyped row holding
 *   a player between wall rows (a one-row level) is a level, not text to skip.
 */

const BLANK = 0;
const TEXT = 1;
const BOARD = 2;
/** Only floor and goal characters, with a `-` or `_`: may join an adjacent board (see below). */
const FLOOR_DASHED = 3;
/** Only spaces and goals: joins a board only when it sits between two board rows. */
const FLOOR_PLAIN = 4;

interface RowText {
  readonly text: string;
  /** 0-based line in the file. */
  readonly line: number;
  /** Source column of each character when the row was run-length encoded, else null (identity). */
  readonly columns: readonly number[] | null;
}

interface LevelMetadata {
  title: string | null;
  /** Where the title line stood among the comments, so that a title a `Title:` line replaces is kept there as a comment. */
  titleAt: number;
  author: string | null;
  comments: string[];
  solutions: string[];
}

/**
 * The lines of a text as the reader sees them: each line's kind, whether it sits in a
 * `Comment:` block, and whether it reads as board rows on its own (it may still be text in the
 * end: a floor-only row away from a board, or decoration), and whether those rows hold the
 * player (ROWED, HOLDS_PLAYER). A byte per line each.
 */
interface LineKinds {
  readonly lines: TextLines;
  readonly kinds: Uint8Array;
  readonly inComment: Uint8Array;
  readonly rowed: Uint8Array;
  readonly file: string;
}

/** Int32 values in a typed array that grows: a level's bounds take bytes, not objects. */
class IntList {
  private values = new Int32Array(64);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  get(i: number): number {
    return this.values[i];
  }

  /** The values, in an array no longer than they need. */
  trimmed(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

/**
 * Where each level lies, by line: first and one-past-last line of the level (with the mistyped
 * rows it takes in, see strayRowError), and of its board rows, or -1 for a level made only of
 * mistyped rows. A level with a mistyped row takes in the rows that touch it, so that a board a
 * mistyped row cuts in two is still one level and the levels after it keep their numbers.
 */
interface LevelBounds {
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly boardStart: Int32Array;
  readonly boardEnd: Int32Array;
}

/**
 * Cuts an XSB/SOK text into levels without building them: every line is classified once, and
 * each level's lines are found; its board, title, metadata and errors are read when the level
 * is (see LevelIndex). A malformed level (no player, two players, an unknown character in a
 * board row) is a failure in its own place, and the other levels keep their numbers. Throws only
 * for the text as a whole: no level at all, or an absurd run-length count.
 */
export function indexXsb(text: string, file: string): LevelIndex {
  if (text.trim() === '') throw new LevelError('empty file', { file });
  const lines = new TextLines(text);
  const inComment = markCommentBlocks(lines);
  const kinds = new Uint8Array(lines.count);
  const rowed = new Uint8Array(lines.count);
  const budget: Budget = { left: RUN_LENGTH_BUDGET };

  for (let i = 0; i < lines.count; i++) {
    const end = lines.trimmedEnd(i);
    if (end === lines.start(i)) kinds[i] = BLANK;
    else if (inComment[i] === 1) kinds[i] = TEXT;
    else kinds[i] = classifyLine(lines, i, end, file, budget, rowed);
  }
  attachFloorOnlyRows(kinds);
  const sheet: LineKinds = { lines, kinds, inComment, rowed, file };

  const blocks = findBlocks(sheet);
  if (blocks.length === 0) {
    for (let i = 0; i < lines.count; i++) {
      if (kinds[i] !== TEXT || inComment[i] === 1) continue;
      const error = strayRowError(sheet, i, undefined);
      if (error !== null) throw error;
    }
    throw new LevelError('no level found (no board rows in the file)', { file });
  }
  const bounds = levelBounds(blocks, sheet);
  const count = bounds.start.length;
  const gapStart = (number: number) => (number === 1 ? 0 : bounds.end[number - 2]);
  const titleLineOf = (number: number) => findTitleLine(sheet, gapStart(number), bounds.start[number - 1], number === 1);
  const firstTitle = titleLineOf(1);
  const header = headerLines(sheet, 0, firstTitle >= 0 ? firstTitle : bounds.start[0]);

  /**
   * A level's metadata, as if every gap were read in file order: the free comments below the
   * first blank line of the gap above it, its title, then what the gap below it gives it.
   */
  const metadataOf = (number: number): LevelMetadata => {
    const meta: LevelMetadata = { title: null, titleAt: 0, author: null, comments: [], solutions: [] };
    const titleLine = titleLineOf(number);
    if (number > 1) {
      const above: LevelMetadata = { title: null, titleAt: 0, author: null, comments: [], solutions: [] };
      readMetadata(sheet, gapStart(number), titleLine >= 0 ? titleLine : bounds.start[number - 1], above, meta);
    }
    if (titleLine >= 0) {
      meta.title = stripCommentMarker(lines.at(titleLine));
      meta.titleAt = meta.comments.length;
    }
    if (number === count) readMetadata(sheet, bounds.end[number - 1], lines.count, meta, meta);
    else {
      const below: LevelMetadata = { title: null, titleAt: 0, author: null, comments: [], solutions: [] };
      const nextTitle = titleLineOf(number + 1);
      readMetadata(sheet, bounds.end[number - 1], nextTitle >= 0 ? nextTitle : bounds.start[number], meta, below);
    }
    return meta;
  };

  const checkRange = (number: number) => {
    if (!Number.isInteger(number) || number < 1 || number > count) throw new RangeError(`level ${number} of ${count}`);
  };

  return {
    file,
    format: 'xsb',
    header,
    title: collectionTitle(header),
    count,
    titleOf(number) {
      checkRange(number);
      return metadataOf(number).title;
    },
    lineOf(number) {
      checkRange(number);
      return bounds.start[number - 1] + 1;
    },
    read(number): IndexedLevel {
      checkRange(number);
      const meta = metadataOf(number);
      const start = bounds.start[number - 1];
      const board = boardOf(sheet, bounds, number);
      if (board instanceof LevelError) return { kind: 'failure', failure: { index: number, title: meta.title, error: board } };
      const warnings: ParseWarning[] = [];
      if (playerCanLeave(board)) {
        warnings.push({
          message: 'the player can walk off the drawn board (its walls are open); squares outside it count as walls',
          file,
          level: number,
          line: start + 1,
        });
      }
      const level: Level = {
        board,
        title: meta.title,
        author: meta.author,
        comments: meta.comments,
        solutions: meta.solutions,
        source: { file, index: number, line: start + 1 },
        format: 'xsb',
      };
      return { kind: 'level', level, warnings };
    },
  };
}

/**
 * A level's board, or the first thing wrong with it: a mistyped row above it, a mistyped row
 * below it, then the board itself (the order the lines were always checked in). A level made of
 * mistyped rows only has the first of their errors.
 */
function boardOf(sheet: LineKinds, bounds: LevelBounds, number: number): Board | LevelError {
  const start = bounds.start[number - 1];
  const end = bounds.end[number - 1];
  const boardStart = bounds.boardStart[number - 1];
  if (boardStart < 0) {
    let error: LevelError | null = null;
    for (let line = start; line < end && error === null; line++) error = strayRowError(sheet, line, number);
    return error as LevelError;
  }
  const boardEnd = bounds.boardEnd[number - 1];
  const error = strayRowError(sheet, boardStart - 1, number) ?? strayRowError(sheet, boardEnd, number);
  if (error !== null) return error;
  try {
    return buildBoard(collectRows(sheet, boardStart, boardEnd), sheet.file, number);
  } catch (failure) {
    if (!(failure instanceof LevelError)) throw failure;
    return failure;
  }
}

/**
 * Where each level lies, in file order: the boards with what a mistyped row joins to them, then
 * runs of mistyped rows that stand alone. The lines a broken level takes in are its mistyped
 * rows and the board-like rows they join (rows that alone would be decoration); boards joined
 * only by such lines are one level. A run of such lines with no board at all (a one-row level
 * whose only row is mistyped, between wall rows) is a broken level too, when a mistyped row in
 * it holds a player: that is a level, not a framed header.
 */
function levelBounds(blocks: Int32Array, sheet: LineKinds): LevelBounds {
  const { lines, kinds, rowed } = sheet;
  const isStray = (line: number) => strayRowError(sheet, line, undefined) !== null;
  const joinable = (line: number) => line >= 0 && line < lines.count && kinds[line] !== BOARD && ((rowed[line] & ROWED) !== 0 || isStray(line));

  // The boards with what a mistyped row joins to them, as (start, end, board start, board end).
  const extents = new IntList();
  const blockCount = blocks.length / 2;
  for (let i = 0; i < blockCount; i++) {
    const boardStart = blocks[2 * i];
    const floor = extents.length === 0 ? 0 : extents.get(extents.length - 3);
    let start = boardStart;
    if (isStray(start - 1)) while (start - 1 >= floor && joinable(start - 1)) start--;
    // The board is the first block's: a level that takes in another has a mistyped row anyway.
    const boardEnd = blocks[2 * i + 1];
    let end = boardEnd;
    while (isStray(end)) {
      while (joinable(end)) end++;
      if (i + 1 >= blockCount || blocks[2 * (i + 1)] !== end) break;
      i++;
      end = blocks[2 * i + 1];
    }
    extents.push(start);
    extents.push(end);
    extents.push(boardStart);
    extents.push(boardEnd);
  }
  // Runs of mistyped rows with a player, in the gaps between those levels: rare, so kept as pairs.
  const extentCount = extents.length / 4;
  const boardless: number[] = [];
  for (let k = 0; k <= extentCount; k++) {
    const gapStart = k === 0 ? 0 : extents.get(4 * (k - 1) + 1);
    const gapEnd = k === extentCount ? lines.count : extents.get(4 * k);
    for (let line = gapStart; line < gapEnd; line++) {
      if (!joinable(line)) continue;
      const start = line;
      let player = false;
      for (; line < gapEnd && joinable(line); line++) if (isStray(line) && /[@+]/.test(lines.at(line))) player = true;
      if (player && line - start >= 2) boardless.push(start, line);
    }
  }

  // Both in file order, merged.
  const count = extentCount + boardless.length / 2;
  const bounds: LevelBounds = { start: new Int32Array(count), end: new Int32Array(count), boardStart: new Int32Array(count), boardEnd: new Int32Array(count) };
  let e = 0;
  let b = 0;
  for (let k = 0; k < count; k++) {
    const takeBoardless = b < boardless.length && (e >= extentCount || boardless[b] < extents.get(4 * e));
    if (takeBoardless) {
      bounds.start[k] = boardless[b];
      bounds.end[k] = boardless[b + 1];
      bounds.boardStart[k] = -1;
      bounds.boardEnd[k] = -1;
      b += 2;
    } else {
      bounds.start[k] = extents.get(4 * e);
      bounds.end[k] = extents.get(4 * e + 1);
      bounds.boardStart[k] = extents.get(4 * e + 2);
      bounds.boardEnd[k] = extents.get(4 * e + 3);
      e++;
    }
  }
  return bounds;
}

export function splitLines(text: string): string[] {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return withoutBom.split(/\r\n|\r|\n/);
}

// ---------------------------------------------------------------------------------------------
// Classifying single lines

interface RowFacts {
  kind: number;
  players: number;
}

/** Looks at one row's characters only; `text` must already have its trailing spaces removed. */
function rowFacts(text: string): RowFacts {
  return rowFactsIn(text, 0, text.length);
}

/** rowFacts of `text.slice(start, end)`, without making that string. */
function rowFactsIn(text: string, start: number, end: number): RowFacts {
  let players = 0;
  let wall = false;
  let solid = false;
  let letters = false;
  let dashed = false;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    const flags = squareOfChar(code);
    if (flags === UNKNOWN) return { kind: TEXT, players };
    if ((flags & PLAYER) !== 0) players++;
    if (code === 0x23) wall = true;
    if (!isFloorOrGoalFlags(flags)) solid = true;
    if (isLetterAlternative(code)) letters = true;
    if (code === 0x2d || code === 0x5f) dashed = true;
  }
  // Titles such as "+|+" or words such as "bob" must not become board rows.
  if (players > 1 || (letters && !wall)) return { kind: TEXT, players };
  if (!solid) return { kind: dashed ? FLOOR_DASHED : FLOOR_PLAIN, players };
  return { kind: BOARD, players };
}

/**
 * Squares the run-length rows of one file may expand to in all: room for many levels written
 * that way, while 10,000 rows of `9999#` (a 60 KB file) stop here instead of taking gigabytes.
 */
export const RUN_LENGTH_BUDGET = 4_000_000;

interface Budget {
  left: number;
}

/** A line read as rows (`rowed`), and one whose rows hold the player. */
const ROWED = 1;
const HOLDS_PLAYER = 2;

/**
 * What line `line` is on its own: board rows (plain or run-length encoded), a floor-only row, or
 * text; `rowed` says whether it reads as rows, and whether they hold the player. Plain lines are
 * read in place; only a line that may be run-length encoded is cut out of the text.
 */
function classifyLine(lines: TextLines, line: number, end: number, file: string, budget: Budget, rowed: Uint8Array): number {
  const facts = rowFactsIn(lines.text, lines.start(line), end);
  if (facts.kind !== TEXT) {
    rowed[line] = facts.players > 0 ? ROWED | HOLDS_PLAYER : ROWED;
    return facts.kind;
  }
  const rows = runLengthRows(lines.text.slice(lines.start(line), end), line, file);
  if (rows === null) return TEXT;
  budget.left -= rows.expanded;
  if (budget.left < 0) {
    throw new LevelError(`the run-length rows of this file expand to more than ${RUN_LENGTH_BUDGET} squares`, { file, line: line + 1, column: 1 });
  }
  if (rows.rows === null) return TEXT;
  rowed[line] = rows.players > 0 ? ROWED | HOLDS_PLAYER : ROWED;
  return BOARD;
}

/**
 * A text line read as run-length encoded rows (`|` between rows): null when it is not written
 * that way at all; else the squares it expands to, and its rows, or null rows when together they
 * would not make a board row. Throws for a count too large to expand.
 */
function runLengthRows(text: string, line: number, file: string): { expanded: number; rows: RowText[] | null; players: number } | null {
  if (!/[0-9()|]/.test(text) || !/^[ #@+$*.\-_pPbB0-9()|]+$/.test(text)) return null;
  const expanded = expandRunLength(text);
  if (!expanded.ok) {
    if (expanded.tooLarge) throw new LevelError(expanded.reason, { file, line: line + 1, column: expanded.column + 1 });
    return null; // bare numbers such as Sven's "12" titles land here
  }
  const rows: RowText[] = [];
  let start = 0;
  for (let k = 0; k <= expanded.text.length; k++) {
    if (k < expanded.text.length && expanded.text[k] !== '|') continue;
    const rowText = expanded.text.slice(start, k).trimEnd();
    rows.push({ text: rowText, line, columns: expanded.columns.slice(start, start + rowText.length) });
    start = k + 1;
  }
  const whole = rowFacts(rows.map((row) => row.text).join(''));
  return { expanded: expanded.text.length, rows: whole.kind === BOARD ? rows : null, players: whole.players };
}

/**
 * The rows a line holds when it was classified as rows (`rowed`): itself, or the rows its
 * run-length encoding expands to, made again from its text rather than kept for every line.
 */
function rowsOf(sheet: LineKinds, line: number): RowText[] {
  if ((sheet.rowed[line] & ROWED) === 0) return [];
  const text = sheet.lines.at(line);
  if (rowFacts(text).kind !== TEXT) return [{ text, line, columns: null }];
  return runLengthRows(text, line, sheet.file)?.rows ?? [];
}

/**
 * Rows made only of floor and goals are text in the wild ("...", "----"), but a board converted
 * from a grid may need one (an empty row, or an empty top or bottom row of an open board).
 * Such a row written with `-`/`_` joins a board it touches; one of spaces and goals only when it
 * is sandwiched between board rows.
 */
function attachFloorOnlyRows(kinds: Uint8Array): void {
  for (let i = 1; i < kinds.length; i++) if (kinds[i] === FLOOR_DASHED && kinds[i - 1] === BOARD) kinds[i] = BOARD;
  for (let i = kinds.length - 2; i >= 0; i--) if (kinds[i] === FLOOR_DASHED && kinds[i + 1] === BOARD) kinds[i] = BOARD;
  for (let i = 1; i < kinds.length - 1; i++) {
    if (kinds[i] === FLOOR_PLAIN && kinds[i - 1] === BOARD && kinds[i + 1] === BOARD) kinds[i] = BOARD;
  }
  for (let i = 0; i < kinds.length; i++) if (kinds[i] === FLOOR_DASHED || kinds[i] === FLOOR_PLAIN) kinds[i] = TEXT;
}

/**
 * `Comment:` ... `Comment-End:` blocks are free text; an unterminated `Comment:` is a single line.
 * A search for an end that fails tells the `Comment:` lines it passed that they have none either,
 * so a file of many unterminated ones is read in linear time.
 */
function markCommentBlocks(lines: TextLines): Uint8Array {
  const inComment = new Uint8Array(lines.count);
  let noEndBefore = 0;
  for (let i = 0; i < lines.count; i++) {
    const first = lines.firstCode(i);
    if ((first !== 0x63 && first !== 0x43) || i < noEndBefore || !/^\s*comment\s*:/i.test(lines.at(i))) continue;
    let end = -1;
    let j = i + 1;
    for (; j < lines.count; j++) {
      const text = lines.at(j);
      if (/^\s*comment[-_ ]?end\s*:?\s*$/i.test(text)) {
        end = j;
        break;
      }
      if (rowFacts(text).kind === BOARD && text.includes('#')) break;
    }
    if (end < 0) {
      noEndBefore = j;
      continue;
    }
    inComment.fill(1, i, end + 1);
    i = end;
  }
  return inComment;
}

// ---------------------------------------------------------------------------------------------
// Boards

/** The runs of board rows that are not decoration, as (start, one-past-end) pairs of lines. */
function findBlocks(sheet: LineKinds): Int32Array {
  const { kinds } = sheet;
  const blocks = new IntList();
  let i = 0;
  while (i < kinds.length) {
    if (kinds[i] !== BOARD) {
      i++;
      continue;
    }
    const start = i;
    while (i < kinds.length && kinds[i] === BOARD) i++;
    if (isDecoration(sheet, start, i)) kinds.fill(TEXT, start, i);
    else {
      blocks.push(start);
      blocks.push(i);
    }
  }
  return blocks.trimmed();
}

/**
 * A run of rows without a player is only a broken level when it has the makings of one
 * (walls and boxes or goals). Rows of `#` framing a header, or a line of `*` used as a
 * separator, are decoration.
 */
function isDecoration(sheet: LineKinds, start: number, end: number): boolean {
  for (let line = start; line < end; line++) if ((sheet.rowed[line] & HOLDS_PLAYER) !== 0) return false;
  let wall = false;
  let piece = false;
  for (let line = start; line < end; line++) {
    for (const row of rowsOf(sheet, line)) {
      for (let i = 0; i < row.text.length; i++) {
        const flags = squareOfChar(row.text.charCodeAt(i));
        if ((flags & PLAYER) !== 0) return false;
        if (row.text[i] === '#') wall = true;
        else if (flags !== 0) piece = true;
      }
    }
  }
  return !(wall && piece);
}

function collectRows(sheet: LineKinds, start: number, end: number): RowText[] {
  const rows: RowText[] = [];
  for (let line = start; line < end; line++) rows.push(...rowsOf(sheet, line));
  return rows;
}

function buildBoard(rows: readonly RowText[], file: string, level: number): Board {
  const width = rows.reduce((max, row) => Math.max(max, row.text.length), 0);
  const height = rows.length;
  const tooLarge = boardSizeProblem(width, height);
  if (tooLarge !== null) throw new LevelError(tooLarge, { file, level, line: rows[0].line + 1 });
  const squares = new Uint8Array(width * height);
  let player = -1;
  let playerAt = '';
  rows.forEach((row, r) => {
    for (let c = 0; c < row.text.length; c++) {
      const flags = squareOfChar(row.text.charCodeAt(c));
      const column = (row.columns === null ? c : row.columns[c]) + 1;
      if ((flags & PLAYER) !== 0) {
        if (player >= 0) {
          throw new LevelError(`more than one player (the first is at ${playerAt})`, { file, level, line: row.line + 1, column });
        }
        player = r * width + c;
        playerAt = `line ${row.line + 1}, column ${column}`;
      }
      squares[r * width + c] = flags & ~PLAYER;
    }
  });
  if (player < 0) throw new LevelError('no player (@ or +) on the board', { file, level, line: rows[0].line + 1 });
  return { width, height, squares, player };
}

/**
 * A text line touching a board that would be a board row but for one or two odd characters
 * is almost certainly a mistyped row: the error to report for it rather than silently splitting
 * the board, or null when the line is just text.
 */
function strayRowError(sheet: LineKinds, line: number, level: number | undefined): LevelError | null {
  const { lines, kinds, inComment, rowed, file } = sheet;
  if (line < 0 || line >= lines.count || kinds[line] !== TEXT || inComment[line] === 1) return null;
  const text = lines.at(line);
  const trimmed = text.trim();
  if (trimmed.startsWith(';') || !text.includes('#')) return null;
  // Between two rows (a board row, or one of walls only) and walled at one end at least, a line is
  // a row however many of its characters are odd ('# XYZ #', 'XYZ  #'): read as text, it would cut
  // the board and drop its lower part, and the level left above it could even be solved.
  const rowAt = (at: number) => at >= 0 && at < lines.count && (kinds[at] === BOARD || (rowed[at] & ROWED) !== 0);
  const framed = rowAt(line - 1) && rowAt(line + 1) && (trimmed.startsWith('#') || trimmed.endsWith('#'));
  if (!framed && text.includes(':')) return null;
  let bad = -1;
  let badCount = 0;
  for (let i = 0; i < text.length; i++) {
    if (squareOfChar(text.charCodeAt(i)) !== UNKNOWN) continue;
    // Digits make titles such as "#12" standing right on top of a board, not typos.
    if (text[i] >= '0' && text[i] <= '9') return null;
    badCount++;
    if (bad < 0) bad = i;
  }
  if (badCount === 0) {
    // All board characters, yet read as text: two players in one row (titles like "+|+" have no '#').
    const facts = rowFacts(text.trimEnd());
    if (facts.players > 1) {
      const second = text.search(/[@+pP][^@+pP]*$/);
      return new LevelError('more than one player (two in this row)', { file, level, line: line + 1, column: second + 1 });
    }
    return null;
  }
  if (!framed && (badCount > 2 || badCount * 3 > trimmed.length)) return null;
  // The whole character, not half of a surrogate pair (an emoji is two code units).
  const char = String.fromCodePoint(text.codePointAt(bad) as number);
  const what = char === '\t' ? 'a tab character (use spaces)' : `unknown character ${JSON.stringify(char)}`;
  return new LevelError(`${what} in a board row`, { file, level, line: line + 1, column: bad + 1 });
}

// ---------------------------------------------------------------------------------------------
// Titles and metadata

const KEY_LINE = /^([A-Za-z][A-Za-z-]*(?: [A-Za-z-]+){0,3})\s*:\s*(.*)$/;

function parseKey(text: string): { key: string; value: string } | null {
  const match = KEY_LINE.exec(text);
  return match === null ? null : { key: match[1].toLowerCase(), value: match[2].trim() };
}

function isDoubleColonComment(text: string): boolean {
  return text.length >= 4 && text.startsWith('::') && text.endsWith('::');
}

function stripCommentMarker(line: string): string {
  const text = line.trim();
  if (text.startsWith(';')) return text.slice(1).trim();
  if (isDoubleColonComment(text)) return text.slice(2, -2).trim();
  return text;
}

function isSolutionLine(text: string): boolean {
  return !text.startsWith(';') && /solution/i.test(text);
}

function isMovesText(text: string): boolean {
  return /^[lurdLURD0-9()\s]+$/.test(text) && /[lurdLURD]/.test(text);
}

/**
 * A `Solution:` line's text that is a move string with stray characters (`Solution: rX`), not
 * words or counts (`Solution: unknown`, `Solution: 230/58`): one word that starts as moves do,
 * holds a move letter and is at least half moves. It is kept as the level's solution, so that
 * checking it names the stray character instead of finding no solution at all.
 */
function isMistypedMoves(text: string): boolean {
  if (text === '' || /\s/.test(text) || !/^[lurdLURD0-9(]/.test(text) || !/[lurdLURD]/.test(text)) return false;
  const moveCharacters = text.replace(/[^lurdLURD0-9()]/g, '').length;
  return 2 * moveCharacters >= text.length;
}

/**
 * The title of the level whose board starts at `end`: the last non-blank line before it, if that
 * line is a `;` comment, or plain text standing after a blank line (or at the start of the file).
 * Returns -1 when there is none.
 */
function findTitleLine(sheet: LineKinds, start: number, end: number, atFileStart: boolean): number {
  const { lines, kinds, inComment } = sheet;
  let t = end - 1;
  while (t >= start && kinds[t] === BLANK) t--;
  if (t < start || inComment[t] === 1) return -1;
  const text = lines.at(t).trim();
  if (isDoubleColonComment(text)) return -1;
  if (text.startsWith(';')) return stripCommentMarker(text) === '' ? -1 : t;
  if (parseKey(text) !== null || isSolutionLine(text) || isMovesText(text)) return -1;
  // Plain text right under the previous board (no blank line between) is that level's metadata.
  if (atFileStart) return t;
  for (let i = start; i < t; i++) if (kinds[i] === BLANK) return t;
  return -1;
}

/**
 * The lines between two boards (without the later one's title): `Title:`, `Author:`, comment
 * blocks and `Solution` lines belong to the level above. Free comment lines belong to it too,
 * up to the first blank line; after that they describe the level below (Microban's
 * "; 155" above the title "'The Dungeon'").
 */
function readMetadata(sheet: LineKinds, start: number, end: number, meta: LevelMetadata, nextMeta: LevelMetadata): void {
  const { lines, kinds, inComment } = sheet;
  let freeComments = meta.comments;
  for (let i = start; i < end; i++) {
    const text = lines.at(i).trim();
    if (inComment[i] === 1) {
      if (/^comment\s*:/i.test(text)) {
        const rest = text.slice(text.indexOf(':') + 1).trim();
        if (rest !== '') meta.comments.push(rest);
      } else if (!/^comment[-_ ]?end\s*:?$/i.test(text)) {
        meta.comments.push(lines.at(i));
      }
      continue;
    }
    if (kinds[i] === BLANK) {
      freeComments = nextMeta.comments;
      continue;
    }
    if (isSolutionLine(text)) {
      const colon = text.indexOf(':');
      const sameLine = colon >= 0 ? text.slice(colon + 1).trim() : '';
      let moves = isMovesText(sameLine) || isMistypedMoves(sameLine) ? sameLine : '';
      let j = i + 1;
      while (j < end && inComment[j] === 0 && isMovesText(lines.at(j).trim())) moves += lines.at(j++).trim();
      if (moves === '' && sameLine !== '') meta.comments.push(text);
      else if (moves !== '') meta.solutions.push(moves.replace(/\s+/g, ''));
      i = j - 1;
      continue;
    }
    const body = stripCommentMarker(text);
    if (body === '') continue;
    const entry = parseKey(body);
    if (entry?.key === 'title' && entry.value !== '') {
      // The `Title:` line wins (LetsLogic and sokoban.org write it under the board); a different
      // title above the board (Box World's `;Level 1`) stays as a comment where it stood, so that
      // converting the level loses nothing of the text (issue 46).
      if (meta.title !== null && meta.title !== entry.value) meta.comments.splice(meta.titleAt, 0, meta.title);
      meta.title = entry.value;
      meta.titleAt = meta.comments.length;
    } else if (entry?.key === 'author' && entry.value !== '') meta.author = entry.value;
    else if (entry?.key === 'comment') {
      if (entry.value !== '') meta.comments.push(entry.value);
    } else if (entry !== null) meta.comments.push(body);
    else freeComments.push(body);
  }
}

function headerLines(sheet: LineKinds, start: number, end: number): string[] {
  const { lines, kinds } = sheet;
  const header: string[] = [];
  for (let i = start; i < end; i++) header.push(kinds[i] === BLANK ? '' : stripCommentMarker(lines.at(i)));
  while (header.length > 0 && header[0] === '') header.shift();
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  return header;
}

/** `Collection:`, `Set:` or `Title:` in the header, else its first line of real words. */
export function collectionTitle(header: readonly string[]): string | null {
  for (const line of header) {
    const entry = parseKey(line);
    if (entry !== null && ['collection', 'set', 'title'].includes(entry.key) && entry.value !== '') return entry.value;
  }
  for (const line of header) {
    if (parseKey(line) === null && /[A-Za-z0-9]/.test(line)) return line.trim();
  }
  return null;
}
