import type { Level, LevelIndex } from '../../level/level.js';
import { formatCollection } from '../../level/write.js';
import { reportWarning } from '../error-line.js';
import type { Io } from '../io.js';
import { tryOutput } from '../output-plan.js';
import type { LoadedCollection } from './jobs.js';
import type { LevelRecord } from '../../runner/record.js';

/**
 * Where a collection is written under --out: its path with `.sok` added (a `.sok` input keeps its
 * name), kept below the folder (no leading `/`, no `..`), so inputs with the same base name do
 * not collide: `a/x.xsb` and `b/x.xsb` go to two folders, `first.json` and `first.txt` to
 * `first.json.sok` and `first.txt.sok`.
 */
export function outputPathFor(directory: string, path: string | null): string {
  const relative = (path ?? 'stdin')
    .split(/[\\/]+/)
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/');
  const withExtension = /\.sok$/i.test(relative) ? relative : `${relative}.sok`;
  return `${directory.replace(/\/+$/, '')}/${withExtension}`;
}

const unreadable = new WeakMap<LevelIndex, readonly number[]>();

/**
 * The numbers of a collection's levels that cannot be read: --out writes no collection with one.
 * Finding them reads every level (once per collection: the answer is kept).
 */
export function unreadableLevels(collection: LevelIndex): readonly number[] {
  const known = unreadable.get(collection);
  if (known !== undefined) return known;
  const numbers: number[] = [];
  for (let number = 1; number <= collection.count; number++) if (collection.read(number).kind === 'failure') numbers.push(number);
  unreadable.set(collection, numbers);
  return numbers;
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '.' : path.slice(0, cut);
}

/**
 * Writes each collection back as a SOK file whose solved levels carry their solution in a
 * `Solution` line, ready for `sokoban verify <file>`. Unsolved levels are written without one
 * (solutions the input already had are not carried over: only checked answers go in).
 * A collection with a malformed level is not written (with a warning): without that level every
 * later level would change its number. Each file is tried on its own: one that cannot be written
 * (a full disk) is named on stderr and the others are still written. Returns the paths written
 * and how many could not be.
 */
export async function writeSolvedCollections(
  io: Io,
  directory: string,
  collections: readonly LoadedCollection[],
  records: readonly Pick<LevelRecord, 'name' | 'solution'>[],
): Promise<{ readonly written: string[]; readonly failed: number }> {
  const solutions = new Map(records.flatMap((record) => (record.solution === null ? [] : [[record.name, record.solution]])));
  const written: string[] = [];
  let failed = 0;
  for (const { collection, path } of collections) {
    const failures = unreadableLevels(collection);
    if (failures.length > 0) {
      const numbers = failures.join(', ');
      const which = failures.length === 1 ? `level ${numbers}` : `levels ${numbers}`;
      reportWarning(io, `--out: ${collection.file} not written: its ${which} could not be read, and leaving it out would renumber the others`);
      continue;
    }
    const levels: Level[] = [];
    for (let number = 1; number <= collection.count; number++) {
      const entry = collection.read(number);
      if (entry.kind === 'failure') continue;
      const { level } = entry;
      const solution = solutions.get(`${level.source.file}#${level.source.index}`);
      levels.push({ ...level, solutions: solution === undefined ? [] : [solution] });
    }
    const target = outputPathFor(directory, path);
    const text = formatCollection({ header: collection.header, levels }, 'xsb', { solutions: true });
    const ok = await tryOutput(io, async () => {
      await io.makeDirectory(parentOf(target));
      await io.writeFile(target, text);
    });
    if (ok) written.push(target);
    else failed++;
  }
  return { written, failed };
}
