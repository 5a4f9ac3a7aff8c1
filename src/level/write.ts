import type { Board } from './board.js';
import { writeCs161Grid } from './cs161-grid.js';
import type { Level, LevelFormat } from './level.js';
import { writeSnekobanJson } from './snekoban-json.js';
import { writeXsbBoard, writeXsbCollection, writeXsbLevel } from './xsb-write.js';

export interface FormatOptions {
  /** XSB only: write stored solutions as `Solution:` lines. Default false for a level, true for a collection. */
  readonly solutions?: boolean;
}

/** The board alone, without a trailing newline. */
export function formatBoard(board: Board, format: LevelFormat): string {
  switch (format) {
    case 'xsb':
      return writeXsbBoard(board);
    case 'json':
      return writeSnekobanJson(board);
    case 'grid':
      return writeCs161Grid(board);
  }
}

/**
 * One level as a complete file (ending in a newline). XSB keeps title, author, comments and,
 * when asked, solutions; a grid keeps the title as a `;` comment line; 6.101 JSON has no room
 * for metadata.
 */
export function formatLevel(level: Level, format: LevelFormat, options: FormatOptions = {}): string {
  switch (format) {
    case 'xsb':
      return `${writeXsbLevel(level, options)}\n`;
    case 'json':
      return `${writeSnekobanJson(level.board)}\n`;
    case 'grid':
      return `${gridWithTitle(level)}\n`;
  }
}

/**
 * A whole collection. XSB writes the header as `;` lines and, unless told otherwise, the stored
 * solutions (a collection written back should lose nothing). A grid collection is grids separated
 * by blank lines; a 6.101 collection with more than one level is a JSON list of levels, which
 * our reader accepts (the lab's own files hold one level each).
 */
export function formatCollection(collection: { readonly header: readonly string[]; readonly levels: readonly Level[] }, format: LevelFormat, options: FormatOptions = {}): string {
  switch (format) {
    case 'xsb':
      return writeXsbCollection(collection.header, collection.levels, { solutions: options.solutions ?? true });
    case 'grid':
      return `${collection.levels.map(gridWithTitle).join('\n\n')}\n`;
    case 'json':
      if (collection.levels.length === 1) return `${writeSnekobanJson(collection.levels[0].board)}\n`;
      return `[\n${collection.levels.map((level) => indent(writeSnekobanJson(level.board))).join(',\n')}\n]\n`;
  }
}

function gridWithTitle(level: Level): string {
  const board = writeCs161Grid(level.board);
  return level.title !== null && level.title.trim() !== '' ? `; ${level.title.trim()}\n${board}` : board;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
