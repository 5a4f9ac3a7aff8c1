import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { access, writeFile as fsWriteFile, lstat, mkdir, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { OutputError } from '../errors.js';
import { errorCode, writeError } from './fs-errors.js';

/**
 * How a write reaches its target. A regular file (or a new one) is replaced whole: the text goes
 * to a temporary file beside it that is then renamed over it. A character device or a named
 * pipe is opened and written in place, as a shell's `>` would: renaming over `/dev/null`, run as
 * root, would put a regular file in its place (issue 33). A link is followed to what it names.
 */
interface Destination {
  /** The path written: the target itself, or where its links lead. */
  readonly path: string;
  readonly how: 'replace' | 'through';
}

const REFUSED = 'refused: only regular files are replaced, and only character devices and named pipes written through';

function destinationOfStats(path: string, real: string, info: Stats): Destination {
  if (info.isFile()) return { path: real, how: 'replace' };
  if (info.isDirectory()) throw new OutputError('is a folder, not a file', path);
  if (info.isFIFO() || info.isCharacterDevice()) return { path: real, how: 'through' };
  throw new OutputError(`${info.isSocket() ? 'a socket' : 'a block device'}: ${REFUSED}`, path);
}

async function destinationOf(path: string, cwd: string): Promise<Destination> {
  const target = resolve(cwd, path);
  let info: Stats;
  try {
    info = await lstat(target);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { path: target, how: 'replace' };
    throw writeError(error, path);
  }
  if (!info.isSymbolicLink()) return destinationOfStats(path, target, info);
  let linked: Stats;
  try {
    // stat follows the links as open will, /proc's magic ones included (/dev/stdout on a pipe).
    linked = await stat(target);
  } catch (error) {
    // A link to nothing is not followed, to create a file wherever it points, nor replaced.
    if (errorCode(error) === 'ENOENT') throw new OutputError(`a symbolic link to a missing file: ${REFUSED}`, path);
    throw writeError(error, path);
  }
  if (!linked.isFile()) return destinationOfStats(path, target, linked);
  // A file is replaced where it is, so that the link keeps leading to it.
  try {
    return { path: await realpath(target), how: 'replace' };
  } catch (error) {
    throw writeError(error, path);
  }
}

let temporaryCount = 0;

/** Our temporary files are `.<name>.<pid>.<n>.tmp` beside the target. */
function temporaryBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${++temporaryCount}.tmp`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Removes the temporary files of this target left by a run that was killed during its write
 * (SIGKILL leaves no chance to clean up): ours by their pattern, of a process that no longer
 * runs. Another run writing the same file at this moment keeps its own.
 */
async function removeStaleTemporaries(target: string): Promise<void> {
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = await readdir(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length));
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isRunning(pid)) continue;
    await rm(join(dirname(target), name), { force: true }).catch(() => {});
  }
}

/**
 * Writes a whole file or nothing: a full disk or a crash half way leaves the old file as it was,
 * never a report cut at 4,096 bytes (issue 13). The temporary file is in the target's folder, so
 * the rename stays on one file system. Devices and named pipes are written through.
 */
export async function writeTextFile(path: string, text: string, cwd: string): Promise<void> {
  const destination = await destinationOf(path, cwd);
  if (destination.how === 'through') {
    try {
      // No O_CREAT: should the device or pipe vanish meanwhile, no regular file takes its place.
      await fsWriteFile(destination.path, text, { encoding: 'utf8', flag: constants.O_WRONLY });
    } catch (error) {
      throw writeError(error, path);
    }
    return;
  }
  await removeStaleTemporaries(destination.path);
  const temporary = temporaryBeside(destination.path);
  try {
    await fsWriteFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, destination.path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw writeError(error, path);
  }
}

/**
 * Fails, with the real reason, when `path` could not be written: a read-only file system, a
 * folder without write permission, a target that would be refused. Checked before any solving,
 * so an hour's batch does not end unable to write its report (issue 32). A file is tried by
 * creating and removing a temporary file where the write would put one.
 */
export async function checkTextWritable(path: string, cwd: string): Promise<void> {
  const destination = await destinationOf(path, cwd);
  try {
    if (destination.how === 'through') {
      await access(destination.path, constants.W_OK);
      return;
    }
    const probe = temporaryBeside(destination.path);
    await fsWriteFile(probe, '', { flag: 'wx' });
    await rm(probe, { force: true });
  } catch (error) {
    throw writeError(error, path);
  }
}

/**
 * The error that says why a folder could not be made. A recursive mkdir on a read-only file
 * system reports ENOENT ("no such file"); making the first missing folder alone tells the truth.
 */
async function realMkdirError(folder: string, error: unknown): Promise<unknown> {
  if (errorCode(error) !== 'ENOENT') return error;
  let missing = folder;
  for (;;) {
    const parent = dirname(missing);
    if (parent === missing) return error;
    try {
      await stat(parent);
      break;
    } catch {
      missing = parent;
    }
  }
  try {
    await mkdir(missing);
    return error;
  } catch (inner) {
    return inner;
  }
}

export async function makeTextDirectory(path: string, cwd: string): Promise<void> {
  const folder = resolve(cwd, path);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw writeError(await realMkdirError(folder, error), path);
  }
}
