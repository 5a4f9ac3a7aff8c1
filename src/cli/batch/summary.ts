import { InputError } from '../../errors.js';
import type { Optimality } from '../../solver/solve.js';
import { compareJobs } from './names.js';
import type { LevelRecord, RecordStatus } from '../../runner/record.js';

export interface Totals {
  readonly levels: number;
  readonly solved: number;
  readonly unsolvable: number;
  readonly timeout: number;
  readonly memory: number;
  readonly error: number;
  /** Sum of the levels' search times. */
  readonly totalMs: number;
  /** Median search time over the levels that have one; null when none does. */
  readonly medianMs: number | null;
}

/** The settings that decide what an answer means; a baseline or a merge compares like with like. */
export interface SummarySettings {
  readonly optimal: Optimality | null;
  readonly goal: string | null;
  readonly timeLimitMs: number;
  readonly maxNodes: number | null;
}

/** What `--report out.json` writes and `--baseline` and `merge-reports` read. */
export interface Summary {
  readonly format: 'sokoban-solve-summary';
  readonly version: 1;
  readonly settings: SummarySettings;
  /** The shards this summary covers: [k, n] pairs; empty for a run without --shard. */
  readonly shards: readonly (readonly [number, number])[];
  readonly totals: Totals;
  /** Every record, ordered by job name, so shards merge into exactly what one run writes. */
  readonly levels: readonly LevelRecord[];
  /** Present only when the run was stopped (Ctrl-C, SIGTERM): the levels it did not finish, by name. */
  readonly interrupted?: { readonly unfinished: readonly string[] };
}

export const SUMMARY_FORMAT = 'sokoban-solve-summary';

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

export function totalsOf(records: readonly LevelRecord[]): Totals {
  const tally = new TotalsTally();
  for (const record of records) tally.add(record);
  return tally.totals();
}

/**
 * Totals of records counted one at a time, as they finish: a batch that writes no report need
 * not keep a million records to sum them up (issue 45).
 */
export class TotalsTally {
  private readonly statuses: Record<RecordStatus, number> = { solved: 0, unsolvable: 0, timeout: 0, memory: 0, error: 0 };
  private readonly times: number[] = [];
  private levels = 0;

  add(record: Pick<LevelRecord, 'status' | 'ms'>): void {
    this.levels++;
    this.statuses[record.status]++;
    if (record.ms !== null) this.times.push(record.ms);
  }

  /** How many records were added. */
  get count(): number {
    return this.levels;
  }

  totals(): Totals {
    return {
      levels: this.levels,
      ...this.statuses,
      totalMs: this.times.reduce((sum, ms) => sum + ms, 0),
      medianMs: median(this.times),
    };
  }
}

export function buildSummary(
  settings: SummarySettings,
  shards: readonly (readonly [number, number])[],
  records: readonly LevelRecord[],
  /** The levels an interrupted run did not finish; null when it ran to the end. */
  unfinished: readonly string[] | null = null,
): Summary {
  const levels = [...records].sort(compareJobs);
  const orderedShards = [...shards].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const summary: Summary = { format: SUMMARY_FORMAT, version: 1, settings, shards: orderedShards, totals: totalsOf(levels), levels };
  return unfinished === null ? summary : { ...summary, interrupted: { unfinished: [...unfinished] } };
}

const STATUSES: readonly RecordStatus[] = ['solved', 'unsolvable', 'timeout', 'memory', 'error'];

const isCount = (value: unknown): boolean => value === null || (Number.isSafeInteger(value) && (value as number) >= 0);

/** What is wrong with a level record of a summary, the first thing found, or null when it is one. */
function recordProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not an object';
  const record = value as Record<string, unknown>;
  if (typeof record.name !== 'string') return '"name" is not a string';
  if (typeof record.file !== 'string') return '"file" is not a string';
  if (!(record.index === null || (Number.isSafeInteger(record.index) && (record.index as number) >= 1))) return '"index" is not a level number';
  if (!STATUSES.includes(record.status as RecordStatus)) return `"status" is not one of ${STATUSES.join(', ')}`;
  if (!(record.solution === null || typeof record.solution === 'string')) return '"solution" is not a string';
  if (!isCount(record.moves)) return '"moves" is not a count (a whole number, 0 or more)';
  if (!isCount(record.pushes)) return '"pushes" is not a count (a whole number, 0 or more)';
  return null;
}

/** Reads a summary written by `--report out.json`; anything else is an InputError naming the file. */
export function parseSummary(text: string, file: string): Summary {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not JSON (${error instanceof Error ? error.message : String(error)})`, file);
  }
  const summary = value as Partial<Summary> | null;
  if (typeof summary !== 'object' || summary === null || summary.format !== SUMMARY_FORMAT) {
    throw new InputError(`not a summary written by sokoban solve --report <file>.json`, file);
  }
  if (summary.version !== 1) throw new InputError(`summary version ${String(summary.version)} is not supported`, file);
  if (!Array.isArray(summary.levels)) throw new InputError('its "levels" is not a list of level records', file);
  for (const [i, record] of summary.levels.entries()) {
    const problem = recordProblem(record);
    if (problem !== null) throw new InputError(`its "levels" record ${i + 1}: ${problem}`, file);
  }
  if (typeof summary.settings !== 'object' || summary.settings === null || !Array.isArray(summary.shards)) {
    throw new InputError('its "settings" or "shards" are missing', file);
  }
  return summary as Summary;
}
