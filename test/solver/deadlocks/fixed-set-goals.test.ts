import { describe, expect, it } from 'vitest';
import { FixedSetGoals } from '../../../src/solver/deadlocks/fixed-set-goals.js';

/** The goals recorded for `square` under the selected set. */
function goalsOf(memo: FixedSetGoals, square: number): number[] {
  const goals: number[] = [];
  for (let goal = 0; goal < memo.words * 32; goal++) if (memo.bits[square * memo.words + (goal >>> 5)] & (1 << (goal & 31))) goals.push(goal);
  return goals;
}

describe('goals reached per fixed set', () => {
  it('keeps what was recorded under a set when that set comes back', () => {
    const memo = new FixedSetGoals(10, 40);
    memo.select(Int32Array.of(2, 5), 2);
    expect(memo.has(7)).toBe(false);
    memo.add(7, 3);
    memo.add(7, 35);
    memo.done(7);
    memo.select(Int32Array.of(2, 6), 2);
    expect(memo.has(7)).toBe(false);
    memo.select(Int32Array.of(2, 5, 9), 2);
    expect(memo.has(7)).toBe(true);
    expect(goalsOf(memo, 7)).toEqual([3, 35]);
  });

  it('tells sets apart by their squares, not by their size alone', () => {
    const memo = new FixedSetGoals(10, 4);
    memo.select(Int32Array.of(1), 1);
    memo.add(0, 1);
    memo.done(0);
    memo.select(Int32Array.of(4), 1);
    expect(memo.has(0)).toBe(false);
    memo.select(Int32Array.of(), 0);
    expect(memo.has(0)).toBe(false);
  });
});
