import { describe, expect, it } from 'vitest';
import { LOST, RankTable, SUPERSEDED } from '../../../src/solver/tables/rank-table.js';

/** A table whose index starts at 8 slots, so that ranks share slots and it doubles many times. */
function tableOf(maxBytes = 1 << 20): RankTable {
  return new RankTable(maxBytes, 8);
}

describe('RankTable', () => {
  it('finds each stored rank, ranks past 32 bits too, and nothing else', () => {
    const table = tableOf();
    const ranks = [0, 7, 14, 2 ** 32 + 7, 2 ** 47 - 3];
    const nodes = ranks.map((rank, i) => table.add(rank, i));
    expect(nodes).toEqual([0, 1, 2, 3, 4]);
    for (const [i, rank] of ranks.entries()) {
      expect(table.find(rank)).toBe(i);
      expect(table.rank(i)).toBe(rank);
      expect(table.depth[i]).toBe(i);
    }
    expect(table.find(21)).toBe(-1);
    expect(table.find(2 ** 32 + 14)).toBe(-1);
  });

  it('keeps every rank findable as its index doubles past the first 8 slots', () => {
    const table = tableOf();
    for (let rank = 0; rank < 1000; rank++) table.add(rank * 3, rank % 50);
    for (let rank = 0; rank < 1000; rank++) expect(table.find(rank * 3)).toBe(rank);
    expect(table.find(1)).toBe(-1);
  });

  it('replaces a state reached by a shorter path with a new node, and marks the old one', () => {
    const table = tableOf();
    const old = table.add(42, 9);
    table.add(49, 3);
    const shorter = table.replace(old, 5);
    expect(shorter).toBe(2);
    expect(table.find(42)).toBe(shorter);
    expect(table.depth[shorter]).toBe(5);
    expect(table.depth[old]).toBe(SUPERSEDED);
    expect(table.find(49)).toBe(1);
  });

  it('leaves a superseded node out when the index is rebuilt', () => {
    const table = tableOf();
    const old = table.add(5, 4);
    const shorter = table.replace(old, 2);
    for (let rank = 100; rank < 200; rank++) table.add(rank, 1);
    expect(table.find(5)).toBe(shorter);
  });

  it('keeps the marks it is given, such as a lost state', () => {
    const table = tableOf();
    const node = table.add(3, 1);
    table.depth[node] = LOST;
    expect(table.depth[table.find(3)]).toBe(LOST);
  });

  it('answers -1 once its byte limit is reached, and keeps what it holds', () => {
    const table = tableOf(2000);
    let stored = 0;
    while (table.add(stored, 0) >= 0) stored++;
    expect(stored).toBeGreaterThan(10);
    expect(table.bytes).toBeLessThanOrEqual(2000);
    for (let rank = 0; rank < stored; rank++) expect(table.find(rank)).toBe(rank);
  });
});
