import { describe, expect, it } from 'vitest';
import { TaskQueue } from '../../src/runner/task-queue.js';

describe('TaskQueue', () => {
  it('gives items back first in, first out, across the compactions of a long queue', () => {
    const queue = new TaskQueue<number>();
    const taken: number[] = [];
    for (let n = 0; n < 5000; n++) {
      queue.push(n);
      // Take one for every two pushed, so the head passes the compaction point many times with items left.
      if (n % 2 === 1) taken.push(queue.shift() as number);
    }
    expect(queue.size).toBe(2500);
    while (queue.size > 0) taken.push(queue.shift() as number);
    expect(taken).toEqual(Array.from({ length: 5000 }, (_, n) => n));
    expect(queue.shift()).toBeUndefined();
  });

  it('takes off the items a test picks in one pass and keeps the rest in order', () => {
    const queue = new TaskQueue<string>();
    for (const item of ['a1', 'b1', 'a2', 'b2', 'a3']) queue.push(item);
    queue.shift();
    expect(queue.removeWhere((item) => item.startsWith('a'))).toEqual(['a2', 'a3']);
    expect(queue.size).toBe(2);
    expect(queue.clear()).toEqual(['b1', 'b2']);
    expect(queue.size).toBe(0);
  });
});
