import { readFile as fsReadFile, writeFile as fsWriteFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from '../errors.js';

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
  readStdin(): Promise<string>;
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
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
    readStdin: () => readAll(process.stdin),
    now: () => performance.now(),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
  };
}
