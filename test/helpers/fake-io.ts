import { resolve, sep } from 'node:path';
import { DISK, type DirectoryAccess } from '../../src/cli/disk-paths.js';
import { MAX_INPUT_BYTES, diskGlob, diskListFolder, diskPathKind, diskRealPath, fileSystemError, type Io, readTextFile, tooLargeError } from '../../src/cli/io.js';
import type { HeapUse } from '../../src/cli/heap-room.js';
import { run } from '../../src/cli/run.js';

export interface FakeIoOptions {
  /** In-memory files by path; any other path is read from disk relative to the repository root. */
  readonly files?: Readonly<Record<string, string>>;
  readonly stdin?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly stdoutIsTTY?: boolean;
  readonly stderrIsTTY?: boolean;
  /** Paths whose writes fail as a read-only file would: refused by the check before any work, and when written. */
  readonly unwritable?: readonly string[];
  /**
   * Paths that pass the check before any work but whose write then fails with this errno code
   * (`ENOSPC`: the disk filled up while the levels were solved).
   */
  readonly failingWrites?: Readonly<Record<string, string>>;
  /** The main thread's heap as the command sees it (Io.heap); absent: not known, as before the heap was watched. */
  readonly heap?: () => HeapUse;
  /**
   * Absolute paths this user may not read, as mode 000 makes them for anyone but root (and the
   * tests may run as root): a folder here cannot be listed nor anything under it reached, a file
   * cannot be read. What the disk says of everything else is the truth.
   */
  readonly denied?: readonly string[];
}

function deniedError(path: string): Error {
  return Object.assign(new Error(`EACCES: permission denied, '${path}'`), { code: 'EACCES' });
}

/** The disk, but for the denied paths: listing one fails, and so does reaching anything under it. */
function deniedAccess(denied: readonly string[]): DirectoryAccess {
  const isUnder = (path: string) => denied.some((folder) => path.startsWith(`${folder}${sep}`));
  return {
    readdir: async (path) => {
      if (denied.includes(path) || isUnder(path)) throw deniedError(path);
      return DISK.readdir(path);
    },
    realpath: async (path) => {
      if (isUnder(path)) throw deniedError(path);
      return DISK.realpath(path);
    },
    stat: async (path) => {
      if (isUnder(path)) throw deniedError(path);
      return DISK.stat(path);
    },
  };
}

export interface FakeIo extends Io {
  readonly out: () => string;
  readonly err: () => string;
  readonly written: ReadonlyMap<string, string>;
  readonly directories: ReadonlySet<string>;
  readonly sleeps: readonly number[];
  /** Presses Ctrl-C: calls every listener the command registered with onInterrupt. */
  readonly interrupt: () => void;
}

const REPOSITORY_ROOT = resolve(import.meta.dirname, '../..');

/** An Io that records stdout/stderr as text, so a CLI test reads like a terminal session. */
export function fakeIo(options: FakeIoOptions = {}): FakeIo {
  let stdout = '';
  let stderr = '';
  let clock = 0;
  const written = new Map<string, string>();
  const directories = new Set<string>();
  const sleeps: number[] = [];
  const interruptListeners: (() => void)[] = [];
  const files = options.files ?? {};
  const denied = options.denied ?? [];
  const access = deniedAccess(denied);
  const isDenied = (path: string) => {
    const absolute = resolve(REPOSITORY_ROOT, path);
    return denied.some((entry) => absolute === entry || absolute.startsWith(`${entry}${sep}`));
  };
  return {
    stdout: {
      write: (text) => {
        stdout += text;
      },
      isTTY: options.stdoutIsTTY ?? false,
      columns: 80,
    },
    stderr: {
      write: (text) => {
        stderr += text;
      },
      isTTY: options.stderrIsTTY ?? false,
      columns: 80,
    },
    stdinIsTTY: options.stdin === undefined,
    env: options.env ?? {},
    cwd: REPOSITORY_ROOT,
    readFile: async (path, maxBytes = MAX_INPUT_BYTES) => {
      const memory = written.get(path) ?? files[path];
      if (memory === undefined && isDenied(path)) throw fileSystemError(deniedError(path), path);
      if (memory === undefined) return readTextFile(path, REPOSITORY_ROOT, maxBytes);
      const bytes = Buffer.byteLength(memory);
      if (bytes > maxBytes) throw tooLargeError(path, bytes, maxBytes);
      return memory;
    },
    writeFile: async (path, text) => {
      if (options.unwritable?.includes(path)) {
        throw fileSystemError(Object.assign(new Error('denied'), { code: 'EACCES' }), path, 'write');
      }
      const failure = options.failingWrites?.[path];
      if (failure !== undefined) throw fileSystemError(Object.assign(new Error(failure), { code: failure }), path, 'write');
      written.set(path, text);
    },
    checkWritable: async (path) => {
      if (options.unwritable?.includes(path)) {
        throw fileSystemError(Object.assign(new Error('denied'), { code: 'EACCES' }), path, 'write');
      }
    },
    makeDirectory: async (path) => void directories.add(path),
    pathKind: async (path) => {
      if (written.has(path) || files[path] !== undefined) return 'file';
      return diskPathKind(path, REPOSITORY_ROOT, access);
    },
    listFolder: (folder, extensions) => diskListFolder(folder, REPOSITORY_ROOT, extensions, access),
    realPath: async (path) => (written.has(path) || files[path] !== undefined ? resolve(REPOSITORY_ROOT, path) : diskRealPath(path, REPOSITORY_ROOT, access)),
    glob: (patterns, from) => diskGlob(patterns, resolve(REPOSITORY_ROOT, from ?? '.'), access),
    readStdin: async (maxBytes = MAX_INPUT_BYTES) => {
      const text = options.stdin ?? '';
      if (Buffer.byteLength(text) > maxBytes) throw tooLargeError('<stdin>', null, maxBytes);
      return text;
    },
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    onInterrupt: (listener) => {
      interruptListeners.push(listener);
      return () => void interruptListeners.splice(interruptListeners.indexOf(listener), 1);
    },
    interrupt: () => {
      for (const listener of [...interruptListeners]) listener();
    },
    heap: options.heap,
    out: () => stdout,
    err: () => stderr,
    written,
    directories,
    sleeps,
  };
}

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly io: FakeIo;
}

/** Runs the CLI in-process: `await cli('verify', 'a.xsb', '--moves', 'rr')`. */
export async function cli(...args: [...string[], FakeIoOptions] | string[]): Promise<CliResult> {
  const last = args[args.length - 1];
  const options = typeof last === 'object' ? (last as FakeIoOptions) : {};
  const argv = (typeof last === 'object' ? args.slice(0, -1) : args) as string[];
  const io = fakeIo(options);
  const code = await run(argv, io);
  return { code, stdout: io.out(), stderr: io.err(), io };
}
