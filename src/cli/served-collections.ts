import { SokobanError, formatPosition } from '../errors.js';
import { parseCollection } from '../level/parse.js';
import type { LoadedCollection } from '../web/catalog.js';
import { expandInputs } from './batch/inputs.js';
import type { Io } from './io.js';

export interface ServedCollections {
  readonly collections: readonly LoadedCollection[];
  /** One per input that could not be served (missing, malformed), as the CLI words it. */
  readonly problems: readonly SokobanError[];
  /** Parse warnings (e.g. an open XSB board), already formatted as position: message. */
  readonly warnings: readonly string[];
}

/**
 * Reads every level file named by `serve`'s arguments (files, folders, globs, as `sokoban solve`
 * takes them). A file that cannot be read or parsed is reported and left out, so one bad file in
 * a folder does not keep the others off the page.
 */
export async function readServedCollections(io: Io, inputs: readonly string[]): Promise<ServedCollections> {
  const collections: LoadedCollection[] = [];
  const problems: SokobanError[] = [];
  const warnings: string[] = [];
  for (const source of await expandInputs(io, inputs)) {
    if (source.kind === 'error') {
      problems.push(source.error);
      continue;
    }
    if (source.kind === 'stdin') continue;
    try {
      const collection = parseCollection(await io.readFile(source.path), { file: source.path });
      for (const warning of collection.warnings) warnings.push(`${formatPosition(warning)}: ${warning.message}`);
      collections.push({ file: source.path, collection });
    } catch (error) {
      if (!(error instanceof SokobanError)) throw error;
      problems.push(error);
    }
  }
  return { collections, problems, warnings };
}
