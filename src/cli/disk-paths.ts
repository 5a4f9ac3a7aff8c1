import * as nodeFs from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { errorCode } from './fs-errors.js';

/*
 * What the inputs' paths name on disk: a path's kind, its real path, the level files of a folder
 * and the matches of a pattern. Folders that cannot be read are reported, never passed over in
 * silence nor allowed to end the run (issue 46): a batch over a tree with one locked folder
 * solves everything else and names the folder.
 */

/** What a path names on disk, links followed; `denied` when a folder on the way may not be searched. */
export type PathKind = 'file' | 'directory' | 'missing' | 'loop' | 'denied' | 'pipe' | 'socket' | 'device';

/** A path a walk could not read, named as the walk names its files, and the errno code that said why. */
export interface UnreadablePath {
  readonly path: string;
  readonly code: string;
}

/** The level files a walk or a pattern found, and what it could not read on the way. */
export interface Listing {
  readonly files: string[];
  readonly unreadable: UnreadablePath[];
}

/**
 * The calls the walks make on the disk. The real Io uses Node's; a test's Io fails some of them
 * as an unreadable folder would, where the tests run as root, whom no mode stops.
 */
export interface DirectoryAccess {
  readdir(path: string): Promise<Dirent[]>;
  realpath(path: string): Promise<string>;
  stat(path: string): Promise<Stats>;
}

export const DISK: DirectoryAccess = {
  readdir: (path) => readdir(path, { withFileTypes: true }),
  realpath: (path) => realpath(path),
  stat: (path) => stat(path),
};

export function kindOfStats(info: Stats): PathKind {
  if (info.isFile()) return 'file';
  if (info.isDirectory()) return 'directory';
  if (info.isFIFO()) return 'pipe';
  if (info.isSocket()) return 'socket';
  return 'device';
}

/** Permission errors: the path is there, or may be, but not for us. */
function isDenied(code: string): boolean {
  return code === 'EACCES' || code === 'EPERM';
}

export async function diskPathKind(path: string, cwd: string, access: DirectoryAccess = DISK): Promise<PathKind> {
  try {
    return kindOfStats(await access.stat(resolve(cwd, path)));
  } catch (error) {
    const code = errorCode(error);
    // A link that leads round to itself is there, and is no missing file.
    if (code === 'ELOOP') return 'loop';
    return isDenied(code) ? 'denied' : 'missing';
  }
}

export async function diskRealPath(path: string, cwd: string, access: DirectoryAccess = DISK): Promise<string> {
  try {
    return await access.realpath(resolve(cwd, path));
  } catch {
    return resolve(cwd, path);
  }
}

type ReaddirCallback = (error: NodeJS.ErrnoException | null, entries: (Dirent | string)[]) => void;

/**
 * Node's fs for fast-glob, with a folder that cannot be read recorded in `unreadable` and read as
 * empty, so that one locked folder neither ends the pattern's walk (fast-glob rejects on EACCES)
 * nor goes unsaid. A folder that vanished meanwhile (ENOENT) is simply gone.
 */
function recordingFs(access: DirectoryAccess, unreadable: string[]): Partial<typeof nodeFs> {
  const readdirRecording = (path: string, options: unknown, callback?: ReaddirCallback): void => {
    const done = (typeof options === 'function' ? options : callback) as ReaddirCallback;
    const withTypes = typeof options === 'object' && options !== null && (options as { withFileTypes?: boolean }).withFileTypes === true;
    access.readdir(path).then(
      (entries) => done(null, withTypes ? entries : entries.map((entry) => entry.name)),
      (error: NodeJS.ErrnoException) => {
        if (errorCode(error) === 'ENOENT') {
          done(error, []);
          return;
        }
        unreadable.push(path);
        done(null, []);
      },
    );
  };
  return { ...nodeFs, readdir: readdirRecording as unknown as typeof nodeFs.readdir };
}

/**
 * Files matching glob patterns. Linked folders are not walked (a pattern would otherwise follow a
 * link to `..` round and round, or into /etc); a link that the pattern itself matches is kept
 * when it leads to a regular file. Folders the walk could not read are named as fast-glob names
 * its matches: relative to `cwd`, or absolute for an absolute pattern. fast-glob (about 25
 * modules) is loaded only when a pattern is given: most calls name their files, and every call
 * would otherwise pay for loading it.
 */
export async function diskGlob(patterns: readonly string[], cwd: string, access: DirectoryAccess = DISK): Promise<Listing> {
  const { default: fastGlob } = await import('fast-glob');
  const unreadableFolders: string[] = [];
  const matches = await fastGlob([...patterns], { cwd, onlyFiles: false, dot: false, followSymbolicLinks: false, fs: recordingFs(access, unreadableFolders) });
  const files: string[] = [];
  const unreadable: UnreadablePath[] = [];
  for (const match of matches) {
    const kind = await diskPathKind(match, cwd, access);
    if (kind === 'file') files.push(match);
    else if (kind === 'denied') unreadable.push({ path: match, code: 'EACCES' });
  }
  const absolute = patterns.some((pattern) => isAbsolute(pattern));
  for (const folder of unreadableFolders) {
    const full = resolve(cwd, folder);
    unreadable.push({ path: absolute ? full : relative(cwd, full) || '.', code: 'EACCES' });
  }
  return { files, unreadable };
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

/**
 * Level files under a folder, recursively, as paths relative to it (see Io.listFolder), and the
 * folders under it that could not be read, relative to it too ('' for the folder itself).
 */
export async function diskListFolder(folder: string, cwd: string, extensions: readonly string[], access: DirectoryAccess = DISK): Promise<Listing> {
  const wanted = new Set(extensions.map((extension) => `.${extension.toLowerCase()}`));
  const hasLevelExtension = (name: string): boolean => {
    const dot = name.lastIndexOf('.');
    return dot > 0 && wanted.has(name.slice(dot).toLowerCase());
  };
  const found: string[] = [];
  const unreadable: UnreadablePath[] = [];
  let root: string;
  try {
    root = await access.realpath(resolve(cwd, folder));
  } catch (error) {
    return { files: [], unreadable: [{ path: '', code: errorCode(error) || 'EIO' }] };
  }
  const seenFolders = new Set([root]);
  const seenFiles = new Set<string>();
  const walk = async (at: string, shownFolder: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await access.readdir(at);
    } catch (error) {
      const code = errorCode(error);
      // A folder removed while we walked is simply gone; any other refusal is said.
      if (code !== 'ENOENT') unreadable.push({ path: shownFolder, code: code || 'EIO' });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(at, entry.name);
      const shown = shownFolder === '' ? entry.name : `${shownFolder}/${entry.name}`;
      let kind: PathKind;
      let real: string;
      if (entry.isSymbolicLink()) {
        try {
          real = await access.realpath(path);
        } catch (error) {
          // A broken link is not followed; one that leads into a folder we may not read is said.
          if (isDenied(errorCode(error))) unreadable.push({ path: shown, code: errorCode(error) });
          continue;
        }
        // A link that leads out of the folder named is not followed.
        if (!isInside(real, root)) continue;
        kind = await diskPathKind(real, cwd, access);
      } else {
        real = path;
        // Pipes, sockets and devices in a folder are no level files: passed over.
        kind = entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'missing';
      }
      if (kind === 'denied') {
        unreadable.push({ path: shown, code: 'EACCES' });
      } else if (kind === 'directory') {
        if (seenFolders.has(real)) continue;
        seenFolders.add(real);
        await walk(real, shown);
      } else if (kind === 'file' && hasLevelExtension(entry.name) && !seenFiles.has(real)) {
        seenFiles.add(real);
        found.push(shown);
      }
    }
  };
  await walk(root, '');
  return { files: found, unreadable };
}
