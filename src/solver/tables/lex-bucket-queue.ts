import type { NodeTable } from './node-table.js';

/**
 * Open list ordered by two integer keys, the first and then the second, both small and
 * non-negative: for a search that proves one measure optimal and, among the solutions optimal in
 * it, the other one too. Each first key has its own buckets by second key, grown by doubling;
 * buckets are lists threaded through NodeTable.next, last in first out within equal keys.
 * Nothing is allocated per node, only per new first key or a wider second key.
 */
export class LexBucketQueue {
  /** Per first key, the heads of its buckets by second key (-1: empty), or null before any push. */
  private heads: (Int32Array | null)[] = [];
  /** Per first key, the least second key that may hold a node (a lower bound, raised lazily). */
  private lowestSecond = new Int32Array(64).fill(0x7fffffff);
  /** Nodes queued under each first key. */
  private counts = new Int32Array(64);
  /** Per first key, the greatest second key pushed since the last clear (-1: none), so clear resets only that much. */
  private highestSecond = new Int32Array(64).fill(-1);
  /** The greatest first key pushed since the last clear, or -1. */
  private highestFirst = -1;
  private lowestFirst = Number.MAX_SAFE_INTEGER;
  size = 0;

  constructor(private readonly nodes: NodeTable) {}

  push(node: number, first: number, second: number): void {
    if (first >= this.counts.length) this.growFirst(first);
    let row = this.heads[first] ?? null;
    if (row === null || second >= row.length) row = this.growSecond(first, second);
    this.nodes.next[node] = row[second];
    row[second] = node;
    this.counts[first]++;
    if (second < this.lowestSecond[first]) this.lowestSecond[first] = second;
    if (second > this.highestSecond[first]) this.highestSecond[first] = second;
    if (first > this.highestFirst) this.highestFirst = first;
    if (first < this.lowestFirst) this.lowestFirst = first;
    this.size++;
  }

  /**
   * Empties the queue (the nodes' links are left as they are: pushing a node again resets its own).
   * The buckets' rows are kept and only their used part reset: a search that runs hundreds of
   * times (the improvement pass) made a row per first key afresh on every run.
   */
  clear(): void {
    const { heads, highestSecond } = this;
    for (let first = 0; first <= this.highestFirst && first < heads.length; first++) {
      const row = heads[first];
      if (row !== null && highestSecond[first] >= 0) row.fill(-1, 0, highestSecond[first] + 1);
      highestSecond[first] = -1;
    }
    this.highestFirst = -1;
    this.lowestSecond.fill(0x7fffffff);
    this.counts.fill(0);
    this.lowestFirst = Number.MAX_SAFE_INTEGER;
    this.size = 0;
  }

  /** First key of the next node to pop; only meaningful when size > 0. */
  peekFirst(): number {
    while (this.counts[this.lowestFirst] === 0) this.lowestFirst++;
    return this.lowestFirst;
  }

  /** Second key of the next node to pop; only meaningful when size > 0. */
  peekSecond(): number {
    const first = this.peekFirst();
    const row = this.heads[first] as Int32Array;
    let second = this.lowestSecond[first];
    while (row[second] < 0) second++;
    this.lowestSecond[first] = second;
    return second;
  }

  pop(): number {
    const second = this.peekSecond();
    const first = this.lowestFirst;
    const row = this.heads[first] as Int32Array;
    const node = row[second];
    row[second] = this.nodes.next[node];
    this.counts[first]--;
    this.size--;
    return node;
  }

  private growFirst(first: number): void {
    let length = this.counts.length;
    while (length <= first) length *= 2;
    const counts = new Int32Array(length);
    counts.set(this.counts);
    this.counts = counts;
    const lowest = new Int32Array(length).fill(0x7fffffff);
    lowest.set(this.lowestSecond);
    this.lowestSecond = lowest;
    const highest = new Int32Array(length).fill(-1);
    highest.set(this.highestSecond);
    this.highestSecond = highest;
  }

  private growSecond(first: number, second: number): Int32Array {
    const old = this.heads[first] ?? null;
    let length = old === null ? 64 : old.length;
    while (length <= second) length *= 2;
    const row = new Int32Array(length).fill(-1);
    if (old !== null) row.set(old);
    while (this.heads.length <= first) this.heads.push(null);
    this.heads[first] = row;
    return row;
  }
}
