import { LevelError, SokobanError, UsageError } from '../../errors.js';
import { type GoalRule, chooseGoalRule } from '../../game/goal-rule.js';
import type { Level, LevelFailure, LevelFormat, PartialCollection } from '../../level/level.js';
import { errorLine, reportDebugStack } from '../error-line.js';
import { type Io, STDIN_NAME } from '../io.js';
import { readEachLevel, selectEntries } from '../levels.js';
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
  readonly collection: PartialCollection;
  /** The path it was read from, or null for stdin. */
  readonly path: string | null;
}

export interface JobPlan {
  /** Every job in input order: inputs as expanded, then levels in file order. */
  readonly jobs: readonly Job[];
  readonly collections: readonly LoadedCollection[];
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

/**
 * Reads every input and turns it into jobs. A file that cannot be read or parsed becomes one
 * error job and costs nothing else; so does a malformed level of a collection, in its place
 * among the collection's other levels. Warnings go to stderr at once, away from results.
 */
export async function planJobs(io: Io, sources: readonly InputSource[], settings: JobSettings): Promise<JobPlan> {
  const jobs: Job[] = [];
  const collections: LoadedCollection[] = [];
  for (const source of sources) {
    if (source.kind === 'error') {
      jobs.push(failed(fileKey(source.name), source.error));
      continue;
    }
    const name = source.kind === 'stdin' ? STDIN_NAME : source.path;
    try {
      const input = await readSource(io, source);
      const collection = readEachLevel(io, input.text, input.name, settings.format);
      const entries = selectEntries(collection, settings.level);
      collections.push({ collection, path: source.kind === 'file' ? source.path : null });
      for (const entry of entries) {
        jobs.push(entry.kind === 'level' ? levelJob(entry.level, settings.goal) : failedLevel(collection.file, entry.failure));
      }
    } catch (error) {
      // Our bug while reading: the record keeps one line, so the stack is shown now or never.
      reportDebugStack(io, error);
      jobs.push(failed(fileKey(name, error), error));
    }
  }
  return { jobs, collections };
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
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard ${text}: expected k/n with 1 <= k <= n, e.g. --shard 2/3`);
  }
  return { index, count };
}

/**
 * The jobs of one shard: after sorting every job by name, job i goes to shard (i mod n) + 1.
 * Every shard computes the same sorted list from the same inputs, so the shards together cover
 * each job exactly once. The jobs kept stay in input order.
 */
export function jobsOfShard(jobs: readonly Job[], shard: Shard | null): Job[] {
  if (shard === null) return [...jobs];
  const sorted = [...jobs].sort((a, b) => compareJobs(a.key, b.key));
  const mine = new Set(sorted.filter((_, i) => (i % shard.count) + 1 === shard.index));
  return jobs.filter((job) => mine.has(job));
}
