import { InputError, OutputError } from '../errors.js';

const FS_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many symbolic links: a loop of links, which leads to no file',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
  ENXIO: 'no reader on the other end (a named pipe nobody reads, or a device not there)',
  EPIPE: 'the reader on the other end has gone (a closed pipe)',
};

/** The errno code of a Node file-system error, or '' for anything else. */
export function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

function reasonOf(error: unknown, verb: 'read' | 'write'): string {
  const known = FS_REASONS[errorCode(error)];
  if (known) return known;
  const detail = error instanceof Error ? error.message : String(error);
  return `cannot ${verb} file (${detail})`;
}

/**
 * Turns a Node file-system error into the one-line error users see: an InputError for a file
 * read, an OutputError (its own exit code) for one written.
 */
export function fileSystemError(error: unknown, file: string, verb: 'read' | 'write' = 'read'): InputError | OutputError {
  return verb === 'read' ? new InputError(reasonOf(error, verb), file) : new OutputError(reasonOf(error, verb), file);
}

/** The OutputError of a failed write; the error itself when it is one already. */
export function writeError(error: unknown, file: string): OutputError {
  return error instanceof OutputError ? error : new OutputError(reasonOf(error, 'write'), file);
}
