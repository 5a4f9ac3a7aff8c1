import { describe, expect, it } from 'vitest';
import { NodeTable } from '../../../src/solver/tables/node-table.js';

/** One-word box sets: the key is the word and the player. */
function add(table: NodeTable, boxes: number, player: number): number {
  const scratch = Uint32Array.of(boxes);
  return table.add(scratch, player, (boxes * 31 + player) >>> 0, boxes);
}

function find(table: NodeTable, boxes: number, player: number): number {
  return table.find(Uint32Array.of(boxes), player, (boxes * 31 + player) >>> 0);
}

describe('NodeTable', () => {
  it('finds each stored key, also after doubling past its first size, and nothing else', () => {
    const table = new NodeTable(1, Number.POSITIVE_INFINITY, 8);
    for (let k = 0; k < 100; k++) expect(add(table, k * 5, k % 7)).toBe(k);
    for (let k = 0; k < 100; k++) expect(find(table, k * 5, k % 7)).toBe(k);
    expect(find(table, 5, 0)).toBe(-1);
  });

  it('is empty after clear, keeps its size, and numbers new keys from 0 again', () => {
    const table = new NodeTable(1, Number.POSITIVE_INFINITY, 8);
    for (let k = 0; k < 100; k++) add(table, k * 5, 0);
    const bytes = table.bytes;
    table.clear(Number.POSITIVE_INFINITY);
    expect(table.count).toBe(0);
    expect(table.bytes).toBe(bytes);
    for (let k = 0; k < 100; k++) expect(find(table, k * 5, 0)).toBe(-1);
    expect(add(table, 10, 3)).toBe(0);
    expect(find(table, 10, 3)).toBe(0);
  });

  it('takes the byte limit of the next search from clear: a full table then stops adding', () => {
    const table = new NodeTable(1, Number.POSITIVE_INFINITY, 8);
    for (let k = 0; k < 8; k++) add(table, k, 0);
    table.clear(table.bytes);
    for (let k = 0; k < 8; k++) expect(add(table, k + 100, 0)).toBe(k);
    expect(add(table, 200, 0)).toBe(-1);
  });

  it('gives back what it grew to when clear allows less: it then holds no more than the new limit', () => {
    const small = new NodeTable(1, Number.POSITIVE_INFINITY, 8).bytes;
    const table = new NodeTable(1, Number.POSITIVE_INFINITY, 8);
    for (let k = 0; k < 100; k++) add(table, k * 5, 0);
    expect(table.bytes).toBeGreaterThan(small);
    table.clear(small);
    expect(table.bytes).toBe(small);
    for (let k = 0; k < 8; k++) expect(add(table, k * 7, 1)).toBe(k);
    for (let k = 0; k < 8; k++) expect(find(table, k * 7, 1)).toBe(k);
    expect(find(table, 5, 0)).toBe(-1);
    expect(add(table, 999, 0)).toBe(-1);
  });
});
