import { LevelError } from '../errors.js';
import { readCs161Grid } from './cs161-grid.js';
import { detectFormat } from './detect.js';
import type { Collection, Level, LevelFormat, PartialCollection } from './level.js';
import { readSnekobanJson } from './snekoban-json.js';
import { readXsb } from './xsb-read.js';

export { detectFormat } from './detect.js';

export interface ParseOptions {
  /** Name used in errors, warnings and Level.source; default '<input>'. */
  readonly file?: string;
  /** Force a format instead of detecting it from the content; default 'auto'. */
  readonly format?: LevelFormat | 'auto';
}

/**
 * Every level in a text, level by level: a malformed level (no player, two players, an unknown
 * character in a board row, a bad cell) is a failure in its own place, with its number, and the
 * other levels are still read and keep theirs. Throws LevelError only when the text as a whole
 * cannot be read: empty, no level in it, JSON that does not parse.
 */
export function parseEachLevel(text: string, options: ParseOptions = {}): PartialCollection {
  const file = options.file ?? '<input>';
  const format = options.format === undefined || options.format === 'auto' ? detectFormat(text) : options.format;
  const normalized = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (normalized.trim() === '') throw new LevelError('empty file', { file });
  switch (format) {
    case 'xsb':
      return readXsb(normalized, file);
    case 'json':
      return readSnekobanJson(normalized, file);
    case 'grid':
      return readCs161Grid(normalized, file);
  }
}

/**
 * Every level in a text. Throws LevelError (with file, level, line, column where known) for an
 * empty text, a text without a level, or any malformed level (the first one); one bad level fails
 * the whole text, because a collection with a silently missing level would shift every later
 * level's number. Use parseEachLevel to keep the good levels of a collection with a bad one.
 * Recoverable oddities (an XSB board the player can walk off) are in `warnings`.
 */
export function parseCollection(text: string, options: ParseOptions = {}): Collection {
  const { failures, ...collection } = parseEachLevel(text, options);
  if (failures.length > 0) throw failures[0].error;
  return collection;
}

/**
 * The single level in a text; a text holding several levels is an error (use parseCollection),
 * so that a caller never solves level 1 of a collection believing it is the whole input.
 * Warnings are dropped; use parseCollection to see them.
 */
export function parseLevel(text: string, options: ParseOptions = {}): Level {
  const collection = parseCollection(text, options);
  if (collection.levels.length !== 1) {
    throw new LevelError(`expected one level, found ${collection.levels.length}`, { file: collection.file });
  }
  return collection.levels[0];
}
