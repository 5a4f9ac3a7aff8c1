import { type Stats, fstat } from 'node:fs';
import { readFile as fsReadFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from '../errors.js';
import { ExitCode } from './exit-codes.js';
import { PROGRAM_NAME } from './program-name.js';
import { type Listing, type PathKind, diskGlob, diskListFolder, diskPathKind, diskRealPath, kindOfStats } from './disk-paths.js';
import { fileSystemError } from './fs-errors.js';
import { type HeapUse, checkHeapRoom, decodedBytes, nodeHeap } from './heap-room.js';
import { type DescriptorWriter, checkTextWritable, makeTextDirectory, writeAllToDescriptor, writeTextFile } from './write-file.js';

export { fileSystemError } from './fs-errors.js';
export { writeTextFile } from './write-file.js';

export { type DirectoryAccess, type Listing, type PathKind, type UnreadablePath, diskGlob, diskListFolder, diskPathKind, diskRealPath } from './disk-paths.js';

/** How messages name the kinds of path that are neither files nor folders. */
export const SPECIAL_FILE_KINDS: Readonly<Record<'pipe' | 'socket' | 'device', string>> = {
  pipe: "a named pipe (FIFO), not a regular file; to read a pipe, give '-' and redirect it to stdin",
  socket: 'a socket, not a regular file',
  device: 'a device, not a regular file',
};

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
  /**
   * Writes a file whole or not at all (a temporary file renamed over it); a device or named pipe
   * is written through, never replaced, and so is a path naming one of the process's own
   * descriptors (`/dev/stdout`, `/dev/fd/3`), as a shell's `>>` would. Fails with an OutputError
   * naming the file.
   */
  writeFile(path: string, text: string): Promise<void>;
  /** Fails with an OutputError, saying why, when `path` could not be written; writes nothing. */
  checkWritable(path: string): Promise<void>;
  /** Creates a folder and its parents; fine when it exists. */
  makeDirectory(path: string): Promise<void>;
  pathKind(path: string): Promise<PathKind>;
  /**
   * Level files under a folder, recursively, as paths relative to it: names with one of the
   * extensions, no dot files, each real file once. Links are followed only while they stay inside
   * the folder, so a link to `..` or to /etc is not walked out of it. Folders that could not be
   * read (permission denied) are listed apart, relative to the folder too ('' for itself).
   */
  listFolder(folder: string, extensions: readonly string[]): Promise<Listing>;
  /** The path with every link resolved, to tell when two names are one file; the path resolved when it does not exist. */
  realPath(path: string): Promise<string>;
  /**
   * Files matching glob patterns (fast-glob syntax), searched from `cwd` (default: the Io's cwd);
   * paths come back as fast-glob writes them: relative to that folder for relative patterns. The
   * folders the search could not read are listed apart, named the same way.
   */
  glob(patterns: readonly string[], cwd?: string): Promise<Listing>;
  /** All of stdin; more than `maxBytes` (default MAX_INPUT_BYTES) is refused as soon as it arrives. */
  readStdin(maxBytes?: number): Promise<string>;
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /**
   * Calls `listener` when the user asks a long-running command (`serve`, a `solve` batch) to stop
   * (Ctrl-C, SIGTERM or SIGHUP), or when stdout is closed (a broken pipe: nobody reads the
   * results), so it can wind down and say what it did; a second signal ends the process at once.
   * Returns a function that stops listening. Only commands that ask get this: the others keep the
   * signals' usual effect.
   */
  onInterrupt?(listener: () => void): () => void;
  /**
   * The main thread's heap now, where it is known: inputs too large for it are refused with one
   * line, and a batch stops before it fills, instead of V8 ending the process (heap-room.ts).
   */
  heap?(): HeapUse;
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

export async function readTextFile(path: string, cwd: string, maxBytes = MAX_INPUT_BYTES, heap?: () => HeapUse): Promise<string> {
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
    return decodeText(await fsReadFile(resolve(cwd, path)), path, heap?.());
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw fileSystemError(error, path);
  }
}

/**
 * The text of a file read as UTF-8. A UTF-16 file (Notepad's "Unicode") would read as letters
 * between NUL characters and end as "no level found": it is named for what it is instead.
 */
export function decodeText(bytes: Buffer, name: string, heap?: HeapUse): string {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16) throw new InputError('UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8', name);
  const sample = bytes.subarray(0, 1024);
  if (sample.includes(0)) {
    throw new InputError('holds NUL bytes: UTF-16 text without a byte order mark, or not a text file; levels are read as UTF-8', name);
  }
  // The bytes are outside the heap; their text is in it.
  if (heap !== undefined) checkHeapRoom(heap, decodedBytes(bytes), name, 'reading it');
  return bytes.toString('utf8');
}

async function readAll(stream: NodeJS.ReadableStream, maxBytes: number, heap: () => HeapUse): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > maxBytes) throw tooLargeError(STDIN_NAME, null, maxBytes);
    chunks.push(buffer);
  }
  return decodeText(Buffer.concat(chunks), STDIN_NAME, heap());
}

/**
 * `solve - < folder`: reading a folder fails (EISDIR) and Node's stdin stream takes that for the
 * end of an empty input, so the level read would be "empty file" (issue 46). Said as it is.
 */
async function refuseFolderOnStdin(): Promise<void> {
  const info = await new Promise<Stats | null>((done) => fstat(0, (error, stats) => done(error ? null : stats)));
  if (info?.isDirectory() === true) {
    throw new InputError("is a folder, not a file (stdin was redirected from a folder: name it as an argument instead of '-')", STDIN_NAME);
  }
}

function processStream(stream: NodeJS.WriteStream): OutputStream {
  return {
    write: (text) => {
      // After a broken pipe the stream is destroyed; what is left to say has no reader.
      if (!stream.destroyed) stream.write(text);
    },
    get isTTY() {
      return stream.isTTY === true;
    },
    get columns() {
      return stream.columns;
    },
  };
}

/**
 * Writes through the process's descriptors: stdout and stderr through their streams, so that the
 * text lands in order with what the command printed there before, the others directly.
 */
function processDescriptorWriter(): DescriptorWriter {
  return (fd, text) => {
    const stream = fd === 1 ? process.stdout : fd === 2 ? process.stderr : null;
    if (stream === null) return writeAllToDescriptor(fd, text);
    return new Promise((done, fail) => {
      if (stream.destroyed) {
        fail(Object.assign(new Error('the stream is closed'), { code: 'EPIPE' }));
        return;
      }
      stream.write(text, (error) => (error ? fail(error) : done()));
    });
  };
}

/**
 * The signals that ask a long run to stop and say what it did. SIGHUP (the terminal closed, an
 * orphaned process group) is one of them: Node would otherwise end the process at once, with no
 * summary and no report (issue 32).
 */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * An output stream of the process failed for a reason other than its reader going (ENOSPC, EFBIG,
 * EIO on a file): one line on stderr (when stderr is not the one failing) and exit 74, whatever
 * the command answers, unless it is our bug (70). The command goes on; the stream, destroyed,
 * takes nothing more. Called once, for the first stream that fails.
 */
function failOutput(name: 'stdout' | 'stderr', error: unknown): void {
  if (name === 'stdout' && !process.stderr.destroyed) process.stderr.write(`${PROGRAM_NAME}: ${fileSystemError(error, name, 'write').message}\n`);
  process.once('exit', () => {
    if (process.exitCode !== ExitCode.internal) process.exitCode = ExitCode.outputFailed;
  });
}

/** The Io of the real process; the only place the CLI meets `process`. */
export function nodeIo(): Io {
  const stdoutClosedListeners = new Set<() => void>();
  let stdoutClosed = false;
  let outputFailed = false;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      // EPIPE: the reader closed the pipe (`sokoban solve ... | head`), the reader's choice, not
      // our failure; EIO: the terminal is gone (after SIGHUP). Any other failure (a full disk
      // under `> file`) lost output the user asked for: said in one line, exit 74, as for a report.
      const readerGone = error.code === 'EPIPE' || error.code === 'EIO';
      if (!readerGone && !outputFailed) {
        outputFailed = true;
        failOutput(stream === process.stdout ? 'stdout' : 'stderr', error);
      }
      if (stream !== process.stdout || stdoutClosed) return;
      // Nobody reads the results any more: a batch stops its workers as for Ctrl-C, instead of
      // solving to the end for no one.
      stdoutClosed = true;
      if (readerGone && stdoutClosedListeners.size > 0) process.stderr.write(`${PROGRAM_NAME}: stdout was closed (a broken pipe): stopping\n`);
      for (const listener of [...stdoutClosedListeners]) listener();
    });
  }
  const cwd = process.cwd();
  return {
    stdout: processStream(process.stdout),
    stderr: processStream(process.stderr),
    // process.stdin is made on first use, and making it costs (net or fs streams): not for a call
    // that never reads stdin (issue 45, start-up).
    get stdinIsTTY() {
      return process.stdin.isTTY === true;
    },
    env: process.env,
    cwd,
    readFile: (path, maxBytes) => readTextFile(path, cwd, maxBytes, nodeHeap),
    writeFile: (path, text) => writeTextFile(path, text, cwd, processDescriptorWriter()),
    checkWritable: (path) => checkTextWritable(path, cwd),
    makeDirectory: (path) => makeTextDirectory(path, cwd),
    pathKind: (path) => diskPathKind(path, cwd),
    listFolder: (folder, extensions) => diskListFolder(folder, cwd, extensions),
    realPath: (path) => diskRealPath(path, cwd),
    glob: (patterns, from) => diskGlob(patterns, resolve(cwd, from ?? '.')),
    readStdin: async (maxBytes) => {
      await refuseFolderOnStdin();
      return readAll(process.stdin, maxBytes ?? MAX_INPUT_BYTES, nodeHeap);
    },
    heap: nodeHeap,
    now: () => performance.now(),
    sleep: pause,
    onInterrupt: (listener) => {
      let asked = false;
      const onStop = (): void => {
        // The user asked twice: they want out now, not a tidy ending.
        if (asked) process.exit(130);
        asked = true;
        listener();
      };
      for (const signal of STOP_SIGNALS) process.on(signal, onStop);
      stdoutClosedListeners.add(onStop);
      if (stdoutClosed) onStop();
      return () => {
        for (const signal of STOP_SIGNALS) process.off(signal, onStop);
        stdoutClosedListeners.delete(onStop);
      };
    },
  };
}
