import type { NodeTable } from './node-table.js';

/**
 * Open list bucketed by an integer priority (f = g + h, or h alone in greedy search).
 * Buckets are singly linked lists threaded through NodeTable.next, last in first out, which
 * breaks ties towards the most recently generated (deepest) nodes.
 */
export class BucketQueue {
  private heads = new Int32Array(256).fill(-1);
  private lowest = Number.MAX_SAFE_INTEGER;
  size = 0;

  constructor(private readonly nodes: NodeTable) {}

  push(node: number, priority: number): void {
    if (priority >= this.heads.length) {
      let length = this.heads.length;
      while (length <= priority) length *= 2;
      const heads = new Int32Array(length).fill(-1);
      heads.set(this.heads);
      this.heads = heads;
    }
    this.nodes.next[node] = this.heads[priority];
    this.heads[priority] = node;
    if (priority < this.lowest) this.lowest = priority;
    this.size++;
  }

  /** Priority of the next node to pop; only meaningful when size > 0. */
  peekPriority(): number {
    while (this.heads[this.lowest] < 0) this.lowest++;
    return this.lowest;
  }

  /** Empties the queue (the nodes' links are left as they are: pushing a node again resets its own). */
  clear(): void {
    this.heads.fill(-1);
    this.lowest = Number.MAX_SAFE_INTEGER;
    this.size = 0;
  }

  pop(): number {
    const priority = this.peekPriority();
    const node = this.heads[priority];
    this.heads[priority] = this.nodes.next[node];
    this.size--;
    return node;
  }
}
