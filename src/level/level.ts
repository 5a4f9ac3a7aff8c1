import type { LevelError } from '../errors.js';
import type { Board } from './board.js';

export type LevelFormat = 'xsb' | 'json' | 'grid';

/** Where a level came from, for error messages and batch job names. */
export interface LevelSource {
  readonly file: string;
  /** 1-based position of the level in its file. */
  readonly index: number;
  /** 1-based line of the level's first board row (1 for formats without lines). */
  readonly line: number;
}

export interface Level {
  readonly board: Board;
  readonly title: string | null;
  readonly author: string | null;
  /** Other metadata and comment lines attached to the level, in file order. */
  readonly comments: readonly string[];
  /** Move strings stored with the level (SOK `Solution` lines), as written. */
  readonly solutions: readonly string[];
  readonly source: LevelSource;
  readonly format: LevelFormat;
}

export interface ParseWarning {
  readonly message: string;
  readonly file: string;
  readonly level?: number;
  readonly line?: number;
}

/** A parsed file: one or more levels plus the text that describes the set. */
export interface Collection {
  readonly file: string;
  readonly format: LevelFormat;
  /** Header text before the first level (comments, `Collection:` lines), without comment markers. */
  readonly header: readonly string[];
  readonly title: string | null;
  readonly levels: readonly Level[];
  readonly warnings: readonly ParseWarning[];
}

/** A level of a collection that could not be read, kept in its place among the others. */
export interface LevelFailure {
  /** 1-based position of the level in its file: the number it would have had. */
  readonly index: number;
  /** Its title, when the text around the broken board still names it. */
  readonly title: string | null;
  /** Why it could not be read, with file, level and (where known) line and column. */
  readonly error: LevelError;
}

/**
 * A collection read level by level: `levels` holds the levels that could be read (each keeps its
 * own number in `source.index`), `failures` the ones that could not, so one malformed level costs
 * only itself.
 */
export interface PartialCollection extends Collection {
  readonly failures: readonly LevelFailure[];
}

/** One level of a collection read on demand: the level with its warnings, or why it could not be read. */
export type IndexedLevel =
  | { readonly kind: 'level'; readonly level: Level; readonly warnings: readonly ParseWarning[] }
  | { readonly kind: 'failure'; readonly failure: LevelFailure };

/**
 * A collection whose levels are read one at a time, when they are asked for. The text is cut
 * into levels once, cheaply, and kept; a level's board, metadata and warnings are built each
 * time it is read, and the caller keeps them only as long as it needs them. So a file of three
 * million levels costs little more than its text until its levels are used (issue 45), and a
 * command that uses one level reads and warns about that one only.
 */
export interface LevelIndex {
  readonly file: string;
  readonly format: LevelFormat;
  /** Header text before the first level (comments, `Collection:` lines), without comment markers. */
  readonly header: readonly string[];
  readonly title: string | null;
  /** Levels in the text, readable or not; their numbers are 1 to count. */
  readonly count: number;
  /** Level `index` (1-based), read now. */
  read(index: number): IndexedLevel;
  /** The title of level `index` (1-based), without building its board. */
  titleOf(index: number): string | null;
  /** The 1-based line where level `index` starts (1 for formats without lines), without reading it. */
  lineOf(index: number): number;
}
