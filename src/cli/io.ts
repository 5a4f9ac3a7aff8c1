import { readFile as fsReadFile, writeFile as fsWriteFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import fastGlob from 'fast-glob';
import { InputError } from '../errors.js';

/** What a path names on disk; anything that is neither a file nor a folder counts as missing. */
export type PathKind = 'file' | 'directory' | 'missing';

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
   * Calls `listener` when the user asks a long-running command (`serve`) to stop (Ctrl-C); returns
   * a function that stops listening. Only commands that ask get this: the others keep Ctrl-C's usual effect.
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
    bytes = (await stat(resolve(cwd, path))).size;
  } catch (error) {
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
    const info = await stat(resolve(cwd, path));
    if (info.isDirectory()) return 'directory';
    return info.isFile() ? 'file' : 'missing';
  } catch {
    return 'missing';
  }
}

export function diskGlob(patterns: readonly string[], cwd: string): Promise<string[]> {
  return fastGlob([...patterns], { cwd, onlyFiles: true, dot: false, followSymbolicLinks: true });
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
    glob: (patterns, from) => diskGlob(patterns, resolve(cwd, from ?? '.')),
    readStdin: (maxBytes) => readAll(process.stdin, maxBytes ?? MAX_INPUT_BYTES),
    now: () => performance.now(),
    sleep: pause,
    onInterrupt: (listener) => {
      process.once('SIGINT', listener);
      return () => {
        process.off('SIGINT', listener);
      };
    },
  };
}
