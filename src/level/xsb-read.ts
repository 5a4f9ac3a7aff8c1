import { LevelError } from '../errors.js';
import { type Board, boardSizeProblem } from './board.js';
import { playerCanLeave } from './closure.js';
import type { Level, LevelFailure, ParseWarning, PartialCollection } from './level.js';
import { expandRunLength } from './rle.js';
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
 *   board). A `Title:` line after the board wins over it.
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

interface Block {
  /** First and one-past-last line of the block. */
  readonly start: number;
  readonly end: number;
}

interface LevelMetadata {
  title: string | null;
  author: string | null;
  comments: string[];
  solutions: string[];
}

/**
 * Where one level lies in the file, and its board or the first thing wrong with it. A level with
 * a mistyped row (see strayRowError) takes in the rows that touch it, so that a board a mistyped
 * row cuts in two is still one level and the levels after it keep their numbers.
 */
interface Span extends Block {
  readonly board: Board | null;
  readonly error: LevelError | null;
}

/**
 * Reads every level of an XSB/SOK text. A malformed level (no player, two players, an unknown
 * character in a board row) is a failure in its own place; the other levels are still read and
 * keep their numbers. Only a text with no level at all (or an absurd run-length count) throws.
 */
export function readXsb(text: string, file: string): PartialCollection {
  if (text.trim() === '') throw new LevelError('empty file', { file });
  const lines = splitLines(text).map((line) => line.trimEnd());
  const inComment = markCommentBlocks(lines);
  const kinds = new Uint8Array(lines.length);
  const rowsOfLine: (RowText[] | undefined)[] = new Array(lines.length);
  const budget: Budget = { left: RUN_LENGTH_BUDGET };

  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') kinds[i] = BLANK;
    else if (inComment[i] === 1) kinds[i] = TEXT;
    else kinds[i] = classifyLine(lines[i], i, file, rowsOfLine, budget);
  }
  attachFloorOnlyRows(kinds);

  const blocks = findBlocks(kinds, rowsOfLine);
  if (blocks.length === 0) {
    for (let i = 0; i < lines.length; i++) {
      if (kinds[i] !== TEXT || inComment[i] === 1) continue;
      const error = strayRowError(lines, kinds, inComment, i, file, undefined);
      if (error !== null) throw error;
    }
    throw new LevelError('no level found (no board rows in the file)', { file });
  }
  const spans = levelSpans(blocks, lines, kinds, inComment, rowsOfLine, file);
  const levelsMetadata: LevelMetadata[] = spans.map(() => ({ title: null, author: null, comments: [], solutions: [] }));

  let header: string[] = [];
  spans.forEach((span, index) => {
    const gapStart = index === 0 ? 0 : spans[index - 1].end;
    const titleLine = findTitleLine(lines, kinds, inComment, gapStart, span.start, index === 0);
    const beforeTitle = titleLine >= 0 ? titleLine : span.start;
    if (index === 0) header = headerLines(lines, kinds, gapStart, beforeTitle);
    else readMetadata(lines, kinds, inComment, gapStart, beforeTitle, levelsMetadata[index - 1], levelsMetadata[index]);
    if (titleLine >= 0) levelsMetadata[index].title = stripCommentMarker(lines[titleLine]);
  });
  const last = levelsMetadata[spans.length - 1];
  readMetadata(lines, kinds, inComment, spans[spans.length - 1].end, lines.length, last, last);

  const warnings: ParseWarning[] = [];
  const levels: Level[] = [];
  const failures: LevelFailure[] = [];
  spans.forEach((span, index) => {
    const meta = levelsMetadata[index];
    if (span.board === null) {
      failures.push({ index: index + 1, title: meta.title, error: span.error as LevelError });
      return;
    }
    if (playerCanLeave(span.board)) {
      warnings.push({
        message: 'the player can walk off the drawn board (its walls are open); squares outside it count as walls',
        file,
        level: index + 1,
        line: span.start + 1,
      });
    }
    levels.push({
      board: span.board,
      title: meta.title,
      author: meta.author,
      comments: meta.comments,
      solutions: meta.solutions,
      source: { file, index: index + 1, line: span.start + 1 },
      format: 'xsb',
    });
  });

  return { file, format: 'xsb', header, title: collectionTitle(header), levels, warnings, failures };
}

/**
 * One span per level, in file order, each with its board or the first thing wrong with it: a
 * mistyped row above it, a mistyped row below it, then the board itself. The lines a broken level
 * takes in are its mistyped rows and the board-like rows they join (rows that alone would be
 * decoration); boards joined only by such lines are one level. A run of such lines with no board
 * at all (a one-row level whose only row is mistyped, between wall rows) is a broken level too,
 * when a mistyped row in it holds a player: that is a level, not a framed header.
 */
function levelSpans(
  blocks: readonly Block[],
  lines: readonly string[],
  kinds: Uint8Array,
  inComment: Uint8Array,
  rowsOfLine: readonly (RowText[] | undefined)[],
  file: string,
): Span[] {
  const strayAt = (line: number, level: number | undefined) => strayRowError(lines, kinds, inComment, line, file, level);
  const isStray = (line: number) => strayAt(line, undefined) !== null;
  const joinable = (line: number) => line >= 0 && line < lines.length && kinds[line] !== BOARD && (rowsOfLine[line] !== undefined || isStray(line));

  // Where each level lies: the boards with what a mistyped row joins to them, then runs of
  // mistyped rows that stand alone.
  interface Extent extends Block {
    readonly board: Block | null;
  }
  const extents: Extent[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const board = blocks[i];
    const floor = extents.length === 0 ? 0 : extents[extents.length - 1].end;
    let start = board.start;
    if (isStray(start - 1)) while (start - 1 >= floor && joinable(start - 1)) start--;
    let end = board.end;
    while (isStray(end)) {
      while (joinable(end)) end++;
      if (i + 1 >= blocks.length || blocks[i + 1].start !== end) break;
      end = blocks[++i].end;
    }
    extents.push({ start, end, board });
  }
  const gaps = extents.map((extent, k) => ({ start: k === 0 ? 0 : extents[k - 1].end, end: extent.start }));
  gaps.push({ start: extents.length === 0 ? 0 : extents[extents.length - 1].end, end: lines.length });
  const boardless: Extent[] = [];
  for (const gap of gaps) {
    for (let line = gap.start; line < gap.end; line++) {
      if (!joinable(line)) continue;
      const start = line;
      let player = false;
      for (; line < gap.end && joinable(line); line++) if (isStray(line) && /[@+]/.test(lines[line])) player = true;
      if (player && line - start >= 2) boardless.push({ start, end: line, board: null });
    }
  }
  const all = [...extents, ...boardless].sort((a, b) => a.start - b.start);

  // What is wrong with each, numbered in file order, checked in the order the lines were always checked in.
  return all.map((extent, index): Span => {
    const level = index + 1;
    const { start, end, board } = extent;
    if (board === null) {
      let error: LevelError | null = null;
      for (let line = start; line < end && error === null; line++) error = strayAt(line, level);
      return { start, end, board: null, error };
    }
    const error = strayAt(board.start - 1, level) ?? strayAt(board.end, level);
    if (error !== null) return { start, end, board: null, error };
    try {
      return { start, end, board: buildBoard(collectRows(board, rowsOfLine), file, level), error: null };
    } catch (failure) {
      if (!(failure instanceof LevelError)) throw failure;
      return { start, end, board: null, error: failure };
    }
  });
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
  let players = 0;
  let wall = false;
  let solid = false;
  let letters = false;
  let dashed = false;
  for (let i = 0; i < text.length; i++) {
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

function classifyLine(text: string, line: number, file: string, rowsOfLine: (RowText[] | undefined)[], budget: Budget): number {
  const facts = rowFacts(text);
  if (facts.kind !== TEXT) {
    rowsOfLine[line] = [{ text, line, columns: null }];
    return facts.kind;
  }
  if (!/[0-9()|]/.test(text) || !/^[ #@+$*.\-_pPbB0-9()|]+$/.test(text)) return TEXT;

  const expanded = expandRunLength(text);
  if (!expanded.ok) {
    if (expanded.tooLarge) throw new LevelError(expanded.reason, { file, line: line + 1, column: expanded.column + 1 });
    return TEXT; // bare numbers such as Sven's "12" titles land here
  }
  budget.left -= expanded.text.length;
  if (budget.left < 0) {
    throw new LevelError(`the run-length rows of this file expand to more than ${RUN_LENGTH_BUDGET} squares`, { file, line: line + 1, column: 1 });
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
  if (whole.kind !== BOARD) return TEXT;
  rowsOfLine[line] = rows;
  return BOARD;
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

/** `Comment:` ... `Comment-End:` blocks are free text; an unterminated `Comment:` is a single line. */
function markCommentBlocks(lines: readonly string[]): Uint8Array {
  const inComment = new Uint8Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*comment\s*:/i.test(lines[i])) continue;
    let end = -1;
    for (let j = i + 1; j < lines.length; j++) {
      if (/^\s*comment[-_ ]?end\s*:?\s*$/i.test(lines[j])) {
        end = j;
        break;
      }
      if (rowFacts(lines[j]).kind === BOARD && lines[j].includes('#')) break;
    }
    if (end < 0) continue;
    inComment.fill(1, i, end + 1);
    i = end;
  }
  return inComment;
}

// ---------------------------------------------------------------------------------------------
// Boards

function findBlocks(kinds: Uint8Array, rowsOfLine: readonly (RowText[] | undefined)[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < kinds.length) {
    if (kinds[i] !== BOARD) {
      i++;
      continue;
    }
    const start = i;
    while (i < kinds.length && kinds[i] === BOARD) i++;
    const block = { start, end: i };
    if (isDecoration(block, rowsOfLine)) kinds.fill(TEXT, start, i);
    else blocks.push(block);
  }
  return blocks;
}

/**
 * A run of rows without a player is only a broken level when it has the makings of one
 * (walls and boxes or goals). Rows of `#` framing a header, or a line of `*` used as a
 * separator, are decoration.
 */
function isDecoration(block: Block, rowsOfLine: readonly (RowText[] | undefined)[]): boolean {
  let wall = false;
  let piece = false;
  for (let line = block.start; line < block.end; line++) {
    for (const row of rowsOfLine[line] ?? []) {
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

function collectRows(block: Block, rowsOfLine: readonly (RowText[] | undefined)[]): RowText[] {
  const rows: RowText[] = [];
  for (let line = block.start; line < block.end; line++) {
    rows.push(...(rowsOfLine[line] ?? []));
  }
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
function strayRowError(lines: readonly string[], kinds: Uint8Array, inComment: Uint8Array, line: number, file: string, level: number | undefined): LevelError | null {
  if (line < 0 || line >= lines.length || kinds[line] !== TEXT || inComment[line] === 1) return null;
  const text = lines[line];
  const trimmed = text.trim();
  if (trimmed.startsWith(';') || text.includes(':') || !text.includes('#')) return null;
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
  if (badCount > 2 || badCount * 3 > trimmed.length) return null;
  const char = text[bad];
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
 * The title of the level whose board starts at `end`: the last non-blank line before it, if that
 * line is a `;` comment, or plain text standing after a blank line (or at the start of the file).
 * Returns -1 when there is none.
 */
function findTitleLine(lines: readonly string[], kinds: Uint8Array, inComment: Uint8Array, start: number, end: number, atFileStart: boolean): number {
  let t = end - 1;
  while (t >= start && kinds[t] === BLANK) t--;
  if (t < start || inComment[t] === 1) return -1;
  const text = lines[t].trim();
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
function readMetadata(lines: readonly string[], kinds: Uint8Array, inComment: Uint8Array, start: number, end: number, meta: LevelMetadata, nextMeta: LevelMetadata): void {
  let freeComments = meta.comments;
  for (let i = start; i < end; i++) {
    const text = lines[i].trim();
    if (inComment[i] === 1) {
      if (/^comment\s*:/i.test(text)) {
        const rest = text.slice(text.indexOf(':') + 1).trim();
        if (rest !== '') meta.comments.push(rest);
      } else if (!/^comment[-_ ]?end\s*:?$/i.test(text)) {
        meta.comments.push(lines[i]);
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
      let moves = isMovesText(sameLine) ? sameLine : '';
      let j = i + 1;
      while (j < end && inComment[j] === 0 && isMovesText(lines[j].trim())) moves += lines[j++].trim();
      if (moves === '' && sameLine !== '') meta.comments.push(text);
      else if (moves !== '') meta.solutions.push(moves.replace(/\s+/g, ''));
      i = j - 1;
      continue;
    }
    const body = stripCommentMarker(text);
    if (body === '') continue;
    const entry = parseKey(body);
    if (entry?.key === 'title' && entry.value !== '') meta.title = entry.value;
    else if (entry?.key === 'author' && entry.value !== '') meta.author = entry.value;
    else if (entry?.key === 'comment') {
      if (entry.value !== '') meta.comments.push(entry.value);
    } else if (entry !== null) meta.comments.push(body);
    else freeComments.push(body);
  }
}

function headerLines(lines: readonly string[], kinds: Uint8Array, start: number, end: number): string[] {
  const header: string[] = [];
  for (let i = start; i < end; i++) header.push(kinds[i] === BLANK ? '' : stripCommentMarker(lines[i]));
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
