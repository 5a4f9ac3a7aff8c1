import { UsageError, formatPosition } from '../errors.js';
import type { Collection, Level, LevelFormat } from '../level/level.js';
import { parseCollection } from '../level/parse.js';
import { reportWarning } from './error-line.js';
import type { InputReader } from './input.js';
import type { Io } from './io.js';

/**
 * Reads and parses one level file (or stdin). Parse warnings go to stderr straight away,
 * so they never mix with results on stdout, --json or not.
 */
export async function loadCollection(
  io: Io,
  reader: InputReader,
  path: string,
  format: LevelFormat | undefined,
): Promise<Collection> {
  const input = await reader.read(path, 'level file');
  const collection = parseCollection(input.text, { file: input.name, format: format ?? 'auto' });
  for (const warning of collection.warnings) reportWarning(io, `${formatPosition(warning)}: ${warning.message}`);
  return collection;
}

/**
 * The levels a command works on: all of them, or the one `--level` names, by 1-based number
 * or by title. A number wins over a title because Microban's titles are its numbers anyway.
 */
export function selectLevels(collection: Collection, selector: string | undefined): readonly Level[] {
  if (selector === undefined) return collection.levels;
  const count = collection.levels.length;
  const plural = count === 1 ? 'level' : 'levels';
  if (/^\d+$/.test(selector)) {
    const index = Number(selector);
    const level = collection.levels[index - 1];
    if (index < 1 || level === undefined) {
      throw new UsageError(`--level ${selector}: ${collection.file} has ${count} ${plural}`);
    }
    return [level];
  }
  const wanted = selector.trim();
  const exact = collection.levels.find((level) => level.title === wanted);
  const loose = collection.levels.find((level) => level.title?.toLowerCase() === wanted.toLowerCase());
  const found = exact ?? loose;
  if (found === undefined) {
    throw new UsageError(`--level ${selector}: no level of ${collection.file} has that number or title`);
  }
  return [found];
}

/** How results name a level: the file alone when it holds one level, else `file#index` and the title. */
export function levelLabel(level: Level, levelsInFile: number): string {
  if (levelsInFile === 1) return level.source.file;
  const title = level.title !== null && level.title !== String(level.source.index) ? ` (${level.title})` : '';
  return `${level.source.file}#${level.source.index}${title}`;
}
