import { basename } from 'node:path';
import { SokobanError, formatPosition } from '../errors.js';
import type { Collection } from '../level/level.js';
import { parseCollection } from '../level/parse.js';
import { expandInputs } from '../cli/batch/inputs.js';
import type { Io } from '../cli/io.js';

/** One collection the server offers, under an id that is safe in a URL path. */
export interface CatalogEntry {
  readonly id: string;
  /** What the page shows: the collection's own title, else its file name. */
  readonly name: string;
  readonly file: string;
  readonly collection: Collection;
}

export interface Catalog {
  readonly entries: readonly CatalogEntry[];
  /** One line per input that could not be served (missing, malformed), as the CLI words it. */
  readonly problems: readonly SokobanError[];
  /** Parse warnings (e.g. an open XSB board), already formatted as position: message. */
  readonly warnings: readonly string[];
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'collection';
}

/**
 * URL-safe ids from file names: `levels/microban.xsb` -> `microban`; files that share a stem keep
 * their extension (`first-json`, `first-xsb`), and any clash left gets a number.
 */
function idsFor(files: readonly string[]): string[] {
  const stems = files.map((file) => basename(file).replace(/\.[^.]+$/, ''));
  const taken = new Set<string>();
  return files.map((file, i) => {
    const shared = stems.filter((stem) => stem === stems[i]).length > 1;
    const base = slug(shared ? basename(file) : stems[i]);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

/**
 * Reads every level file named by the arguments (files, folders, globs, as `sokoban solve` takes
 * them). A file that cannot be read or parsed is reported and left out, so one bad file in a
 * folder does not keep the others off the page.
 */
export async function loadCatalog(io: Io, inputs: readonly string[]): Promise<Catalog> {
  const entries: CatalogEntry[] = [];
  const problems: SokobanError[] = [];
  const warnings: string[] = [];
  const loaded: { file: string; collection: Collection }[] = [];
  for (const source of await expandInputs(io, inputs)) {
    if (source.kind === 'error') {
      problems.push(source.error);
      continue;
    }
    if (source.kind === 'stdin') continue;
    try {
      const collection = parseCollection(await io.readFile(source.path), { file: source.path });
      for (const warning of collection.warnings) warnings.push(`${formatPosition(warning)}: ${warning.message}`);
      loaded.push({ file: source.path, collection });
    } catch (error) {
      if (!(error instanceof SokobanError)) throw error;
      problems.push(error);
    }
  }
  const ids = idsFor(loaded.map((entry) => entry.file));
  loaded.forEach(({ file, collection }, i) => {
    entries.push({ id: ids[i], name: collection.title ?? basename(file), file, collection });
  });
  return { entries, problems, warnings };
}
