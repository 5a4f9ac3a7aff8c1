import { constants, fstat as fsFstat, write as fsWrite } from 'node:fs';
import type { Stats } from 'node:fs';
import { access, chmod, chown, writeFile as fsWriteFile, lstat, mkdir, readdir, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { basename, dirname, join, resolve } from 'node:path';
import { OutputError } from '../errors.js';
import { errorCode, writeError } from './fs-errors.js';

/**
 * How a write reaches its target. A regular file (or a new one) is replaced whole: the text goes
 * to a temporary file beside it that is then renamed over it, with the old file's mode (and owner,
 * where we may set it), so that a private file stays private (issue 46). A file with other hard
 * links is written in place instead: a rename would split it from its twins, which would keep the
 * old text. A character device or a named pipe is opened and written in place, as a shell's `>`
 * would: renaming over `/dev/null`, run as root, would put a regular file in its place (issue
 * 33). A link is followed to what it names.
 */
interface Destination {
  /** The path written: the target itself, or where its links lead. */
  readonly path: string;
  readonly how: 'replace' | 'in-place' | 'through';
  /** The file being replaced, whose mode and owner the new one takes; absent for a new file. */
  readonly existing?: Stats;
}

const REFUSED = 'refused: only regular files are replaced, and only character devices and named pipes written through';

function destinationOfStats(path: string, real: string, info: Stats): Destination {
  if (info.isFile()) return { path: real, how: info.nlink > 1 ? 'in-place' : 'replace', existing: info };
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
  let real: string;
  try {
    real = await realpath(target);
  } catch (error) {
    throw writeError(error, path);
  }
  return destinationOfStats(path, real, linked);
}

/** Links followed at most while looking for a descriptor, as the kernel gives up on a loop (ELOOP). */
const MOST_LINKS_FOLLOWED = 40;

/** `/proc/<our pid>/fd`, or a thread's `/proc/<our pid>/task/<tid>/fd`: the folders that list this process's descriptors. */
function isOwnDescriptorFolder(folder: string): boolean {
  return folder === `/proc/${process.pid}/fd` || new RegExp(`^/proc/${process.pid}/task/\\d+/fd$`).test(folder);
}

/**
 * The descriptor of this process a path names, or null: `/proc/self/fd/N`, `/dev/fd/N` (a link
 * to /proc/self/fd), `/dev/stdout` and `/dev/stderr` (links to /proc/self/fd/1 and 2), or any
 * link that leads to one. Opening such a path opens the file behind the descriptor afresh, so a
 * temporary file renamed over it would replace the log the shell is appending to (`>> log.txt`)
 * and lose what it held (issue 46); it is written through the descriptor itself instead.
 */
export async function ownDescriptorOf(path: string, cwd: string): Promise<number | null> {
  let target = resolve(cwd, path);
  for (let followed = 0; followed <= MOST_LINKS_FOLLOWED; followed++) {
    let folder: string;
    try {
      folder = await realpath(dirname(target));
    } catch {
      return null;
    }
    const name = basename(target);
    if (/^\d+$/.test(name) && isOwnDescriptorFolder(folder)) return Number(name);
    try {
      // Not a link (EINVAL) or not there: not a descriptor.
      target = resolve(folder, await readlink(join(folder, name)));
    } catch {
      return null;
    }
  }
  return null;
}

/** Writes to one of the process's descriptors: all of `text`, or an error. */
export type DescriptorWriter = (fd: number, text: string) => Promise<void>;

const fstatDescriptor = promisify(fsFstat);
const writeDescriptor = promisify(fsWrite);

/** A descriptor may be written when it is a file, a pipe, a socket or a terminal; anything else (an epoll or event descriptor of Node's own) is not ours to write. */
async function checkDescriptor(fd: number, path: string): Promise<void> {
  let info: Stats;
  try {
    info = await fstatDescriptor(fd);
  } catch (error) {
    if (errorCode(error) === 'EBADF') throw new OutputError(`descriptor ${fd} is not open in this process`, path);
    throw writeError(error, path);
  }
  if (info.isDirectory()) throw new OutputError(`descriptor ${fd} is a folder, not a file`, path);
  if (!(info.isFile() || info.isFIFO() || info.isSocket() || info.isCharacterDevice())) {
    throw new OutputError(`descriptor ${fd} is neither a file, a pipe, a socket nor a terminal`, path);
  }
  try {
    // Writing nothing tells whether the descriptor was opened for writing (EBADF when not), and changes nothing.
    await writeDescriptor(fd, Buffer.alloc(0), 0, 0, null);
  } catch (error) {
    if (errorCode(error) === 'EBADF') throw new OutputError(`descriptor ${fd} is open for reading only`, path);
    throw writeError(error, path);
  }
}

/**
 * Writes all of `text` at the descriptor's own position, as a shell's `>` or `>>` would: in
 * append mode at the end of the file, else where the writes before it stopped; never truncating
 * it. A descriptor in non-blocking mode (a pipe shared with another process) may take the text
 * a piece at a time.
 */
export async function writeAllToDescriptor(fd: number, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += (await writeDescriptor(fd, bytes, offset, bytes.length - offset, null)).bytesWritten;
    } catch (error) {
      if (errorCode(error) !== 'EAGAIN') throw error;
      await new Promise((done) => setTimeout(done, 10));
    }
  }
}

async function writeThroughDescriptor(fd: number, path: string, text: string, writer: DescriptorWriter): Promise<void> {
  await checkDescriptor(fd, path);
  try {
    await writer(fd, text);
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
 * the rename stays on one file system. Devices and named pipes are written through, and so is a
 * path naming one of our own descriptors (`/dev/stdout`), by `writer`.
 */
export async function writeTextFile(path: string, text: string, cwd: string, writer: DescriptorWriter = writeAllToDescriptor): Promise<void> {
  const descriptor = await ownDescriptorOf(path, cwd);
  if (descriptor !== null) return writeThroughDescriptor(descriptor, path, text, writer);
  const destination = await destinationOf(path, cwd);
  if (destination.how !== 'replace') {
    try {
      // No O_CREAT: should the file, device or pipe vanish meanwhile, no regular file takes its
      // place. A file with other links is truncated and written where it is.
      const flag = destination.how === 'in-place' ? constants.O_WRONLY | constants.O_TRUNC : constants.O_WRONLY;
      await fsWriteFile(destination.path, text, { encoding: 'utf8', flag });
    } catch (error) {
      throw writeError(error, path);
    }
    return;
  }
  await removeStaleTemporaries(destination.path);
  const temporary = temporaryBeside(destination.path);
  try {
    await createTemporary(temporary, text, path);
    if (destination.existing !== undefined) await takeModeAndOwner(temporary, destination.existing);
    await rename(temporary, destination.path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw writeError(error, path);
  }
}

/**
 * Creates our temporary file beside a target. A folder that exists and still answers "no such
 * file" to a new file in it is a file system of the kernel's (/proc, /sys), whose files can be
 * neither replaced nor made: saying "no such file" of /proc/version would be untrue (issue 46).
 */
async function createTemporary(temporary: string, text: string, shown: string): Promise<void> {
  try {
    await fsWriteFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    const folder = dirname(temporary);
    const folderThere = await stat(folder).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!folderThere) throw error;
    throw new OutputError(`cannot be replaced: no file can be made in its folder ${folder} (a file system of the kernel, as /proc and /sys are)`, shown);
  }
}

/**
 * Gives the new file the old one's owner, where we may (root may; anyone may keep a file their
 * own, or give it a group they are in), and then its mode (chown clears set-user-ID bits, so
 * the mode goes second). The umask decided a new file's mode; a replaced file keeps its own.
 */
async function takeModeAndOwner(file: string, old: Stats): Promise<void> {
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  if (old.uid !== uid || old.gid !== gid) {
    // Not ours to give away (EPERM), or a file system without owners: keep at least the group,
    // when it is one of ours, and otherwise the file stays ours; the write goes on either way.
    await chown(file, old.uid, old.gid).catch(() => chown(file, -1, old.gid).catch(() => {}));
  }
  await chmod(file, old.mode & 0o7777);
}

/**
 * Fails, with the real reason, when `path` could not be written: a read-only file system, a
 * folder without write permission, a target that would be refused. Checked before any solving,
 * so an hour's batch does not end unable to write its report (issue 32). A file is tried by
 * creating and removing a temporary file where the write would put one.
 */
export async function checkTextWritable(path: string, cwd: string): Promise<void> {
  const descriptor = await ownDescriptorOf(path, cwd);
  if (descriptor !== null) return checkDescriptor(descriptor, path);
  const destination = await destinationOf(path, cwd);
  try {
    if (destination.how !== 'replace') {
      await access(destination.path, constants.W_OK);
      return;
    }
    const probe = temporaryBeside(destination.path);
    await createTemporary(probe, '', path);
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
