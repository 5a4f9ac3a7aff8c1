import { describe, expect, it } from 'vitest';
import { solve } from '../../src/solver/solve.js';
import { board } from './helpers.js';

/** An open room: the per-level analysis grows with the square of its size. */
function openRoom(width: number, height: number) {
  const wall = '#'.repeat(width + 2);
  const rows = [wall, `#@$.${' '.repeat(width - 3)}#`];
  for (let r = 1; r < height; r++) rows.push(`#${' '.repeat(width)}#`);
  rows.push(wall);
  return board(...rows);
}

describe('the per-level analysis honours the time limit (issue 13)', () => {
  it('stops in the analysis, before any search starts, once the clock is past the limit', () => {
    // Every reading of this clock is a second later than the one before.
    let now = 0;
    const clock = () => (now += 1000);
    const result = solve(openRoom(60, 60), { timeLimitMs: 1500, clock });
    expect(result.status).toBe('timeout');
    expect(result.limit).toBe('time');
    expect(result.generated).toBe(0);
  });

  it('still solves the same room when there is time', () => {
    const result = solve(openRoom(60, 60), { timeLimitMs: 60_000 });
    expect(result.status).toBe('solved');
  });
});

describe('tables a level needs before any search (issue 13)', () => {
  it('are checked against the memory limit before they are made', () => {
    const rows = ['##########################'];
    rows.push(`#@${' '.repeat(23)}#`);
    for (let r = 0; r < 24; r++) rows.push(`#${'$.'.repeat(12)} #`);
    rows.push('##########################');
    const result = solve(board(...rows), { maxMemoryMiB: 1, timeLimitMs: 60_000 });
    expect(result.status).toBe('memory');
    expect(result.limit).toBe('memory');
    expect(result.generated).toBe(0);
  });
});
