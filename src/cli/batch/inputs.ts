import { dirname } from 'node:path';
import fastGlob from 'fast-glob';
import { InputError, type SokobanError } from '../../errors.js';
import { STDIN_ARGUMENT } from '../input.js';
import { fileSystemError } from '../fs-errors.js';
import { type Io, type Listing, SPECIAL_FILE_KINDS } from '../io.js';
import { compareNames } from './names.js';
import { isOwnReport } from './own-report.js';

/** The file extensions a folder is searched for. */
export const LEVEL_EXTENSIONS = ['xsb', 'sok', 'txt', 'json'] as const;

/** One thing to read levels from, after folders and globs are expanded. */
export type InputSource =
  /**
   * `root`: the folder the argument that named the file stands for: the folder given, a
   * pattern's fixed part, or a file's own folder (serve names a file outside its working folder
   * from there).
   */
  | { readonly kind: 'file'; readonly path: string; readonly root: string }
  | { readonly kind: 'stdin' }
  /** An argument that yields no file: missing, an empty folder, a pattern that matches nothing. */
  | { readonly kind: 'error'; readonly name: string; readonly error: SokobanError };

/** An error row for a path a walk could not read: `permission denied`, as for a file named on the command line. */
function unreadableSource(name: string, code: string): InputSource {
  return { kind: 'error', name, error: fileSystemError({ code }, name) };
}

function nameOf(source: InputSource): string {
  return source.kind === 'file' ? source.path : source.kind === 'error' ? source.name : STDIN_ARGUMENT;
}

/**
 * A walk's files and the folders it could not read, in name order: an unreadable folder is an
 * error row in its place among the files (issue 46), never a silent gap nor the end of the run.
 */
async function sourcesOf(io: Io, listing: Listing, pathOf: (name: string) => string, root: string): Promise<InputSource[]> {
  const files = await withoutOwnReports(io, listing.files.map(pathOf));
  const sources: InputSource[] = [
    ...files.map((path): InputSource => ({ kind: 'file', path, root })),
    ...listing.unreadable.map((entry) => unreadableSource(pathOf(entry.path), entry.code)),
  ];
  return sources.sort((a, b) => compareNames(nameOf(a), nameOf(b)));
}

async function filesOfFolder(io: Io, folder: string): Promise<InputSource[]> {
  const listing = await io.listFolder(folder, LEVEL_EXTENSIONS);
  return sourcesOf(io, listing, (name) => (name === '' ? folder : joinPath(folder, name)), folder);
}

/** Drops the summaries this tool wrote from a folder's or a pattern's files. */
async function withoutOwnReports(io: Io, paths: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const path of paths) if (!(await isOwnReport(io, path))) kept.push(path);
  return kept;
}

/** Joins without normalizing, so names keep the form the user typed (`levels/` stays `levels/...`). */
function joinPath(folder: string, file: string): string {
  return folder.endsWith('/') ? `${folder}${file}` : `${folder}/${file}`;
}

async function expandOne(io: Io, argument: string): Promise<InputSource[]> {
  if (argument === STDIN_ARGUMENT) return [{ kind: 'stdin' }];
  const kind = await io.pathKind(argument);
  if (kind === 'file') {
    if (await isOwnReport(io, argument)) {
      return [{ kind: 'error', name: argument, error: new InputError('a summary written by sokoban solve --report, not a level file', argument) }];
    }
    return [{ kind: 'file', path: argument, root: dirname(argument) }];
  }
  if (kind === 'pipe' || kind === 'socket' || kind === 'device') {
    return [{ kind: 'error', name: argument, error: new InputError(SPECIAL_FILE_KINDS[kind], argument) }];
  }
  if (kind === 'loop') return [unreadableSource(argument, 'ELOOP')];
  // A folder on the way may not be searched: the file may well be there, but not for us.
  if (kind === 'denied') return [unreadableSource(argument, 'EACCES')];
  if (kind === 'directory') {
    const sources = await filesOfFolder(io, argument);
    if (sources.length > 0) return sources;
    const extensions = LEVEL_EXTENSIONS.map((extension) => `.${extension}`).join(', ');
    return [{ kind: 'error', name: argument, error: new InputError(`a folder with no level files (${extensions})`, argument) }];
  }
  if (!fastGlob.isDynamicPattern(argument)) {
    return [{ kind: 'error', name: argument, error: new InputError('no such file or folder', argument) }];
  }
  // The pattern's fixed part: `levels/` for `levels/**/*.xsb`, `.` for `*.sok`.
  const base = fastGlob.generateTasks([argument])[0]?.base ?? '.';
  const matches = await sourcesOf(io, await io.glob([argument]), (name) => name, base);
  if (matches.length > 0) return matches;
  return [{ kind: 'error', name: argument, error: new InputError('the pattern matches no files', argument) }];
}

/**
 * Expands the command line's inputs once: files as given, folders searched recursively for level
 * files, glob patterns matched; each folder's and pattern's files sorted by name. The arguments
 * keep the order they were given in, and a file named twice (directly, by a folder or a pattern)
 * is read once, where it first appears; so is a file reached through links under two names.
 */
export async function expandInputs(io: Io, argumentsGiven: readonly string[]): Promise<InputSource[]> {
  const seen = new Set<string>();
  const sources: InputSource[] = [];
  for (const argument of argumentsGiven) {
    for (const source of await expandOne(io, argument)) {
      const key = source.kind === 'file' ? `file:${await io.realPath(source.path)}` : source.kind === 'stdin' ? 'stdin' : `error:${source.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      sources.push(source);
    }
  }
  return sources;
}
