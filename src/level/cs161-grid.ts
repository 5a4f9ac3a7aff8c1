import { LevelError, type SourcePosition } from '../errors.js';
import { BOX, GOAL, WALL, type Board } from './board.js';
import { BoardBuilder } from './board-builder.js';
import { describeJson, parseJsonText } from './json-text.js';
import type { Level, LevelFailure, PartialCollection } from './level.js';
import { eachLine } from './text-lines.js';
import { splitLines } from './xsb-read.js';

/*
 * UCLA CS161 numeric grids: 0 floor, 1 wall, 2 box, 3 keeper, 4 goal, 5 box on goal,
 * 6 keeper on goal. Read as JSON (a grid, a list of grids, or a list of {"name", "grid"} objects
 * like ../shared/cs161/*.json) or as text: one row per line, numbers separated by spaces or
 * commas (brackets and parentheses ignored), levels separated by blank lines, `;` lines are
 * comments and the last one before a grid is its title.
 */

const FLAGS_OF_DIGIT = [0, WALL, BOX, 0, GOAL, BOX | GOAL, GOAL] as const;
const KEEPER_DIGITS = new Set([3, 6]);

/** True when the text is a grid as text: only numbers, separators and `;` comment lines. */
/**
 * The homework's Lisp files bind each level to a name: `(setq p1 '((1 1 1) ...))`. The binding's
 * head is blanked out (so columns still count from the line's start) and its name kept as the
 * level's title; null for a line that starts no binding.
 */
function lispBinding(line: string): { readonly name: string; readonly rest: string } | null {
  const head = /^\s*\(\s*(?:setq|setf|defvar|defparameter|defconstant)\s+([^\s()']+)/i.exec(line);
  if (head === null) return null;
  return { name: head[1], rest: ' '.repeat(head[0].length) + line.slice(head[0].length) };
}

export function looksLikeGridText(text: string): boolean {
  let digits = false;
  // Line by line: most texts are told apart at their first line, and a large XSB file is not cut whole.
  for (const line of eachLine(text)) {
    const trimmed = (lispBinding(line)?.rest ?? line).trim();
    if (trimmed === '' || trimmed.startsWith(';')) continue;
    // Numbers that are no square (-1, 4.5) still make a grid, so that its reader names them.
    if (!/^[\d\s,[\]()']+$/.test(trimmed.replace(/-?\d+(?:\.\d+)?/g, '0'))) return false;
    if (/\d/.test(trimmed)) digits = true;
  }
  return digits;
}

/** True when parsed JSON holds numbers where 6.101 JSON would hold lists of names. */
export function isGridJson(value: unknown): boolean {
  let probe: unknown = value;
  for (let depth = 0; depth < 4; depth++) {
    if (typeof probe === 'number') return true;
    if (probe !== null && typeof probe === 'object' && !Array.isArray(probe)) return 'grid' in probe;
    if (!Array.isArray(probe) || probe.length === 0) return false;
    probe = probe[0];
  }
  return typeof probe === 'number';
}

export function readCs161Grid(text: string, file: string): PartialCollection {
  const trimmed = text.trim();
  if (trimmed === '') throw new LevelError('empty file', { file });
  const entries = isJsonText(trimmed) ? gridsFromJson(parseJsonText(text, file), file) : gridsFromText(text, file);
  const levels: Level[] = [];
  const failures: LevelFailure[] = [];
  entries.forEach((entry, i) => {
    if (entry.board === null) {
      failures.push({ index: i + 1, title: entry.title, error: entry.error as LevelError });
      return;
    }
    levels.push({
      board: entry.board,
      title: entry.title,
      author: null,
      comments: [],
      solutions: [],
      source: { file, index: i + 1, line: entry.line },
      format: 'grid',
    });
  });
  return { file, format: 'grid', header: [], title: null, levels, warnings: [], failures };
}

/** Bracketed rows one per line with trailing commas ("[1, 3],") are text, not one JSON value. */
function isJsonText(trimmed: string): boolean {
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return false;
  if (!looksLikeGridText(trimmed)) return true;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** One level of a grid file: its board, or (in a file of several) why it could not be read. */
interface GridEntry {
  readonly board: Board | null;
  readonly error: LevelError | null;
  readonly title: string | null;
  readonly line: number;
}

/** A level of a list: a malformed one becomes an entry with its error, so the others are still read. */
function entryOf(read: () => Board, title: string | null, line: number): GridEntry {
  try {
    return { board: read(), error: null, title, line };
  } catch (error) {
    if (!(error instanceof LevelError)) throw error;
    return { board: null, error, title, line };
  }
}

function gridsFromJson(value: unknown, file: string): GridEntry[] {
  if (!Array.isArray(value)) {
    if (value !== null && typeof value === 'object' && 'grid' in value) {
      return [{ board: boardFromJsonGrid(value.grid, { file }), error: null, title: nameOf(value), line: 1 }];
    }
    throw new LevelError(`a CS161 grid must be a list of rows, found ${describeJson(value)}`, { file });
  }
  const first: unknown = value[0];
  const isObjectList = first !== null && typeof first === 'object' && !Array.isArray(first);
  const isGridList = Array.isArray(first) && Array.isArray(first[0]);
  if (!isObjectList && !isGridList) return [{ board: boardFromJsonGrid(value, { file }), error: null, title: null, line: 1 }];
  return value.map((item: unknown, index) => {
    const position = { file, level: index + 1 };
    if (!isObjectList) return entryOf(() => boardFromJsonGrid(item, position), null, 1);
    if (item === null || typeof item !== 'object' || !('grid' in item)) {
      return { board: null, error: new LevelError(`entry ${index + 1} has no "grid"`, position), title: null, line: 1 };
    }
    return entryOf(() => boardFromJsonGrid(item.grid, position), nameOf(item), 1);
  });
}

function nameOf(item: object): string | null {
  const name = (item as { name?: unknown }).name;
  return typeof name === 'string' ? name : null;
}

function boardFromJsonGrid(grid: unknown, position: SourcePosition): Board {
  if (!Array.isArray(grid)) throw new LevelError(`a CS161 grid must be a list of rows, found ${describeJson(grid)}`, position);
  const builder = new BoardBuilder(position);
  grid.forEach((rowValue: unknown, r) => {
    if (!Array.isArray(rowValue)) throw new LevelError(`row ${r + 1} must be a list of numbers, found ${describeJson(rowValue)}`, position);
    const row = rowValue.map((cell: unknown, c) => {
      const where = `row ${r + 1}, column ${c + 1}`;
      if (typeof cell !== 'number' || !Number.isInteger(cell) || cell < 0 || cell > 6) {
        throw new LevelError(`${where}: ${describeJson(cell)} is not a CS161 square (an integer 0-6)`, position);
      }
      if (KEEPER_DIGITS.has(cell)) builder.placePlayer(r, c, where, position);
      return FLAGS_OF_DIGIT[cell];
    });
    builder.setRow(r, row);
  });
  return builder.build();
}

function gridsFromText(text: string, file: string): GridEntry[] {
  const entries: GridEntry[] = [];
  let builder: BoardBuilder | null = null;
  /** The first thing wrong with the level being read; its later rows are skipped. */
  let broken: LevelError | null = null;
  let rowCount = 0;
  let firstLine = 0;
  let title: string | null = null;
  const finish = (): void => {
    if (builder !== null) {
      const current = builder;
      entries.push(broken === null ? entryOf(() => current.build(), title, firstLine) : { board: null, error: broken, title, line: firstLine });
    }
    builder = null;
    broken = null;
    title = null;
  };

  splitLines(text).forEach((given, index) => {
    // A Lisp binding starts a level of its own, named by the binding.
    const binding = lispBinding(given);
    if (binding !== null) {
      finish();
      title = binding.name;
    }
    const line = binding?.rest ?? given;
    const trimmed = line.trim();
    if (trimmed === '') {
      if (binding === null) finish();
      return;
    }
    if (trimmed.startsWith(';')) {
      finish();
      const comment = trimmed.slice(1).trim();
      if (comment !== '') title = comment;
      return;
    }
    const rows = rowsOfGridLine(line);
    if (rows.length === 0) return;
    if (builder === null) {
      firstLine = index + 1;
      builder = new BoardBuilder({ file, level: entries.length + 1, line: firstLine });
      rowCount = 0;
    }
    if (broken !== null) return;
    const position = (column: number): SourcePosition => ({ file, level: entries.length + 1, line: index + 1, column });
    try {
      for (const row of rows) {
        const cells: number[] = [];
        for (const token of row) {
          const value = /^\d+$/.test(token.text) ? Number(token.text) : NaN;
          if (!(value >= 0 && value <= 6)) {
            throw new LevelError(`${JSON.stringify(token.text)} is not a CS161 square (an integer 0-6)`, position(token.column));
          }
          if (KEEPER_DIGITS.has(value)) {
            builder.placePlayer(rowCount, cells.length, `line ${index + 1}, column ${token.column}`, position(token.column));
          }
          cells.push(FLAGS_OF_DIGIT[value]);
        }
        builder.setRow(rowCount++, cells);
      }
    } catch (error) {
      // One bad square spoils its level only: the rest of it is skipped up to the next blank or ; line.
      if (!(error instanceof LevelError)) throw error;
      broken = error;
    }
  });
  finish();
  if (entries.length === 0) throw new LevelError('no level found', { file });
  return entries;
}

interface GridToken {
  readonly text: string;
  /** 1-based column in the line. */
  readonly column: number;
}

/**
 * The rows on one line of grid text. Each innermost bracketed group is a row, so that
 * `[[1,1],[1,3]]` or Lisp's `((1 1) (1 3))` on one line give two rows; a line without a complete
 * group is one row. Rows written without separators ("11311") are one digit per square.
 */
function rowsOfGridLine(line: string): GridToken[][] {
  const groups = [...line.matchAll(/[([]([^()[\]]*)[)\]]/g)].map((match) => ({
    text: match[1],
    offset: (match.index ?? 0) + 1,
  }));
  const parts = groups.length > 0 ? groups : [{ text: line.replace(/[()[\]]/g, ' '), offset: 0 }];
  return parts
    .map(({ text, offset }) => {
      const cleaned = text.replace(/[,']/g, ' ');
      const tokens = /^\s*\d+\s*$/.test(cleaned) ? [...cleaned.matchAll(/\d/g)] : [...cleaned.matchAll(/\S+/g)];
      return tokens.map((token) => ({ text: token[0], column: offset + (token.index ?? 0) + 1 }));
    })
    .filter((row) => row.length > 0);
}

export function gridDigit(flags: number, player: boolean): number {
  if ((flags & WALL) !== 0) return 1;
  const goal = (flags & GOAL) !== 0;
  if (player) return goal ? 6 : 3;
  if ((flags & BOX) !== 0) return goal ? 5 : 2;
  return goal ? 4 : 0;
}

/** One row per line, digits separated by spaces: readable, and pasteable into Lisp or Python with brackets. */
export function writeCs161Grid(board: Board): string {
  const rows: string[] = [];
  for (let r = 0; r < board.height; r++) {
    const digits: number[] = [];
    for (let c = 0; c < board.width; c++) {
      const square = r * board.width + c;
      digits.push(gridDigit(board.squares[square], square === board.player));
    }
    rows.push(digits.join(' '));
  }
  return rows.join('\n');
}
