import type { Stats } from 'node:fs';
import { readFile as fsReadFile, writeFile as fsWriteFile, mkdir, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import fastGlob from 'fast-glob';
import { InputError } from '../errors.js';

/** What a path names on disk, links followed. */
export type PathKind = 'file' | 'directory' | 'missing' | 'pipe' | 'socket' | 'device';

/** How messages name the kinds of path that are neither files nor folders. */
export const SPECIAL_FILE_KINDS: Readonly<Record<'pipe' | 'socket' | 'device', string>> = {
  pipe: "a named pipe (FIFO), not a regular file; to read a pipe, give '-' and redirect it to stdin",
  socket: 'a socket, not a regular file',
  device: 'a device, not a regular file',
};

function kindOfStats(info: Stats): PathKind {
  if (info.isFile()) return 'file';
  if (info.isDirectory()) return 'directory';
  if (info.isFIFO()) return 'pipe';
  if (info.isSocket()) return 'socket';
  return 'device';
}

/** A place the CLI writes text to: the real stdout/stderr, or a buffer in tests. */
export interface OutputStream {
  write(text: string): void;
  /** True when a person is watching: enables colour, animation and progress lines. */
  readonly isTTY: boolean;
  /** Terminal width when known. */
  readonly columns?: number;
}

/**
 * Everything the CLI needs from the outside world. Commands never touch `process`,
 * so every command runs in-process in tests with a fake Io and the real one is built once in bin/.
 */
export interface Io {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly stdinIsTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
  /**
   * Reads a UTF-8 text file; fails with InputError naming the file as the user wrote it. A file
   * larger than `maxBytes` (default MAX_INPUT_BYTES) is refused by its size, before it is read.
   */
  readFile(path: string, maxBytes?: number): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  /** Creates a folder and its parents; fine when it exists. */
  makeDirectory(path: string): Promise<void>;
  pathKind(path: string): Promise<PathKind>;
  /**
   * Level files under a folder, recursively, as paths relative to it: names with one of the
   * extensions, no dot files, each real file once. Links are followed only while they stay inside
   * the folder, so a link to `..` or to /etc is not walked out of it.
   */
  listFolder(folder: string, extensions: readonly string[]): Promise<string[]>;
  /** The path with every link resolved, to tell when two names are one file; the path resolved when it does not exist. */
  realPath(path: string): Promise<string>;
  /**
   * Files matching glob patterns (fast-glob syntax), searched from `cwd` (default: the Io's cwd);
   * paths come back as fast-glob writes them: relative to that folder for relative patterns.
   */
  glob(patterns: readonly string[], cwd?: string): Promise<string[]>;
  /** All of stdin; more than `maxBytes` (default MAX_INPUT_BYTES) is refused as soon as it arrives. */
  readStdin(maxBytes?: number): Promise<string>;
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /**
   * Calls `listener` when the user asks a long-running command (`serve`, a `solve` batch) to stop
   * (Ctrl-C or SIGTERM), so it can wind down and say what it did; a second signal ends the process
   * at once. Returns a function that stops listening. Only commands that ask get this: the others
   * keep the signals' usual effect.
   */
  onInterrupt?(listener: () => void): () => void;
}

/** The longest delay Node's timers can wait; a longer one fires at once (TimeoutOverflowWarning). */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A pause that waits as long as asked, up to the longest Node can schedule (`show --delay 9999999999`). */
export function pause(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, Math.min(Math.max(0, ms), LONGEST_TIMER_MS)));
}

/**
 * The largest input file read at all. The biggest level collections are a few megabytes; a
 * larger file is a mistake (or hostile), and reading it whole could exhaust memory.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** The one-line refusal of an input larger than its limit. */
export function tooLargeError(file: string, bytes: number | null, maxBytes: number): InputError {
  const size = bytes === null ? `more than ${maxBytes}` : `${bytes}`;
  return new InputError(`${size} bytes; at most ${maxBytes} are accepted here`, file);
}

/** The name stdin goes by in messages and results. */
export const STDIN_NAME = '<stdin>';

const FS_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many symbolic links',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
};

/** Turns a Node file-system error into the one-line InputError users see. */
export function fileSystemError(error: unknown, file: string, verb: 'read' | 'write' = 'read'): InputError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const known = FS_REASONS[code];
  if (known) return new InputError(known, file);
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError(`cannot ${verb} file (${detail})`, file);
}

export async function readTextFile(path: string, cwd: string, maxBytes = MAX_INPUT_BYTES): Promise<string> {
  let bytes: number;
  try {
    const info = await stat(resolve(cwd, path));
    const kind = kindOfStats(info);
    // Reading a FIFO would wait for a writer that may never come.
    if (kind === 'pipe' || kind === 'socket' || kind === 'device') throw new InputError(SPECIAL_FILE_KINDS[kind], path);
    bytes = info.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw fileSystemError(error, path);
  }
  if (bytes > maxBytes) throw tooLargeError(path, bytes, maxBytes);
  try {
    return await fsReadFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw fileSystemError(error, path);
  }
}

let temporaryCount = 0;

/**
 * Writes a whole file or nothing: the text goes to a temporary file beside the target, which is
 * then renamed over it. A full disk or a crash half way leaves the old file as it was, never a
 * report cut at 4,096 bytes (issue 13). The same folder keeps the rename on one file system.
 */
export async function writeTextFile(path: string, text: string, cwd: string): Promise<void> {
  const target = resolve(cwd, path);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${++temporaryCount}.tmp`);
  try {
    await fsWriteFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw fileSystemError(error, path, 'write');
  }
}

export async function makeTextDirectory(path: string, cwd: string): Promise<void> {
  try {
    await mkdir(resolve(cwd, path), { recursive: true });
  } catch (error) {
    throw fileSystemError(error, path, 'write');
  }
}

export async function diskPathKind(path: string, cwd: string): Promise<PathKind> {
  try {
    return kindOfStats(await stat(resolve(cwd, path)));
  } catch {
    return 'missing';
  }
}

export async function diskRealPath(path: string, cwd: string): Promise<string> {
  try {
    return await realpath(resolve(cwd, path));
  } catch {
    return resolve(cwd, path);
  }
}

/**
 * Files matching glob patterns. Linked folders are not walked (a pattern would otherwise follow a
 * link to `..` round and round, or into /etc); a link that the pattern itself matches is kept
 * when it leads to a regular file.
 */
export async function diskGlob(patterns: readonly string[], cwd: string): Promise<string[]> {
  const matches = await fastGlob([...patterns], { cwd, onlyFiles: false, dot: false, followSymbolicLinks: false });
  const files: string[] = [];
  for (const match of matches) if ((await diskPathKind(match, cwd)) === 'file') files.push(match);
  return files;
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

export async function diskListFolder(folder: string, cwd: string, extensions: readonly string[]): Promise<string[]> {
  const root = await realpath(resolve(cwd, folder));
  const wanted = new Set(extensions.map((extension) => `.${extension.toLowerCase()}`));
  const hasLevelExtension = (name: string): boolean => {
    const dot = name.lastIndexOf('.');
    return dot > 0 && wanted.has(name.slice(dot).toLowerCase());
  };
  const seenFolders = new Set([root]);
  const seenFiles = new Set<string>();
  const found: string[] = [];
  const walk = async (at: string, relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch {
      return; // an unreadable subfolder holds nothing we can read
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(at, entry.name);
      const shown = relative === '' ? entry.name : `${relative}/${entry.name}`;
      let kind: PathKind;
      let real: string;
      if (entry.isSymbolicLink()) {
        real = await realpath(path).catch(() => '');
        // A broken link, or one that leads out of the folder named, is not followed.
        if (real === '' || !isInside(real, root)) continue;
        kind = await diskPathKind(real, cwd);
      } else {
        real = path;
        // Pipes, sockets and devices in a folder are no level files: passed over.
        kind = entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'missing';
      }
      if (kind === 'directory') {
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
  return found;
}

async function readAll(stream: NodeJS.ReadableStream, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > maxBytes) throw tooLargeError(STDIN_NAME, null, maxBytes);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function processStream(stream: NodeJS.WriteStream): OutputStream {
  return {
    write: (text) => {
      stream.write(text);
    },
    get isTTY() {
      return stream.isTTY === true;
    },
    get columns() {
      return stream.columns;
    },
  };
}

/** The Io of the real process; the only place the CLI meets `process`. */
export function nodeIo(): Io {
  // A closed pipe (`sokoban show ... | head`) is the reader's choice, not our failure.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  const cwd = process.cwd();
  return {
    stdout: processStream(process.stdout),
    stderr: processStream(process.stderr),
    stdinIsTTY: process.stdin.isTTY === true,
    env: process.env,
    cwd,
    readFile: (path, maxBytes) => readTextFile(path, cwd, maxBytes),
    writeFile: (path, text) => writeTextFile(path, text, cwd),
    makeDirectory: (path) => makeTextDirectory(path, cwd),
    pathKind: (path) => diskPathKind(path, cwd),
    listFolder: (folder, extensions) => diskListFolder(folder, cwd, extensions),
    realPath: (path) => diskRealPath(path, cwd),
    glob: (patterns, from) => diskGlob(patterns, resolve(cwd, from ?? '.')),
    readStdin: (maxBytes) => readAll(process.stdin, maxBytes ?? MAX_INPUT_BYTES),
    now: () => performance.now(),
    sleep: pause,
    onInterrupt: (listener) => {
      let asked = false;
      const onSignal = (): void => {
        // The user asked twice: they want out now, not a tidy ending.
        if (asked) process.exit(130);
        asked = true;
        listener();
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      return () => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      };
    },
  };
}
