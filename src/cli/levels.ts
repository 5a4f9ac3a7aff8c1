import { UsageError, formatPosition } from '../errors.js';
import type { Collection, Level, LevelFailure, LevelFormat, PartialCollection } from '../level/level.js';
import { parseCollection, parseEachLevel } from '../level/parse.js';
import { reportWarning } from './error-line.js';
import type { InputReader } from './input.js';
import type { Io } from './io.js';
import { displayName, printable } from './printable.js';

/**
 * Reads and parses one level file (or stdin). Parse warnings go to stderr straight away,
 * so they never mix with results on stdout, --json or not.
 */
export async function loadCollection(io: Io, reader: InputReader, path: string, format: LevelFormat | undefined): Promise<Collection> {
  const input = await reader.read(path, 'level file');
  const collection = parseCollection(input.text, { file: input.name, format: format ?? 'auto' });
  for (const warning of collection.warnings) reportWarning(io, `${formatPosition(warning)}: ${warning.message}`);
  return collection;
}

/**
 * Parses a text level by level for the commands that answer per level (solve, verify): in a
 * collection, a malformed level is a failure in its place and the others are still read. A text
 * holding one level only, and that one malformed, throws its error: the input as a whole is bad.
 * Warnings go to stderr.
 */
export function readEachLevel(io: Io, text: string, file: string, format: LevelFormat | undefined): PartialCollection {
  const collection = parseEachLevel(text, { file, format: format ?? 'auto' });
  if (collection.levels.length === 0 && collection.failures.length === 1) throw collection.failures[0].error;
  for (const warning of collection.warnings) reportWarning(io, `${formatPosition(warning)}: ${warning.message}`);
  return collection;
}

/** One level's place in a collection read level by level: the level, or why it could not be read. */
export type LevelEntry =
  | { readonly kind: 'level'; readonly index: number; readonly title: string | null; readonly level: Level }
  | { readonly kind: 'failure'; readonly index: number; readonly title: string | null; readonly failure: LevelFailure };

/** Every level of the collection, readable or not, in file order. */
export function entriesOf(collection: PartialCollection): LevelEntry[] {
  const entries: LevelEntry[] = [
    ...collection.levels.map((level): LevelEntry => ({ kind: 'level', index: level.source.index, title: level.title, level })),
    ...collection.failures.map((failure): LevelEntry => ({ kind: 'failure', index: failure.index, title: failure.title, failure })),
  ];
  return entries.sort((a, b) => a.index - b.index);
}

/**
 * The entries a command works on: all of them, or the one `--level` names, by 1-based number
 * or by title. A number wins over a title because Microban's titles are its numbers anyway.
 */
function selectByNumberOrTitle<T extends { readonly index: number; readonly title: string | null }>(file: string, items: readonly T[], selector: string | undefined): readonly T[] {
  if (selector === undefined) return items;
  const count = items.length;
  const plural = count === 1 ? 'level' : 'levels';
  if (/^\d+$/.test(selector)) {
    const index = Number(selector);
    const item = items.find((candidate) => candidate.index === index);
    if (item === undefined) throw new UsageError(`--level ${selector}: ${file} has ${count} ${plural}`);
    return [item];
  }
  const wanted = selector.trim();
  const exact = items.find((item) => item.title === wanted);
  const loose = items.find((item) => item.title?.toLowerCase() === wanted.toLowerCase());
  const found = exact ?? loose;
  if (found === undefined) {
    throw new UsageError(`--level ${selector}: no level of ${file} has that number or title`);
  }
  return [found];
}

/** The levels a command works on: all of them, or the one `--level` names (see selectByNumberOrTitle). */
export function selectLevels(collection: Collection, selector: string | undefined): readonly Level[] {
  const entries = collection.levels.map((level) => ({ index: level.source.index, title: level.title, level }));
  return selectByNumberOrTitle(collection.file, entries, selector).map((entry) => entry.level);
}

/** As selectLevels, over the readable and unreadable levels of a collection read level by level. */
export function selectEntries(collection: PartialCollection, selector: string | undefined): readonly LevelEntry[] {
  return selectByNumberOrTitle(collection.file, entriesOf(collection), selector);
}

/** How results name a level: the file alone when it holds one level, else `file#index` and the title. */
export function levelLabel(level: Level, levelsInFile: number): string {
  return entryLabel(level.source.file, level.source.index, level.title, levelsInFile);
}

/** levelLabel for any level of a file, readable or not. */
export function entryLabel(file: string, index: number, title: string | null, levelsInFile: number): string {
  if (levelsInFile === 1) return displayName(file);
  const titled = title !== null && title !== String(index) ? ` (${printable(title)})` : '';
  return `${displayName(file)}#${index}${titled}`;
}
