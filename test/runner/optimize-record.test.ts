import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parse.js';
import { type OptimizeJob, optimizeRecordFromResult, optimizeRecordOfOutcome } from '../../src/runner/optimize-record.js';
import { runOptimizeTask } from '../../src/runner/optimize-task.js';
import { keyOfLevel } from '../../src/runner/record.js';
import type { OptimizeResult } from '../../src/solver/optimize/optimize.js';

const CORRIDOR = parseLevel('#######\n#@ $ .#\n#######\n', { file: 'c.xsb' });
const JOB: OptimizeJob = { key: keyOfLevel(CORRIDOR), level: CORRIDOR, rule: 'all-boxes', moves: 'rRR' };

function optimizedTo(solution: string, before = { moves: 3, pushes: 2 }): OptimizeResult {
  return { solution, moves: solution.length, pushes: 0, before, steps: [], nodes: 1, ms: 1, limit: null };
}

describe("an optimizer's answer becomes a record only after replay", () => {
  it('keeps a solution that replays to a win, with the counts from the replay', () => {
    const record = optimizeRecordFromResult(JOB, 'moves', { kind: 'optimized', source: 'given', result: optimizedTo('rRR') });
    expect(record).toMatchObject({ name: 'c.xsb#1', status: 'optimized', source: 'given', solution: 'rRR', moves: 3, pushes: 2, error: null, errorKind: null });
  });

  it('turns a solution that does not win into an internal error, never an optimized level', () => {
    const record = optimizeRecordFromResult(JOB, 'moves', { kind: 'optimized', source: 'given', result: optimizedTo('rR') });
    expect(record).toMatchObject({ status: 'error', solution: null, errorKind: 'internal' });
    expect(record.error).toMatch(/failed replay under the all-boxes rule/);
  });

  it('turns a solution longer in the metric than the one it started from into an internal error', () => {
    const record = optimizeRecordFromResult(JOB, 'pushes', { kind: 'optimized', source: 'given', result: optimizedTo('rRR', { moves: 3, pushes: 1 }) });
    expect(record).toMatchObject({ status: 'error', solution: null, errorKind: 'internal' });
    expect(record.error).toContain('longer in pushes');
  });

  it('says "moves" of given moves that do not solve the level, so the caller can answer no', () => {
    const answer = runOptimizeTask({ kind: 'optimize', board: CORRIDOR.board, rule: 'all-boxes', moves: 'rR', metric: 'moves', timeLimitMs: 1000 });
    expect(answer.kind).toBe('moves-unsolved');
    expect(optimizeRecordFromResult(JOB, 'moves', answer)).toMatchObject({ status: 'error', errorKind: 'moves' });
  });

  it('records a worker ended at its deadline as a time-out, as a solve is', () => {
    const record = optimizeRecordOfOutcome(JOB, 'moves', { kind: 'killed', afterMs: 12_500 }, 10_000, 512);
    expect(record).toMatchObject({ status: 'timeout', limit: 'time', errorKind: null, ms: 12_500, solution: null });
    expect(record.error).toBe('still working 12.5 s into its 10 s time limit; its worker was ended');
  });
});
