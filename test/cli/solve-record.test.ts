import { describe, expect, it } from 'vitest';
import { exitCodeOfRecord, recordFromResult } from '../../src/cli/batch/record.js';
import { escapeData, escapeProperty } from '../../src/cli/reporters/github.js';
import { escapeXml } from '../../src/cli/reporters/junit.js';
import { defaultMaxMemoryMiB } from '../../src/cli/commands/solve.js';
import { parseLevel } from '../../src/level/parse.js';
import type { SolveResult } from '../../src/solver/solve.js';

const CORRIDOR = parseLevel('#######\n#@ $ .#\n#######\n', { file: 'c.xsb' });

function solvedWith(solution: string): SolveResult {
  return { status: 'solved', solution, moves: solution.length, pushes: 0, optimal: 'moves', nodes: 5, generated: 9, ms: 1, peakMemoryMiB: 0, limit: null, firstMoves: solution.length, firstPushes: 0 };
}

describe('a solver answer becomes a record only after replay', () => {
  it('keeps a solution that replays to a win, with counts from the replay', () => {
    const record = recordFromResult(CORRIDOR, 'all-boxes', solvedWith('rRR'));
    expect(record).toMatchObject({ name: 'c.xsb#1', status: 'solved', solution: 'rRR', moves: 3, pushes: 2, optimal: 'moves', error: null });
    expect(exitCodeOfRecord(record)).toBe(0);
  });

  it('turns a solution that does not win into an internal error, never a solved level', () => {
    const record = recordFromResult(CORRIDOR, 'all-boxes', solvedWith('rR'));
    expect(record).toMatchObject({ status: 'error', solution: null, errorKind: 'internal' });
    expect(record.error).toMatch(/failed replay under the all-boxes rule/);
    expect(exitCodeOfRecord(record)).toBe(70);
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

describe('escaping in reports', () => {
  it('escapes % CR LF in GitHub annotation messages', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
  });

  it('also escapes : and , in GitHub annotation properties', () => {
    expect(escapeProperty('a:b,c%')).toBe('a%3Ab%2Cc%25');
  });

  it('escapes XML markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`<a href="x">&'\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });
});

describe('default memory per level', () => {
  it('is half the machine shared by the workers', () => {
    expect(defaultMaxMemoryMiB(2, 8 * 1024 ** 3)).toBe(2048);
  });

  it('is never more than 4096 MiB nor less than 256 MiB', () => {
    expect(defaultMaxMemoryMiB(1, 64 * 1024 ** 3)).toBe(4096);
    expect(defaultMaxMemoryMiB(64, 1024 ** 3)).toBe(256);
  });
});
