import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parse.js';
import { workerDeadlineMs, workerHeapMiB } from '../../src/runner/limits.js';
import { recordOfOutcome } from '../../src/runner/outcome-record.js';
import { keyOfLevel } from '../../src/runner/record.js';
import type { SolveJob } from '../../src/runner/solve-task.js';
import type { SolveResult } from '../../src/solver/solve.js';

const CORRIDOR = parseLevel('#######\n#@ $ .#\n#######\n', { file: 'c.xsb' });
const JOB: SolveJob = { key: keyOfLevel(CORRIDOR), level: CORRIDOR, rule: 'all-boxes' };

function solvedWith(solution: string): SolveResult {
  return {
    status: 'solved',
    solution,
    moves: solution.length,
    pushes: 0,
    optimal: null,
    thenFewest: null,
    nodes: 4,
    generated: 6,
    tableNodes: 0,
    ms: 2,
    peakMemoryMiB: 0,
    limit: null,
    firstMoves: solution.length,
    firstPushes: 0,
  };
}

describe("a worker's end becomes one record, worded the same for every front end", () => {
  it('replays an answer before calling the level solved', () => {
    const record = recordOfOutcome(JOB, { kind: 'done', value: solvedWith('rRR') }, 10_000, 256);
    expect(record).toMatchObject({ name: 'c.xsb#1', status: 'solved', solution: 'rRR', moves: 3, pushes: 2, error: null });
  });

  it('calls an answer that fails replay our bug, not a solution', () => {
    expect(recordOfOutcome(JOB, { kind: 'done', value: solvedWith('rR') }, 10_000, 256)).toMatchObject({ status: 'error', errorKind: 'internal' });
  });

  it('calls a worker ended at its deadline a time-out, saying how far into which limit', () => {
    const record = recordOfOutcome(JOB, { kind: 'killed', afterMs: 12_500 }, 10_000, 256);
    expect(record).toMatchObject({ status: 'timeout', limit: 'time', ms: 12_500, solution: null, nodes: null });
    expect(record.error).toBe('still searching 12.5 s into its 10 s time limit; its worker was ended');
  });

  it('calls a worker ended by its heap limit out of memory, naming the limit', () => {
    const record = recordOfOutcome(JOB, { kind: 'out-of-memory', message: 'heap', afterMs: 300 }, 10_000, 512);
    expect(record).toMatchObject({ status: 'memory', limit: 'memory', ms: 300 });
    expect(record.error).toBe('its worker ran out of memory (heap limit 512 MiB) and was ended');
  });

  it('calls a worker that failed or died an internal error with its message', () => {
    const record = recordOfOutcome(JOB, { kind: 'failed', message: 'the worker exited with code 1 before answering' }, 10_000, 256);
    expect(record).toMatchObject({ status: 'error', errorKind: 'internal' });
    expect(record.error).toBe('the search failed: the worker exited with code 1 before answering');
  });
});

describe('the kill policy', () => {
  it('ends a worker 2 s after a short time limit and a quarter of the limit after a long one', () => {
    expect(workerDeadlineMs(1_000)).toBe(3_000);
    expect(workerDeadlineMs(60_000)).toBe(75_000);
  });

  it('gives each worker a heap of at least 256 MiB, else the search memory limit', () => {
    expect(workerHeapMiB(100)).toBe(256);
    expect(workerHeapMiB(2048)).toBe(2048);
  });
});
