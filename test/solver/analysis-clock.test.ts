import { describe, expect, it, vi } from 'vitest';
import { BoxMoves } from '../../src/solver/geometry/box-moves.js';
import { PlayerReach } from '../../src/solver/geometry/reachability.js';
import { solve } from '../../src/solver/solve.js';
import { board, expectReplaysToSolved } from './helpers.js';

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

describe('the per-level analysis costs what the level needs (issue 33)', () => {
  /**
   * Walks over the whole room made while one box in an open room of this size is solved (work
   * counted, not timed): walks of the player's reach, and searches of one box's moves.
   */
  function walksToSolve(size: number): { readonly player: number; readonly box: number } {
    const player = vi.spyOn(PlayerReach.prototype, 'flood');
    const box = vi.spyOn(BoxMoves.prototype, 'search');
    try {
      const start = openRoom(size, size);
      const result = solve(start, { maxNodes: 1000 });
      expectReplaysToSolved(start, result, 'all-goals');
      return { player: player.mock.calls.length, box: box.mock.calls.length };
    } finally {
      player.mockRestore();
      box.mockRestore();
    }
  }

  it('walks the player no more often in a larger room: one box needs no walk per square', () => {
    // A walk per (box square, player side) to find each goal's basin made 435 walks at 12×12 and
    // 8,607 at 48×48, each over the whole room: minutes on a 200×200 board before any search.
    const small = walksToSolve(12);
    expect(walksToSolve(48)).toEqual(small);
    expect(small.player).toBeLessThan(20);
    // Nor a box-move search per square the box can reach (the hotspot table asked for one pair per square).
    expect(small.box).toBeLessThan(20);
  });
});
