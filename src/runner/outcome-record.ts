import type { SolveResult } from '../solver/solve.js';
import type { TaskOutcome } from './pool.js';
import { type LevelRecord, errorRecord, recordFromResult, stoppedRecord } from './record.js';
import type { SolveJob } from './solve-task.js';

/** A search that threw instead of answering: our bug, kept to its level's one record. */
export function internalFailure(job: SolveJob, error: unknown): LevelRecord {
  const detail = error instanceof Error ? error.message : String(error);
  return errorRecord(job.key, `the search failed: ${detail}`, 'internal');
}

/**
 * The one place a worker's end becomes a record, so the CLI and the page describe the same event
 * in the same words (a task its caller withdrew has no record): an answer is replayed, a worker ended at the deadline is a time-out, one
 * ended by its heap limit is out of memory, anything else is our bug.
 */
export function recordOfOutcome(job: SolveJob, outcome: Exclude<TaskOutcome<SolveResult>, { kind: 'cancelled' }>, timeLimitMs: number, heapMiB: number): LevelRecord {
  switch (outcome.kind) {
    case 'done':
      try {
        return recordFromResult(job.level, job.rule, outcome.value);
      } catch (error) {
        return internalFailure(job, error);
      }
    case 'killed':
      return stoppedRecord(
        job.key,
        'timeout',
        `still searching ${(outcome.afterMs / 1000).toFixed(1)} s into its ${timeLimitMs / 1000} s time limit; its worker was ended`,
        outcome.afterMs,
      );
    case 'out-of-memory':
      return stoppedRecord(job.key, 'memory', `its worker ran out of memory (heap limit ${heapMiB} MiB) and was ended`, outcome.afterMs);
    case 'failed':
      return internalFailure(job, outcome.message);
  }
}
