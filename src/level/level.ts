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
