import { describe, expect, it } from 'vitest';
import { PositionRank, rankHigh, rankLow, rankOf } from '../../../src/solver/model/position-rank.js';

/** Every set of `count` slots out of `slots`, each in increasing order. */
function subsets(slots: number, count: number): number[][] {
  if (count === 0) return [[]];
  const all: number[][] = [];
  for (let last = count - 1; last < slots; last++) for (const rest of subsets(last, count - 1)) all.push([...rest, last]);
  return all;
}

describe('PositionRank', () => {
  it('numbers the positions of 2 boxes on 4 squares and a keeper on 3 densely, from 0 to 17', () => {
    const ranks = new PositionRank(4, 2, 3);
    expect(ranks.size).toBe(18);
    const seen = new Set<number>();
    for (let keeper = 0; keeper < 3; keeper++) for (const boxes of subsets(4, 2)) seen.add(ranks.rank(keeper, boxes));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i));
  });

  it('gives back the keeper and the boxes, in increasing order, of every rank', () => {
    const ranks = new PositionRank(6, 3, 5);
    const boxes = new Int32Array(3);
    for (let keeper = 0; keeper < 5; keeper++) {
      for (const set of subsets(6, 3)) {
        expect(ranks.unrank(ranks.rank(keeper, set), boxes)).toBe(keeper);
        expect([...boxes]).toEqual(set);
      }
    }
  });

  it('handles no boxes at all: the rank is the keeper', () => {
    const ranks = new PositionRank(4, 0, 7);
    expect(ranks.size).toBe(7);
    expect(ranks.unrank(ranks.rank(5, []), new Int32Array(0))).toBe(5);
  });

  it('keeps large ranks exact through the 32 + 16 bit split', () => {
    // C(60, 8) box sets times 60 keeper squares: over 2^37.
    const ranks = new PositionRank(60, 8, 60);
    const set = [3, 17, 30, 41, 50, 55, 58, 59];
    const rank = ranks.rank(59, set);
    expect(rank).toBeGreaterThan(2 ** 32);
    expect(rankOf(rankHigh(rank), rankLow(rank))).toBe(rank);
    const boxes = new Int32Array(8);
    expect(ranks.unrank(rank, boxes)).toBe(59);
    expect([...boxes]).toEqual(set);
  });

  it('refuses a space past 48 bits, and says so beforehand', () => {
    expect(PositionRank.fits(200, 20, 200)).toBe(false);
    expect(() => new PositionRank(200, 20, 200)).toThrow(RangeError);
    expect(PositionRank.fits(56, 6, 56)).toBe(true);
  });
});
