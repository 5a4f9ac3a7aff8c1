import { basename } from 'node:path';
import type { Collection } from '../level/level.js';

/** A level file read and parsed, under the name it was read by. */
export interface LoadedCollection {
  readonly file: string;
  readonly collection: Collection;
}

/** One collection the server offers, under an id that is safe in a URL path. */
export interface CatalogEntry extends LoadedCollection {
  readonly id: string;
  /** What the page shows: the collection's own title, else its file name. */
  readonly name: string;
}

export interface Catalog {
  readonly entries: readonly CatalogEntry[];
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'collection'
  );
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

/** The server's collections, named for the page, from collections the CLI has read and parsed. */
export function catalogOf(loaded: readonly LoadedCollection[]): Catalog {
  const ids = idsFor(loaded.map((entry) => entry.file));
  return { entries: loaded.map(({ file, collection }, i) => ({ id: ids[i], name: collection.title ?? basename(file), file, collection })) };
}
