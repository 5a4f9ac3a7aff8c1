import { describe, expect, it } from 'vitest';
import { FDepthBucketQueue } from '../../../src/solver/tables/f-depth-bucket-queue.js';
import { drain } from './drain.js';

describe('FDepthBucketQueue', () => {
  it('gives the lowest f first, the deepest among equal f, the first queued among equal f and depth', () => {
    const queue = new FDepthBucketQueue(new Int32Array(10), 100);
    queue.push(0, 5, 2);
    queue.push(1, 4, 1);
    queue.push(2, 5, 3);
    queue.push(3, 5, 2);
    queue.push(4, 4, 4);
    queue.push(5, 5, 3);
    expect(drain(queue)).toEqual([4, 1, 2, 5, 0, 3]);
  });

  it('takes a node queued at a lower f or a greater depth than the last one popped next', () => {
    const queue = new FDepthBucketQueue(new Int32Array(10), 100);
    queue.push(0, 6, 1);
    queue.push(1, 6, 2);
    expect(queue.pop()).toBe(1);
    queue.push(2, 6, 5);
    queue.push(3, 3, 0);
    expect(drain(queue)).toEqual([3, 2, 0]);
  });

  it('refuses a depth above f or above its largest depth', () => {
    const queue = new FDepthBucketQueue(new Int32Array(4), 10);
    expect(() => queue.push(0, 2, 3)).toThrow(RangeError);
    expect(() => queue.push(0, 20, 11)).toThrow(RangeError);
  });
});
