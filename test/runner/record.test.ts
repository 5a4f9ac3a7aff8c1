import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parse.js';
import { recordFromResult } from '../../src/runner/record.js';
import type { SolveResult } from '../../src/solver/solve.js';

const CORRIDOR = parseLevel('#######\n#@ $ .#\n#######\n', { file: 'c.xsb' });

function solvedWith(solution: string): SolveResult {
  return {
    status: 'solved',
    solution,
    moves: solution.length,
    pushes: 0,
    optimal: 'moves',
    thenFewest: 'pushes',
    nodes: 5,
    generated: 9,
    tableNodes: 0,
    ms: 1,
    peakMemoryMiB: 0,
    limit: null,
    firstMoves: solution.length,
    firstPushes: 0,
  };
}

describe('a solver answer becomes a record only after replay', () => {
  it('keeps a solution that replays to a win, with counts from the replay', () => {
    const record = recordFromResult(CORRIDOR, 'all-boxes', solvedWith('rRR'));
    expect(record).toMatchObject({ name: 'c.xsb#1', status: 'solved', solution: 'rRR', moves: 3, pushes: 2, optimal: 'moves', thenFewest: 'pushes', error: null });
    expect(record.errorKind).toBeNull();
  });

  it('turns a solution that does not win into an internal error, never a solved level', () => {
    const record = recordFromResult(CORRIDOR, 'all-boxes', solvedWith('rR'));
    expect(record).toMatchObject({ status: 'error', solution: null, errorKind: 'internal' });
    expect(record.error).toMatch(/failed replay under the all-boxes rule/);
  });

  it('turns a solution with an illegal move into an internal error naming the move', () => {
    const record = recordFromResult(CORRIDOR, 'all-boxes', solvedWith('lrRR'));
    expect(record.status).toBe('error');
    expect(record.error).toContain("move 1 'l'");
  });

  it('turns a solution whose letter case lies about pushes into an internal error', () => {
    expect(recordFromResult(CORRIDOR, 'all-boxes', solvedWith('rrr')).status).toBe('error');
  });
});
