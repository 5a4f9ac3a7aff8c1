import { LevelError, SokobanError, formatPosition } from '../errors.js';
import { parseEachLevel } from '../level/parse.js';
import type { LoadedCollection } from '../web/catalog.js';
import { expandInputs } from './batch/inputs.js';
import type { Io } from './io.js';

/** A collection read for the page, with the folder its argument stands for (InputSource's `root`). */
export interface ServedCollection extends LoadedCollection {
  readonly root: string;
}

export interface ServedCollections {
  readonly collections: readonly ServedCollection[];
  /** One per input that could not be served (missing, malformed), as the CLI words it. */
  readonly problems: readonly SokobanError[];
  /** Parse warnings (e.g. an open XSB board), already formatted as position: message. */
  readonly warnings: readonly string[];
}

/**
 * Reads every level file named by `serve`'s arguments (files, folders, globs, as `sokoban solve`
 * takes them). A file that cannot be read or parsed is reported and left out, so one bad file in
 * a folder does not keep the others off the page; in the same way a malformed level of a
 * collection is reported and left out, and the collection's good levels are served, as `solve`
 * solves them.
 */
export async function readServedCollections(io: Io, inputs: readonly string[]): Promise<ServedCollections> {
  const collections: ServedCollection[] = [];
  const problems: SokobanError[] = [];
  const warnings: string[] = [];
  for (const source of await expandInputs(io, inputs)) {
    if (source.kind === 'error') {
      problems.push(source.error);
      continue;
    }
    if (source.kind === 'stdin') continue;
    try {
      const { failures, ...collection } = parseEachLevel(await io.readFile(source.path), { file: source.path });
      for (const warning of collection.warnings) warnings.push(`${formatPosition(warning)}: ${warning.message}`);
      if (collection.levels.length === 0 && failures.length > 0) {
        problems.push(failures[0].error);
        continue;
      }
      for (const failure of failures) {
        const { error } = failure;
        problems.push(new LevelError(`${error.reason} (level ${failure.index} left out, the others are served)`, error.position));
      }
      collections.push({ file: source.path, root: source.root, collection });
    } catch (error) {
      if (!(error instanceof SokobanError)) throw error;
      problems.push(error);
    }
  }
  return { collections, problems, warnings };
}
