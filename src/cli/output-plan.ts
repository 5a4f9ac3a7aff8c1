import { resolve } from 'node:path';
import { InputError, OutputError, UsageError } from '../errors.js';
import { reportError } from './error-line.js';
import type { Io } from './io.js';

/** A file a command is about to write, named as the user would recognize it. */
export interface PlannedOutput {
  readonly path: string;
  /** How the command line asked for it: `--report r.json`, `--out o`. */
  readonly option: string;
  /** The input it is made from, when it is one file per input (`--out`). */
  readonly from?: string;
}

function describe(output: PlannedOutput): string {
  return output.from === undefined ? output.option : `${output.option}: ${output.from}`;
}

/**
 * Refuses, before any work, an output that would overwrite one of the command's inputs or
 * another of its outputs (issue 13: `solve in.json --report in.json` replaced the level with
 * its summary; two collections of one --out landed on one file). Paths are compared resolved
 * against the working folder.
 */
export function checkOutputs(io: Io, inputs: readonly string[], outputs: readonly PlannedOutput[]): void {
  const inputOf = new Map<string, string>();
  for (const input of inputs) if (!inputOf.has(resolve(io.cwd, input))) inputOf.set(resolve(io.cwd, input), input);
  const outputOf = new Map<string, PlannedOutput>();
  for (const output of outputs) {
    const key = resolve(io.cwd, output.path);
    const input = inputOf.get(key);
    if (input !== undefined) {
      const what = output.from === undefined ? output.option : `${output.option}: ${output.path}`;
      throw new UsageError(`${what} would overwrite the input ${input}`);
    }
    const earlier = outputOf.get(key);
    if (earlier !== undefined) {
      if (earlier.from !== undefined && output.from !== undefined && earlier.option === output.option) {
        throw new UsageError(`${output.option}: ${earlier.from} and ${output.from} would both be written to ${output.path}`);
      }
      throw new UsageError(`${describe(earlier)} and ${describe(output)} would write the same file`);
    }
    outputOf.set(key, output);
  }
}

/**
 * Makes the folders the outputs go into and checks that each output can be written (no folder in
 * its place, no read-only file system, no missing permission, no target that would be refused),
 * so that a batch is not solved for an hour only to find its report cannot be written.
 */
export async function prepareOutputFolders(io: Io, folders: readonly string[], files: readonly PlannedOutput[]): Promise<void> {
  for (const folder of folders) {
    const inTheWay = await fileInTheWay(io, folder);
    if (inTheWay !== null) throw new OutputError(inTheWay === folder ? 'is a file, not a folder' : `cannot be made: ${inTheWay} is a file, not a folder`, folder);
    await io.makeDirectory(folder);
  }
  for (const file of files) {
    const parent = parentFolder(file.path);
    const inTheWay = parent === null ? null : await fileInTheWay(io, parent);
    if (inTheWay !== null) throw new OutputError(`cannot be written: ${inTheWay} is a file, not a folder`, file.path);
    if (parent !== null) await io.makeDirectory(parent);
    if ((await io.pathKind(file.path)) === 'directory') throw new InputError('is a folder, not a file', describe(file));
    await io.checkWritable(file.path);
  }
}

/**
 * The first part of a folder's path, as written, that is a file rather than a folder, or null:
 * `corr.xsb` for `corr.xsb/out.txt` when corr.xsb is a level file. mkdir would fail there with a
 * raw EEXIST that names neither the output nor why (issue 46).
 */
async function fileInTheWay(io: Io, folder: string): Promise<string | null> {
  const parts = folder.split(/[\\/]/);
  for (let end = 1; end <= parts.length; end++) {
    const prefix = parts.slice(0, end).join('/');
    if (prefix === '' || prefix === '.' || prefix === '..') continue;
    const kind = await io.pathKind(prefix);
    if (kind === 'missing') return null;
    if (kind === 'file') return prefix;
  }
  return null;
}

/** The folder part of a path as written, or null when the file is in the working folder. */
export function parentFolder(path: string): string | null {
  const cut = path.search(/[\\/][^\\/]*$/);
  if (cut < 0) return null;
  return cut === 0 ? '/' : path.slice(0, cut);
}

/**
 * Runs one output's write; when it fails (a full disk, issue 32) says so on stderr and returns
 * false, so that the caller goes on with its other outputs, each of which may still fit.
 */
export async function tryOutput(io: Io, write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (!(error instanceof OutputError)) throw error;
    reportError(io, error);
    return false;
  }
}
