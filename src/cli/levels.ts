import { UsageError, formatPosition } from '../errors.js';
import type { Level, LevelFailure, LevelFormat, LevelIndex } from '../level/level.js';
import { indexLevels } from '../level/parse.js';
import { reportWarning, warningLine } from './error-line.js';
import { JSON_BYTES_PER_CHARACTER, checkHeapRoom } from './heap-room.js';
import type { InputReader } from './input.js';
import type { Io, OutputStream } from './io.js';
import { displayName, printable } from './printable.js';

/**
 * Reads one level file (or stdin) for the commands that use whole levels (show, convert): every
 * level, or only the one `--level` names (see selectNumbers), read and warned about (on stderr
 * straight away, so warnings never mix with results on stdout). A malformed level among those
 * fails the command with its error; one outside the selection is not read.
 */
export async function loadLevels(
  io: Io,
  reader: InputReader,
  path: string,
  format: LevelFormat | undefined,
  selector: string | undefined,
): Promise<{ collection: LevelIndex; levels: Level[] }> {
  const input = await reader.read(path, 'level file');
  const collection = readLevelIndex(io, input.text, input.name, format);
  const selection = selectNumbers(collection, selector);
  const entries = Array.from({ length: selection.count }, (_, position) => collection.read(selection.numberAt(position)));
  const levels: Level[] = [];
  for (const entry of entries) {
    if (entry.kind === 'failure') throw entry.failure.error;
    levels.push(entry.level);
  }
  for (const entry of entries) if (entry.kind === 'level') for (const warning of entry.warnings) reportWarning(io, `${formatPosition(warning)}: ${warning.message}`);
  return { collection, levels };
}

/**
 * Cuts a text into levels for the commands that answer per level (solve, verify): each level is
 * read when it is used (see LevelIndex), and in a collection a malformed level is a failure in its
 * place while the others are still read. A text holding one level only, and that one malformed,
 * throws its error: the input as a whole is bad.
 */
export function readLevelIndex(io: Io, text: string, file: string, format: LevelFormat | undefined): LevelIndex {
  // JSON is parsed whole, to several times its size: refused in one line when the heap cannot take it.
  const heap = format !== 'xsb' && /^\uFEFF?\s*[[{]/.test(text.slice(0, 4096)) ? io.heap?.() : undefined;
  if (heap !== undefined) checkHeapRoom(heap, text.length * JSON_BYTES_PER_CHARACTER, file, 'a JSON level file is read whole: this one');
  const index = indexLevels(text, { file, format: format ?? 'auto' });
  if (index.count === 1) {
    const only = index.read(1);
    if (only.kind === 'failure') throw only.failure.error;
  }
  return index;
}

/** One level's place in a collection read level by level: the level, or why it could not be read. */
export type LevelEntry =
  | { readonly kind: 'level'; readonly index: number; readonly title: string | null; readonly level: Level }
  | { readonly kind: 'failure'; readonly index: number; readonly title: string | null; readonly failure: LevelFailure };

/** Level `number` of a collection, read now; its warnings go to `warn` (stderr, through a progress line's guard). */
export function entryAt(collection: LevelIndex, number: number, warn: (message: string) => void): LevelEntry {
  const read = collection.read(number);
  if (read.kind === 'failure') return { kind: 'failure', index: number, title: read.failure.title, failure: read.failure };
  for (const warning of read.warnings) warn(`${formatPosition(warning)}: ${warning.message}`);
  return { kind: 'level', index: number, title: read.level.title, level: read.level };
}

/** Writes warnings as reportWarning does, to stderr or to a stream that guards a progress line. */
export function warnOn(io: Io, stream: OutputStream = io.stderr): (message: string) => void {
  return (message) => stream.write(warningLine(message));
}

/** The levels a command works on, by number, in file order: all of a collection's, or the one `--level` names. */
export interface LevelSelection {
  readonly count: number;
  /** The 1-based number of the selection's `position`-th level (0-based). */
  numberAt(position: number): number;
}

/**
 * The levels a command works on: all of them, or the one `--level` names, by 1-based number or
 * by title. A number wins over a title because Microban's titles are its numbers anyway. Only
 * titles are read to find one by title; no board is built.
 */
export function selectNumbers(collection: LevelIndex, selector: string | undefined): LevelSelection {
  const { file, count } = collection;
  if (selector === undefined) return { count, numberAt: (position) => position + 1 };
  const plural = count === 1 ? 'level' : 'levels';
  const one = (number: number): LevelSelection => ({ count: 1, numberAt: () => number });
  if (/^\d+$/.test(selector)) {
    const number = Number(selector);
    if (number < 1 || number > count) throw new UsageError(`--level ${selector}: ${file} has ${count} ${plural}`);
    return one(number);
  }
  const wanted = selector.trim();
  const lower = wanted.toLowerCase();
  // Exact matches first, then matches but for case; two levels of one title would make the
  // choice a guess, so they are named instead of the first being taken.
  const exact: number[] = [];
  const loose: number[] = [];
  for (let number = 1; number <= count; number++) {
    const title = collection.titleOf(number);
    if (title === wanted) exact.push(number);
    else if (title?.toLowerCase() === lower) loose.push(number);
  }
  const matches = exact.length > 0 ? exact : loose;
  if (matches.length === 0) throw new UsageError(`--level ${selector}: no level of ${file} has that number or title`);
  if (matches.length > 1) {
    const shown = matches.slice(0, 5).map((number) => `#${number}`);
    if (matches.length > shown.length) shown.push('…');
    throw new UsageError(`--level ${selector}: ${matches.length} levels of ${file} have that title (${shown.join(', ')}); give the number instead`);
  }
  return one(matches[0]);
}

/** Every selected level, read now, warnings written: for the commands that match moves to levels across the selection. */
export function selectedEntries(io: Io, collection: LevelIndex, selection: LevelSelection): LevelEntry[] {
  const warn = warnOn(io);
  return Array.from({ length: selection.count }, (_, position) => entryAt(collection, selection.numberAt(position), warn));
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
