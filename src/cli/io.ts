import { readFile as fsReadFile, writeFile as fsWriteFile, mkdir, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
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
  /** Reads a UTF-8 text file; fails with InputError naming the file as the user wrote it. */
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  /** Creates a folder and its parents; fine when it exists. */
  makeDirectory(path: string): Promise<void>;
  pathKind(path: string): Promise<PathKind>;
  /**
   * Files matching glob patterns (fast-glob syntax), searched from `cwd` (default: the Io's cwd);
   * paths come back as fast-glob writes them: relative to that folder for relative patterns.
   */
  glob(patterns: readonly string[], cwd?: string): Promise<string[]>;
  readStdin(): Promise<string>;
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
};

/** Turns a Node file-system error into the one-line InputError users see. */
export function fileSystemError(error: unknown, file: string, verb: 'read' | 'write' = 'read'): InputError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const known = FS_REASONS[code];
  if (known) return new InputError(known, file);
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError(`cannot ${verb} file (${detail})`, file);
}

export async function readTextFile(path: string, cwd: string): Promise<string> {
  try {
    return await fsReadFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw fileSystemError(error, path);
  }
}

export async function writeTextFile(path: string, text: string, cwd: string): Promise<void> {
  try {
    await fsWriteFile(resolve(cwd, path), text, 'utf8');
  } catch (error) {
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

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
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
    readFile: (path) => readTextFile(path, cwd),
    writeFile: (path, text) => writeTextFile(path, text, cwd),
    makeDirectory: (path) => makeTextDirectory(path, cwd),
    pathKind: (path) => diskPathKind(path, cwd),
    glob: (patterns, from) => diskGlob(patterns, resolve(cwd, from ?? '.')),
    readStdin: () => readAll(process.stdin),
    now: () => performance.now(),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
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
