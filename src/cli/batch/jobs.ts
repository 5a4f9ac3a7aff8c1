import { LevelError, SokobanError, UsageError } from '../../errors.js';
import { type GoalRule, chooseGoalRule } from '../../game/goal-rule.js';
import type { Level, LevelFailure, LevelFormat, LevelIndex } from '../../level/level.js';
import { errorLine, reportDebugStack } from '../error-line.js';
import { type Io, STDIN_NAME } from '../io.js';
import { type LevelSelection, entryAt, readLevelIndex, selectNumbers } from '../levels.js';
import type { InputSource } from './inputs.js';
import { compareJobs } from './names.js';
import { type LevelRecord, type RecordKey, errorRecord, keyOfLevel } from '../../runner/record.js';
import type { SolveJob } from '../../runner/solve-task.js';

/** A level to solve, with the rule it is played under. */
export interface LevelJob extends SolveJob {
  readonly kind: 'level';
}

/** An input or level that could not become a search: its error record is already known. */
export interface FailedJob {
  readonly kind: 'failed';
  readonly key: RecordKey;
  readonly record: LevelRecord;
}

export type Job = LevelJob | FailedJob;

/** A collection read, kept so `--out` can write it back with solutions (unless a level of it is malformed). */
export interface LoadedCollection {
  readonly collection: LevelIndex;
  /** The path it was read from, or null for stdin. */
  readonly path: string | null;
}

/**
 * The jobs of a batch in input order (inputs as expanded, then levels in file order), each made
 * when it is asked for: a level is read when its job starts, so a batch of a million levels
 * holds the texts and their indexes, not a million boards (issue 45).
 */
export interface JobList {
  readonly count: number;
  /** The name, file, number, title and line of the job at `position` (0-based), without reading its level. */
  keyAt(position: number): RecordKey;
  /** The job at `position` (0-based), its level read now; the level's warnings go to `warn`. */
  jobAt(position: number, warn: (message: string) => void): Job;
}

export interface JobPlan extends JobList {
  readonly collections: readonly LoadedCollection[];
  /** Each input's jobs: where they start in the list, how many, and the file their names have. */
  readonly inputs: readonly PlannedInput[];
}

export interface PlannedInput {
  readonly first: number;
  readonly count: number;
  readonly file: string;
}

export interface JobSettings {
  readonly format?: LevelFormat;
  readonly level?: string;
  readonly goal?: GoalRule;
}

/** A malformed input's error knows its line, often its column: CI annotations and the summary point there. */
function errorPlace(error: unknown): { line: number | null; column?: number } {
  if (!(error instanceof LevelError) || error.position.line === undefined) return { line: null };
  const { column } = error.position;
  return column === undefined ? { line: error.position.line } : { line: error.position.line, column };
}

function fileKey(name: string, error?: unknown): RecordKey {
  return { name, file: name, index: null, title: null, ...errorPlace(error) };
}

/** An error that belongs to our inputs is the user's to fix; anything else is our bug, still kept to one row. */
function failed(key: RecordKey, error: unknown): FailedJob {
  const kind = error instanceof SokobanError ? 'input' : 'internal';
  const message = error instanceof SokobanError ? error.message : errorLine(error).replace(/^sokoban: /, '');
  return { kind: 'failed', key, record: errorRecord(key, message, kind) };
}

function levelJob(level: Level, goal: GoalRule | undefined): Job {
  const key = keyOfLevel(level);
  try {
    return { kind: 'level', key, level, rule: chooseGoalRule(level, goal) };
  } catch (error) {
    return failed(key, error);
  }
}

/** A malformed level of a collection: an error row of its own, under the name its level would have had. */
function failedLevel(file: string, failure: LevelFailure): FailedJob {
  const { index, title, error } = failure;
  return failed({ name: `${file}#${index}`, file, index, title, ...errorPlace(error) }, error);
}

async function readSource(io: Io, source: Exclude<InputSource, { kind: 'error' }>): Promise<{ name: string; text: string }> {
  if (source.kind === 'stdin') return { name: STDIN_NAME, text: await io.readStdin() };
  return { name: source.path, text: await io.readFile(source.path) };
}

/** Files read at once while the earlier ones are cut into levels. */
const READ_AHEAD = 8;

/**
 * The inputs' texts, each asked for in order, read READ_AHEAD at a time: read one after another,
 * the stat, open, read and close of 10,000 small files waited on each other for seconds.
 */
function readAhead(io: Io, sources: readonly InputSource[]): (k: number) => Promise<{ name: string; text: string }> {
  const started = new Map<number, Promise<{ name: string; text: string }>>();
  let next = 0;
  const start = (k: number) => {
    const source = sources[k];
    if (source.kind === 'error') return;
    const read = readSource(io, source);
    // Awaited in its turn; until then a failure must not count as unhandled.
    read.catch(() => {});
    started.set(k, read);
  };
  return (k) => {
    while (next < sources.length && next <= k + READ_AHEAD) start(next++);
    const read = started.get(k) as Promise<{ name: string; text: string }>;
    started.delete(k);
    return read;
  };
}

/** Where an input's jobs start in the plan: one job of an input that yielded no level, or the levels selected from a file. */
type Segment =
  | { readonly kind: 'failed'; readonly first: number; readonly job: FailedJob }
  | { readonly kind: 'levels'; readonly first: number; readonly collection: LevelIndex; readonly selection: LevelSelection };

/**
 * Reads every input and cuts it into levels. A file that cannot be read or parsed becomes one
 * error job and costs nothing else; so does a malformed level of a collection, in its place
 * among the collection's other levels, found when its job is made. Warnings go to stderr when
 * their level's job is made, away from results.
 */
export async function planJobs(io: Io, sources: readonly InputSource[], settings: JobSettings): Promise<JobPlan> {
  const segments: Segment[] = [];
  const collections: LoadedCollection[] = [];
  let count = 0;
  const reads = readAhead(io, sources);
  for (const [k, source] of sources.entries()) {
    if (source.kind === 'error') {
      segments.push({ kind: 'failed', first: count++, job: failed(fileKey(source.name), source.error) });
      continue;
    }
    const name = source.kind === 'stdin' ? STDIN_NAME : source.path;
    try {
      const input = await reads(k);
      const collection = readLevelIndex(io, input.text, input.name, settings.format);
      const selection = selectNumbers(collection, settings.level);
      collections.push({ collection, path: source.kind === 'file' ? source.path : null });
      segments.push({ kind: 'levels', first: count, collection, selection });
      count += selection.count;
    } catch (error) {
      // Our bug while reading: the record keeps one line, so the stack is shown now or never.
      reportDebugStack(io, error);
      segments.push({ kind: 'failed', first: count++, job: failed(fileKey(name, error), error) });
    }
  }
  const segmentAt = (position: number): Segment => {
    if (!Number.isInteger(position) || position < 0 || position >= count) throw new RangeError(`job ${position} of ${count}`);
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segments[middle].first <= position) low = middle;
      else high = middle - 1;
    }
    return segments[low];
  };
  const inputs = segments.map(
    (segment, k): PlannedInput => ({
      first: segment.first,
      count: (k + 1 < segments.length ? segments[k + 1].first : count) - segment.first,
      file: segment.kind === 'failed' ? segment.job.key.file : segment.collection.file,
    }),
  );
  return {
    count,
    collections,
    inputs,
    keyAt(position) {
      const segment = segmentAt(position);
      if (segment.kind === 'failed') return segment.job.key;
      const { collection } = segment;
      const number = segment.selection.numberAt(position - segment.first);
      return { name: `${collection.file}#${number}`, file: collection.file, index: number, title: collection.titleOf(number), line: collection.lineOf(number) };
    },
    jobAt(position, warn) {
      const segment = segmentAt(position);
      if (segment.kind === 'failed') return segment.job;
      const { collection } = segment;
      const entry = entryAt(collection, segment.selection.numberAt(position - segment.first), warn);
      return entry.kind === 'level' ? levelJob(entry.level, settings.goal) : failedLevel(collection.file, entry.failure);
    },
  };
}

/**
 * How many of the jobs are levels to search, counted up to `atMost`: enough to choose how to run
 * them (a plan for more levels than workers is the same for any number), while reading no more
 * levels than the batch starts with anyway.
 */
export function countLevelJobs(jobs: JobList, atMost: number): number {
  let levels = 0;
  for (let position = 0; position < jobs.count && levels < atMost; position++) if (jobs.jobAt(position, () => {}).kind === 'level') levels++;
  return levels;
}

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  // Past 2^53 the numbers would be rounded (9007199254740993/9007199254740992 read as k = n).
  if (match === null || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard ${text}: expected k/n with 1 <= k <= n, e.g. --shard 2/3`);
  }
  return { index, count };
}

/**
 * The jobs of one shard: after sorting every job by name, job i goes to shard (i mod n) + 1.
 * Every shard computes the same sorted list from the same inputs, so the shards together cover
 * each job exactly once. The jobs kept stay in input order. Names sort by file, then level
 * number, and an input's jobs are already in number order: only the inputs are sorted.
 */
export function jobsOfShard(jobs: JobPlan, shard: Shard | null): JobList {
  if (shard === null) return jobs;
  const { inputs } = jobs;
  const rankOfFirst = new Map<number, number>();
  let rank = 0;
  for (const input of [...inputs].sort((a, b) => compareJobs({ file: a.file, index: null }, { file: b.file, index: null }))) {
    rankOfFirst.set(input.first, rank);
    rank += input.count;
  }
  const mine: number[] = [];
  for (const input of inputs) {
    if (input.count === 0) continue;
    const first = rankOfFirst.get(input.first) as number;
    for (let k = 0; k < input.count; k++) if (((first + k) % shard.count) + 1 === shard.index) mine.push(input.first + k);
  }
  return { count: mine.length, keyAt: (position) => jobs.keyAt(mine[position]), jobAt: (position, warn) => jobs.jobAt(mine[position], warn) };
}
