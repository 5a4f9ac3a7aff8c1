import { LevelError } from '../errors.js';
import { readCs161Grid } from './cs161-grid.js';
import { detectFormat } from './detect.js';
import type { Collection, IndexedLevel, Level, LevelFailure, LevelFormat, LevelIndex, ParseWarning, PartialCollection } from './level.js';
import { readSnekobanJson } from './snekoban-json.js';
import { indexXsb } from './xsb-read.js';

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
  return readAllLevels(indexLevels(text, options));
}

/**
 * The levels of a text, each read when it is asked for (see LevelIndex): what parseEachLevel
 * gives, level by level, for a caller that uses a few levels of a large file or one level at a
 * time. An XSB/SOK text is cut into levels without building them; the JSON formats, which are
 * parsed whole anyway, are read at once and handed out from memory. Throws as parseEachLevel.
 */
export function indexLevels(text: string, options: ParseOptions = {}): LevelIndex {
  const file = options.file ?? '<input>';
  const format = options.format === undefined || options.format === 'auto' ? detectFormat(text) : options.format;
  const normalized = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (normalized.trim() === '') throw new LevelError('empty file', { file });
  switch (format) {
    case 'xsb':
      return indexXsb(normalized, file);
    case 'json':
      return indexOfCollection(readSnekobanJson(normalized, file));
    case 'grid':
      return indexOfCollection(readCs161Grid(normalized, file));
  }
}

/** Every level of an index, read in file order, with their warnings. */
function readAllLevels(index: LevelIndex): PartialCollection {
  const levels: Level[] = [];
  const failures: LevelFailure[] = [];
  const warnings: ParseWarning[] = [];
  for (let number = 1; number <= index.count; number++) {
    const entry = index.read(number);
    if (entry.kind === 'failure') failures.push(entry.failure);
    else {
      levels.push(entry.level);
      warnings.push(...entry.warnings);
    }
  }
  return { file: index.file, format: index.format, header: index.header, title: index.title, levels, warnings, failures };
}

/** A collection read whole, handed out level by level as an index is. */
function indexOfCollection(collection: PartialCollection): LevelIndex {
  const entries: IndexedLevel[] = [];
  for (const level of collection.levels) {
    const warnings = collection.warnings.filter((warning) => warning.level === level.source.index);
    entries[level.source.index - 1] = { kind: 'level', level, warnings };
  }
  for (const failure of collection.failures) entries[failure.index - 1] = { kind: 'failure', failure };
  const entryOf = (number: number): IndexedLevel => {
    const entry = entries[number - 1];
    if (entry === undefined) throw new RangeError(`level ${number} of ${entries.length}`);
    return entry;
  };
  return {
    file: collection.file,
    format: collection.format,
    header: collection.header,
    title: collection.title,
    count: entries.length,
    read: entryOf,
    titleOf: (number) => {
      const entry = entryOf(number);
      return entry.kind === 'level' ? entry.level.title : entry.failure.title;
    },
    lineOf: (number) => {
      const entry = entryOf(number);
      return entry.kind === 'level' ? entry.level.source.line : (entry.failure.error.position.line ?? 1);
    },
  };
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
