import { describe, expect, it } from 'vitest';
import { LexBucketQueue } from '../../../src/solver/tables/lex-bucket-queue.js';
import { NodeTable } from '../../../src/solver/tables/node-table.js';
import { drain } from './drain.js';

describe('the queue by a first and then a second key', () => {
  it('gives the least first key first, then the least second key, the latest first among equal keys', () => {
    const queue = new LexBucketQueue(new NodeTable(1));
    queue.push(0, 3, 0);
    queue.push(1, 1, 200);
    queue.push(2, 1, 5);
    queue.push(3, 1, 5);
    queue.push(4, 100, 0);
    expect(drain(queue)).toEqual([3, 2, 1, 0, 4]);
  });

  it('after clear, holds only what is pushed since, though nodes were left in it and its buckets are reused', () => {
    const queue = new LexBucketQueue(new NodeTable(1));
    for (let node = 0; node < 6; node++) queue.push(node, node % 3, node);
    queue.pop();
    queue.clear();
    expect(queue.size).toBe(0);
    queue.push(7, 2, 2);
    queue.push(8, 0, 4);
    queue.push(9, 0, 70);
    expect(drain(queue)).toEqual([8, 9, 7]);
    // Node 4 was left under (1, 4): the bucket it was in must come back empty.
    queue.clear();
    queue.push(7, 1, 4);
    expect(queue.pop()).toBe(7);
    queue.push(10, 1, 5);
    expect(drain(queue)).toEqual([10]);
  });
});
